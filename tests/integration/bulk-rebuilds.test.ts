// The large seed loads its rows with the row triggers off (session_replication_role = replica) and then writes what
// those triggers keep from the loaded rows in one statement per kept thing. rebuild_picklist_sort_keys (migrations
// 0025, 0038) must write each picklist's sort keys and totals exactly as the triggers keep them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DbOrTx } from '../../src/server/db/client';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type SortKeys = {
  id: number;
  order_reference: string;
  customer_name: string;
  requested_delivery_date: string | null;
  location_name: string;
  total_cases: number;
  percentage_completion: number;
};

const readSortKeys = (db: DbOrTx) =>
  queryRows<SortKeys>(
    db,
    sql`select id, order_reference, customer_name, requested_delivery_date::text, location_name, total_cases, percentage_completion from picklists order by id`,
  );

describe('rebuild_picklist_sort_keys after a load that bypassed the triggers', () => {
  it('writes every picklist the keys and totals its triggers keep', async () => {
    const kept = await readSortKeys(database.db);
    // The demo data has picklists part picked and untouched, so each column is tried with values other than its default.
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.some((row) => row.percentage_completion > 0 && row.percentage_completion < 100)).toBe(true);
    expect(kept.some((row) => row.requested_delivery_date !== null)).toBe(true);

    const rebuilt = await database.db.transaction(async (tx) => {
      // As a bulk load leaves them: written without the triggers that keep them.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update picklists set order_reference = '', customer_name = '', requested_delivery_date = null, location_name = '', total_cases = 0, percentage_completion = 0`);
      expect((await readSortKeys(tx)).filter((row) => row.total_cases > 0)).toEqual([]);
      await tx.execute(sql`select rebuild_picklist_sort_keys()`);
      return readSortKeys(tx);
    });
    expect(rebuilt).toEqual(kept);
  });

  it('leaves picklists whose keys are current as they are', async () => {
    const before = await queryRows<{ id: number; version: string }>(database.db, sql`select id, xmin::text as version from picklists order by id`);
    await database.db.execute(sql`select rebuild_picklist_sort_keys()`);
    // No row written again: the same row versions.
    expect(await queryRows(database.db, sql`select id, xmin::text as version from picklists order by id`)).toEqual(before);
  });
});
