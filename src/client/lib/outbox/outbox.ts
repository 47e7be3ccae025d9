// Putting edits in the outbox and settling the ones the server would not take: a conflict is resolved by
// the user keeping theirs (sent again on top of the server's version) or taking the server's; a rejected
// edit is only removed when the user dismisses it.
import { outboxDb, type OutboxDatabase, type OutboxEntry } from './outbox-db';

export type NewOutboxEntry = Omit<OutboxEntry, 'seq' | 'status' | 'createdAt' | 'attempts' | 'lastError' | 'serverState'>;

export async function enqueue(entry: NewOutboxEntry, db: OutboxDatabase = outboxDb, now = Date.now()): Promise<OutboxEntry> {
  const stored: OutboxEntry = { ...entry, status: 'pending', createdAt: now, attempts: 0 };
  stored.seq = await db.entries.add(stored);
  return stored;
}

/** Keep mine: send it again as an edit of the server's current version. */
export async function keepMine(seq: number, serverVersion: number, db: OutboxDatabase = outboxDb): Promise<void> {
  await db.entries.update(seq, { status: 'pending', baseVersion: serverVersion, serverState: undefined, lastError: undefined });
}

/** Take the server's: my edit is withdrawn. */
export async function takeTheirs(seq: number, db: OutboxDatabase = outboxDb): Promise<void> {
  await db.entries.delete(seq);
}

/** The user has read why the server refused an edit, and lets it go. */
export async function dismissRejected(seq: number, db: OutboxDatabase = outboxDb): Promise<void> {
  const entry = await db.entries.get(seq);
  if (entry?.status === 'rejected') await db.entries.delete(seq);
}
