// Keeps the query cache in IndexedDB so that what a user has opened (picklists above all) is there
// with no signal and after a reload. Cleared on logout.
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openDB } from 'idb';

const DB_NAME = 'gv-query-cache';
const STORE = 'clients';
const KEY = 'react-query';

const database = () => openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore(STORE) });

export const idbPersister: Persister = {
  async persistClient(client: PersistedClient) {
    await (await database()).put(STORE, client, KEY);
  },
  async restoreClient() {
    return (await (await database()).get(STORE, KEY)) as PersistedClient | undefined;
  },
  async removeClient() {
    await (await database()).delete(STORE, KEY);
  },
};

/** Persisted data older than this is dropped on start; gcTime must be at least as long. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
