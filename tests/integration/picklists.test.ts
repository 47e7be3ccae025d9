import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_MESSAGES, type PicklistDetail } from '../../src/shared/api/picklists';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
});
afterAll(async () => {
  await api.close();
});

/** Open MN picklists with at least `items` items, none picked yet, each used by one test only. */
let openPicklists: number[] = [];
async function freshPicklist(minItems = 2): Promise<PicklistDetail> {
  if (openPicklists.length === 0) {
    const rows = await queryRows<{ id: number }>(
      api.database.db,
      sql`select p.id from picklists p join markets m on m.id = p.market_id
           where m.code = 'MN' and p.status = 'Pending'
             and (select count(*) from picklist_items i where i.picklist_id = p.id) >= ${minItems}
             and not exists (select 1 from picklist_items i where i.picklist_id = p.id and i.pick_status is not null)
           order by p.id`,
    );
    openPicklists = rows.map((row) => row.id);
  }
  const id = openPicklists.shift();
  if (!id) throw new Error('the demo data has run out of open picklists for these tests');
  const { body } = await api.call('mnFulfilment', { url: `/api/picklist/${id}/detail`, market: 'MN' });
  return body.data as PicklistDetail;
}

function pick(picklist: PicklistDetail, lines: { id: number; cases: number; reason?: number | null }[], headers: Record<string, string> = {}, user: 'mnFulfilment' | 'mnAdmin' | 'mnSalesManager' = 'mnFulfilment') {
  return api.call(user, {
    method: 'PUT',
    url: `/api/picklist/${picklist.picklist_id}/edit`,
    market: 'MN',
    headers: { 'if-match': `"v${picklist.version}"`, ...headers },
    body: { items: lines.map((line) => ({ picklist_item_id: line.id, no_of_cases: line.cases, ...(line.reason !== undefined ? { reason_id: line.reason } : {}) })) },
  });
}

const key = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

describe('picklist register and detail', () => {
  it('lists the market’s picklists with their order, location, dispensary and completion', async () => {
    const { status, body } = await api.call('mnFulfilment', {
      method: 'POST',
      url: '/api/picklist/register',
      market: 'MN',
      body: { pagination: { page: 1, pageSize: 25 }, sort: { column: 'percentage_completion', order: 'desc' } },
    });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(25);
    const [first] = body.data;
    expect(first).toMatchObject({ picklist_reference_id: expect.stringMatching(/^PL-MN-/), reference_id: expect.stringMatching(/^ORD-MN-/) });
    expect(body.data.map((row: { percentage_completion: number }) => row.percentage_completion)).toEqual(
      [...body.data.map((row: { percentage_completion: number }) => row.percentage_completion)].sort((a: number, b: number) => b - a),
    );
  });

  it('filters by status and refuses a column it does not have', async () => {
    const open = await api.call('mnFulfilment', { method: 'POST', url: '/api/picklist/register', market: 'MN', body: { status: 'In Progress' } });
    expect(open.body.data.every((row: { pick_status_label: string }) => row.pick_status_label === 'In Progress')).toBe(true);
    const bad = await api.call('mnFulfilment', { method: 'POST', url: '/api/picklist/register', market: 'MN', body: { sort: { column: 'version', order: 'asc' } } });
    expect(bad.status).toBe(400);
  });

  it('answers a picklist with its items, reasons, tags and its version as the ETag', async () => {
    const picklist = await freshPicklist();
    const response = await api.call('mnFulfilment', { url: `/api/picklist/${picklist.picklist_id}/detail`, market: 'MN' });
    expect(response.headers.etag).toBe(`"v${picklist.version}"`);
    expect(picklist.reasons.map((reason) => reason.metadata_label)).toContain('Other');
    expect(picklist.items[0]).toMatchObject({ pick_status: null, no_of_case_picked: null, pick_status_label: 'Not started', tag_numbers: expect.arrayContaining([expect.any(String)]) });
  });

  it("answers 404 for another market's picklist", async () => {
    const [other] = await queryRows<{ id: number }>(api.database.db, sql`select p.id from picklists p join markets m on m.id = p.market_id where m.code = 'NJ' limit 1`);
    const { status, body } = await api.call('mnFulfilment', { url: `/api/picklist/${other!.id}/detail`, market: 'MN' });
    expect(status).toBe(404);
    expect(body.message).toBe('Picklist not found');
  });
});

