// Reconciliation through the API against the embedded simulators: a run compares the locations' active
// packages with our batches as a job, its rows are read per tab, the seed-to-sale quantity of a batch is
// accepted (never below what open orders hold), the report is exported as a workbook and downloaded by its
// link, completed, or run again; a connector failure ends the run FAILED with no rows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../src/shared/api/protocol';
import { RECON_MESSAGES, reconciliationDetailsEndpoint } from '../../src/shared/api/reconciliation';
import { queryRows } from '../../src/server/db/client';
import { fileTimestamp } from '../../src/server/lib/spreadsheet/export-text';
import { MARKET_TIME_ZONES } from '../../src/shared/market-time';
import { failInterruptedReconciliations } from '../../src/server/modules/reconciliation/reconciliation-job';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { listRows, listRowsJson, runWithRowsPage, walkToPage, type ReconRowQuery } from '../../src/server/modules/reconciliation/reconciliation.repository';
import { createReconciliationService, reconBatchRow } from '../../src/server/modules/reconciliation/reconciliation.service';
import type { JobQueue } from '../../src/server/jobs/job-queue';
import type { ReconBatchRow } from '../../src/shared/api/reconciliation';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'recon-exports-'));
  api = await createTestApp({ SIMULATOR_FAULTS: 'MD:server-error:packages', DATA_DIR: dataDir });
});
afterAll(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(api.database.db, query);
}

async function locationsOf(market: string): Promise<number[]> {
  const found = await rows<{ id: number }>(sql`select l.id from inventory_locations l join markets m on m.id = l.market_id where m.code = ${market} and l.is_active order by l.id`);
  return found.map((row) => row.id);
}

async function initiate(user: DemoUserKey, market: string, locationIds: number[]) {
  return api.call(user, { method: 'POST', url: '/api/inventory/reconciliation/initiate', market, body: { market_code: market, inventory_location_ids: locationIds } });
}

