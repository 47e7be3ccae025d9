// The import details list sends rows whose JSON the database builds (import_row_detail_json, migration 0013), while the issues list and
// everything else map stored rows in Node (detailRow). The two must say the same of every row: the demo's imports,
// and rows whose payloads hold what detailRow guards against (numbers as text, missing or odd fields, ties, a
// percentage a float rounds the other way, prefixed and unknown reason codes).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TABS } from '../../src/shared/enums';
import { IMPORT_REASON_LABELS } from '../../src/shared/reason-codes';
import { queryRows, type Database } from '../../src/server/db/client';
import { importRowsOfTab, listImportRowsJson } from '../../src/server/modules/inventory-import/import.repository';
import { detailRow } from '../../src/server/modules/inventory-import/import.routes';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Both ways of an import's tab, as a client would parse them. */
async function bothWays(importId: number, tab: (typeof IMPORT_TABS)[number]) {
  const fromNode = (await importRowsOfTab(database.db, importId, tab)).map((row) => JSON.parse(JSON.stringify(detailRow(row))) as unknown);
  const page = await listImportRowsJson(database.db, { importId, tab, filters: [], sort: [], page: 1, pageSize: 100_000 });
  return { fromNode, fromDatabase: JSON.parse(page.json) as unknown[], rows: page.rows };
}

