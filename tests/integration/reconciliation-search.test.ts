// The reconciliation details search matches the batch number or the S2S product name, case-insensitively, through
// a kept search text and a trigram index (migration 0017): a word of either finds its rows, a text spanning the end
// of one and the start of the other finds nothing, and a search too short for trigrams still finds its rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { listRows } from '../../src/server/modules/reconciliation/reconciliation.repository';
import { createTestDatabase } from '../support/test-database';

let database: Database;
let runId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [run] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into reconciliation_runs (market_id, reference_id, status, location_ids) values (1, 'REC-MN-990001', 'REPORT-GENERATED', '{}') returning id`,
  );
  runId = run!.id;
  const rows: [string, string | null][] = [
    ['MN-B000001', 'SUMMIT FARMS - BLUE DREAM - 3.5G'],
    ['MN-B000002', 'Summit Farms - Kush Cake - 1G'],
    ['MN-B000003', 'QUARRY - SUMMIT HAZE - 7G'],
    ['MN-B000004', null],
    ['XY-Q123', 'HARBOR LIGHTS - MINTS'],
  ];
  for (const [batch, product] of rows) {
    await database.db.execute(sql`insert into reconciliation_rows (run_id, tab, batch_number, s2s_product_name, status, otc_active_quantity, s2s_active_quantity)
      values (${runId}, 'inventory_mismatch', ${batch}, ${product}, 'accept_s2s_inventory', 10, 12)`);
  }
});
afterAll(async () => {
  await database.close();
});

const batchesFound = async (search: string) =>
  (await listRows(database.db, { runId, tab: 'inventory_mismatch', search, filters: [], sort: [], page: { page: 1, pageSize: 100 } })).rows.map((row) => row.batchNumber).sort();

describe('the reconciliation details search', () => {
  it('finds rows by a word of the product name or a piece of the batch number, in any case', async () => {
    expect(await batchesFound('summit')).toEqual(['MN-B000001', 'MN-B000002', 'MN-B000003']);
    expect(await batchesFound('KUSH cake')).toEqual(['MN-B000002']);
    expect(await batchesFound('b000004')).toEqual(['MN-B000004']);
    const { total } = await listRows(database.db, { runId, tab: 'inventory_mismatch', search: 'SUMMIT', filters: [], sort: [], page: { page: 1, pageSize: 2 } });
    expect(total).toBe(3);
  });

  it('pages the matches in order and counts them on every page, a page past the end included', async () => {
    const page = (n: number) =>
      listRows(database.db, { runId, tab: 'inventory_mismatch', search: 'summit', filters: [], sort: [{ column: 'batch_id', order: 'desc' }], page: { page: n, pageSize: 2 } });
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map(({ rows, total }) => [rows.map((row) => row.batchNumber), total])).toEqual([
      [['MN-B000003', 'MN-B000002'], 3],
      [['MN-B000001'], 3],
      [[], 3],
    ]);
    // The open orders of each row come with it (none here: the rows name no batch of ours).
    expect(pages[0]!.rows.map((row) => row.orders)).toEqual([[], []]);
  });

  it('does not match across the batch number and the product name', async () => {
    expect(await batchesFound('123harbor')).toEqual([]);
    expect(await batchesFound('123')).toEqual(['XY-Q123']);
  });

  it('finds rows by one or two characters, which have no trigram', async () => {
    expect(await batchesFound('q1')).toEqual(['XY-Q123']);
    expect(await batchesFound('G')).toEqual(['MN-B000001', 'MN-B000002', 'MN-B000003', 'XY-Q123']);
  });
});

describe('a search holding the separator the kept search text puts between the two names', () => {
  it('still never matches across them', async () => {
    expect(await batchesFound('123\u001fharbor')).toEqual([]);
  });
});
