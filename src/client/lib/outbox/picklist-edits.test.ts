import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PicklistDetail } from '../../../shared/api/picklists';
import { applyPicks, PICKLIST_REGISTER_KEY, picklistDetailKey, storeServerPicklist, withPendingEdits, type PicklistPage } from './picklist-cache';
import { keepMyPicks, savePicks, takeServersPicks } from './picklist-edits';
import { testItem, testPicklist } from './picklist-fixtures';
import { OutboxDatabase, lastSyncKey, type OutboxEntry } from './outbox-db';
import type { SendResult } from './replay';
import { requestOutboxReplay, startOutboxSync } from './sync';

let db: OutboxDatabase;
let queryClient: QueryClient;
let counter = 0;
let stop: () => void = () => {};

beforeEach(() => {
  db = new OutboxDatabase(`test-picklist-edits-${(counter += 1)}`);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(async () => {
  stop();
  queryClient.clear();
  await db.delete();
});

const key = picklistDetailKey('MN', 7);
const detailInCache = () => queryClient.getQueryData<PicklistDetail>(key)!;

const FETCHED_AT = Date.UTC(2026, 10, 24, 6);

function cacheRegisterPage(detail: PicklistDetail) {
  const { items: _items, reasons: _reasons, ...row } = detail;
  queryClient.setQueryData<PicklistPage>([...PICKLIST_REGISTER_KEY, 'MN', { page: 1 }], { data: [row], pagination: { totalRecords: 1 } }, { updatedAt: FETCHED_AT });
}

describe('the optimistic picklist', () => {
  it('shows picks as the server will: statuses, reasons, totals, progress and the picklist status, on the same version', () => {
    const before = testPicklist();
    const after = applyPicks(before, [
      { picklist_item_id: 1, no_of_cases: 5 },
      { picklist_item_id: 2, no_of_cases: 3, reason_id: 11 },
    ]);
    expect(after.items[0]).toMatchObject({ no_of_case_picked: 5, pick_status: 'complete', pick_status_label: 'Picked', reason_id: null });
    expect(after.items[1]).toMatchObject({ no_of_case_picked: 3, pick_status: 'partial', pick_status_label: 'Partially Picked', reason_id: 11, reason_label: 'Damaged' });
    expect(after.items[2]).toEqual(before.items[2]);
    expect(after).toMatchObject({ picked_cases: 8, percentage_completion: 67, pick_status_label: 'In Progress', pick_status: 'IN_PROGRESS', version: before.version });
    expect(applyPicks(after, [{ picklist_item_id: 3, no_of_cases: 2 }])).toMatchObject({ pick_status_label: 'Picked', percentage_completion: 100 });
    // An item picked 0 (not found) is done with, but counts as no item picked, as the server counts it.
    expect(applyPicks(after, [{ picklist_item_id: 3, no_of_cases: 0, reason_id: 11 }])).toMatchObject({ pick_status_label: 'Picked', percentage_completion: 67 });
  });

  it('drops a reason from a full pick', () => {
    const after = applyPicks(testPicklist(), [{ picklist_item_id: 1, no_of_cases: 5, reason_id: 11 }]);
    expect(after.items[0]).toMatchObject({ reason_id: null, reason_label: null });
  });

  it('lays only the pending edits of this picklist over the server copy, oldest first', () => {
    const entry = (seq: number, overrides: Partial<OutboxEntry>): OutboxEntry => ({
      seq,
      id: `e${seq}`,
      userId: 'picker',
      market: 'MN',
      body: { items: [] },
      resource: 'picklist:7',
      parts: [],
      baseVersion: 4,
      status: 'pending',
      createdAt: 0,
      attempts: 0,
      ...overrides,
    });
    const shown = withPendingEdits(testPicklist(), [
      entry(2, { body: { items: [{ picklist_item_id: 1, no_of_cases: 1, reason_id: 12 }] } }),
      entry(1, { body: { items: [{ picklist_item_id: 1, no_of_cases: 5 }] } }),
      entry(3, { status: 'conflict', body: { items: [{ picklist_item_id: 2, no_of_cases: 0, reason_id: 11 }] } }),
      entry(4, { resource: 'picklist:8', body: { items: [{ picklist_item_id: 3, no_of_cases: 0, reason_id: 11 }] } }),
    ]);
    expect(shown.items.map((item) => item.no_of_case_picked)).toEqual([1, null, null]);
    expect(shown.items[0]!.reason_label).toBe('Out of stock');
  });

  it('never puts an older server copy over a newer one', async () => {
    queryClient.setQueryData(key, testPicklist({ version: 6 }));
    await storeServerPicklist(queryClient, 'MN', 'picker', testPicklist({ version: 5 }), { db });
    expect(detailInCache().version).toBe(6);
  });
});

describe('Mark as Picked', () => {
  it('writes the outbox first, then shows the picks at once, marked by the entry, on the version they were made on', async () => {
    const picklist = testPicklist();
    queryClient.setQueryData(key, picklist);
    cacheRegisterPage(picklist);
    const lines = [{ picklist_item_id: 1, no_of_cases: 4, reason_id: 11 }];
    const { entry } = await savePicks({ queryClient, userId: 'picker', market: 'MN', picklistId: 7, baseVersion: picklist.version, lines, db });

    expect(await db.entries.toArray()).toEqual([
      expect.objectContaining({
        id: entry.id,
        userId: 'picker',
        market: 'MN',
        body: { items: lines },
        resource: 'picklist:7',
        parts: ['1'],
        baseVersion: 4,
        status: 'pending',
      }),
    ]);
    expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(detailInCache().items[0]).toMatchObject({ no_of_case_picked: 4, pick_status: 'partial', reason_label: 'Damaged' });
    expect(detailInCache().version).toBe(4);
    const [page] = queryClient.getQueriesData<PicklistPage>({ queryKey: PICKLIST_REGISTER_KEY });
    expect(page![1]!.data[0]).toMatchObject({ pick_status_label: 'In Progress', percentage_completion: 33 });
    // Still dated when the server sent it: offline, the register says how old its rows are by that.
    expect(queryClient.getQueryState(page![0])?.dataUpdatedAt).toBe(FETCHED_AT);
  });

  it('makes a different Idempotency-Key for every save', async () => {
    queryClient.setQueryData(key, testPicklist());
    const save = () => savePicks({ queryClient, userId: 'picker', market: 'MN', picklistId: 7, baseVersion: 4, lines: [{ picklist_item_id: 1, no_of_cases: 5 }], db });
    const [a, b] = [await save(), await save()];
    expect(a.entry.id).not.toBe(b.entry.id);
  });
});

describe('the sync engine', () => {
  function run(send: (entry: OutboxEntry) => Promise<SendResult>) {
    stop = startOutboxSync({ queryClient, userId: 'picker', db, send });
  }

  it("puts the server's picklist in the cache once applied, with later waiting picks still over it", async () => {
    queryClient.setQueryData(key, testPicklist());
    const sent: string[] = [];
    run(async (entry) => {
      sent.push(entry.id);
      const lines = (entry.body as { items: { picklist_item_id: number; no_of_cases: number }[] }).items;
      return { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: { ...applyPicks(testPicklist({ version: (entry.baseVersion ?? 0) + 1 }), lines), updated_user_name: 'Casey Nguyen' } };
    });
    await savePicks({ queryClient, userId: 'picker', market: 'MN', picklistId: 7, baseVersion: 4, lines: [{ picklist_item_id: 1, no_of_cases: 5 }], db });
    await requestOutboxReplay();
    expect(sent).toHaveLength(1);
    expect(await db.entries.count()).toBe(0);
    expect(detailInCache()).toMatchObject({ version: 5, updated_user_name: 'Casey Nguyen' });
    expect(detailInCache().items[0]!.pick_status).toBe('complete');
    expect((await db.meta.get(lastSyncKey('picker')))?.value).toEqual(expect.any(Number));
  });

  it("on a conflict shows the server's values, keeps mine in the outbox, and Keep mine sends it again on the server's version", async () => {
    queryClient.setQueryData(key, testPicklist());
    const server = testPicklist({ version: 6, items: [testItem(1, { no_of_case_picked: 5, pick_status: 'complete', pick_status_label: 'Picked', changed_in_version: 6 }), testItem(2), testItem(3, { no_of_case_ordered: 2 })] });
    const bases: (number | null)[] = [];
    run(async (entry) => {
      bases.push(entry.baseVersion);
      if (entry.baseVersion === 4) return { kind: 'conflict', serverState: { picklist: server, conflictingItems: [1] }, message: 'changed' };
      return { kind: 'applied', version: 7, data: applyPicks(testPicklist({ version: 7 }), [{ picklist_item_id: 1, no_of_cases: 2, reason_id: 11 }]) };
    });
    await savePicks({ queryClient, userId: 'picker', market: 'MN', picklistId: 7, baseVersion: 4, lines: [{ picklist_item_id: 1, no_of_cases: 2, reason_id: 11 }], db });
    await requestOutboxReplay();
    const [conflict] = await db.entries.toArray();
    expect(conflict).toMatchObject({ status: 'conflict', serverState: { conflictingItems: [1] } });
    expect(detailInCache().items[0]).toMatchObject({ no_of_case_picked: 5, pick_status: 'complete' });

    await keepMyPicks(queryClient, conflict!, db);
    expect(detailInCache().items[0]).toMatchObject({ no_of_case_picked: 2 });
    await requestOutboxReplay();
    expect(bases).toEqual([4, 6]);
    expect(await db.entries.count()).toBe(0);
    expect(detailInCache()).toMatchObject({ version: 7 });
  });

  it("Use server's withdraws my picks of the changed items only: the others go on, on the server's version", async () => {
    const server = testPicklist({ version: 6 });
    await db.entries.add({
      id: 'conflicted-0001',
      userId: 'picker',
      market: 'MN',
      body: { items: [{ picklist_item_id: 1, no_of_cases: 2, reason_id: 11 }, { picklist_item_id: 2, no_of_cases: 5 }] },
      resource: 'picklist:7',
      parts: ['1', '2'],
      baseVersion: 4,
      status: 'conflict',
      createdAt: 0,
      attempts: 1,
      serverState: { picklist: server, conflictingItems: [1] },
    });
    const [conflict] = await db.entries.toArray();
    await takeServersPicks(queryClient, conflict!, db);
    const left = await db.entries.toArray();
    expect(left).toEqual([expect.objectContaining({ status: 'pending', baseVersion: 6, parts: ['2'], body: { items: [{ picklist_item_id: 2, no_of_cases: 5 }] } })]);
    expect(left[0]!.id).not.toBe('conflicted-0001');
    expect(detailInCache().items.map((item) => item.no_of_case_picked)).toEqual([null, 5, null]);
  });

  it('keeps everything when the server cannot be reached, and sends nothing twice once it can', async () => {
    queryClient.setQueryData(key, testPicklist());
    let reachable = false;
    const applied = new Set<string>();
    const sends: string[] = [];
    run(async (entry) => {
      sends.push(entry.id);
      if (!reachable) return { kind: 'unreachable', message: 'offline' };
      applied.add(entry.id);
      return { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null };
    });
    for (const item of [1, 2, 3]) {
      await savePicks({ queryClient, userId: 'picker', market: 'MN', picklistId: 7, baseVersion: 4, lines: [{ picklist_item_id: item, no_of_cases: 2, reason_id: 11 }], db });
    }
    await requestOutboxReplay();
    expect(await db.entries.count()).toBe(3);
    reachable = true;
    await requestOutboxReplay();
    expect(await db.entries.count()).toBe(0);
    expect(applied.size).toBe(3);
    expect(detailInCache().items.every((item) => item.no_of_case_picked === 2)).toBe(true);
  });

  it("stops sending a picker's edits once another user's session takes over the device mid-replay: they wait for their picker", async () => {
    queryClient.setQueryData(key, testPicklist());
    const sends: string[] = [];
    run(async (entry) => {
      sends.push(entry.id);
      // The picker signs out and someone else signs in while this call is under way.
      if (sends.length === 1) stop = startOutboxSync({ queryClient, userId: 'someone-else', db, send: async () => ({ kind: 'applied', version: null, data: null }) });
      return { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null };
    });
    // Sent one by one (this engine has no several-edit sender).
    for (const item of [1, 2, 3]) {
      await savePicks({ queryClient, userId: 'picker', market: 'MN', picklistId: 7, baseVersion: 4, lines: [{ picklist_item_id: item, no_of_cases: 2, reason_id: 11 }], db });
    }
    await requestOutboxReplay();
    expect(sends).toHaveLength(1);
    expect(await db.entries.where({ userId: 'picker', status: 'pending' }).count()).toBe(2);
  });
});

