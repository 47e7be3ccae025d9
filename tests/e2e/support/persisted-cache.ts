// What the app has put in IndexedDB for a start with no signal: the ids of the picklists whose detail is
// in the persisted query cache ('gv-query-cache', see src/client/lib/query-persistence.ts). Read with a
// fresh connection each time, so that a read that fails is only a read that found nothing yet.
import type { Page } from 'playwright-core';

export function persistedPicklistIds(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('gv-query-cache');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const read = open.result.transaction('clients').objectStore('clients').get('react-query');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            const queries = (read.result?.clientState?.queries ?? []) as { queryKey: unknown[] }[];
            open.result.close();
            resolve(queries.filter((query) => query.queryKey[0] === 'picklists' && query.queryKey[1] === 'detail').map((query) => query.queryKey[3] as number));
          };
        };
      }),
  );
}
