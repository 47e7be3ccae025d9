// Inventory import through the API against the embedded simulators: start, the job's fetch, the four tabs,
// tags, commit and discard with their rules, history, the case-size re-check, bad input and other markets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, importDetailsResponseSchema } from '../../src/shared/api/inventory-import';
import { queryRows } from '../../src/server/db/client';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

type Location = { inventory_location_id: number; display_name: string; s2s_location_id: string };

async function locationsOf(user: DemoUserKey, market: string): Promise<Location[]> {
  const { status, body } = await api.call(user, { method: 'POST', url: '/api/locations/query', market, body: { market: [market], is_all: false } });
  expect(status).toBe(200);
  return body.data;
}

/** Polls the latest import as the screen does until it leaves DRAFT and IN_PROGRESS. */
async function settledImport(user: DemoUserKey, market: string): Promise<any> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const { body } = await api.call(user, { url: `/api/inventory/import/status?marketCode=${market}`, market });
    const latest = body.data[0];
    if (latest && !['DRAFT', 'IN_PROGRESS'].includes(latest.import_status)) return latest;
    if (Date.now() > deadline) throw new Error(`import still ${latest?.import_status} after 25 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function start(user: DemoUserKey, market: string, ids: number[]) {
  return api.call(user, { method: 'POST', url: '/api/inventory/import/initiate', market, body: { market_code: market, inventory_location_ids: ids } });
}

async function details(user: DemoUserKey, market: string, importId: string, tab: string, extra: Record<string, unknown> = {}) {
  return api.call(user, { method: 'POST', url: `/api/inventory/import/${importId}/details`, market, body: { marketCode: market, tab, pagination: { page: 1, pageSize: 200 }, ...extra } });
}

/** Every row of a tab, page by page: a tab can hold more than one page. */
async function everyRow(user: DemoUserKey, market: string, importId: string, tab: string): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await details(user, market, importId, tab, { pagination: { page, pageSize: 200 } });
    rows.push(...body.data);
    if (page >= body.pagination.totalPages) return rows;
  }
}

async function batchUnits(batchNumber: string): Promise<{ active_units: number; reserved_units: number } | undefined> {
  const [row] = await queryRows<{ active_units: number; reserved_units: number }>(api.database.db, sql`select active_units, reserved_units from batches where batch_number = ${batchNumber}`);
  return row;
}

describe('locations', () => {
  it("lists the caller's market's locations and refuses another market in the body", async () => {
    const mn = await locationsOf('mnAdmin', 'MN');
    expect(mn.length).toBeGreaterThanOrEqual(2);
    expect(mn.map((location) => location.display_name)).toContain('St. Paul Vault');
    const other = await api.call('mnAdmin', { method: 'POST', url: '/api/locations/query', market: 'MN', body: { market: ['NV'] } });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/must be the market you work in \(MN\)/);
  });
});

describe('starting an import', () => {
  it('refuses bad input with what to fix, and callers without the grant', async () => {
    const empty = await start('mnAdmin', 'MN', []);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.details)).toMatch(/choose at least one location/);

    const nvLocation = (await locationsOf('nvAdmin', 'NV'))[0]!.inventory_location_id;
    const foreign = await start('mnAdmin', 'MN', [nvLocation]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(`${nvLocation} is not a location of Minnesota`);

    const mnLocation = (await locationsOf('mnAdmin', 'MN'))[0]!.inventory_location_id;
    const wrongMarket = await api.call('mnAdmin', { method: 'POST', url: '/api/inventory/import/initiate', market: 'MN', body: { market_code: 'NV', inventory_location_ids: [mnLocation] } });
    expect(wrongMarket.status).toBe(400);

    expect((await start('mnSalesPerson', 'MN', [mnLocation])).status).toBe(403);
    expect((await start('mnFulfilment', 'MN', [mnLocation])).status).toBe(403);
    const [running] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from imports where status = 'IN_PROGRESS'`);
    expect(running!.n).toBe(0);
  });
});

