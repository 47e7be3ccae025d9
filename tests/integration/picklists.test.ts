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
  // The list was made for the first caller's minimum: the first one with enough items is taken.
  const index = await firstWith(minItems);
  if (index === -1) throw new Error(`the demo data has run out of open picklists with ${minItems} items for these tests`);
  const [id] = openPicklists.splice(index, 1);
  const { body } = await api.call('mnFulfilment', { url: `/api/picklist/${id}/detail`, market: 'MN' });
  return body.data as PicklistDetail;
}

async function firstWith(minItems: number): Promise<number> {
  for (const [index, id] of openPicklists.entries()) {
    const [row] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from picklist_items where picklist_id = ${id}`);
    if ((row?.n ?? 0) >= minItems) return index;
  }
  return -1;
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
      pick_status_label: 'Partially Picked',
      reason_label: 'Damaged',
    });
  });

  it('counts an item picked 0 (not found) as done with but not picked in its percent complete, in the detail and the register', async () => {
    const picklist = await freshPicklist();
    const [missing, found] = picklist.items;
    const notFound = picklist.reasons.find((r) => r.metadata_code === 'NOT_FOUND')!;
    const { status, body } = await pick(picklist, [
      { id: missing!.picklist_item_id, cases: 0, reason: notFound.order_metadata_id },
      { id: found!.picklist_item_id, cases: found!.no_of_case_ordered },
    ]);
    expect(status).toBe(200);
    const expected = Math.round((100 * 1) / picklist.items.length);
    expect(body.data.percentage_completion).toBe(expected);
    expect(body.data.items.find((i: { picklist_item_id: number }) => i.picklist_item_id === missing!.picklist_item_id)).toMatchObject({ pick_status_label: 'Partially Picked', no_of_case_picked: 0 });
    expect(body.data.items.find((i: { picklist_item_id: number }) => i.picklist_item_id === found!.picklist_item_id)).toMatchObject({ pick_status_label: 'Picked' });
    const register = await api.call('mnFulfilment', {
      method: 'POST',
      url: '/api/picklist/register',
      market: 'MN',
      body: { pagination: { page: 1, pageSize: 25 }, search: picklist.picklist_reference_id },
    });
    expect(register.body.data.find((row: { picklist_id: number }) => row.picklist_id === picklist.picklist_id)).toMatchObject({ percentage_completion: expected });
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

describe('several waiting edits in one call', () => {
  type Edit = { key: string; base_version: number | null; items: { picklist_item_id: number; no_of_cases: number; reason_id?: number }[] };
  const edits = (picklist: PicklistDetail, list: Edit[], user: 'mnFulfilment' | 'mnSalesManager' = 'mnFulfilment', market = 'MN') =>
    api.call(user, { method: 'POST', url: `/api/picklist/${picklist.picklist_id}/edits`, market, body: { edits: list } });
  const detailOf = async (picklist: PicklistDetail) => (await api.call('mnFulfilment', { url: `/api/picklist/${picklist.picklist_id}/detail`, market: 'MN' })).body.data as PicklistDetail;
  const auditsOf = async (picklist: PicklistDetail) =>
    (await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from audit_log where entity_type = 'picklist' and entity_id = ${String(picklist.picklist_id)}`))[0]!.n;
  const damaged = (picklist: PicklistDetail) => picklist.reasons.find((r) => r.metadata_label === 'Damaged')!.order_metadata_id;

  it('applies edits made one on top of another, in order, each a version of its own', async () => {
    const picklist = await freshPicklist(2);
    const [a, b] = picklist.items;
    const reason = damaged(picklist);
    // All three were made offline on the version the phone last saw, the second and third on top of the first.
    const list: Edit[] = [
      { key: key('b1'), base_version: picklist.version, items: [{ picklist_item_id: a!.picklist_item_id, no_of_cases: 0, reason_id: reason }] },
      { key: key('b2'), base_version: picklist.version, items: [{ picklist_item_id: a!.picklist_item_id, no_of_cases: a!.no_of_case_ordered }] },
      { key: key('b3'), base_version: picklist.version, items: [{ picklist_item_id: b!.picklist_item_id, no_of_cases: 0, reason_id: reason }] },
    ];
    const { status, body, headers } = await edits(picklist, list);
    expect(status).toBe(200);
    expect(body.data.results).toEqual(list.map((edit, index) => ({ key: edit.key, status: 200, replayed: false, version: picklist.version + index + 1 })));
    expect(body.data.picklist.version).toBe(picklist.version + 3);
    expect(headers.etag).toBe(`"v${picklist.version + 3}"`);
    const now = await detailOf(picklist);
    expect(now.items.find((i) => i.picklist_item_id === a!.picklist_item_id)).toMatchObject({ no_of_case_picked: a!.no_of_case_ordered, pick_status: 'complete', reason_id: null });
    expect(now.items.find((i) => i.picklist_item_id === b!.picklist_item_id)).toMatchObject({ no_of_case_picked: 0, pick_status: 'partial', reason_label: 'Damaged' });
    expect(await auditsOf(picklist)).toBe(3);
  });

  it('answers a resent call from the store, edit by edit, and applies nothing twice, whichever call first carried a key', async () => {
    const picklist = await freshPicklist(2);
    const [a, b] = picklist.items;
    // The first edit went alone (PUT) and its answer was lost; the phone then sends it again with the next.
    const first: Edit = { key: key('single'), base_version: picklist.version, items: [{ picklist_item_id: a!.picklist_item_id, no_of_cases: a!.no_of_case_ordered }] };
    const alone = await pick(picklist, [{ id: a!.picklist_item_id, cases: a!.no_of_case_ordered }], { 'idempotency-key': first.key });
    expect(alone.status).toBe(200);
    const second: Edit = { key: key('next'), base_version: picklist.version, items: [{ picklist_item_id: b!.picklist_item_id, no_of_cases: b!.no_of_case_ordered }] };
    const together = await edits(picklist, [first, second]);
    expect(together.body.data.results).toEqual([
      { key: first.key, status: 200, replayed: true, version: picklist.version + 1 },
      { key: second.key, status: 200, replayed: false, version: picklist.version + 2 },
    ]);
    // The whole call again (its answer lost too): nothing more is applied.
    const again = await edits(picklist, [first, second]);
    expect(again.body.data.results.map((r: { replayed: boolean; version: number }) => [r.replayed, r.version])).toEqual([
      [true, picklist.version + 1],
      [true, picklist.version + 2],
    ]);
    // And the second alone through PUT answers as the call that applied it did.
    const single = await pick(picklist, [{ id: b!.picklist_item_id, cases: b!.no_of_case_ordered }], { 'idempotency-key': second.key });
    expect(single.headers['idempotent-replayed']).toBe('true');
    expect(single.body.data.version).toBe(picklist.version + 2);
    expect((await detailOf(picklist)).version).toBe(picklist.version + 2);
    expect(await auditsOf(picklist)).toBe(2);
  });

  it('answers each refused edit as PUT would (412 with the picklist, 400 naming the item, 422 for a reused key) and applies the rest', async () => {
    // A fourth item keeps the picklist open after a, b and c are picked, for the retry at the end.
    const picklist = await freshPicklist(4);
    const [a, b, c] = picklist.items;
    const reused = key('reused');
    expect((await pick(picklist, [{ id: c!.picklist_item_id, cases: c!.no_of_case_ordered }], { 'idempotency-key': reused })).status).toBe(200);
    // Meanwhile another picker took item a whole.
    const other = await pick({ ...picklist, version: picklist.version + 1 }, [{ id: a!.picklist_item_id, cases: a!.no_of_case_ordered }], {}, 'mnAdmin');
    expect(other.status).toBe(200);
    const short = b!.no_of_case_ordered - 1;
    const list: Edit[] = [
      { key: key('stale'), base_version: picklist.version, items: [{ picklist_item_id: a!.picklist_item_id, no_of_cases: 0, reason_id: damaged(picklist) }] },
      { key: key('noreason'), base_version: picklist.version, items: [{ picklist_item_id: b!.picklist_item_id, no_of_cases: short }] },
      { key: reused, base_version: picklist.version, items: [{ picklist_item_id: c!.picklist_item_id, no_of_cases: 0, reason_id: damaged(picklist) }] },
      { key: key('fine'), base_version: picklist.version, items: [{ picklist_item_id: b!.picklist_item_id, no_of_cases: b!.no_of_case_ordered }] },
    ];
    const { status, body } = await edits(picklist, list);
    expect(status).toBe(200);
    const [stale, noReason, reusedKey, fine] = body.data.results;
    expect(stale).toMatchObject({ status: 412, version: null, error: { code: 'PRECONDITION_FAILED', conflictingItems: [a!.picklist_item_id], picklist: { version: picklist.version + 2 } } });
    expect(noReason).toMatchObject({ status: 400, error: { message: PICK_MESSAGES.reasonRequired(b!.no_of_case_ordered), details: [{ picklist_item_id: b!.picklist_item_id, reason: 'required' }] } });
    expect(reusedKey).toMatchObject({ status: 422, error: { message: expect.stringMatching(/already used for a different request/) } });
    expect(fine).toEqual({ key: list[3]!.key, status: 200, replayed: false, version: picklist.version + 3 });
    const now = await detailOf(picklist);
    expect(now.version).toBe(picklist.version + 3);
    expect(now.items.find((i) => i.picklist_item_id === a!.picklist_item_id)!.no_of_case_picked).toBe(a!.no_of_case_ordered);
    expect(now.items.find((i) => i.picklist_item_id === c!.picklist_item_id)!.no_of_case_picked).toBe(c!.no_of_case_ordered);
    // A refused edit leaves no key behind: sent again once put right, it is evaluated anew.
    const retried = await edits(now, [{ ...list[1]!, base_version: now.version, items: [{ picklist_item_id: b!.picklist_item_id, no_of_cases: short, reason_id: damaged(picklist) }] }]);
    expect(retried.body.data.results[0]).toMatchObject({ status: 200, replayed: false, version: now.version + 1 });
  });

  it("never lets a picker's own earlier edit hide another picker's change: each edit is checked on the version it was made on", async () => {
    // Three items, so that picking two leaves it open.
    const picklist = await freshPicklist(3);
    const [x, y] = picklist.items;
    const reason = damaged(picklist);
    // While Casey's phone was offline, Alex picked item y in full.
    const alex = await pick(picklist, [{ id: y!.picklist_item_id, cases: y!.no_of_case_ordered }], {}, 'mnAdmin');
    expect(alex.status).toBe(200);
    // Casey's three edits, all made on the version the phone last saw: x, then y, then x again.
    const list: Edit[] = [
      { key: key('x1'), base_version: picklist.version, items: [{ picklist_item_id: x!.picklist_item_id, no_of_cases: 0, reason_id: reason }] },
      { key: key('y1'), base_version: picklist.version, items: [{ picklist_item_id: y!.picklist_item_id, no_of_cases: 0, reason_id: reason }] },
      { key: key('x2'), base_version: picklist.version, items: [{ picklist_item_id: x!.picklist_item_id, no_of_cases: x!.no_of_case_ordered }] },
    ];
    const { body } = await edits(picklist, list);
    const [x1, y1, x2] = body.data.results;
    expect(x1).toMatchObject({ status: 200, version: picklist.version + 2 });
    // Applying x1 made a newer version, but Alex's pick of y is still news to Casey's edit of y.
    expect(y1).toMatchObject({ status: 412, error: { conflictingItems: [y!.picklist_item_id] } });
    // x was changed since by Casey alone: the second edit of it was made on top of the first.
    expect(x2).toMatchObject({ status: 200, version: picklist.version + 3 });
    const now = await detailOf(picklist);
    expect(now.items.find((i) => i.picklist_item_id === y!.picklist_item_id)).toMatchObject({ no_of_case_picked: y!.no_of_case_ordered, pick_status: 'complete' });
    expect(now.items.find((i) => i.picklist_item_id === x!.picklist_item_id)).toMatchObject({ no_of_case_picked: x!.no_of_case_ordered, pick_status: 'complete' });
  });

  it('refuses a malformed call with a 400 naming the field, and changes nothing', async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const edit = (name: string): Edit => ({ key: key(name), base_version: picklist.version, items: [{ picklist_item_id: item.picklist_item_id, no_of_cases: item.no_of_case_ordered }] });
    const empty = await edits(picklist, []);
    expect(empty.status).toBe(400);
    expect(empty.body.details[0]).toMatchObject({ field: 'edits', message: 'Send at least one edit' });
    const tooMany = await edits(picklist, Array.from({ length: 51 }, (_, i) => edit(`many${i}`)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0].message).toBe('Send at most 50 edits at a time');
    const one = edit('twice');
    const twice = await edits(picklist, [one, one]);
    expect(twice.status).toBe(400);
    expect(twice.body.details[0].message).toBe('Each edit needs its own key');
    const badKey = await edits(picklist, [{ ...edit('bad'), key: 'no spaces!' }]);
    expect(badKey.body.details[0]).toMatchObject({ field: 'edits.0.key' });
    expect((await detailOf(picklist)).version).toBe(picklist.version);
  });

  it("answers 404 for another market's picklist and 403 for a sales role, applying nothing", async () => {
    const picklist = await freshPicklist();
    const item = picklist.items[0]!;
    const list: Edit[] = [{ key: key('perm'), base_version: picklist.version, items: [{ picklist_item_id: item.picklist_item_id, no_of_cases: item.no_of_case_ordered }] }];
    const manager = await edits(picklist, list, 'mnSalesManager');
    expect(manager.status).toBe(403);
    const [other] = await queryRows<{ id: number }>(api.database.db, sql`select p.id from picklists p join markets m on m.id = p.market_id where m.code = 'NJ' limit 1`);
    const elsewhere = await edits({ ...picklist, picklist_id: other!.id }, list);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('Picklist not found');
    expect((await detailOf(picklist)).version).toBe(picklist.version);
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
