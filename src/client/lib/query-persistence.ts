// Keeps the query cache in IndexedDB so that what a user has opened (picklists above all) is there
// with no signal and after a reload. Cleared on logout.
//
// The cache is written whole, and TanStack asks for a write on every change: the prefetch of a market's
// open picklists alone makes hundreds of changes, each a larger copy than the last. A change is written
// at once (a reload or an app kill a moment later must find it), but while a write is under way the
// changes after it wait, and only the newest of them is written when it is done.
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';

const DB_NAME = 'gv-query-cache';
const STORE = 'clients';
const KEY = 'react-query';

let opened: Promise<IDBPDatabase> | null = null;
const database = () => (opened ??= openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore(STORE) }).catch((error: unknown) => {
  opened = null;
  throw error;
}));

let newest: PersistedClient | null = null;
let writing: Promise<void> | null = null;

/** Writes copies one after another, each time the newest one waiting, until none waits. */
async function writeWaiting(): Promise<void> {
  try {
    for (let client = newest; client; client = newest) {
      newest = null;
      await (await database()).put(STORE, client, KEY);
    }
  } finally {
    writing = null;
  }
}

export const idbPersister: Persister = {
  persistClient(client: PersistedClient) {
    newest = client;
    writing ??= writeWaiting().catch(() => undefined);
    return writing;
  },
  async restoreClient() {
    return (await (await database()).get(STORE, KEY)) as PersistedClient | undefined;
  },
  async removeClient() {
    // A copy still waiting must not bring the cache back after it was cleared (logout).
    newest = null;
    await writing;
    await (await database()).delete(STORE, KEY);
  },
};

/** Persisted data older than this is dropped on start; gcTime must be at least as long. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