describe('an import from the Metrc simulator, reviewed and committed', () => {
  let referenceId: string;
  let locations: Location[];

  beforeAll(async () => {
    locations = (await locationsOf('mnAdmin', 'MN')).slice(0, 2);
    const started = await start('mnAdmin', 'MN', locations.map((location) => location.inventory_location_id));
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ success: true, message: IMPORT_MESSAGES.started, data: { import_status: 'IN_PROGRESS' } });
    referenceId = started.body.data.reference_id;
  });

  it("lists a tab without a sort by product name (else the seed-to-sale one), then batch: the order its rows are stored in", async () => {
    await settledImport('mnAdmin', 'MN');
    for (const tab of ['inventory_updates', 'item_issues']) {
      const rows = await everyRow('mnAdmin', 'MN', referenceId, tab);
      expect(rows.length).toBeGreaterThan(1);
      const keys = rows.map((row: { product_name: string | null; s2s_product_name: string | null; batch_id: string }) => `${row.product_name ?? row.s2s_product_name ?? ''}\u0000${row.batch_id}`);
      const inStorageOrder = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(inStorageOrder);
      expect(new Set(keys).size).toBeGreaterThan(1);
    }
  });

  it('answers a second start for the same locations with the running import in details[0]', async () => {
    const again = await start('mnAdmin', 'MN', [locations[1]!.inventory_location_id]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(IMPORT_MESSAGES.alreadyInProgress);
    expect(again.body.details[0]).toMatchObject({ reference_id: referenceId });
    expect(['IN_PROGRESS', 'FETCH_COMPLETED']).toContain(again.body.details[0].import_status);
  });

  it('fetches in the background and reaches FETCH_COMPLETED with rows in the tabs', async () => {
    const latest = await settledImport('mnAdmin', 'MN');
    expect(latest).toMatchObject({ reference_id: referenceId, import_status: 'FETCH_COMPLETED', created_user_name: 'Alex Morgan' });
    expect(latest.inventory_location.map((location: { displayName: string }) => location.displayName).sort()).toEqual(locations.map((location) => location.display_name).sort());
    expect(latest.records_fetched).toBeGreaterThan(0);
    expect(latest.record_count).toBeGreaterThan(0);

    const updates = await details('mnAdmin', 'MN', referenceId, 'inventory_updates');
    expect(updates.status).toBe(200);
    // The page is sent as built, not re-checked by the server: it must still be what the contract says.
    expect(importDetailsResponseSchema.safeParse(updates.body).error).toBeUndefined();
    expect(updates.body.metaDetails).toMatchObject({ importId: referenceId, importStatus: 'FETCH_COMPLETED', canAct: true });
    const counts = updates.body.metaDetails.tabCounts;
    expect(counts.inventory_updates).toBeGreaterThan(0);
    expect(counts.item_issues).toBeGreaterThan(0);
    expect(counts.lab_data_warnings).toBeGreaterThan(0);
    expect(updates.body.pagination.totalRecords).toBe(counts.inventory_updates);
    const kinds = new Set(updates.body.data.map((row: { change: string }) => row.change));
    expect(kinds.has('new_batch')).toBe(true);
    expect(kinds.has('quantity_changed')).toBe(true);

    const issues = await details('mnAdmin', 'MN', referenceId, 'item_issues');
    const labels = new Set(issues.body.data.map((row: { metadata_label: string }) => row.metadata_label));
    expect(labels.has('miss_item')).toBe(true);
    expect(issues.body.data.every((row: { reason_code: string }) => /^\d{3}$/.test(row.reason_code))).toBe(true);

    const lab = await details('mnAdmin', 'MN', referenceId, 'lab_data_warnings');
    expect(lab.body.data.some((row: { metadata_label: string }) => row.metadata_label === 'test_failed' || row.metadata_label === 'miss_test')).toBe(true);
  });

  it("opens a batch's tags as the import found them", async () => {
    const updates = await details('mnAdmin', 'MN', referenceId, 'inventory_updates');
    // A new batch's tags are all fetched; a known batch's fetch holds only the tags that changed.
    const row = updates.body.data.find((candidate: { tag_count: number; change: string }) => candidate.change === 'new_batch' && candidate.tag_count > 0);
    const tags = await api.call('mnAdmin', { url: `/api/inventory/batches/${encodeURIComponent(row.batch_id)}/tags?marketCode=MN&issueTab=inventory_updates&importId=${referenceId}`, market: 'MN' });
    expect(tags.status).toBe(200);
    expect(tags.body.data).toHaveLength(row.tag_count);
    expect(tags.body.data.reduce((sum: number, tag: { quantity: number }) => sum + tag.quantity, 0)).toBe(row.total_quantity);
  });

  it('searches a tab by batch or product name in any case, and counts what it found', async () => {
    const updates = (await details('mnAdmin', 'MN', referenceId, 'inventory_updates')).body.data as any[];
    const target = updates[updates.length - 1];
    const byBatch = await details('mnAdmin', 'MN', referenceId, 'inventory_updates', { search: target.batch_id.slice(-6).toLowerCase() });
    expect(byBatch.body.data.map((row: { batch_id: string }) => row.batch_id)).toContain(target.batch_id);
    expect(byBatch.body.pagination.totalRecords).toBe(byBatch.body.data.length);
    const word = String(target.product_name).split(' ')[0]!.toUpperCase();
    const byName = await details('mnAdmin', 'MN', referenceId, 'inventory_updates', { search: word });
    expect(byName.body.data.length).toBeGreaterThan(0);
    expect(byName.body.data.every((row: { product_name: string; s2s_product_name: string; batch_id: string; s2s_location_name: string }) =>
      [row.product_name, row.s2s_product_name, row.batch_id, row.s2s_location_name].some((text) => String(text).toUpperCase().includes(word)))).toBe(true);
    const none = await details('mnAdmin', 'MN', referenceId, 'inventory_updates', { search: 'no such product anywhere' });
    expect(none.body).toMatchObject({ data: [], pagination: { totalRecords: 0 } });
  });

  it('refuses an id that does not exist or belongs to another market with VALIDATION_ERROR', async () => {
    const missing = await details('mnAdmin', 'MN', 'IMP-MN-999999', 'inventory_updates');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ message: IMPORT_MESSAGES.importNotFound }] });
    const nvImport = (await api.call('nvAdmin', { method: 'POST', url: '/api/inventory/import/history', market: 'NV', body: { marketCode: 'NV' } })).body.data[0].reference_id;
    const foreign = await details('mnAdmin', 'MN', nvImport, 'inventory_updates');
    expect(foreign.status).toBe(400);
    expect(foreign.body.details[0].message).toBe(IMPORT_MESSAGES.importOtherMarket);
    const badTab = await details('mnAdmin', 'MN', referenceId, 'everything');
    expect(badTab.status).toBe(400);
  });

  it('lets only a Market Admin or the starter act: a Sales Manager sees it but may not commit', async () => {
    const seen = await details('mnSalesManager', 'MN', referenceId, 'inventory_updates');
    expect(seen.status).toBe(200);
    expect(seen.body.metaDetails.canAct).toBe(false);
    const refused = await api.call('mnSalesManager', { method: 'POST', url: `/api/inventory/import/${referenceId}/action`, market: 'MN', body: { action: 'commit' } });
    expect(refused.status).toBe(403);
  });

  it('commits: new batches exist, quantities change, and batches orders hold above the new count or that changed since the fetch become issues', async () => {
    const updates = (await details('mnAdmin', 'MN', referenceId, 'inventory_updates')).body.data as any[];
    const newBatch = updates.find((row) => row.change === 'new_batch');
    const changed = updates.filter((row) => row.change === 'quantity_changed');
    const held = changed.find((row) => row.total_quantity < row.previous_quantity);
    const shipped = changed.find((row) => row !== held);
    const applied = changed.find((row) => row !== held && row !== shipped);
    expect(held).toBeDefined();
    expect(shipped).toBeDefined();
    expect(await batchUnits(newBatch.batch_id)).toBeUndefined();
    // After the fetch, orders reserved more of one batch than the seed-to-sale system now reports, and another
    // batch shipped some units: neither may take the fetched count.
    await api.database.db.execute(sql`update batches set reserved_units = ${held.total_quantity + 1} where batch_number = ${held.batch_id}`);
    await api.database.db.execute(sql`update batches set active_units = active_units - 1 where batch_number = ${shipped.batch_id}`);
    const heldBefore = await batchUnits(held.batch_id);
    const shippedBefore = await batchUnits(shipped.batch_id);

    const commit = await api.call('mnAdmin', { method: 'POST', url: `/api/inventory/import/${referenceId}/action`, market: 'MN', body: { action: 'commit', marketCode: 'MN' } });
    expect(commit.status).toBe(200);
    expect(commit.body.data).toMatchObject({ import_status: 'COMMITTED', held_back: 2, applied: updates.length - 2 });

    expect((await batchUnits(newBatch.batch_id))?.active_units).toBe(newBatch.total_quantity);
    if (applied) expect((await batchUnits(applied.batch_id))?.active_units).toBe(applied.total_quantity);
    expect(await batchUnits(held.batch_id)).toEqual(heldBefore);
    expect(await batchUnits(shipped.batch_id)).toEqual(shippedBefore);
    const issues = (await details('mnAdmin', 'MN', referenceId, 'item_issues')).body.data as any[];
    expect(issues.find((row) => row.batch_id === held.batch_id)).toMatchObject({ reason_code: '009', metadata_label: 'manual_review' });
    expect(issues.find((row) => row.batch_id === shipped.batch_id)).toMatchObject({ reason_code: '009' });
    const afterCommit = await details('mnAdmin', 'MN', referenceId, 'item_issues');
    expect(afterCommit.body.metaDetails.tabCounts.item_issues).toBe(afterCommit.body.pagination.totalRecords);
    expect(afterCommit.body.metaDetails.tabCounts.inventory_updates).toBe(updates.length - 2);

    const tags = await api.call('mnSalesPerson', { url: `/api/inventory/batches/${encodeURIComponent(newBatch.batch_id)}/tags?marketCode=MN`, market: 'MN' });
    expect(tags.body.data.reduce((sum: number, tag: { quantity: number }) => sum + tag.quantity, 0)).toBe(newBatch.total_quantity);

    const twice = await api.call('mnAdmin', { method: 'POST', url: `/api/inventory/import/${referenceId}/action`, market: 'MN', body: { action: 'discard' } });
    expect(twice.status).toBe(409);
    const [audit] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from audit_log where entity_type = 'import' and entity_id = ${referenceId} and action = 'commit'`);
    expect(audit!.n).toBe(1);
  });

  it('keeps a new batch no standard case size fits out of stock, in Case Size Errors and as an Item Issue 009 to review', async () => {
    const held = (await everyRow('mnAdmin', 'MN', referenceId, 'case_size_errors')).filter((row) => row.held_back);
    expect(held.length, 'the simulator brings one odd-case new batch per location').toBeGreaterThanOrEqual(locations.length);
    for (const row of held) {
      expect(await batchUnits(row.batch_id)).toBeUndefined();
      const issues = (await details('mnAdmin', 'MN', referenceId, 'item_issues', { search: row.batch_id })).body.data as any[];
      expect(issues.filter((issue) => issue.batch_id === row.batch_id)).toEqual([
        expect.objectContaining({ reason_code: '009', metadata_label: 'manual_review', product_name: row.product_name, total_quantity: row.total_quantity, case_size: null }),
      ]);
    }
  });

  it('lists the committed import first in the history, and a Fulfilment Person may read it', async () => {
    const history = await api.call('mnFulfilment', { method: 'POST', url: '/api/inventory/import/history', market: 'MN', body: { marketCode: 'MN', pagination: { page: 1, pageSize: 25 } } });
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({ reference_id: referenceId, import_status: 'COMMITTED', user_name: 'Alex Morgan' });
    const committedOnly = await api.call('mnAdmin', { method: 'POST', url: '/api/inventory/import/history', market: 'MN', body: { marketCode: 'MN', status: 'COMMITTED' } });
    expect(committedOnly.body.data.every((row: { import_status: string }) => row.import_status === 'COMMITTED')).toBe(true);
    const badSort = await api.call('mnAdmin', { method: 'POST', url: '/api/inventory/import/history', market: 'MN', body: { marketCode: 'MN', sort: { column: 'password', order: 'asc' } } });
    expect(badSort.status).toBe(400);
    expect((await api.call('mnSalesPerson', { method: 'POST', url: '/api/inventory/import/history', market: 'MN', body: {} })).status).toBe(403);
  });
});

describe('discarding, and re-checking case sizes', () => {
  it('changes no stock on discard', async () => {
    const locations = await locationsOf('ilAdmin', 'IL');
    const started = await start('ilAdmin', 'IL', [locations[0]!.inventory_location_id]);
    expect(started.status).toBe(201);
    await settledImport('ilAdmin', 'IL');
    const [before] = await queryRows<{ total: number; tags: number }>(
      api.database.db,
      sql`select sum(active_units)::int as total, (select count(*)::int from batch_tags t join batches b on b.id = t.batch_id where b.market_id = m.id) as tags
          from batches join markets m on m.id = batches.market_id where m.code = 'IL' group by m.id`,
    );
    const referenceId = started.body.data.reference_id;
    const discard = await api.call('ilAdmin', { method: 'POST', url: `/api/inventory/import/${referenceId}/action`, market: 'IL', body: { action: 'discard' } });
    expect(discard.status).toBe(200);
    expect(discard.body.data.import_status).toBe('DISCARDED');
    const [after] = await queryRows<{ total: number; tags: number }>(
      api.database.db,
      sql`select sum(active_units)::int as total, (select count(*)::int from batch_tags t join batches b on b.id = t.batch_id where b.market_id = m.id) as tags
          from batches join markets m on m.id = batches.market_id where m.code = 'IL' group by m.id`,
    );
    expect(after).toEqual(before);
  });

  it('drops case-size errors that the current standard case sizes now fit', async () => {
    const locations = await locationsOf('njAdmin', 'NJ');
    const started = await start('njAdmin', 'NJ', locations.map((location) => location.inventory_location_id));
    const referenceId = started.body.data.reference_id;
    await settledImport('njAdmin', 'NJ');
    const errors: any[] = [];
    for (let page = 1; errors.length % 200 === 0; page += 1) {
      const rows = (await details('njAdmin', 'NJ', referenceId, 'case_size_errors', { pagination: { page, pageSize: 200 } })).body.data as any[];
      if (rows.length === 0) break;
      errors.push(...rows);
    }
    // Held back: exactly the errors of batches not in stock, which a commit would not bring in.
    const stocked = await queryRows<{ batch_number: string }>(
      api.database.db,
      sql`select batch_number from batches where batch_number = any(${`{${errors.map((row) => row.batch_id).join(',')}}`}::text[])`,
    );
    const inStock = new Set(stocked.map((row) => row.batch_number));
    for (const row of errors) expect(row.held_back, row.batch_id).toBe(!inStock.has(row.batch_id));
    const fixable = errors.find((row) => row.held_back && Number.isInteger(row.total_quantity) && row.total_quantity > 0);
    expect(fixable, JSON.stringify(errors.filter((row) => row.held_back).map((row) => [row.batch_id, row.total_quantity, row.product_name]))).toBeDefined();
    // The Market Admin adds a standard case size that fits the reported quantity.
    await api.database.db.execute(sql`
      insert into product_case_sizes (product_id, case_index, case_size)
      select p.id, 5, ${fixable.total_quantity} from products p
      join markets m on m.id = p.market_id and m.code = 'NJ' where p.name = ${fixable.product_name}
      on conflict (product_id, case_index) do update set case_size = excluded.case_size`);
    const refresh = await api.call('njAdmin', { url: `/api/inventory/import/${referenceId}/refresh?marketCode=NJ`, market: 'NJ' });
    expect(refresh.status).toBe(200);
    expect(refresh.body.data.fixed).toBeGreaterThanOrEqual(1);
    const remaining = (await details('njAdmin', 'NJ', referenceId, 'case_size_errors')).body.data as any[];
    expect(remaining.find((row) => row.id === fixable.id)).toBeUndefined();
    const updates = (await details('njAdmin', 'NJ', referenceId, 'inventory_updates', { search: fixable.batch_id })).body.data as any[];
    expect(updates).toEqual([expect.objectContaining({ batch_id: fixable.batch_id, change: 'new_batch', case_size: fixable.total_quantity })]);
  });
});

describe('in parallel', () => {
  it('starts one import when two requests start the same location at once, and commits it once', async () => {
    const location = (await locationsOf('mdAdmin', 'MD'))[0]!.inventory_location_id;
    const both = await Promise.all([start('mdAdmin', 'MD', [location]), start('mdAdmin', 'MD', [location])]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const referenceId = both.find((answer) => answer.status === 201)!.body.data.reference_id;
    expect(both.find((answer) => answer.status === 409)!.body.details[0].reference_id).toBe(referenceId);
    await settledImport('mdAdmin', 'MD');

    const commits = await Promise.all(
      [0, 1].map(() => api.call('mdAdmin', { method: 'POST', url: `/api/inventory/import/${referenceId}/action`, market: 'MD', body: { action: 'commit' } })),
    );
    expect(commits.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [audit] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from audit_log where entity_id = ${referenceId} and action = 'commit'`);
    expect(audit!.n).toBe(1);
  });
});

