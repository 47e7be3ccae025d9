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

async function replayNow({ db, userId, send, onApplied, now = Date.now }: ReplayOptions): Promise<ReplayReport> {
  const report: ReplayReport = { applied: 0, conflicts: 0, rejected: 0, remaining: 0, stoppedEarly: false };
  for (;;) {
    // Oldest first: entries with the same index key come in primary key (seq) order.
    const batch = await db.entries.where({ userId, status: 'pending' }).limit(COMMIT_EVERY).toArray();
    if (batch.length === 0) break;
    const finished = await replayBatch({ db, userId, send, onApplied, now }, batch, report);
    if (!finished) break;
  }
  report.remaining = await db.entries.where({ userId, status: 'pending' }).count();
  return report;
}

/**
 * The versions applied edits moved each resource through: an edit made on version b and applied as V moves
 * every waiting edit of that resource that stands on b onto V (they were made on top of it).
 */
class Rebases {
  private readonly moves = new Map<string, Map<number, number>>();

  /** The version an edit made on `base` stands on now. */
  current(resource: string, base: number | null): number | null {
    const moves = this.moves.get(resource);
    let version = base;
    // Versions only grow, so the chain ends; the bound guards against a server that says otherwise.
    for (let step = 0; version !== null && moves?.has(version) && step < 10_000; step += 1) version = moves.get(version)!;
    return version;
  }

  record(resource: string, from: number, to: number): void {
    if (from === to) return;
    let moves = this.moves.get(resource);
    if (!moves) this.moves.set(resource, (moves = new Map()));
    moves.set(from, to);
  }

  resources(): string[] {
    return [...this.moves.keys()];
  }
}

/**
 * Picklists whose edits are sent side by side. Edits of one picklist go one at a time, in order (each
 * stands on the version the one before produced); edits of different picklists touch different items.
 */
export const REPLAY_LANES = 4;

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
  { db, userId, send, onApplied, now }: Required<Omit<ReplayOptions, 'onApplied'>> & Pick<ReplayOptions, 'onApplied'>,
  batch: OutboxEntry[],
  report: ReplayReport,
): Promise<boolean> {
  const applied: { entry: OutboxEntry; result: Extract<SendResult, { kind: 'applied' }> }[] = [];
  // Kept for the whole batch: its later entries are copies read before any commit, on their old bases.
  const rebases = new Rebases();
  let stopped = false;

  // Commits run one after another, whichever lane asks.
  let committing: Promise<void> = Promise.resolve();
  const commit = () => (committing = committing.then(commitApplied));
  async function commitApplied(): Promise<void> {
    if (applied.length === 0) return;
    const settled = applied.splice(0);
    await db.transaction('rw', db.entries, db.meta, async () => {
      await db.entries.bulkDelete(settled.map(({ entry }) => entry.seq!));
      for (const resource of new Set(settled.map(({ entry }) => entry.resource))) {
        await db.entries
          .where({ resource })
          .filter((other) => other.status === 'pending' && other.userId === userId && other.baseVersion !== null)
          .modify((other) => {
            other.baseVersion = rebases.current(resource, other.baseVersion);
          });
      }
      await db.meta.put({ key: lastSyncKey(userId), value: now() });
    });
    // The cache takes each resource's newest server copy once, with what still waits laid over it.
    const newest = new Map(settled.map((item) => [item.entry.resource, item]));
    for (const { entry, result } of newest.values()) await onApplied?.(entry, result);
  }

  async function sendInOrder(group: readonly OutboxEntry[]): Promise<void> {
    for (const stored of group) {
      if (stopped) return;
      const base = rebases.current(stored.resource, stored.baseVersion);
      const entry = base === stored.baseVersion ? stored : { ...stored, baseVersion: base };
      const result = await send(entry).catch((error: unknown): SendResult => ({ kind: 'unreachable', message: error instanceof Error ? error.message : String(error) }));
      if (result.kind === 'applied') {
        applied.push({ entry, result });
        if (result.version !== null && base !== null) rebases.record(stored.resource, base, result.version);
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
