// Inventory issues through the API against the embedded simulators: a commit opens the issues of its rows and
// resolves what earlier commits of its locations left, the list of each tab, and the refresh that re-checks
// chosen issues as a job (fixes closed, one refresh per market at a time, a connector failure closing nothing).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_MESSAGES } from '../../src/shared/api/inventory-issues';
import { createConnectorRegistry } from '../../src/server/connectors/registry';
import { queryRows } from '../../src/server/db/client';
import { createIssueRefreshJob, failInterruptedRefreshes } from '../../src/server/modules/inventory-issues/refresh-job';
import { createMarketStats } from '../../src/server/modules/markets/market-stats';
import { countMarketStats } from '../../src/server/modules/markets/markets.repository';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ SIMULATOR_FAULTS: 'MD:server-error:packages' });
});
afterAll(async () => {
  await api.close();
});

type IssueRow = Record<string, any> & { id: number; batch_id: string; reason_code: string };

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(api.database.db, query);
  return row!;
}

async function openCount(market: string, tab?: string): Promise<number> {
  const row = await one<{ n: number }>(
    sql`select count(*)::int as n from inventory_issues i join markets m on m.id = i.market_id where m.code = ${market} and not i.is_resolved ${tab ? sql`and i.tab = ${tab}` : sql``}`,
  );
  return row.n;
}

async function list(user: DemoUserKey, market: string, body: Record<string, unknown> = {}) {
  return api.call(user, { method: 'POST', url: '/api/inventory/issues', market, body: { pagination: { page: 1, pageSize: 100 }, ...body } });
}

/** Every page of a list: a tab holds more issues than one page. */
async function everyPage(url: string, market: string, body: Record<string, unknown>, user: DemoUserKey = 'mnAdmin'): Promise<IssueRow[]> {
  const rows: IssueRow[] = [];
  for (let page = 1; ; page += 1) {
    const { status, body: answer } = await api.call(user, { method: 'POST', url, market, body: { ...body, pagination: { page, pageSize: 200 } } });
    expect(status).toBe(200);
    rows.push(...answer.data);
    if (page >= answer.pagination.totalPages) return rows;
  }
}

async function refresh(user: DemoUserKey, market: string, body: Record<string, unknown>) {
  return api.call(user, { method: 'POST', url: '/api/inventory/issues/refresh', market, body });
}

async function badge(user: DemoUserKey, market: string): Promise<number> {
  const { body } = await api.call(user, { url: '/api/inventory/stat', market });
  return body.data.issueCount;
}