async function untilSettled(user: DemoUserKey, market: string, reconId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await api.call(user, { url: `/api/inventory/reconciliation/status?reconId=${reconId}`, market });
    const record = body.data.reconData;
    if (!['DRAFT', 'IN-PROGRESS'].includes(record.recon_status) || Date.now() > deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function details(user: DemoUserKey, market: string, body: Record<string, unknown>) {
  return api.call(user, { method: 'POST', url: '/api/inventory/reconciliation/details', market, body: { pagination: { page: 1, pageSize: MAX_PAGE_SIZE }, ...body } });
}

async function act(user: DemoUserKey, market: string, reconId: string, body: Record<string, unknown>) {
  return api.call(user, { method: 'POST', url: `/api/inventory/reconciliation/${reconId}/action`, market, body });
}

async function batch(batchNumber: string) {
  const [found] = await rows<{ id: number; activeUnits: number; reservedUnits: number }>(
    sql`select b.id, b.active_units as "activeUnits", b.reserved_units as "reservedUnits" from batches b join markets m on m.id = b.market_id where m.code = 'MN' and b.batch_number = ${batchNumber}`,
  );
  return found!;
}

describe('a reconciliation of MN', () => {
  let reconId: string;

  it('refuses bad input, another market\'s location and callers who are not Market Admins', async () => {
    const [own] = await locationsOf('MN');
    const [other] = await locationsOf('NJ');
    expect((await initiate('mnAdmin', 'MN', [])).status).toBe(400);
    const foreign = await initiate('mnAdmin', 'MN', [other!]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/is not a location of/);
    expect((await initiate('mnSalesManager', 'MN', [own!])).status).toBe(403);
    expect((await initiate('mnFulfilment', 'MN', [own!])).status).toBe(403);
    expect((await api.call('mnSalesPerson', { url: '/api/inventory/reconciliation/status', market: 'MN' })).status).toBe(403);
  });

  it('starts one run per market and generates the report as a job', async () => {
    const ids = await locationsOf('MN');
    // Two starts at once: the unique index lets one through.
    const answers = await Promise.all([initiate('mnAdmin', 'MN', ids), initiate('mnAdmin', 'MN', ids)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const started = answers.find((answer) => answer.status === 201)!;
    expect(started.body.data.reconId).toMatch(/^REC-MN-\d{6}$/);
    reconId = started.body.data.reconId;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(RECON_MESSAGES.alreadyRunning);

    const record = await untilSettled('mnAdmin', 'MN', reconId);
    expect(record).toMatchObject({ reference_id: reconId, market_code: 'MN', recon_status: 'REPORT-GENERATED', comments: null, inventory_location_id: ids, created_user_name: 'Alex Morgan' });
    expect(record.tab_counts.inventory_mismatch).toBeGreaterThan(0);
    // The locations' S2S names, in the order the location picker shows them.
    const names = await rows<{ name: string }>(sql`select s2s_location_name as name from inventory_locations where id = any(${`{${ids.join(',')}}`}::int[]) order by display_name, id`);
    expect(record.s2s_location_name).toBe(names.map((row) => row.name).join(', '));
    const latest = (await api.call('mnAdmin', { url: '/api/inventory/reconciliation/status', market: 'MN' })).body.data;
    expect(latest.reconData).toBeNull();
    expect(latest.latestData.reference_id).toBe(reconId);
  });

  it('lists a tab\'s rows with search, sort, a status filter and the open orders holding each batch', async () => {
    const all = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch' });
    expect(all.status).toBe(200);
    // The answer is sent as the route builds it, unchecked by the server: it must still be what the contract says.
    expect(reconciliationDetailsEndpoint.responses[200].safeParse(all.body).error).toBeUndefined();
    expect(all.body.pagination.totalRecords).toBe(all.body.metaDetails.tab_counts.inventory_mismatch);
    // The run, read with the page in one statement, is the record the status call answers, times included.
    const status = (await api.call('mnAdmin', { url: `/api/inventory/reconciliation/status?reconId=${reconId}`, market: 'MN' })).body.data.reconData;
    expect(all.body.metaDetails).toEqual(status);
    // The counts kept on the run are those of its rows.
    const counted = await rows<{ tab: string; n: number }>(
      sql`select x.tab, count(*)::int as n from reconciliation_rows x join reconciliation_runs r on r.id = x.run_id where r.reference_id = ${reconId} group by x.tab`,
    );
    expect(all.body.metaDetails.tab_counts).toEqual({
      status_mismatch: counted.find((row) => row.tab === 'status_mismatch')?.n ?? 0,
      inventory_mismatch: counted.find((row) => row.tab === 'inventory_mismatch')?.n ?? 0,
    });
    expect(all.body.reconStatuses.map((status: { value: string }) => status.value)).toEqual(['new_tags_detected', 'inventory_mismatch_otc_over', 'accept_s2s_inventory']);
    for (const row of all.body.data) {
      expect(row.s2s_active_quantity).not.toBe(row.otc_active_quantity);
      expect(row.total_quantity).toBe(row.otc_active_quantity + row.in_transit_quantity);
    }
    // Whatever orders hold a batch now are listed with it.
    const held = await rows<{ batchNumber: string; reference: string }>(
      sql`select b.batch_number as "batchNumber", o.reference_id as reference from order_items oi join orders o on o.id = oi.order_id join batches b on b.id = oi.batch_id
          where o.status in ('Pending', 'Approved') and b.batch_number = any(${`{${all.body.data.map((row: { batch_id: string }) => `"${row.batch_id}"`).join(',')}}`}::text[]) limit 1`,
    );
    if (held[0]) expect(all.body.data.find((row: { batch_id: string }) => row.batch_id === held[0]!.batchNumber).otc_order_ids).toContain(held[0].reference);

    const first = all.body.data[0];
    const searched = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', search: first.batch_id });
    expect(searched.body.data.map((row: { batch_id: string }) => row.batch_id)).toContain(first.batch_id);
    const filtered = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', columnFilter: [{ column: 'recon_batch_status', type: 'select', value: ['accept_s2s_inventory'] }] });
    expect(filtered.body.data.length).toBeGreaterThan(0);
    expect(filtered.body.data.every((row: { recon_batch_status: string }) => row.recon_batch_status === 'accept_s2s_inventory')).toBe(true);
    const sorted = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', sort: [{ column: 's2s_active_quantity', order: 'desc' }] });
    const quantities = sorted.body.data.map((row: { s2s_active_quantity: number }) => row.s2s_active_quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    const paged = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', pagination: { page: 2, pageSize: 1 } });
    expect(paged.body.data).toHaveLength(Math.min(1, Math.max(0, all.body.data.length - 1)));

    expect((await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', sort: [{ column: 'nope', order: 'asc' }] })).status).toBe(400);
    expect((await details('mnAdmin', 'MN', { reconId, tab: 'other' })).status).toBe(400);
    const unknown = await details('mnAdmin', 'MN', { reconId: 'REC-MN-999999', tab: 'status_mismatch' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Reconciliation not found');
    expect((await details('njAdmin', 'NJ', { reconId, tab: 'status_mismatch' })).status).toBe(404);
    const elsewhere = await api.call('njAdmin', { url: `/api/inventory/reconciliation/status?reconId=${reconId}`, market: 'NJ' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.reconData).toBeNull();
    expect((await api.call('njAdmin', { url: `/api/inventory/reconciliation/${reconId}/refresh`, market: 'NJ' })).status).toBe(404);
  });

  it('accepts the seed-to-sale quantity with a reason, refused while open orders hold more', async () => {
    const { body } = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', columnFilter: [{ column: 'recon_batch_status', type: 'select', value: ['accept_s2s_inventory'] }] });
    const row = body.data[0];
    const before = await batch(row.batch_id);

    expect((await act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: [row.batch_id], reasonCode: 42 })).status).toBe(400);
    const short = await act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: [row.batch_id], reasonCode: 99, comments: '  too short  ' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain(RECON_MESSAGES.otherDetail);
    const notAcceptable = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', columnFilter: [{ column: 'recon_batch_status', type: 'select', value: ['new_tags_detected', 'inventory_mismatch_otc_over'] }] });
    if (notAcceptable.body.data[0]) expect((await act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: [notAcceptable.body.data[0].batch_id], reasonCode: 4 })).status).toBe(400);
    expect((await act('njAdmin', 'NJ', reconId, { action: 'accept', batchId: [row.batch_id], reasonCode: 4 })).status).toBe(404);

    // Open orders now hold more than the seed-to-sale quantity: nothing changes.
    await api.database.db.execute(sql`update batches set reserved_units = ${row.s2s_active_quantity + 1} where id = ${before.id}`);
    const refused = await act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: [row.batch_id], reasonCode: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RECON_MESSAGES.ordersHoldMore);
    expect((await batch(row.batch_id)).activeUnits).toBe(before.activeUnits);
    await api.database.db.execute(sql`update batches set reserved_units = ${before.reservedUnits} where id = ${before.id}`);

    // Two accepts of the same batch at once set it once.
    const answers = await Promise.all([1, 2].map(() => act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: [row.batch_id], reasonCode: 99, comments: 'Recounted the vault shelf' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]!.body.data.accepted).toEqual([row.batch_id]);
    expect((await batch(row.batch_id)).activeUnits).toBe(row.s2s_active_quantity);
    const audits = await rows<{ before: any; after: any }>(sql`select before, after from audit_log where entity_type = 'reconciliation' and entity_id = ${reconId} and action = 'accept'`);
    const changes = audits.filter((audit) => row.batch_id in audit.after.activeUnits);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toEqual({
      before: { activeUnits: { [row.batch_id]: before.activeUnits } },
      after: { activeUnits: { [row.batch_id]: row.s2s_active_quantity }, reasonCode: 99, comments: 'Recounted the vault shelf' },
    });
    const after = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', search: row.batch_id });
    expect(after.body.data.find((found: { batch_id: string }) => found.batch_id === row.batch_id)).toMatchObject({ accepted: true, reason_code: 99, comments: 'Recounted the vault shelf' });
  });

  it('sends each page as the rows reconBatchRow makes, built by the database, with an accepted row, open orders, searches and sorts', async () => {
    const [run] = await rows<{ id: number; counts: Record<string, number> }>(sql`select id, tab_counts as counts from reconciliation_runs where reference_id = ${reconId}`);
    const queries: Omit<ReconRowQuery, 'runId'>[] = [
      { tab: 'inventory_mismatch', filters: [], sort: [], knownTotal: run!.counts.inventory_mismatch },
      { tab: 'status_mismatch', filters: [], sort: [{ column: 's2s_product_name', order: 'desc' }], knownTotal: run!.counts.status_mismatch },
      { tab: 'inventory_mismatch', filters: [{ column: 'recon_batch_status', values: ['accept_s2s_inventory'] }], sort: [{ column: 'in_transit_quantity', order: 'desc' }] },
      { tab: 'inventory_mismatch', search: 'mn', filters: [], sort: [{ column: 'total_quantity', order: 'asc' }] },
    ];
    let accepted = 0;
    let withOrders = 0;
    for (const query of queries) {
      for (const page of [1, 2, 99]) {
        const asked = { ...query, runId: run!.id, page: { page, pageSize: 3 } };
        const built = await listRowsJson(api.database.db, asked);
        const expected = await listRows(api.database.db, asked);
        const sent = JSON.parse(built.json) as ReconBatchRow[];
        expect(sent).toEqual(expected.rows.map(reconBatchRow));
        expect([built.rows, built.total]).toEqual([expected.rows.length, expected.total]);
        accepted += sent.filter((row) => row.accepted && row.reason_code !== null).length;
        withOrders += sent.filter((row) => row.order_details.length > 0).length;
      }
    }
    // The pages held what makes the mapping hard: an accepted row with its reason, and rows with open orders.
    expect(accepted).toBeGreaterThan(0);
    expect(withOrders).toBeGreaterThan(0);
  });

  it('walks to a densely matched page once its matches are known: the same rows and total, counted again once the run has changed', async () => {
    const [run] = await rows<{ marketId: number; updatedAt: string }>(
      sql`select market_id as "marketId", to_json(updated_at) #>> '{}' as "updatedAt" from reconciliation_runs where reference_id = ${reconId}`,
    );
    const queries = [
      // 'mn' is in every batch number: every row matches, the case the walk is for.
      { tab: 'inventory_mismatch' as const, search: 'mn', filters: [], sort: [] },
      { tab: 'inventory_mismatch' as const, search: 'mn', filters: [], sort: [{ column: 's2s_product_name' as const, order: 'desc' as const }] },
      { tab: 'status_mismatch' as const, search: 'mn', filters: [], sort: [{ column: 's2s_product_name' as const, order: 'asc' as const }] },
      { tab: 'inventory_mismatch' as const, filters: [{ column: 'recon_batch_status' as const, values: ['accept_s2s_inventory'] }], sort: [{ column: 'batch_id' as const, order: 'asc' as const }] },
    ];
    let compared = 0;
    for (const query of queries) {
      for (const page of [1, 2, 5]) {
        const asked = { ...query, page: { page, pageSize: 3 } };
        const sorted = await runWithRowsPage(api.database.db, run!.marketId, reconId, asked);
        expect(sorted.run).not.toBeNull();
        const walked = await runWithRowsPage(api.database.db, run!.marketId, reconId, asked, { total: sorted.page.total, generation: run!.updatedAt });
        expect(walked.page).toEqual(sorted.page);
        compared += sorted.page.rows;
        // Kept from before the run changed (another instance refreshed it): the total is counted again, not answered stale.
        const stale = await runWithRowsPage(api.database.db, run!.marketId, reconId, asked, { total: 1, generation: '2000-01-01T00:00:00Z' });
        expect(stale.page).toEqual(sorted.page);
      }
    }
    expect(compared).toBeGreaterThan(12);

    // A walk that gives up before its page is full answers a short page; the service reads that page again sorted.
    const dense = { tab: 'inventory_mismatch' as const, search: 'mn', filters: [], sort: [], page: { page: 1, pageSize: 3 } };
    const whole = await runWithRowsPage(api.database.db, run!.marketId, reconId, dense);
    const gaveUp = await runWithRowsPage(api.database.db, run!.marketId, reconId, dense, { total: whole.page.total, generation: run!.updatedAt, giveUpAfter: 1 });
    expect(gaveUp.page.rows).toBeLessThan(whole.page.rows);
    const service = createReconciliationService({ db: api.database.db, jobs: {} as JobQueue, walkGivesUpAfter: 1 });
    const ctx = { caller: { id: 'test' }, market: { id: run!.marketId, code: 'MN', name: 'Minnesota' }, requestId: 'test' } as unknown as Parameters<typeof service.details>[0];
    for (const attempt of ['counted', 'walked and read again']) {
      const answer = await service.details(ctx, reconId, dense);
      expect([answer.rowsJson, answer.rows, answer.total], attempt).toEqual([whole.page.json, whole.page.rows, whole.page.total]);
    }
    // The walk is chosen only where the matches are dense enough to read few rows on the way.
    expect(walkToPage({ sort: [], page: { page: 1, pageSize: 100 } }, 40_883, 40_883)).toBe(true);
    expect(walkToPage({ sort: [], page: { page: 1, pageSize: 100 } }, 487, 40_883)).toBe(false);
    expect(walkToPage({ sort: [], page: { page: 50, pageSize: 100 } }, 40_883, 40_883)).toBe(false);
    expect(walkToPage({ sort: [{ column: 'total_quantity', order: 'asc' }], page: { page: 1, pageSize: 100 } }, 40_883, 40_883)).toBe(false);
    expect(walkToPage({ sort: [{ column: 's2s_product_name', order: 'asc' }], page: { page: 1, pageSize: 100 } }, 40_883, 40_883)).toBe(true);
    expect(walkToPage({ sort: [{ column: 's2s_product_name', order: 'desc' }], page: { page: 1, pageSize: 100 } }, 40_883, 40_883)).toBe(false);
  });

  it('answers a search counted before with the total of the rows now, after the run was written again', async () => {
    const body = { reconId, tab: 'inventory_mismatch', search: 'mn', pagination: { page: 1, pageSize: 3 } };
    const first = await details('mnAdmin', 'MN', body);
    const again = await details('mnAdmin', 'MN', body);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.pagination).toEqual(first.body.pagination);
    // As a refresh through another instance would: a row gone, and the run's updated_at moved on.
    const [gone] = await rows<{ id: number }>(
      sql`select x.id from reconciliation_rows x join reconciliation_runs r on r.id = x.run_id where r.reference_id = ${reconId} and x.tab = 'inventory_mismatch' and x.resolved_at is null order by x.id desc limit 1`,
    );
    const [saved] = await rows<Record<string, unknown>>(sql`select * from reconciliation_rows where id = ${gone!.id}`);
    await api.database.db.execute(sql`delete from reconciliation_rows where id = ${gone!.id}`);
    await api.database.db.execute(sql`update reconciliation_runs set updated_at = now() where reference_id = ${reconId}`);
    try {
      const after = await details('mnAdmin', 'MN', body);
      expect(after.body.pagination.totalRecords).toBe(first.body.pagination.totalRecords - 1);
    } finally {
      const columns = Object.keys(saved!).filter((column) => column !== 'search_text');
      await api.database.db.execute(
        sql`insert into reconciliation_rows (${sql.raw(columns.map((column) => `"${column}"`).join(', '))}) values (${sql.join(columns.map((column) => sql`${saved![column]}`), sql`, `)})`,
      );
    }
  });

  it('exports both tabs as a workbook downloaded by its link, a formula written as text', async () => {
    const [target] = await rows<{ id: number; batchNumber: string }>(
      sql`select x.id, x.batch_number as "batchNumber" from reconciliation_rows x join reconciliation_runs r on r.id = x.run_id where r.reference_id = ${reconId} and x.tab = 'status_mismatch' order by x.id limit 1`,
    );
    await api.database.db.execute(sql`update reconciliation_rows set s2s_product_name = '=HYPERLINK("http://evil","x")' where id = ${target!.id}`);
    const before = new Date();
    const exported = await act('mnAdmin', 'MN', reconId, { action: 'export' });
    const after = new Date();
    expect(exported.status).toBe(200);
    const { downloadUrl, presignedUrl, file_name: fileName } = exported.body.data;
    expect(downloadUrl).toMatch(/^\/api\/exports\/[\w-]+$/);
    expect(presignedUrl).toBe(downloadUrl);
    expect(fileName).toMatch(/^MN_Reconciliation_REC-MN-\d{6}_\d{4}_\d{2}_\d{2}_\d{4}\.xlsx$/);
    // Stamped on Minnesota's clock, as the screens show times (UTC is 5 or 6 hours ahead).
    const stamp = fileName.slice(-20, -5);
    expect([before, after].map((at) => fileTimestamp(at, MARKET_TIME_ZONES.MN))).toContain(stamp);
    const record = (await api.call('mnAdmin', { url: `/api/inventory/reconciliation/status?reconId=${reconId}`, market: 'MN' })).body.data.reconData;
    expect(record).toMatchObject({ file_name: fileName, file_path: downloadUrl });

    const download = await api.app.inject({ method: 'GET', url: downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toContain(fileName);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Status Mismatch', 'Inventory Mismatch']);
    const statusSheet = workbook.getWorksheet('Status Mismatch')!;
    expect(statusSheet.getRow(1).getCell(1).value).toBe('Batch ID');
    const cells = statusSheet.getColumn(2).values as unknown[];
    expect(cells).toContain(`'=HYPERLINK("http://evil","x")`);
    const inventorySheet = workbook.getWorksheet('Inventory Mismatch')!;
    const counts = (await api.call('mnAdmin', { url: `/api/inventory/reconciliation/status?reconId=${reconId}`, market: 'MN' })).body.data.reconData.tab_counts;
    expect(inventorySheet.rowCount - 1).toBe(counts.inventory_mismatch);

    await api.database.db.execute(sql`update export_files set expires_at = now() - interval '1 minute' where token = ${downloadUrl.split('/').pop()}`);
    expect((await api.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/api/exports/not-a-token-that-exists-anywhere' })).statusCode).toBe(404);
  });

  // A completion commits while an accept is under way: the accept used to read the run as it was before the
  // completion committed and adjust stock on a completed reconciliation.
  it('an accept meeting a completion in flight waits for it, then is refused and changes nothing', async () => {
    const { body } = await details('mnAdmin', 'MN', { reconId, tab: 'inventory_mismatch', columnFilter: [{ column: 'recon_batch_status', type: 'select', value: ['accept_s2s_inventory'] }] });
    const row = (body.data as { batch_id: string; accepted: boolean }[]).find((candidate) => !candidate.accepted)!;
    const before = await batch(row.batch_id);
    const [run] = await rows<{ id: number }>(sql`select id from reconciliation_runs where reference_id = ${reconId}`);
    let accept: ReturnType<typeof act> | undefined;
    await api.database.db.transaction(async (tx) => {
      // The completion's update, not yet committed, while the accept arrives.
      await tx.execute(sql`update reconciliation_runs set status = 'COMPLETED' where id = ${run!.id}`);
      accept = act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: [row.batch_id], reasonCode: 4 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const answer = await accept!;
    expect(answer.status).toBe(409);
    expect((await batch(row.batch_id)).activeUnits).toBe(before.activeUnits);
    await api.database.db.execute(sql`update reconciliation_runs set status = 'REPORT-GENERATED' where id = ${run!.id}`);
  });

  it('runs the comparison again on refresh, then completes once', async () => {
    // Two refreshes at once: one runs the comparison, the other finds it running.
    const answers = await Promise.all([1, 2].map(() => api.call('mnAdmin', { url: `/api/inventory/reconciliation/${reconId}/refresh`, market: 'MN' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body.data.recon_status).toBe('IN-PROGRESS');
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(RECON_MESSAGES.alreadyRunning);
    expect((await untilSettled('mnAdmin', 'MN', reconId)).recon_status).toBe('REPORT-GENERATED');

    const completed = await act('mnAdmin', 'MN', reconId, { action: 'complete' });
    expect(completed.status).toBe(200);
    expect(completed.body.data.recon_status).toBe('COMPLETED');
    const twice = await act('mnAdmin', 'MN', reconId, { action: 'complete' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(RECON_MESSAGES.completeOnlyGenerated);
    expect((await api.call('mnAdmin', { url: `/api/inventory/reconciliation/${reconId}/refresh`, market: 'MN' })).status).toBe(409);
    expect((await act('mnAdmin', 'MN', reconId, { action: 'accept', batchId: ['X'], reasonCode: 4 })).status).toBe(409);
  });
});

describe('a seed-to-sale failure', () => {
  it('ends the run FAILED with the reason and no rows, and it cannot be completed', async () => {
    const started = await initiate('mdAdmin', 'MD', await locationsOf('MD'));
    expect(started.status).toBe(201);
    const record = await untilSettled('mdAdmin', 'MD', started.body.data.reconId);
    expect(record.recon_status).toBe('FAILED');
    expect(record.comments).toMatch(/Metrc .*HTTP 500/);
    expect(record.tab_counts).toEqual({ status_mismatch: 0, inventory_mismatch: 0 });
    const complete = await act('mdAdmin', 'MD', started.body.data.reconId, { action: 'complete' });
    expect(complete.status).toBe(409);
    expect(complete.body.message).toBe(RECON_MESSAGES.completeOnlyGenerated);
  });
});

describe('a run a crash left behind', () => {
  it('ends FAILED with the reason when no job can finish it, so the market may start another', async () => {
    const ids = await locationsOf('IL');
    const [left] = await rows<{ id: number }>(
      sql`insert into reconciliation_runs (market_id, reference_id, status, location_ids)
          select id, 'REC-IL-CRASHED', 'IN-PROGRESS', ${`{${ids.join(',')}}`}::int[] from markets where code = 'IL' returning id`,
    );
    expect((await initiate('ilAdmin', 'IL', ids)).status).toBe(409);
    expect(await failInterruptedReconciliations(api.database.db)).toBeGreaterThanOrEqual(1);
    const [after] = await rows<{ status: string; comments: string }>(sql`select status, comments from reconciliation_runs where id = ${left!.id}`);
    expect(after).toEqual({ status: 'FAILED', comments: expect.stringMatching(/server stopped/) });
    const started = await initiate('ilAdmin', 'IL', ids);
    expect(started.status).toBe(201);
    expect((await untilSettled('ilAdmin', 'IL', started.body.data.reconId)).recon_status).toBe('REPORT-GENERATED');
  });
});
