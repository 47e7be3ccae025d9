// Sends waiting edits to the server, oldest first, one replay at a time across tabs. Each answer decides
// the entry's fate: applied (removed), conflict or rejected (kept, shown to the user), or no answer
// (kept for the next replay). Nothing is dropped without the server having it or the user deciding.
import { lastSyncKey, type OutboxDatabase, type OutboxEntry } from './outbox-db';

export type SendResult =
  /** Applied; `version` is the resource's version after it. */
  | { kind: 'applied'; version: number | null; data: unknown }
  | { kind: 'conflict'; serverState: unknown; message: string }
  | { kind: 'rejected'; message: string }
  /** No answer (offline, timeout, server down): try again later. */
  | { kind: 'unreachable'; message: string };

export type ReplayOptions = {
  db: OutboxDatabase;
  userId: string;
  send: (entry: OutboxEntry) => Promise<SendResult>;
  /**
   * Sends several waiting edits of one resource in one call, when the server can take them so: one
   * result per entry, in order, applied as one after another would be; fewer (ending with 'unreachable')
   * when the call got no answer. Without it, or for a lone entry, `send` is used.
   */
  sendMany?: (entries: OutboxEntry[]) => Promise<SendResult[]>;
  /** Called after each applied entry, to update cached data. */
  onApplied?: (entry: OutboxEntry, result: Extract<SendResult, { kind: 'applied' }>) => void | Promise<void>;
  now?: () => number;
};

export type ReplayReport = { applied: number; conflicts: number; rejected: number; remaining: number; stoppedEarly: boolean };

async function withReplayLock<T>(work: () => Promise<T>): Promise<T | null> {
  // Two tabs replaying at once would send the same entries twice; the server would answer the second
  // from its idempotency store, but one sender is calmer.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('gv-outbox-replay', { ifAvailable: true }, async (lock) => (lock ? work() : null));
  }
  return work();
}

let replaying: Promise<ReplayReport | null> | null = null;

export function replayOutbox(options: ReplayOptions): Promise<ReplayReport | null> {
  replaying ??= withReplayLock(() => replayNow(options)).finally(() => {
    replaying = null;
  });
  return replaying;
}

/**
 * Applied edits are committed to the outbox together, this many at most. Each commit wakes every live query
 * of the outbox (the header's count, each item's marker), which read it whole: committing edit by edit made
 * a long replay quadratic. Committing later is safe: an edit the server applied but the outbox still holds
 * (the app killed mid-batch) is sent again with its Idempotency-Key, and the server answers it from its
 * store without applying it twice.
 */
export const COMMIT_EVERY = 50;

async function replayNow({ db, userId, send, sendMany, onApplied, now = Date.now }: ReplayOptions): Promise<ReplayReport> {
  const report: ReplayReport = { applied: 0, conflicts: 0, rejected: 0, remaining: 0, stoppedEarly: false };
  for (;;) {
    // Oldest first: entries with the same index key come in primary key (seq) order.
    const batch = await db.entries.where({ userId, status: 'pending' }).limit(COMMIT_EVERY).toArray();
    if (batch.length === 0) break;
    const finished = await replayBatch({ db, userId, send, sendMany, onApplied, now }, batch, report);
    if (!finished) break;
  }
  report.remaining = await db.entries.where({ userId, status: 'pending' }).count();
  return report;
}

/**
 * Picklists whose edits are sent side by side. Edits of one picklist go in order, in one call when the
 * sender can take several, each with the version it was made on: the server tells the picker's own
 * earlier picks from someone else's. Edits of different picklists touch different items.
 */
const REPLAY_LANES = 4;

/** Edits grouped by resource, each group in the order it was entered, groups in order of their first edit. */
function byResource(batch: readonly OutboxEntry[]): OutboxEntry[][] {
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of batch) {
    const group = groups.get(entry.resource);
    if (group) group.push(entry);
    else groups.set(entry.resource, [entry]);
  }
  return [...groups.values()];
}

/** Sends one batch; false when it stopped for want of an answer. */
async function replayBatch(
  { db, userId, send, sendMany, onApplied, now }: Required<Omit<ReplayOptions, 'onApplied' | 'sendMany'>> & Pick<ReplayOptions, 'onApplied' | 'sendMany'>,
  batch: OutboxEntry[],
  report: ReplayReport,
): Promise<boolean> {
  const applied: { entry: OutboxEntry; result: Extract<SendResult, { kind: 'applied' }> }[] = [];
  let stopped = false;

  // Commits run one after another, whichever lane asks.
  let committing: Promise<void> = Promise.resolve();
  const commit = () => (committing = committing.then(commitApplied));
  async function commitApplied(): Promise<void> {
    if (applied.length === 0) return;
    const settled = applied.splice(0);
    await db.transaction('rw', db.entries, db.meta, async () => {
      await db.entries.bulkDelete(settled.map(({ entry }) => entry.seq!));
      await db.meta.put({ key: lastSyncKey(userId), value: now() });
    });
    // The cache takes each resource's newest server copy once, with what still waits laid over it.
    const newest = new Map(settled.map((item) => [item.entry.resource, item]));
    for (const { entry, result } of newest.values()) await onApplied?.(entry, result);
  }

  const unanswered = (error: unknown): SendResult => ({ kind: 'unreachable', message: error instanceof Error ? error.message : String(error) });

  /** The group's results, one call for all of them when it can be, else entry by entry as they settle. */
  async function* resultsOf(group: readonly OutboxEntry[]): AsyncGenerator<SendResult> {
    if (sendMany && group.length > 1) {
      const results = await sendMany([...group]).catch((error: unknown) => [unanswered(error)]);
      yield* results.length > 0 ? results : [unanswered(new Error('The server answered none of the edits.'))];
      return;
    }
    for (const stored of group) {
      if (stopped) return;
      yield await send(stored).catch(unanswered);
    }
  }

  async function sendInOrder(group: readonly OutboxEntry[]): Promise<void> {
    let index = 0;
    for await (const result of resultsOf(group)) {
      // An answer that arrived is settled even when another lane has stopped the replay meanwhile.
      const stored = group[index++];
      if (!stored) return;
      if (result.kind === 'applied') {
        applied.push({ entry: stored, result });
        report.applied += 1;
        continue;
      }
      // Whatever else happens, what the server already applied is settled first.
      await commit();
      if (result.kind === 'unreachable') {
        stopped = true;
        await db.entries.update(stored.seq!, { attempts: stored.attempts + 1, lastError: result.message });
        report.stoppedEarly = true;
        return;
      }
      if (result.kind === 'conflict') {
        await db.entries.update(stored.seq!, { status: 'conflict', serverState: result.serverState, lastError: result.message, attempts: stored.attempts + 1 });
        report.conflicts += 1;
        continue;
      }
      await db.entries.update(stored.seq!, { status: 'rejected', lastError: result.message, attempts: stored.attempts + 1 });
      report.rejected += 1;
    }
  }

  const groups = byResource(batch);
  const lanes = Array.from({ length: Math.min(REPLAY_LANES, groups.length) }, async () => {
    for (let group = groups.shift(); group; group = groups.shift()) await sendInOrder(group);
  });
  await Promise.all(lanes);
  await commit();
  return !stopped;
}
