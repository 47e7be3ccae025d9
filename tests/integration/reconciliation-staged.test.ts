// A run compares the packages it staged with our batches in SQL (compareStagedPackages); the rules are those of
// compareInventory (reconciliation-rules.ts, unit-tested case by case). This holds the two equal over every MN
// batch of the demo data, listed by the seed-to-sale system in every way the rules tell apart: the same, fewer
// units with orders holding less or more than that, a new tag, fractional and negative counts, a batch split over
// two locations, a count of none, one of our batches with no active units, batches we do not know, and ours unlisted.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { compareInventory, wholeUnits, type OurBatch, type ReconRowDraft, type S2SBatchPackage } from '../../src/server/modules/reconciliation/reconciliation-rules';
import { clearStagedPackages, compareStagedPackages, stagePackages } from '../../src/server/modules/reconciliation/reconciliation.repository';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

/** Our batches of the locations with their tags, as the comparison reads them. */
const oursOf = (marketId: number, locationIds: number[]) =>
  rows<OurBatch>(
    sql`select b.id as "batchId", b.batch_number as "batchNumber", b.s2s_product_name as "s2sProductName", b.active_units as "activeUnits", b.reserved_units as "reservedUnits",
               coalesce((select json_agg(t.tag_number order by t.tag_number) from batch_tags t where t.batch_id = b.id), '[]'::json) as tags
        from batches b where b.market_id = ${marketId} and b.location_id = any(${`{${locationIds.join(',')}}`}::int[]) order by b.batch_number`,
  );

/** The seed-to-sale listing: every kind of difference the rules tell apart, over our batches in turn. */
function listing(ours: OurBatch[]): S2SBatchPackage[] {
  const packages: S2SBatchPackage[] = [];
  const active = ours.filter((batch) => batch.activeUnits > 0 && batch.tags.length > 0);
  active.forEach((batch, index) => {
    const item = (tag: string, quantity: number) => packages.push({ batchNumber: batch.batchNumber, tag, itemName: `S2S ${batch.batchNumber} ${index % 3}`, quantity });
    const [first, ...rest] = batch.tags;
    switch (index % 9) {
      case 0: // the same units on the same tags: no row
        item(first!, batch.activeUnits);
        rest.forEach((tag) => item(tag, 0));
        break;
      case 1: // fewer units on known tags (orders may hold more or less than them)
        item(first!, Math.max(1, batch.activeUnits - 3));
        break;
      case 2: // a new tag
        item(first!, batch.activeUnits);
        item(`NEW-${batch.batchNumber}`, 2);
        break;
      case 3: // fractional and negative counts count for their whole units
        item(first!, batch.activeUnits + 0.75);
        item(`${first}-neg`, -4);
        break;
      case 4: // listed with no units: active on our side only
        item(first!, 0);
        break;
      case 5: // two packages under other item names: the first listed names the batch
        item(first!, 1);
        packages.push({ batchNumber: batch.batchNumber, tag: first!, itemName: 'Second name', quantity: batch.activeUnits + 5 });
        break;
      case 6: // more units than ours, orders holding fewer
        item(first!, batch.activeUnits + 10);
        break;
      case 7: // exactly what orders hold (fewer than ours): still accepted
        item(first!, batch.reservedUnits > 0 && batch.reservedUnits < batch.activeUnits ? batch.reservedUnits : Math.max(1, batch.activeUnits - 1));
        break;
      default: // not listed at all: active on our side only
        break;
    }
  });
  // Batches we hold with no active units, listed active; and batches we do not know.
  for (const batch of ours.filter((each) => each.activeUnits <= 0).slice(0, 5)) packages.push({ batchNumber: batch.batchNumber, tag: `T-${batch.batchNumber}`, itemName: 'Back again', quantity: 6 });
  for (let index = 0; index < 7; index += 1) packages.push({ batchNumber: `ZZ-UNKNOWN-${index}`, tag: `T-UNKNOWN-${index}`, itemName: `Unknown ${index}`, quantity: index });
  return packages;
}

const byBatch = (a: ReconRowDraft, b: ReconRowDraft) => (a.batchNumber < b.batchNumber ? -1 : a.batchNumber > b.batchNumber ? 1 : 0);