/** Polls the refresh status as the screen does until it leaves IN-PROGRESS. */
async function settledRefresh(user: DemoUserKey, market: string): Promise<any> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const { body } = await api.call(user, { url: `/api/inventory/issues/refresh/status?marketCode=${market}`, market });
    if (body.data && body.data.issue_status !== 'IN-PROGRESS') return body.data;
    if (Date.now() > deadline) throw new Error(`refresh still ${body.data?.issue_status} after 25 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts an import of the locations, waits for its fetch and commits it; answers its reference id. */
async function commitImport(user: DemoUserKey, market: string, locationIds: number[]): Promise<{ referenceId: string; importId: number }> {
  const started = await api.call(user, { method: 'POST', url: '/api/inventory/import/initiate', market, body: { market_code: market, inventory_location_ids: locationIds } });
  expect(started.status).toBe(201);
  const deadline = Date.now() + 25_000;
  let latest: any;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    latest = (await api.call(user, { url: '/api/inventory/import/status', market })).body.data[0];
  } while (['DRAFT', 'IN_PROGRESS'].includes(latest.import_status) && Date.now() < deadline);
  expect(latest.import_status).toBe('FETCH_COMPLETED');
  const committed = await api.call(user, { method: 'POST', url: `/api/inventory/import/${latest.reference_id}/action`, market, body: { action: 'commit' } });
  expect(committed.status).toBe(200);
  return { referenceId: latest.reference_id, importId: latest.import_id };
}

describe('before any refresh', () => {
  it('answers null for the status of a market that never refreshed', async () => {
    const status = await api.call('mnAdmin', { url: '/api/inventory/issues/refresh/status?marketCode=MN', market: 'MN' });
    expect(status.status).toBe(200);
    expect(status.body.data).toBeNull();
  });

  it("lists the demo data's open issues with the import that found them, and another market's never", async () => {
    const { status, body } = await list('mnAdmin', 'MN', { tab: 'item_issues' });
    expect(status).toBe(200);
    expect(body.totalTabCounts).toEqual({ item_issues: await openCount('MN', 'item_issues'), lab_warning: await openCount('MN', 'lab_data_warnings') });
    expect(body.pagination.totalRecords).toBe(body.totalTabCounts.item_issues);
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) expect(row.import_reference_id).toMatch(/^IMP-MN-\d{6}$/);
    const nv = await openCount('NV');
    expect(nv).toBeGreaterThan(0);
    const nvBatches = await queryRows<{ batch_number: string }>(api.database.db, sql`select batch_number from inventory_issues i join markets m on m.id = i.market_id where m.code = 'NV'`);
    const shown = new Set(body.data.map((row: IssueRow) => row.batch_id));
    expect(nvBatches.some((row) => shown.has(row.batch_number))).toBe(false);
  });

  it('lets Market Admins, Sales Managers and Fulfilment Persons read the issues, and not Sales Persons', async () => {
    for (const user of ['mnSalesManager', 'mnFulfilment'] as const) expect((await list(user, 'MN')).status).toBe(200);
    expect((await list('mnSalesPerson', 'MN')).status).toBe(403);
    expect((await refresh('mnSalesPerson', 'MN', { tab: 'item_issues', records: [{ batchId: 'X' }] })).status).toBe(403);
    expect((await api.call('mnSalesPerson', { url: '/api/inventory/issues/refresh/status', market: 'MN' })).status).toBe(403);
  });
});

describe('bad input', () => {
  it('refuses more than 100 records with the exact message and starts nothing', async () => {
    const records = Array.from({ length: 101 }, (_, index) => ({ productName: 'P', batchId: `B-${index}` }));
    const response = await refresh('mnAdmin', 'MN', { marketCode: 'MN', tab: 'item_issues', records });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(ISSUE_MESSAGES.tooMany);
    const runs = await one<{ n: number }>(sql`select count(*)::int as n from issue_refresh_runs`);
    expect(runs.n).toBe(0);
  });

  it('names what to fix in a refresh and in a list query', async () => {
    expect((await refresh('mnAdmin', 'MN', { tab: 'item_issues', records: [] })).status).toBe(400);
    expect((await refresh('mnAdmin', 'MN', { tab: 'case_size_errors', records: [{ batchId: 'X' }] })).status).toBe(400);
    expect((await refresh('mnAdmin', 'MN', { tab: 'item_issues', records: [{ batchId: '' }] })).status).toBe(400);
    const otherMarket = await refresh('mnAdmin', 'MN', { marketCode: 'NV', tab: 'item_issues', records: [{ batchId: 'X' }] });
    expect(otherMarket.status).toBe(400);
    expect(otherMarket.body.message).toContain('must match the Otc-Market header');
    const badSort = await list('mnAdmin', 'MN', { sort: [{ column: 'case_size', order: 'asc' }] });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toContain('must be one of product_name');
    expect((await list('mnAdmin', 'MN', { columnFilter: [{ column: 'nope', type: 'text', value: 'x' }] })).status).toBe(400);
    expect((await list('mnAdmin', 'MN', { tab: 'case_size_errors' })).status).toBe(400);
    const runs = await one<{ n: number }>(sql`select count(*)::int as n from issue_refresh_runs`);
    expect(runs.n).toBe(0);
  });
});

describe('a committed import', () => {
  let committed: { referenceId: string; importId: number };
  let demoOpen: number;

  beforeAll(async () => {
    demoOpen = await openCount('MN');
    const { body } = await api.call('mnAdmin', { method: 'POST', url: '/api/locations/query', market: 'MN', body: {} });
    committed = await commitImport(
      'mnAdmin',
      'MN',
      body.data.slice(0, 2).map((location: { inventory_location_id: number }) => location.inventory_location_id),
    );
  });

  it('opens one issue per Item Issues and Lab Data Warnings row, and resolves what earlier commits of its locations left', async () => {
    const rows = await one<{ items: number; labs: number }>(
      sql`select count(*) filter (where tab = 'item_issues')::int as items, count(*) filter (where tab = 'lab_data_warnings')::int as labs from import_rows where import_id = ${committed.importId}`,
    );
    expect(rows.items).toBeGreaterThan(0);
    expect(rows.labs).toBeGreaterThan(0);
    const opened = await one<{ items: number; labs: number; other: number }>(
      sql`select count(*) filter (where tab = 'item_issues' and import_id = ${committed.importId})::int as items,
                 count(*) filter (where tab = 'lab_data_warnings' and import_id = ${committed.importId})::int as labs,
                 count(*) filter (where import_id is distinct from ${committed.importId})::int as other
          from inventory_issues where not is_resolved and market_id = (select id from markets where code = 'MN')`,
    );
    // The demo data's open issues came from an import of every location: this commit replaced them all.
    expect(demoOpen).toBeGreaterThan(0);
    expect(opened).toEqual({ items: rows.items, labs: rows.labs, other: 0 });
    expect(await badge('mnAdmin', 'MN')).toBe(rows.items + rows.labs);
  });

  it('lists the issues as the import detail rows, with the import and the last import time', async () => {
    const { body } = await list('mnAdmin', 'MN', { tab: 'lab_data_warnings' });
    expect(body.totalTabCounts).toEqual({ item_issues: await openCount('MN', 'item_issues'), lab_warning: await openCount('MN', 'lab_data_warnings') });
    expect(body.pagination.totalRecords).toBe(body.totalTabCounts.lab_warning);
    const details = await everyPage(`/api/inventory/import/${committed.referenceId}/details`, 'MN', { tab: 'lab_data_warnings' });
    const detailOf = new Map(details.map((row: IssueRow) => [`${row.batch_id} ${row.reason_code}`, row]));
    for (const row of body.data as IssueRow[]) {
      const { id: _issueId, created_ts: _issueCreated, import_reference_id, ...fields } = row;
      const { id: _rowId, created_ts: _rowCreated, ...detail } = detailOf.get(`${row.batch_id} ${row.reason_code}`) as IssueRow;
      expect(import_reference_id).toBe(committed.referenceId);
      expect(fields).toEqual(detail);
    }
    const latest = (await api.call('mnAdmin', { url: '/api/inventory/import/status', market: 'MN' })).body.data[0];
    expect(body.metaDetails.lastImportTime).toBe(latest.last_committed_ts);
    // Newest first, then by id.
    const ids = body.data.map((row: IssueRow) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('searches, filters, sorts and pages', async () => {
    const all = await everyPage('/api/inventory/issues', 'MN', { tab: 'item_issues' });
    const target = all.find((row) => row.s2s_product_name)!;
    const bySearch = await list('mnAdmin', 'MN', { tab: 'item_issues', search: target.batch_id.toLowerCase() });
    expect(bySearch.body.data.map((row: IssueRow) => row.batch_id)).toContain(target.batch_id);
    expect(bySearch.body.data.every((row: IssueRow) => row.batch_id.toLowerCase().includes(target.batch_id.toLowerCase()) || String(row.product_name ?? '').toLowerCase().includes(target.batch_id.toLowerCase()))).toBe(true);
    const word = String(target.s2s_product_name).split(' ')[0]!.toUpperCase();
    const byName = await list('mnAdmin', 'MN', { tab: 'item_issues', search: word });
    expect(byName.body.pagination.totalRecords).toBe(all.filter((row) => `${row.batch_id} ${row.product_name ?? ''} ${row.s2s_product_name ?? ''} ${row.s2s_location_name ?? ''}`.toUpperCase().includes(word)).length);

    const location = all[0]!.s2s_location_name as string;
    const filtered = await list('mnAdmin', 'MN', { tab: 'item_issues', columnFilter: [{ column: 's2s_location_name', type: 'text', value: location }] });
    expect(filtered.body.pagination.totalRecords).toBe(all.filter((row) => row.s2s_location_name === location).length);

    const sorted = await list('mnAdmin', 'MN', { tab: 'item_issues', sort: [{ column: 'batch_id', order: 'asc' }] });
    const batches = sorted.body.data.map((row: IssueRow) => row.batch_id);
    expect(batches).toEqual([...batches].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const byQuantity = await list('mnAdmin', 'MN', { tab: 'item_issues', sort: [{ column: 'total_quantity', order: 'desc' }] });
    const quantities = byQuantity.body.data.map((row: IssueRow) => row.total_quantity).filter((value: number | null) => value !== null);
    expect(quantities).toEqual([...quantities].sort((a: number, b: number) => b - a));

    const second = await list('mnAdmin', 'MN', { tab: 'item_issues', pagination: { page: 2, pageSize: 3 } });
    expect(second.body.data.map((row: IssueRow) => row.id)).toEqual(all.slice(3, 6).map((row) => row.id));
    expect(second.body.pagination).toMatchObject({ currentPage: 2, pageSize: 3, totalRecords: all.length });
  });
});

describe('refreshing issues', () => {
  it('starts one refresh when two start at once, re-checks in the background, and closes what is fixed', async () => {
    const before = (await list('mnAdmin', 'MN', { tab: 'item_issues' })).body.data as IssueRow[];
    const records = before.slice(0, 100).map((row) => ({ productName: row.product_name, batchId: row.batch_id }));
    const badgeBefore = await badge('mnAdmin', 'MN');
    const [first, second] = await Promise.all([
      refresh('mnAdmin', 'MN', { marketCode: 'MN', tab: 'item_issues', records }),
      refresh('mnAdmin', 'MN', { marketCode: 'MN', tab: 'item_issues', records }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const started = first.status === 201 ? first : second;
    const refused = first.status === 201 ? second : first;
    expect(refused.body.message).toBe(ISSUE_MESSAGES.refreshInProgress);
    expect(started.body.data).toMatchObject({ market_code: 'MN', tab_name: 'item_issues', issue_status: 'IN-PROGRESS', no_of_items: records.length, no_of_fixed_items: 0 });
    // Who started it, by name as well as by id: another user's screen follows this refresh too.
    expect(started.body.data.created_user_name).toBe('Alex Morgan');

    const done = await settledRefresh('mnAdmin', 'MN');
    expect(done).toMatchObject({ inventory_refresh_id: started.body.data.inventory_refresh_id, issue_status: 'COMPLETED' });
    const after = new Set(((await list('mnAdmin', 'MN', { tab: 'item_issues' })).body.data as IssueRow[]).map((row) => row.id));
    const closed = before.slice(0, 100).filter((row) => !after.has(row.id));
    expect(done.no_of_fixed_items).toBe(closed.length);
    expect(done.comments).toBe(`${closed.length} of ${records.length} items fixed`);
    // New batches and new tags the commit stocked only informed: every one of them is closed.
    const stocked = new Set((await queryRows<{ batch_number: string }>(api.database.db, sql`select batch_number from batches`)).map((row) => row.batch_number));
    const informed = before.slice(0, 100).filter((row) => ['020', '021'].includes(row.reason_code) && stocked.has(row.batch_id));
    expect(informed.length).toBeGreaterThan(0);
    for (const row of informed) expect(after.has(row.id), `${row.batch_id} ${row.reason_code}`).toBe(false);
    expect(await badge('mnAdmin', 'MN')).toBe(badgeBefore - closed.length);

    // Nothing changed since: the same items checked again stay as they are.
    const again = await refresh('mnAdmin', 'MN', { tab: 'item_issues', records });
    expect(again.status).toBe(201);
    expect(await settledRefresh('mnAdmin', 'MN')).toMatchObject({ issue_status: 'COMPLETED', no_of_fixed_items: 0, comments: `0 of ${records.length} items fixed` });
  });

  it("closes exactly the discontinued issues of a product made active again in the catalogue", async () => {
    // First the items as they are, so that what the commit itself changed is already closed.
    const records = (await everyPage('/api/inventory/issues', 'MN', { tab: 'item_issues', sort: [{ column: 'metadata_label', order: 'desc' }] }))
      .slice(0, 100)
      .map((row) => ({ productName: row.product_name, batchId: row.batch_id }));
    expect((await refresh('mnAdmin', 'MN', { tab: 'item_issues', records })).status).toBe(201);
    expect((await settledRefresh('mnAdmin', 'MN')).issue_status).toBe('COMPLETED');
    const open = await everyPage('/api/inventory/issues', 'MN', { tab: 'item_issues' });
    const discontinued = open.find((row) => row.reason_code === '010');
    expect(discontinued, 'a batch of a discontinued product').toBeDefined();
    const product = await one<{ id: number }>(sql`select product_id as id from batches where batch_number = ${discontinued!.batch_id}`);
    const ofProduct = await queryRows<{ id: number }>(
      api.database.db,
      sql`select i.id from inventory_issues i join batches b on b.id = i.batch_id where b.product_id = ${product.id} and i.reason_code = '010' and not i.is_resolved`,
    );
    await api.database.db.execute(sql`update products set is_active = true where id = ${product.id}`);
    const badgeBefore = await badge('mnAdmin', 'MN');
    const batches = new Set(records.map((record) => record.batchId));
    const fixed = open.filter((row) => batches.has(row.batch_id) && ofProduct.some((issue) => issue.id === row.id));
    expect(fixed.length).toBeGreaterThan(0);
    expect((await refresh('mnAdmin', 'MN', { tab: 'item_issues', records })).status).toBe(201);
    const done = await settledRefresh('mnAdmin', 'MN');
    expect(done).toMatchObject({ issue_status: 'COMPLETED', no_of_fixed_items: fixed.length });
    const after = (await everyPage('/api/inventory/issues', 'MN', { tab: 'item_issues' })).map((row) => row.id);
    expect(after).toEqual(open.map((row) => row.id).filter((id) => !fixed.some((row) => row.id === id)));
    expect(await badge('mnAdmin', 'MN')).toBe(badgeBefore - fixed.length);
  });

  it('counts items that are not open issues of the tab as checked, changing nothing', async () => {
    const before = await openCount('MN');
    expect((await refresh('mnAdmin', 'MN', { tab: 'lab_data_warnings', records: [{ batchId: 'NO-SUCH-BATCH' }] })).status).toBe(201);
    expect(await settledRefresh('mnAdmin', 'MN')).toMatchObject({ issue_status: 'COMPLETED', no_of_fixed_items: 0, no_of_items: 1, comments: '0 of 1 item fixed' });
    expect(await openCount('MN')).toBe(before);
  });

  it('ends FAILED with the reason and closes nothing when the seed-to-sale system fails', async () => {
    const open = (await list('mdAdmin', 'MD', { tab: 'item_issues' })).body.data as IssueRow[];
    expect(open.length).toBeGreaterThan(0);
    const before = await openCount('MD');
    const started = await refresh('mdAdmin', 'MD', { tab: 'item_issues', records: open.map((row) => ({ batchId: row.batch_id })).slice(0, 100) });
    expect(started.status).toBe(201);
    const done = await settledRefresh('mdAdmin', 'MD');
    expect(done.issue_status).toBe('FAILED');
    expect(done.comments).toMatch(/Metrc .*HTTP 500/);
    expect(done.comments).toContain('No issues were closed.');
    expect(await openCount('MD')).toBe(before);
    // A failed run holds nothing: the next refresh may start.
    expect((await refresh('mdAdmin', 'MD', { tab: 'item_issues', records: [{ batchId: open[0]!.batch_id }] })).status).toBe(201);
    expect((await settledRefresh('mdAdmin', 'MD')).issue_status).toBe('FAILED');
  });

  it('records every refresh in the audit log', async () => {
    const audit = await queryRows<{ action: string }>(api.database.db, sql`select action from audit_log where entity_type = 'issue-refresh' order by id`);
    const actions = audit.map((row) => row.action);
    expect(actions.filter((action) => action === 'start').length).toBe(7);
    expect(actions.filter((action) => action === 'complete').length).toBe(5);
    expect(actions.filter((action) => action === 'fail').length).toBe(2);
  });
});

describe('a refresh run twice, and one left without its job', () => {
  /** An IN-PROGRESS run of NV asking for its open item issues, as a start writes it, without the job. */
  async function runWithoutJob(): Promise<number> {
    const batches = await queryRows<{ batch_number: string }>(
      api.database.db,
      sql`select batch_number from inventory_issues i join markets m on m.id = i.market_id where m.code = 'NV' and i.tab = 'item_issues' and not i.is_resolved order by i.id limit 100`,
    );
    const items = batches.map((row) => ({ batchId: row.batch_number }));
    const run = await one<{ id: number }>(
      sql`insert into issue_refresh_runs (market_id, tab, status, items, no_of_items) select id, 'item_issues', 'IN-PROGRESS', ${JSON.stringify(items)}::jsonb, ${items.length} from markets where code = 'NV' returning id`,
    );
    return run.id;
  }

  it('changes things once when its job runs again after finishing', async () => {
    const db = api.database.db;
    const job = createIssueRefreshJob({ db, connectors: createConnectorRegistry({}), stats: createMarketStats((id) => countMarketStats(db, id), 0) });
    const runId = await runWithoutJob();
    const context = { id: 0, kind: 'inventory-issues-refresh', payload: { runId }, attempt: 1, signal: new AbortController().signal };
    const openBefore = await openCount('NV');
    await job.run(context);
    const first = (await api.call('nvAdmin', { url: '/api/inventory/issues/refresh/status', market: 'NV' })).body.data;
    expect(first).toMatchObject({ inventory_refresh_id: runId, issue_status: 'COMPLETED' });
    expect(await openCount('NV')).toBe(openBefore - first.no_of_fixed_items);

    await job.run({ ...context, attempt: 2 });
    expect((await api.call('nvAdmin', { url: '/api/inventory/issues/refresh/status', market: 'NV' })).body.data).toEqual(first);
    expect(await openCount('NV')).toBe(openBefore - first.no_of_fixed_items);
  });

  it('ends FAILED a run whose job is gone, so that the market may refresh again', async () => {
    const runId = await runWithoutJob();
    expect((await refresh('nvAdmin', 'NV', { tab: 'item_issues', records: [{ batchId: 'X' }] })).status).toBe(409);
    expect(await failInterruptedRefreshes(api.database.db)).toBe(1);
    const status = (await api.call('nvAdmin', { url: '/api/inventory/issues/refresh/status', market: 'NV' })).body.data;
    expect(status).toMatchObject({ inventory_refresh_id: runId, issue_status: 'FAILED', no_of_fixed_items: 0 });
    expect(status.comments).toContain('No issues were closed');
    expect((await refresh('nvAdmin', 'NV', { tab: 'item_issues', records: [{ batchId: 'X' }] })).status).toBe(201);
    expect((await settledRefresh('nvAdmin', 'NV')).issue_status).toBe('COMPLETED');
  });
});

describe('a new batch held back because no standard case size of its product fits', () => {
  let committed: { referenceId: string; importId: number };
  let held: IssueRow;

  const issuesOf = async (batchNumber: string) => ((await list('ilAdmin', 'IL', { tab: 'item_issues', search: batchNumber })).body.data as IssueRow[]).filter((row) => row.batch_id === batchNumber);
  const refreshOne = async () => {
    const started = await refresh('ilAdmin', 'IL', { marketCode: 'IL', tab: 'item_issues', records: [{ productName: held.product_name, batchId: held.batch_id }] });
    expect(started.status).toBe(201);
    return settledRefresh('ilAdmin', 'IL');
  };

  beforeAll(async () => {
    const { body } = await api.call('ilAdmin', { method: 'POST', url: '/api/locations/query', market: 'IL', body: {} });
    committed = await commitImport('ilAdmin', 'IL', [body.data[0].inventory_location_id]);
    const errors = await everyPage(`/api/inventory/import/${committed.referenceId}/details`, 'IL', { tab: 'case_size_errors' }, 'ilAdmin');
    held = errors.find((row) => row.held_back)!;
    expect(held, 'the simulator brings a new batch in a quantity no standard case size fits').toBeDefined();
  });

  it('is left out of stock by the commit, with its Case Size Errors row and an open Item Issue 009', async () => {
    expect(await one<{ n: number }>(sql`select count(*)::int as n from batches where batch_number = ${held.batch_id}`)).toEqual({ n: 0 });
    expect(await issuesOf(held.batch_id)).toEqual([
      expect.objectContaining({ reason_code: '009', metadata_label: 'manual_review', product_name: held.product_name, total_quantity: held.total_quantity, import_reference_id: committed.referenceId }),
    ]);
  });

  it('stays open when refreshed before its product has a size that fits', async () => {
    const before = (await list('ilAdmin', 'IL', { tab: 'item_issues' })).body.totalTabCounts;
    expect(await refreshOne()).toMatchObject({ issue_status: 'COMPLETED', no_of_items: 1, no_of_fixed_items: 0, comments: '0 of 1 item fixed' });
    expect(await issuesOf(held.batch_id)).toHaveLength(1);
    expect((await list('ilAdmin', 'IL', { tab: 'item_issues' })).body.totalTabCounts).toEqual(before);
  });

  it('is closed by a refresh once the Market Admin saves a standard case size that fits, and the counts fall by one', async () => {
    const products = await api.call('ilAdmin', {
      method: 'POST',
      url: '/api/products/case-sizes',
      market: 'IL',
      body: { pagination: { page: 1, pageSize: 100 }, columnFilter: [{ column: 'productName', type: 'text', value: held.product_name }] },
    });
    const product = (products.body.data as Record<string, any>[]).find((row) => row.productName === held.product_name)!;
    const slot = [1, 2, 3, 4, 5].find((index) => product[`case_sizes_${index}`] === null);
    expect(slot, `${held.product_name} has a free case size slot`).toBeDefined();
    const saved = await api.call('ilAdmin', {
      method: 'POST',
      url: '/api/products/case-sizes/manage',
      market: 'IL',
      body: { marketCode: 'IL', products: [{ productId: product.productId, caseSizes: [{ caseIndex: slot, value: held.total_quantity }] }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.summary).toMatchObject({ successfulUpdates: 1, failedUpdates: 0 });

    const before = (await list('ilAdmin', 'IL', { tab: 'item_issues' })).body.totalTabCounts;
    const badgeBefore = await badge('ilAdmin', 'IL');
    expect(await refreshOne()).toMatchObject({ issue_status: 'COMPLETED', no_of_items: 1, no_of_fixed_items: 1, comments: '1 of 1 item fixed' });
    expect(await issuesOf(held.batch_id)).toEqual([]);
    expect((await list('ilAdmin', 'IL', { tab: 'item_issues' })).body.totalTabCounts).toEqual({ ...before, item_issues: before.item_issues - 1 });
    expect(await badge('ilAdmin', 'IL')).toBe(badgeBefore - 1);
  });
});
