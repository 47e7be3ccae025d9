// A reconciliation sees packages that have not changed for longer than its listing window: Metrc lists active
// packages by last change, a year back, and a package left alone for longer is looked up by its tag. Here the run
// happens 400 days after every simulated package last changed, so the windowed listing finds none of them; the
// run must still judge each of our batches as one whose packages were listed does.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectorRegistry } from '../../src/server/connectors/registry';
import { queryRows, type Database } from '../../src/server/db/client';
import { createReconciliationJob } from '../../src/server/modules/reconciliation/reconciliation-job';
import { insertRunUnlessRunning } from '../../src/server/modules/reconciliation/reconciliation.repository';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const DAY = 86_400_000;
type Row = { batch: string; status: string; otc: number; s2s: number };

/** A run of MN's active locations by the job, as of `now`, answering its rows; the run is completed after. */
async function reconcileAt(now: Date): Promise<{ rows: Row[]; requests: string[] }> {
  const db = database.db;
  const [market] = await queryRows<{ id: number }>(db, sql`select id from markets where code = 'MN'`);
  const locations = await queryRows<{ id: number }>(db, sql`select id from inventory_locations where market_id = ${market!.id} and is_active order by id`);
  const [user] = await queryRows<{ id: string }>(db, sql`select id from users order by id limit 1`);
  const run = await insertRunUnlessRunning(db, { marketId: market!.id, marketCode: 'MN', locationIds: locations.map((location) => location.id), userId: user!.id });
  const requests: string[] = [];
  const registry = createConnectorRegistry({});
  const connectors = {
    async seedToSale(...args: Parameters<typeof registry.seedToSale>) {
      const connector = await registry.seedToSale(...args);
      const findActivePackages: typeof connector.findActivePackages = (locationId, tags, options) => {
        requests.push(...tags);
        return connector.findActivePackages(locationId, tags, options);
      };
      return { ...connector, findActivePackages };
    },
  };
  const job = createReconciliationJob({ db, connectors, now: () => now });
  await job.run({ id: 1, kind: 'inventory-reconciliation', payload: { runId: run!.id }, attempt: 1, signal: new AbortController().signal });
  const rows = await queryRows<Row>(
    db,
    sql`select batch_number as batch, status, otc_active_quantity as otc, s2s_active_quantity as s2s from reconciliation_rows where run_id = ${run!.id} order by batch_number`,
  );
  const [ended] = await queryRows<{ status: string }>(db, sql`select status from reconciliation_runs where id = ${run!.id}`);
  expect(ended!.status).toBe('REPORT-GENERATED');
  // Completed, so that the market may start the next run.
  await db.execute(sql`update reconciliation_runs set status = 'COMPLETED' where id = ${run!.id}`);
  return { rows, requests };
}

describe('a reconciliation of packages unchanged for longer than its window', () => {
  it('looks up our tags that the listing did not list, and judges every batch as when they were listed', async () => {
    const listed = await reconcileAt(new Date());
    const later = await reconcileAt(new Date(Date.now() + 400 * DAY));

    // Now: the listing saw every package of ours that is active; only our batches the system does not list were looked up.
    const otcOnly = (rows: Row[]) => rows.filter((row) => row.status === 'active_in_otc_only').map((row) => row.batch);
    const [{ unlisted }] = (await queryRows<{ unlisted: number }>(
      database.db,
      sql`select count(*)::int as unlisted from batch_tags t join batches b on b.id = t.batch_id join markets m on m.id = b.market_id
          where m.code = 'MN' and b.batch_number = any(${`{${otcOnly(listed.rows).map((batch) => `"${batch}"`).join(',')}}`}::text[]) and b.active_units > 0 and t.quantity > 0`,
    )) as [{ unlisted: number }];
    expect(listed.requests).toHaveLength(unlisted);

    // 400 days on: nothing is in the window, every tag of ours is looked up, and what they hold decides as before.
    expect(later.requests.length).toBeGreaterThan(1_000);
    expect(otcOnly(later.rows)).toEqual(otcOnly(listed.rows));
    // New tags and batches we do not know are not ours to look up: a year-old package of them is not seen (nor is
    // one in the demo, whose new packages all changed within the day). Every other row is the same.
    const ofOurTags = (rows: Row[]) => rows.filter((row) => row.status !== 'new_tags_detected' && row.status !== 'active_in_s2s_only');
    const newTagged = new Set(listed.rows.filter((row) => row.status === 'new_tags_detected').map((row) => row.batch));
    expect(ofOurTags(later.rows).filter((row) => !newTagged.has(row.batch))).toEqual(ofOurTags(listed.rows));
    expect(later.rows.filter((row) => newTagged.has(row.batch)).every((row) => row.s2s <= listed.rows.find((each) => each.batch === row.batch)!.s2s)).toBe(true);
  });
});