describe('an import detail row built by the database', () => {
  it('is the row detailRow makes, for every row of the demo imports', async () => {
    const imports = await queryRows<{ id: number }>(database.db, sql`select distinct import_id as id from import_rows order by import_id`);
    expect(imports.length).toBeGreaterThan(3);
    let compared = 0;
    for (const { id } of imports) {
      for (const tab of IMPORT_TABS) {
        const { fromNode, fromDatabase, rows } = await bothWays(id, tab);
        expect(fromDatabase).toEqual(fromNode);
        expect(rows).toBe(fromNode.length);
        compared += fromNode.length;
      }
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it('is the row detailRow makes when the payload is odd', async () => {
    const [run] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into imports (market_id, reference_id, mode, status, location_ids) values (1, 'IMP-MN-990001', 'api', 'FETCH_COMPLETED', '{}') returning id`,
    );
    const payloads: { tab: string; reasonCode: string | null; totalQuantity: number | null; payload: unknown }[] = [
      {
        tab: 'lab_data_warnings',
        reasonCode: 'RC-005',
        totalQuantity: null,
        payload: {
          reportedQuantity: '12.5',
          thcValue: '21.40',
          thcUom: 'Percentage',
          cbdValue: 'n/a',
          cbdUom: 7,
          terpenes: [
            { terpeneName: 'Limonene', percentage: 1.005 },
            { terpeneName: 'Pinene', percentage: 'high' },
            { terpeneName: 'Myrcene', percentage: 2.5 },
            { terpeneName: 'Linalool', percentage: 1.005 },
            { terpeneName: 'Humulene', percentage: 0.125 },
          ],
          tags: [{ tagNumber: '1A4000000000000000000001', quantity: 12.5 }],
        },
      },
      { tab: 'item_issues', reasonCode: '999', totalQuantity: 40, payload: { terpenes: 'none', tags: 'x', change: 'deleted', previousQuantity: ' 30 ' } },
      { tab: 'item_issues', reasonCode: null, totalQuantity: null, payload: { reportedQuantity: 1e21, heldBack: true, change: 'new_tag', tags: [] } },
      {
        tab: 'case_size_errors',
        reasonCode: null,
        totalQuantity: 7,
        payload: { heldBack: true, standardCaseSizes: [5, 10], change: 'new_batch', tags: [{ tagNumber: 'A' }, { tagNumber: 'B' }] },
      },
      { tab: 'case_size_errors', reasonCode: ' 021 ', totalQuantity: 9, payload: { heldBack: 'true', standardCaseSizes: 6, thcValue: -0.5, cbdValue: 0 } },
      { tab: 'inventory_updates', reasonCode: '020', totalQuantity: 3, payload: {} },
      // Text no number type holds: read as no number, and the row is written all the same.
      { tab: 'inventory_updates', reasonCode: '', totalQuantity: null, payload: { reportedQuantity: '1e1001', thcValue: '1e400', cbdValue: '9'.repeat(400) } },
    ];
    for (const [index, row] of payloads.entries()) {
      await database.db.execute(sql`
        insert into import_rows (import_id, tab, batch_number, product_name, s2s_product_name, location_name, category_name, reason_code, total_quantity, case_size, payload, created_at)
        values (${run!.id}, ${row.tab}, ${`ODD-${index}`}, ${index === 0 ? null : `Product ${index}`}, ${`S2S ${index}`}, 'Vault', null, ${row.reasonCode}, ${row.totalQuantity},
                ${index === 3 ? 7 : null}, ${JSON.stringify(row.payload)}::jsonb, '2026-11-25 10:11:12.345678+00')`);
    }
    const seen: unknown[] = [];
    for (const tab of IMPORT_TABS) {
      const { fromNode, fromDatabase } = await bothWays(run!.id, tab);
      expect(fromDatabase).toEqual(fromNode);
      seen.push(...fromDatabase);
    }
    expect(seen).toHaveLength(payloads.length);
    // What the rows above are for, read from the answer: the ties keep their order, 1.005 is 1.01, text numbers count.
    const lab = seen.find((row) => (row as { batch_id: string }).batch_id === 'ODD-0');
    expect(lab).toMatchObject({
      total_quantity: 12.5,
      thc_value: 21.4,
      cbd_value: null,
      cbd_total_uom: null,
      metadata_label: 'miss_test',
      created_ts: '2026-11-25T10:11:12.345Z',
      tag_number: '1A4000000000000000000001',
      top_terpenes: [
        { terpeneName: 'Myrcene', percentage: 2.5 },
        { terpeneName: 'Limonene', percentage: 1.01 },
        { terpeneName: 'Linalool', percentage: 1.01 },
      ],
    });
    expect(seen.find((row) => (row as { batch_id: string }).batch_id === 'ODD-1')).toMatchObject({ metadata_label: '999', change: null, previous_quantity: 30, tag_count: 0 });
    expect(seen.find((row) => (row as { batch_id: string }).batch_id === 'ODD-3')).toMatchObject({ held_back: true, tag_count: 2, tag_number: null, standard_case_sizes: [5, 10] });
  });

  it('comes in the order asked for, a page at a time, with the total of a search', async () => {
    const [busiest] = await queryRows<{ id: number; tab: string; n: number }>(
      database.db,
      sql`select import_id as id, tab, count(*)::int as n from import_rows group by 1, 2 order by 3 desc limit 1`,
    );
    const tab = busiest!.tab as (typeof IMPORT_TABS)[number];
    // The expected order from the database itself: text order follows its collation, which JavaScript does not share.
    const sorted = await queryRows<{ id: number; name: string | null }>(
      database.db,
      sql`select id, product_name as name from import_rows where import_id = ${busiest!.id} and tab = ${tab} order by product_name desc nulls last, id`,
    );
    const second = await listImportRowsJson(database.db, { importId: busiest!.id, tab, filters: [], sort: [{ column: 'product_name', order: 'desc' }], page: 2, pageSize: 10 });
    expect((JSON.parse(second.json) as { id: number }[]).map((row) => row.id)).toEqual(sorted.slice(10, 20).map((row) => row.id));
    expect(second.total).toBe(busiest!.n);

    const word = sorted.find((row) => row.name)!.name!.split(' ')[0]!;
    const searched = await listImportRowsJson(database.db, { importId: busiest!.id, tab, search: word.toUpperCase(), filters: [], sort: [], page: 1, pageSize: 5, tabTotal: busiest!.n });
    const matching = (await importRowsOfTab(database.db, busiest!.id, tab)).filter((row) =>
      `${row.batchNumber} ${row.productName ?? ''} ${row.s2sProductName ?? ''} ${row.locationName ?? ''}`.toLowerCase().includes(word.toLowerCase()),
    );
    expect(searched.total).toBe(matching.length);
    expect(searched.rows).toBe(Math.min(5, matching.length));
    expect((JSON.parse(searched.json) as { id: number }[]).map((row) => row.id)).toEqual(matching.slice(0, 5).map((row) => row.id));

    // Two letters have no trigram: the tab is read instead, with the same answer.
    const short = word.slice(0, 2);
    const shortSearch = await listImportRowsJson(database.db, { importId: busiest!.id, tab, search: short, filters: [], sort: [], page: 1, pageSize: 5, tabTotal: busiest!.n });
    const shortMatches = (await importRowsOfTab(database.db, busiest!.id, tab)).filter((row) =>
      `${row.batchNumber} ${row.productName ?? ''} ${row.s2sProductName ?? ''} ${row.locationName ?? ''}`.toLowerCase().includes(short.toLowerCase()),
    );
    expect(shortSearch.total).toBe(shortMatches.length);

    const none = await listImportRowsJson(database.db, { importId: busiest!.id, tab, search: 'no such words', filters: [], sort: [], page: 1, pageSize: 5, tabTotal: busiest!.n });
    expect(none).toEqual({ json: '[]', rows: 0, total: 0 });
  });
});

describe('the reason labels the database writes', () => {
  it('are the spec labels of every reason code, bare or prefixed', async () => {
    const [run] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into imports (market_id, reference_id, mode, status, location_ids) values (1, 'IMP-MN-990002', 'api', 'FETCH_COMPLETED', '{}') returning id`,
    );
    const codes = Object.keys(IMPORT_REASON_LABELS);
    for (const [index, code] of codes.entries()) {
      await database.db.execute(sql`
        insert into import_rows (import_id, tab, batch_number, reason_code, payload) values (${run!.id}, 'item_issues', ${`R-${index}`}, ${index % 2 ? `RC-${code}` : code}, '{}'::jsonb)`);
    }
    const page = await listImportRowsJson(database.db, { importId: run!.id, tab: 'item_issues', filters: [], sort: [], page: 1, pageSize: 100 });
    const labels = (JSON.parse(page.json) as { metadata_label: string }[]).map((row) => row.metadata_label);
    expect(labels).toEqual(Object.values(IMPORT_REASON_LABELS));
  });
});