describe('picking', () => {
  it('records picks, moving the picklist to In Progress and then Picked, and its order along', async () => {
    const picklist = await freshPicklist(2);
    const [a, ...rest] = picklist.items;
    const first = await pick(picklist, [{ id: a!.picklist_item_id, cases: a!.no_of_case_ordered }]);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ pick_status_label: 'In Progress', version: picklist.version + 1 });
    expect(first.headers.etag).toBe(`"v${picklist.version + 1}"`);
    const [order] = await queryRows<{ status: string }>(api.database.db, sql`select status from orders where id = ${picklist.order_id}`);
    expect(order!.status).toBe('Partially Picked');

    const second = await pick(first.body.data, rest.map((item) => ({ id: item.picklist_item_id, cases: item.no_of_case_ordered })));
    expect(second.body.data.pick_status_label).toBe('Picked');
    expect(second.body.data.items.every((item: { pick_status: string }) => item.pick_status === 'complete')).toBe(true);
    const statuses = await queryRows<{ status: string }>(api.database.db, sql`select status from picklists where order_id = ${picklist.order_id} and status <> 'Cancelled'`);
    const [after] = await queryRows<{ status: string }>(api.database.db, sql`select status from orders where id = ${picklist.order_id}`);
    expect(after!.status).toBe(statuses.every((row) => row.status === 'Picked') ? 'Picked' : 'Partially Picked');
    const closed = await pick(second.body.data, [{ id: a!.picklist_item_id, cases: 0, reason: 1 }]);
    expect(closed.status).toBe(409);
  });

  it('needs a reason for a short pick, naming the item, and changes nothing without one', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items.find((i) => i.no_of_case_ordered > 1) ?? picklist.items[0]!;
    const short = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered - 1 }]);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(PICK_MESSAGES.reasonRequired(item.no_of_case_ordered));
    expect(short.body.details[0]).toMatchObject({ field: 'items[0].reason_id', picklist_item_id: item.picklist_item_id, reason: 'required' });
    const unchanged = await api.call('mnFulfilment', { url: `/api/picklist/${picklist.picklist_id}/detail`, market: 'MN' });
    expect(unchanged.body.data.version).toBe(picklist.version);

    const reason = picklist.reasons.find((r) => r.metadata_label === 'Damaged')!;
    const withReason = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered - 1, reason: reason.order_metadata_id }]);
    expect(withReason.status).toBe(200);
    expect(withReason.body.data.items.find((i: { picklist_item_id: number }) => i.picklist_item_id === item.picklist_item_id)).toMatchObject({
      pick_status: 'partial',
      pick_status_label: 'partially-picked',
      reason_label: 'Damaged',
    });
  });

  it('refuses more than ordered, negatives, and items of other picklists', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const over = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered + 1 }]);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(PICK_MESSAGES.overOrdered(item.no_of_case_ordered));
    const negative = await pick(picklist, [{ id: item.picklist_item_id, cases: -1 }]);
    expect(negative.status).toBe(400);
    expect(negative.body.details[0]).toMatchObject({ field: 'items.0.no_of_cases', message: 'Quantity cannot be negative' });
    const stranger = await pick(picklist, [{ id: 999_999_999, cases: 1 }]);
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Item 999999999 is not on this picklist.');
  });

  it('lets only roles other than the sales roles, holding the picked grant, pick', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const manager = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], {}, 'mnSalesManager');
    expect(manager.status).toBe(403);
    // Even given the grant, a Sales Manager may not pick: the role itself is refused.
    const roles = await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' });
    const grants = roles.body.data['Sales Manager'];
    await api.call('mnAdmin', {
      method: 'PUT',
      url: `/api/roles/${encodeURIComponent('Sales Manager')}/permissions`,
      market: 'MN',
      body: { Permission: { ...grants, 'orders-picklist_details': { view: true, picked: true } } },
    });
    const granted = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], {}, 'mnSalesManager');
    expect(granted.status).toBe(403);
    expect(granted.body.message).toBe('Your role (Sales Manager) may not mark items as picked.');
    await api.call('mnAdmin', { method: 'PUT', url: `/api/roles/${encodeURIComponent('Sales Manager')}/permissions`, market: 'MN', body: { Permission: grants } });
    const admin = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], {}, 'mnAdmin');
    expect(admin.status).toBe(200);
  });
});

