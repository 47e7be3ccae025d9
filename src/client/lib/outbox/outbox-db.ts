// The offline outbox's storage: edits wait here, in IndexedDB, until the server has them. It survives
// reloads, the app being killed and signing in again; nothing is removed until the server answered.
import Dexie, { type Table } from 'dexie';

type OutboxStatus =
  /** Waiting to be sent (or being sent). */
  | 'pending'
  /** The server's copy changed underneath: the user chooses between theirs and the server's. */
  | 'conflict'
  /** The server refused it for a reason sending again will not change: shown with the reason. */
  | 'rejected';

export type OutboxEntry = {
  /** Order of entry: replayed oldest first. */
  seq?: number;
  /** Made on the device; sent as the Idempotency-Key, so a replay is never applied twice. */
  id: string;
  userId: string;
  market: string;
  body: unknown;
  /** What the edit is about ('picklist:12'): the call it is sent with, and per-resource markers. */
  resource: string;
  /** The parts it touches (item ids), for per-item markers. */
  parts: string[];
  /** The resource version it was made on; sent as If-Match. */
  baseVersion: number | null;
  status: OutboxStatus;
  createdAt: number;
  attempts: number;
  lastError?: string;
  /** On a conflict: the server's current copy, as it answered. */
  serverState?: unknown;
};

export type OutboxMeta = { key: string; value: number };

export class OutboxDatabase extends Dexie {
  entries!: Table<OutboxEntry, number>;
  meta!: Table<OutboxMeta, string>;

  constructor(name = 'gv-outbox') {
    super(name);
    this.version(1).stores({
      entries: '++seq, &id, [userId+status], resource',
      meta: 'key',
    });
  }
}

export const outboxDb = new OutboxDatabase();

export const lastSyncKey = (userId: string) => `last-sync:${userId}`;
