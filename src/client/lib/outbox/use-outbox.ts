// The outbox as components see it, kept current by Dexie's live queries (in this tab and the others).
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { lastSyncKey, outboxDb, type OutboxDatabase, type OutboxEntry } from './outbox-db';

function useLive<T>(query: () => Promise<T>, key: string, initial: T): T {
  const [value, setValue] = useState<{ key: string; value: T }>({ key, value: initial });
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (next) => setValue({ key, value: next }),
      // The outbox is unreadable (private mode, storage cleared): show nothing rather than break the page.
      error: () => setValue({ key, value: initial }),
    });
    return () => subscription.unsubscribe();
    // The query is named by its key; a new closure for the same key must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value.key === key ? value.value : initial;
}

const NO_ENTRIES: OutboxEntry[] = [];

/** Every entry of the user, oldest first: pending, conflicting and rejected. */
export function useOutboxEntries(userId: string, db: OutboxDatabase = outboxDb): OutboxEntry[] {
  return useLive(() => db.entries.filter((entry) => entry.userId === userId).toArray(), `entries:${db.name}:${userId}`, NO_ENTRIES);
}

/** When the last replay of this user's edits succeeded (epoch ms), or null. */
export function useLastSync(userId: string, db: OutboxDatabase = outboxDb): number | null {
  return useLive(async () => (await db.meta.get(lastSyncKey(userId)))?.value ?? null, `last-sync:${db.name}:${userId}`, null);
}