describe('the comparison of staged packages', () => {
  it('writes the rows compareInventory gives, with the counts per tab, for every kind of difference', async () => {
    const [market] = await rows<{ id: number }>(sql`select id from markets where code = 'MN'`);
    const locationIds = (await rows<{ id: number }>(sql`select id from inventory_locations where market_id = ${market!.id} and is_active order by id`)).map((row) => row.id);
    // Some batches held by orders beyond what the listing will say, so that 'adjust orders first' is met.
    await database.db.execute(sql`update batches set reserved_units = active_units where market_id = ${market!.id} and id % 4 = 0 and active_units > 3`);
    await database.db.execute(sql`update batches set reserved_units = active_units - 2 where market_id = ${market!.id} and id % 4 = 1 and active_units > 3`);
    const ours = await oursOf(market!.id, locationIds);
    expect(ours.length).toBeGreaterThan(50);
    const packages = listing(ours);
    const expected = compareInventory(packages, ours).sort(byBatch);
    // Orders holding exactly the listed units are met too (the boundary of 'adjust orders first').
    expect(expected.some((row) => row.status === 'accept_s2s_inventory' && row.inTransitQuantity === row.s2sActiveQuantity)).toBe(true);
    // Every status occurs, so that none is compared only by its absence.
    expect(new Set(expected.map((row) => row.status))).toEqual(
      new Set(['accept_s2s_inventory', 'inventory_mismatch_otc_over', 'new_tags_detected', 'active_in_otc_only', 'active_in_s2s_only']),
    );

    const [run] = await rows<{ id: number }>(
      sql`insert into reconciliation_runs (market_id, reference_id, status, location_ids) values (${market!.id}, 'REC-MN-990077', 'IN-PROGRESS', ${`{${locationIds.join(',')}}`}::int[]) returning id`,
    );
    const staged = packages.map((item, index) => ({ packageId: `P${index}`, batchNumber: item.batchNumber, tag: item.tag, itemName: item.itemName, units: wholeUnits(item.quantity) }));
    // Staged in two parts, as a run stages location by location.
    await stagePackages(database.db, run!.id, staged.slice(0, 40), 0);
    await stagePackages(database.db, run!.id, staged.slice(40), 40);
    const counts = await database.db.transaction((tx) => compareStagedPackages(tx, run!.id, market!.id, locationIds));

    const written = await rows<ReconRowDraft>(
      sql`select tab, status, batch_id as "batchId", batch_number as "batchNumber", s2s_product_name as "s2sProductName", otc_active_quantity as "otcActiveQuantity",
                 s2s_active_quantity as "s2sActiveQuantity", in_transit_quantity as "inTransitQuantity"
          from reconciliation_rows where run_id = ${run!.id}`,
    );
    expect(written.sort(byBatch)).toEqual(expected);
    expect(counts).toEqual({
      status_mismatch: expected.filter((row) => row.tab === 'status_mismatch').length,
      inventory_mismatch: expected.filter((row) => row.tab === 'inventory_mismatch').length,
    });
    const [kept] = await rows<{ tab_counts: unknown }>(sql`select tab_counts from reconciliation_runs where id = ${run!.id}`);
    expect(kept!.tab_counts).toEqual(counts);

    // Compared again (a retried attempt), the rows are replaced, not added to.
    await database.db.transaction((tx) => compareStagedPackages(tx, run!.id, market!.id, locationIds));
    const [again] = await rows<{ n: number }>(sql`select count(*)::int as n from reconciliation_rows where run_id = ${run!.id}`);
    expect(again!.n).toBe(expected.length);
    await clearStagedPackages(database.db, run!.id);
    const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from reconciliation_packages where run_id = ${run!.id}`);
    expect(left!.n).toBe(0);
  });

  // In another market: the first test's run is still IN-PROGRESS in MN, and a market has one at a time.
  it('counts a package staged again in a later part once, with what it was last listed with, in its first place', async () => {
    const [market] = await rows<{ id: number }>(sql`select id from markets where code = 'NV'`);
    const locationIds = (await rows<{ id: number }>(sql`select id from inventory_locations where market_id = ${market!.id} and is_active order by id`)).map((row) => row.id);
    const [run] = await rows<{ id: number }>(
      sql`insert into reconciliation_runs (market_id, reference_id, status, location_ids) values (${market!.id}, 'REC-NV-990078', 'IN-PROGRESS', ${`{${locationIds.join(',')}}`}::int[]) returning id`,
    );
    const listed = (packageId: string, itemName: string, units: number) => ({ packageId, batchNumber: 'ZZ-LISTED-AGAIN', tag: `T-${packageId}`, itemName, units });
    await stagePackages(database.db, run!.id, [listed('A', 'Listed first', 3), listed('B', 'Listed second', 4)], 0);
    // A changed while the listing paged: a later part lists it again.
    await stagePackages(database.db, run!.id, [listed('A', 'Listed first, since renamed', 10)], 2);
    await database.db.transaction((tx) => compareStagedPackages(tx, run!.id, market!.id, locationIds));

    const written = await rows(
      sql`select status, s2s_product_name as "s2sProductName", s2s_active_quantity as "s2sActiveQuantity" from reconciliation_rows where run_id = ${run!.id} and batch_number = 'ZZ-LISTED-AGAIN'`,
    );
    expect(written).toEqual([{ status: 'active_in_s2s_only', s2sProductName: 'Listed first, since renamed', s2sActiveQuantity: 14 }]);
    await clearStagedPackages(database.db, run!.id);
  });
});