describe('bad input and other markets on every import call', () => {
  it('names what to fix', async () => {
    const nvImport = (await api.call('nvAdmin', { method: 'POST', url: '/api/inventory/import/history', market: 'NV', body: {} })).body.data[0].reference_id as string;
    const badAction = await api.call('nvAdmin', { method: 'POST', url: `/api/inventory/import/${nvImport}/action`, market: 'NV', body: { action: 'approve' } });
    expect(badAction.status).toBe(400);
    expect(JSON.stringify(badAction.body.details)).toContain('must be commit or discard');

    const foreignAction = await api.call('mnAdmin', { method: 'POST', url: `/api/inventory/import/${nvImport}/action`, market: 'MN', body: { action: 'discard' } });
    expect(foreignAction.status).toBe(400);
    expect(foreignAction.body.details[0].message).toBe(IMPORT_MESSAGES.importOtherMarket);

    const foreignTags = await api.call('mnAdmin', { url: `/api/inventory/batches/ANY/tags?importId=${nvImport}`, market: 'MN' });
    expect(foreignTags.status).toBe(400);
    const mnImport = (await api.call('mnAdmin', { method: 'POST', url: '/api/inventory/import/history', market: 'MN', body: {} })).body.data[0].reference_id as string;
    const salesTags = await api.call('mnSalesPerson', { url: `/api/inventory/batches/ANY/tags?importId=${mnImport}`, market: 'MN' });
    expect(salesTags.status).toBe(403);
    const foreignRefresh = await api.call('mnAdmin', { url: `/api/inventory/import/${nvImport}/refresh`, market: 'MN' });
    expect(foreignRefresh.status).toBe(400);

    const committedRefresh = await api.call('nvAdmin', { url: `/api/inventory/import/${nvImport}/refresh`, market: 'NV' });
    expect(committedRefresh.status).toBe(409);
    expect(committedRefresh.body.message).toMatch(/only before an import is committed or discarded/);

    const oddId = await api.call('mnAdmin', { method: 'POST', url: '/api/inventory/import/IMP%20MN/details', market: 'MN', body: {} });
    expect(oddId.status).toBe(400);
    const badPage = await api.call('nvAdmin', { method: 'POST', url: `/api/inventory/import/${nvImport}/details`, market: 'NV', body: { pagination: { page: 0 } } });
    expect(badPage.status).toBe(400);
    const textIds = await api.call('mnAdmin', { method: 'POST', url: '/api/inventory/import/initiate', market: 'MN', body: { market_code: 'MN', inventory_location_ids: ['1'] } });
    expect(textIds.status).toBe(400);
  });
});
