import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, keepMine, takeTheirs } from './outbox';
import { lastSyncKey, OutboxDatabase, type OutboxEntry } from './outbox-db';
import { COMMIT_EVERY, replayOutbox, type SendResult } from './replay';

let db: OutboxDatabase;
let counter = 0;

beforeEach(() => {
  db = new OutboxDatabase(`test-outbox-${(counter += 1)}`);
});
afterEach(async () => {
  await db.delete();
});

const edit = (id: string, overrides: Partial<OutboxEntry> = {}) =>
  enqueue(
    { id, userId: 'picker', market: 'MN', body: { id }, resource: 'picklist:7', parts: ['1'], baseVersion: 5, ...overrides },
    db,
  );

describe('outbox replay', () => {
  it('sends edits oldest first, removes each the server applied, and records when the last sync succeeded', async () => {
    await edit('a');
    await edit('b', { resource: 'picklist:8' });
    const sent: string[] = [];
    const report = await replayOutbox({ db, userId: 'picker', now: () => 42, send: async (entry) => (sent.push(entry.id), { kind: 'applied', version: 6, data: null }) });
    expect(sent).toEqual(['a', 'b']);
    expect(report).toMatchObject({ applied: 2, remaining: 0, stoppedEarly: false });
    expect(await db.entries.count()).toBe(0);
    expect((await db.meta.get(lastSyncKey('picker')))?.value).toBe(42);
  });

  it('keeps everything when there is no answer, counting the attempt, and stops there', async () => {
    await edit('a');
    await edit('b');
    const send = vi.fn(async (): Promise<SendResult> => ({ kind: 'unreachable', message: "You're offline" }));
    const report = await replayOutbox({ db, userId: 'picker', send });
    expect(send).toHaveBeenCalledTimes(1);
    expect(report).toMatchObject({ applied: 0, remaining: 2, stoppedEarly: true });
    const [first] = await db.entries.toArray();
    expect(first).toMatchObject({ id: 'a', status: 'pending', attempts: 1, lastError: "You're offline" });
  });

  it('treats a thrown error as no answer, never as success', async () => {
    await edit('a');
    await replayOutbox({ db, userId: 'picker', send: async () => Promise.reject(new Error('socket hang up')) });
    expect(await db.entries.count()).toBe(1);
  });

  it('marks a conflict with the server state and goes on with the rest', async () => {
    await edit('a');
    await edit('b', { resource: 'picklist:8' });
    const report = await replayOutbox({
      db,
      userId: 'picker',
      send: async (entry) => (entry.id === 'a' ? { kind: 'conflict', serverState: { version: 9 }, message: 'changed' } : { kind: 'applied', version: 2, data: null }),
    });
    expect(report).toMatchObject({ applied: 1, conflicts: 1, remaining: 0 });
    expect(await db.entries.toArray()).toEqual([expect.objectContaining({ id: 'a', status: 'conflict', serverState: { version: 9 } })]);
  });

  it('keeps a rejected edit, with the reason, until the user dismisses it', async () => {
    await edit('a');
    await replayOutbox({ db, userId: 'picker', send: async () => ({ kind: 'rejected', message: 'Items with picked quantity less than ordered quantity require a reason' }) });
    expect(await db.entries.toArray()).toEqual([expect.objectContaining({ status: 'rejected', lastError: 'Items with picked quantity less than ordered quantity require a reason' })]);
  });

  it('sends every edit with the version it was made on, and leaves the waiting ones as they were made', async () => {
    // The server tells the picker's own earlier picks from someone else's: nothing is moved onto the
    // versions the picker's applied edits produced (that would hide another picker's change in between).
    await edit('on-5');
    await edit('on-6', { baseVersion: 6 });
    await edit('on-5-again');
    await edit('elsewhere', { resource: 'picklist:8' });
    const bases: Record<string, number | null> = {};
    const report = await replayOnce((entry) => {
      bases[entry.id] = entry.baseVersion;
      return entry.id === 'on-5-again' ? { kind: 'unreachable', message: 'timeout' } : { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null };
    });
    expect(bases).toEqual({ 'on-5': 5, 'on-6': 6, 'on-5-again': 5, elsewhere: 5 });
    expect(report).toMatchObject({ applied: 3, remaining: 1 });
    expect(await db.entries.toArray()).toEqual([expect.objectContaining({ id: 'on-5-again', baseVersion: 5 })]);
  });

  it("replays only the signed-in user's edits", async () => {
    await edit('mine');
    await edit('theirs', { userId: 'someone-else' });
    const sent: string[] = [];
    await replayOutbox({ db, userId: 'picker', send: async (entry) => (sent.push(entry.id), { kind: 'applied', version: 1, data: null }) });
    expect(sent).toEqual(['mine']);
    expect(await db.entries.count()).toBe(1);
  });

  it('runs one replay at a time: a second call while one runs shares it', async () => {
    await edit('a');
    let release!: () => void;
    const send = vi.fn(() => new Promise<SendResult>((resolve) => (release = () => resolve({ kind: 'applied', version: 6, data: null }))));
    const first = replayOutbox({ db, userId: 'picker', send });
    const second = replayOutbox({ db, userId: 'picker', send });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    release();
    expect(await first).toEqual(await second);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('resolves a conflict either way: keep mine sends it again on the server version, take theirs withdraws it', async () => {
    const mine = await edit('mine');
    const theirs = await edit('theirs', { resource: 'picklist:8' });
    await db.entries.update(mine.seq!, { status: 'conflict' });
    await db.entries.update(theirs.seq!, { status: 'conflict' });
    await keepMine(mine.seq!, 12, db);
    await takeTheirs(theirs.seq!, db);
    expect(await db.entries.toArray()).toEqual([expect.objectContaining({ id: 'mine', status: 'pending', baseVersion: 12 })]);
  });
});

describe('outbox replay of a long queue', () => {
  it('removes what the server applied before stopping for want of an answer, so only the rest is sent again', async () => {
    for (const id of ['a', 'b', 'c', 'd']) await edit(id);
    const report = await replayOutbox({
      db,
      userId: 'picker',
      send: async (entry) => (entry.id === 'c' ? { kind: 'unreachable', message: 'timeout' } : { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null }),
    });
    expect(report).toMatchObject({ applied: 2, remaining: 2, stoppedEarly: true });
    expect(await db.entries.toArray()).toEqual([
      expect.objectContaining({ id: 'c', status: 'pending', attempts: 1, baseVersion: 5 }),
      expect.objectContaining({ id: 'd', status: 'pending', attempts: 0, baseVersion: 5 }),
    ]);
  });

  it(`sends ${COMMIT_EVERY * 2 + 5} edits exactly once each, each picklist's in the order entered, and tells the cache each picklist's newest copy`, async () => {
    const total = COMMIT_EVERY * 2 + 5;
    for (let index = 0; index < total; index += 1) await edit(`e${index}`, { resource: `picklist:${index % 3}` });
    const sent: { id: string; resource: string }[] = [];
    const told: string[] = [];
    const report = await replayOutbox({
      db,
      userId: 'picker',
      send: async (entry) => (sent.push({ id: entry.id, resource: entry.resource }), { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: entry.id }),
      onApplied: (entry, result) => void told.push(`${entry.resource}:${String(result.data)}`),
    });
    expect(sent.map(({ id }) => id).sort()).toEqual(Array.from({ length: total }, (_, index) => `e${index}`).sort());
    for (const resource of ['picklist:0', 'picklist:1', 'picklist:2']) {
      const ids = sent.filter((item) => item.resource === resource).map(({ id }) => Number(id.slice(1)));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(report).toMatchObject({ applied: total, remaining: 0 });
    expect(await db.entries.count()).toBe(0);
    // The last copy told for each picklist is that of its last edit.
    const lastTold = new Map(told.map((item) => [item.slice(0, item.lastIndexOf(':')), item.slice(item.lastIndexOf(':') + 1)]));
    expect(Object.fromEntries(lastTold)).toEqual({ 'picklist:0': `e${total - 3}`, 'picklist:1': `e${total - 2}`, 'picklist:2': `e${total - 1}` });
  });

  it('sends different picklists side by side, but never two edits of one picklist at once', async () => {
    await edit('7-first');
    await edit('8-first', { resource: 'picklist:8' });
    await edit('7-second');
    const inFlight = new Set<string>();
    const overlaps: string[] = [];
    let sawBothPicklists = false;
    const releases: (() => void)[] = [];
    const replay = replayOutbox({
      db,
      userId: 'picker',
      send: (entry) => {
        if (inFlight.has(entry.resource)) overlaps.push(entry.id);
        inFlight.add(entry.resource);
        if (inFlight.size > 1) sawBothPicklists = true;
        return new Promise<SendResult>((resolve) =>
          releases.push(() => {
            inFlight.delete(entry.resource);
            resolve({ kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null });
          }),
        );
      },
    });
    // Both picklists' first edits are out before either answers.
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await replay).toMatchObject({ applied: 3, remaining: 0 });
    expect(sawBothPicklists).toBe(true);
    expect(overlaps).toEqual([]);
  });

  it('starts nothing more once a send gets no answer, and keeps what was not applied', async () => {
    await edit('7-a');
    await edit('8-a', { resource: 'picklist:8' });
    await edit('7-b');
    await edit('8-b', { resource: 'picklist:8' });
    const sent: string[] = [];
    const report = await replayOutbox({
      db,
      userId: 'picker',
      send: async (entry) => {
        sent.push(entry.id);
        if (entry.id === '7-a') return { kind: 'unreachable', message: 'timeout' };
        // The other picklist's first edit is in flight when the first fails, and answers after it.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null };
      },
    });
    expect(sent).toEqual(['7-a', '8-a']);
    expect(report).toMatchObject({ applied: 1, stoppedEarly: true, remaining: 3 });
    expect((await db.entries.toArray()).map((entry) => entry.id)).toEqual(['7-a', '7-b', '8-b']);
  });
});

describe('outbox replay, several edits of a picklist in one call', () => {
  /** A server that applies each edit on the version the one before it produced, as POST /picklist/{id}/edits does. */
  function batchServer(outcome: (entry: OutboxEntry) => SendResult | null = () => null) {
    const calls: { ids: string[]; bases: (number | null)[] }[] = [];
    const versions = new Map<string, number>();
    const sendMany = async (entries: OutboxEntry[]): Promise<SendResult[]> => {
      calls.push({ ids: entries.map((entry) => entry.id), bases: entries.map((entry) => entry.baseVersion) });
      return entries.map((entry) => {
        const decided = outcome(entry);
        if (decided) return decided;
        const version = (versions.get(entry.resource) ?? entry.baseVersion ?? 0) + 1;
        versions.set(entry.resource, version);
        return { kind: 'applied', version, data: `${entry.resource}@${version}` };
      });
    };
    return { calls, sendMany };
  }
  const sendOne = vi.fn(async (entry: OutboxEntry): Promise<SendResult> => ({ kind: 'applied', version: (entry.baseVersion ?? 0) + 1, data: null }));

  it("sends each picklist's waiting edits in one call, in the order entered, a lone edit on its own", async () => {
    for (const id of ['7-a', '7-b', '7-c']) await edit(id);
    await edit('8-a', { resource: 'picklist:8' });
    const server = batchServer();
    sendOne.mockClear();
    const report = await replayOutbox({ db, userId: 'picker', send: sendOne, sendMany: server.sendMany });
    expect(server.calls).toEqual([{ ids: ['7-a', '7-b', '7-c'], bases: [5, 5, 5] }]);
    expect(sendOne).toHaveBeenCalledTimes(1);
    expect(sendOne.mock.calls[0]![0].id).toBe('8-a');
    expect(report).toMatchObject({ applied: 4, remaining: 0, stoppedEarly: false });
    expect(await db.entries.count()).toBe(0);
  });

  it(`sends at most ${COMMIT_EVERY} edits a call, each with the version it was made on`, async () => {
    sendOne.mockClear();
    for (let index = 0; index < COMMIT_EVERY + 3; index += 1) await edit(`e${index}`);
    const server = batchServer();
    const told: unknown[] = [];
    await replayOutbox({ db, userId: 'picker', send: sendOne, sendMany: server.sendMany, onApplied: (_entry, result) => void told.push(result.data) });
    // The outbox is read 50 at a time: the first call carries 50, the second the 3 left.
    expect(server.calls.map((call) => [call.ids.length, new Set(call.bases)])).toEqual([
      [COMMIT_EVERY, new Set([5])],
      [3, new Set([5])],
    ]);
    expect(sendOne).not.toHaveBeenCalled();
    expect(told).toEqual([`picklist:7@${5 + COMMIT_EVERY}`, `picklist:7@${8 + COMMIT_EVERY}`]);
  });

  it('settles what the call answered and keeps the rest when the answers stop short', async () => {
    for (const id of ['a', 'b', 'c', 'd']) await edit(id);
    const report = await replayOutbox({
      db,
      userId: 'picker',
      send: sendOne,
      sendMany: async () => [
        { kind: 'applied', version: 6, data: null },
        { kind: 'conflict', serverState: { version: 7 }, message: 'changed' },
        { kind: 'unreachable', message: 'The server did not answer this edit.' },
      ],
    });
    expect(report).toMatchObject({ applied: 1, conflicts: 1, stoppedEarly: true, remaining: 2 });
    expect(await db.entries.toArray()).toEqual([
      expect.objectContaining({ id: 'b', status: 'conflict', serverState: { version: 7 } }),
      expect.objectContaining({ id: 'c', status: 'pending', attempts: 1, baseVersion: 5 }),
      expect.objectContaining({ id: 'd', status: 'pending', attempts: 0, baseVersion: 5 }),
    ]);
  });

  it('keeps every edit when the call gets no answer at all, or throws', async () => {
    for (const id of ['a', 'b']) await edit(id);
    const none = await replayOutbox({ db, userId: 'picker', send: sendOne, sendMany: async () => [{ kind: 'unreachable', message: 'offline' }] });
    expect(none).toMatchObject({ applied: 0, remaining: 2, stoppedEarly: true });
    const thrown = await replayOutbox({ db, userId: 'picker', send: sendOne, sendMany: async () => Promise.reject(new Error('socket hang up')) });
    expect(thrown).toMatchObject({ applied: 0, remaining: 2, stoppedEarly: true });
    expect((await db.entries.toArray()).map((entry) => [entry.id, entry.status])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
    ]);
  });
});

function replayOnce(send: (entry: OutboxEntry) => SendResult) {
  return replayOutbox({ db, userId: 'picker', send: async (entry) => send(entry) });
}