describe('replays and versions', () => {
  it('answers a replayed Idempotency-Key with the first answer and applies nothing twice', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const headers = { 'idempotency-key': key('replay') };
    const first = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], headers);
    const again = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const now = await api.call('mnFulfilment', { url: `/api/picklist/${picklist.picklist_id}/detail`, market: 'MN' });
    expect(now.body.data.version).toBe(picklist.version + 1);
    const [audits] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from audit_log where entity_type = 'picklist' and entity_id = ${String(picklist.picklist_id)}`);
    expect(audits!.n).toBe(1);
  });

  it('applies once when the same key arrives twice at the same moment', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const headers = { 'idempotency-key': key('race') };
    const answers = await Promise.all([1, 2, 3].map(() => pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], headers)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data.version))).toEqual(new Set([picklist.version + 1]));
    const [audits] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from audit_log where entity_type = 'picklist' and entity_id = ${String(picklist.picklist_id)}`);
    expect(audits!.n).toBe(1);
  });

  it('answers a replay that carries a newer version tag with the first answer, since it is the same edit', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const headers = { 'idempotency-key': key('rebased') };
    const first = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], headers);
    expect(first.status).toBe(200);
    const resent = await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], { ...headers, 'if-match': `"v${first.body.data.version}"` });
    expect(resent.status).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.body).toEqual(first.body);
  });

  it('answers 422 when a key is reused for a different request', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const headers = { 'idempotency-key': key('reuse') };
    await pick(picklist, [{ id: item.picklist_item_id, cases: item.no_of_case_ordered }], headers);
    const reused = await pick(picklist, [{ id: item.picklist_item_id, cases: 0, reason: 1 }], headers);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for a different request/);
  });

  it('refuses a malformed key or version tag with a 400 naming the header', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const badKey = await pick(picklist, [{ id: item.picklist_item_id, cases: 1 }], { 'idempotency-key': 'no spaces!' });
    expect(badKey.body.details[0].field).toBe('Idempotency-Key');
    const badTag = await pick(picklist, [{ id: item.picklist_item_id, cases: 1 }], { 'if-match': 'yesterday' });
    expect(badTag.status).toBe(400);
    expect(badTag.body.details[0].field).toBe('If-Match');
  });

  it('answers 412 with the current picklist when an edited item changed since the version the edit was made on', async () => {
    const picklist = await freshPicklist(2);
    const [a, b] = picklist.items;
    await pick(picklist, [{ id: a!.picklist_item_id, cases: a!.no_of_case_ordered }], {}, 'mnAdmin');
    const stale = await pick(picklist, [{ id: a!.picklist_item_id, cases: 0, reason: 1 }]);
    expect(stale.status).toBe(412);
    expect(stale.body.conflictingItems).toEqual([a!.picklist_item_id]);
    expect(stale.body.picklist).toMatchObject({ version: picklist.version + 1 });
    expect(stale.body.picklist.items.find((i: { picklist_item_id: number }) => i.picklist_item_id === a!.picklist_item_id).no_of_case_picked).toBe(a!.no_of_case_ordered);

    // The same old version, but an item nobody touched since: it applies.
    const untouched = await pick(picklist, [{ id: b!.picklist_item_id, cases: b!.no_of_case_ordered }]);
    expect(untouched.status).toBe(200);
    expect(untouched.body.data.version).toBe(picklist.version + 2);
  });
});

describe('idempotency housekeeping', () => {
  it('forgets answers older than the retention period, and keeps recent ones', async () => {
    const { purgeIdempotencyKeys } = await import('../../src/server/lib/idempotency');
    const [user] = await queryRows<{ id: string }>(api.database.db, sql`select id from users limit 1`);
    await api.database.db.execute(sql`
      insert into idempotency_keys (user_id, key, route, request_hash, status_code, response_body, created_at)
      values (${user!.id}, 'old-key-000001', 'PUT /x', 'h', 200, '{}', now() - interval '8 days'),
             (${user!.id}, 'new-key-000001', 'PUT /x', 'h', 200, '{}', now() - interval '1 day')`);
    await purgeIdempotencyKeys(api.database.db);
    const keys = await queryRows<{ key: string }>(api.database.db, sql`select key from idempotency_keys where key in ('old-key-000001', 'new-key-000001')`);
    expect(keys.map((row) => row.key)).toEqual(['new-key-000001']);
  });
});
