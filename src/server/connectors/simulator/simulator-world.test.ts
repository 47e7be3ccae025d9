import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-database';
import { queryRows, type Database } from '../../db/client';
import { createMetrcClient } from '../metrc/metrc-client';
import { createMetrcSimulator } from '../metrc/metrc-simulator';
import { createSimulatedSource } from './simulated-source';
import { loadSimulatorWorld, type SimulatorWorld } from './simulator-world';

let database: Database;
let marketId: number;
let world: SimulatorWorld;

beforeAll(async () => {
  database = await createTestDatabase();
  const [market] = await queryRows<{ id: number }>(database.db, sql`select id from markets where code = 'MN'`);
  marketId = market!.id;
  world = await loadSimulatorWorld(database.db, marketId);
});

afterAll(async () => {
  await database?.close();
});

describe('simulator world', () => {
  it("loads MN's active locations under their seed-to-sale ids and names", async () => {
    const locations = await queryRows<{ s2sLocationId: string; name: string }>(
      database.db,
      sql`select s2s_location_id as "s2sLocationId", s2s_location_name as name from inventory_locations where market_id = ${marketId} and is_active order by id`,
    );

    expect(world.marketCode).toBe('MN');
    expect(locations.length).toBeGreaterThanOrEqual(3);
    expect(world.locations).toEqual(locations);
  });

  it("loads MN's active products with their S2S names (not aliases), case sizes in order and category", async () => {
    const [counts] = await queryRows<{ products: number; names: number }>(
      database.db,
      sql`select count(distinct p.id)::int as products, count(n.id)::int as names
          from products p left join product_names n on n.product_id = p.id and n.name_type = 's2s'
          where p.market_id = ${marketId} and p.is_active`,
    );

    expect(world.products).toHaveLength(counts!.products);
    expect(world.products.reduce((sum, product) => sum + product.s2sNames.length, 0)).toBe(counts!.names);
    for (const product of world.products) {
      expect(product.caseSizes.length).toBeGreaterThanOrEqual(1);
      expect(product.caseSizes).toEqual([...product.caseSizes].sort((a, b) => a - b));
      expect(product.category).toEqual(expect.any(String));
    }
  });

  it("loads MN's active batches with their location, S2S product name, case size and every tag", async () => {
    const [totals] = await queryRows<{ batches: number; units: number; tags: number }>(
      database.db,
      sql`select count(*)::int as batches, sum(b.active_units)::int as units,
                 (select count(*)::int from batch_tags t join batches x on x.id = t.batch_id join inventory_locations y on y.id = x.location_id
                  where x.market_id = ${marketId} and x.status = 'active' and y.is_active) as tags
          from batches b join inventory_locations l on l.id = b.location_id
          where b.market_id = ${marketId} and b.status = 'active' and l.is_active`,
    );
    const tags = world.batches.flatMap((batch) => batch.tags);

    expect(world.batches).toHaveLength(totals!.batches);
    expect(tags).toHaveLength(totals!.tags);
    expect(tags.reduce((sum, tag) => sum + tag.quantity, 0)).toBe(totals!.units);
    const locationIds = new Set(world.locations.map((location) => location.s2sLocationId));
    expect(world.batches.every((batch) => locationIds.has(batch.s2sLocationId) && batch.caseSize > 0 && batch.s2sProductName !== '')).toBe(true);
  });

  it('feeds the Metrc simulator, whose packages the real client reads back', async () => {
    const now = new Date();
    const source = createSimulatedSource(world, { now });
    const simulator = createMetrcSimulator({ source });
    const client = createMetrcClient({ baseUrl: 'http://metrc.simulator', vendorKey: 'demo', userKey: 'demo', fetch: simulator.fetch, kind: 'simulator' });
    const [location] = await client.listLocations();

    const packages = await client.listActivePackages(location!.id, { start: new Date(now.getTime() - 24 * 3_600_000), end: now });

    expect(packages.map((pkg) => pkg.tag).sort()).toEqual(source.packagesOf(location!.id).map((pkg) => pkg.tag).sort());
    const knownTags = new Set(world.batches.filter((batch) => batch.s2sLocationId === location!.id).flatMap((batch) => batch.tags.map((tag) => tag.tagNumber)));
    expect(packages.filter((pkg) => knownTags.has(pkg.tag))).toHaveLength(knownTags.size);
  });
});
