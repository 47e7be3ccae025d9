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

async function replayNow({ db, userId, send, onApplied, now = Date.now }: ReplayOptions): Promise<ReplayReport> {
  const report: ReplayReport = { applied: 0, conflicts: 0, rejected: 0, remaining: 0, stoppedEarly: false };
  for (;;) {
    const entry = await db.entries.where({ userId, status: 'pending' }).first();
    if (!entry) break;
    const result = await send(entry).catch((error: unknown): SendResult => ({ kind: 'unreachable', message: error instanceof Error ? error.message : String(error) }));
    if (result.kind === 'unreachable') {
      await db.entries.update(entry.seq!, { attempts: entry.attempts + 1, lastError: result.message });
      report.stoppedEarly = true;
      break;
    }
    if (result.kind === 'applied') {
      await db.transaction('rw', db.entries, db.meta, async () => {
        await db.entries.delete(entry.seq!);
        // Later edits of the same resource were made on top of this one, on the same base version:
        // they now stand on the version this one produced.
        if (result.version !== null && entry.baseVersion !== null) {
          await db.entries
            .where({ resource: entry.resource })
            .filter((other) => other.status === 'pending' && other.userId === userId && other.baseVersion === entry.baseVersion)
            .modify({ baseVersion: result.version });
        }
        await db.meta.put({ key: lastSyncKey(userId), value: now() });
      });
      report.applied += 1;
      await onApplied?.(entry, result);
      continue;
    }
    if (result.kind === 'conflict') {
      await db.entries.update(entry.seq!, { status: 'conflict', serverState: result.serverState, lastError: result.message, attempts: entry.attempts + 1 });
      report.conflicts += 1;
      continue;
    }
    await db.entries.update(entry.seq!, { status: 'rejected', lastError: result.message, attempts: entry.attempts + 1 });
    report.rejected += 1;
  }
  report.remaining = await db.entries.where({ userId, status: 'pending' }).count();
  return report;
}
