// Puts the market's open picklists on the phone while there is signal, so a picker walking into the vault
// can open any of them with none: the register as it first opens, and every open picklist's detail, in
// the query cache that is persisted to IndexedDB.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListQuery } from '../../../shared/api/common';
import type { PicklistDetail, PicklistRow } from '../../../shared/api/picklists';
import { OPEN_PICKLIST_STATUSES, type MarketCode } from '../../../shared/enums';
import { toListQuery } from '../../components/ui/data-table/table-search';
import { DEFAULT_TABLE_STATE } from '../../components/ui/data-table/table-state';
import { fetchPicklistRegister, PICKLIST_REGISTER_KEY, picklistDetailKey, picklistDetailQueryOptions } from './picklist-cache';
import { announceReadyOffline } from './saved-picklists';
import { requestOutboxReplay } from './sync';

/**
 * At most this many picklists are kept: those with the nearest delivery dates (overdue first). A shift
 * picks far fewer than this, and a market with thousands open would otherwise fill the phone's storage
 * and spend its battery on picklists nobody will open today. The rest still open when there is signal.
 */
const PREFETCH_LIMIT = 300;
const PAGE_SIZE = 100;
/** Details fetched at once: enough to finish quickly, few enough not to crowd out the screen's own calls. */
const CONCURRENCY = 4;
/** Let the first screen have the network first. */
const PREFETCH_DELAY_MS = 2_000;
/** While the app stays open and online, the open picklists are looked at again this often. */
const PREFETCH_INTERVAL_MS = 10 * 60_000;

function openPicklistsQuery(page: number): ListQuery {
  return {
    pagination: { page, pageSize: PAGE_SIZE },
    columnFilter: [{ column: 'pick_status_label', type: 'select', value: [...OPEN_PICKLIST_STATUSES] }],
    sort: [{ column: 'requested_delivery_date', order: 'asc' }],
  };
}

async function eachWithConcurrency<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>, signal: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal.aborted) {
      const item = items[next++]!;
      await work(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** `total`: the market's open picklists; `open`: those kept (up to the limit); `saved`: those whose copy is on the device. */
type PrefetchReport = { total: number; open: number; fetched: number; saved: number };

async function prefetchOpenPicklists(queryClient: QueryClient, market: MarketCode, userId: string, signal: AbortSignal): Promise<PrefetchReport> {
  // Waiting edits first: the copies fetched below then already hold them.
  await requestOutboxReplay();

  const firstView = toListQuery(DEFAULT_TABLE_STATE);
  await queryClient.fetchQuery({
    queryKey: [...PICKLIST_REGISTER_KEY, market, firstView],
    queryFn: ({ signal: querySignal }) => fetchPicklistRegister(firstView, { signal: querySignal, market }),
    staleTime: 30_000,
    retry: false,
  });

  const open: PicklistRow[] = [];
  let total = 0;
  for (let page = 1; open.length < PREFETCH_LIMIT && !signal.aborted; page += 1) {
    const query = openPicklistsQuery(page);
    const answer = await fetchPicklistRegister(query, { signal, market });
    // Stopped meanwhile (signed out, market switched): nothing is written back into a cache just cleared.
    if (signal.aborted) break;
    // Kept under the register's key as well, so that with no signal a search or filter of the register
    // finds every open picklist saved here, not only those of pages the picker happened to open.
    queryClient.setQueryData([...PICKLIST_REGISTER_KEY, market, query], answer);
    const { data, pagination } = answer;
    total = pagination.totalRecords;
    open.push(...data);
    if (data.length < PAGE_SIZE || open.length >= pagination.totalRecords) break;
  }

  // Only what is missing or has changed since it was cached (the register row carries the version).
  const stale = open.slice(0, PREFETCH_LIMIT).filter((row) => {
    const cached = queryClient.getQueryData<PicklistDetail>(picklistDetailKey(market, row.picklist_id));
    return !cached || cached.version < row.version;
  });
  await eachWithConcurrency(stale, CONCURRENCY, (row) => queryClient.fetchQuery({ ...picklistDetailQueryOptions(row.picklist_id, market, userId), staleTime: 0, retry: false }), signal);
  const kept = open.slice(0, PREFETCH_LIMIT);
  const saved = kept.filter((row) => queryClient.getQueryData(picklistDetailKey(market, row.picklist_id)) !== undefined).length;
  return { total: Math.max(total, kept.length), open: kept.length, fetched: stale.length, saved };
}

/**
 * The app shell's hook: prefetches shortly after start, again when the signal returns, on a market switch
 * (the market is a dependency) and every PREFETCH_INTERVAL_MS. Only for users who may open picklists.
 */
export function useOpenPicklistsPrefetch({ enabled, market, userId }: { enabled: boolean; market: MarketCode; userId: string }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let controller: AbortController | null = null;
    const run = () => {
      if (!navigator.onLine) return;
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      void prefetchOpenPicklists(queryClient, market, userId, mine.signal)
        // Ready offline only once every open picklist of the market is on the device (not when more are open than
        // are kept, nor when one failed: it is fetched again on the next run).
        .then((report) => (mine.signal.aborted || report.saved < report.total ? undefined : announceReadyOffline(userId, report.saved)))
        .catch(() => undefined);
    };
    const timer = window.setTimeout(run, PREFETCH_DELAY_MS);
    const interval = window.setInterval(run, PREFETCH_INTERVAL_MS);
    window.addEventListener('online', run);
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(interval);
      window.removeEventListener('online', run);
      controller?.abort();
    };
  }, [enabled, market, userId, queryClient]);
}
