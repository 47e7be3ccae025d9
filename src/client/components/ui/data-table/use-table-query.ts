// Fetches one page of a server-side list for a DataTable: cached 5 minutes per market and list query,
// the previous page kept on screen while the next loads, and cached rows kept (with a toast and the
// table's banner) when a fetch fails.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListQuery } from '../../../../shared/api/common';
import type { MarketCode } from '../../../../shared/enums';
import type { CallOptions } from '../../../lib/api-client';
import { LIST_CACHE_MS } from '../../../lib/config';
import { isAbort } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useOnline } from '../../../lib/use-online';
import { showToast } from '../toast';
import { toListQuery, type ListQueryExtra } from './table-search';
import type { TableState } from './types';

const LOAD_FAILED_TITLE = 'Failed to load data';
const LOAD_FAILED_DESCRIPTION = 'Using cached data if available';
const LOAD_FAILED_TOAST_MS = 3_000;

/** What a list endpoint answers (the shared list envelope has these fields). */
export type ListPage<Row> = { data: Row[]; pagination: { totalRecords: number } };

export type UseTableQueryOptions<Row, E extends ListQueryExtra> = {
  /** The list's own key, e.g. ['orders', 'history']; the market and the list query are added to it. */
  queryKey: readonly unknown[];
  /** Called with the market of the query's key, so that a page is always asked of the market it is kept under. */
  fetchPage: (query: ListQuery & Partial<E>, options: Pick<CallOptions, 'signal' | 'market'>) => Promise<ListPage<Row>>;
  state: TableState;
  /** Endpoint-specific fields of the list query (tab, status, menuType). */
  extra?: E;
  enabled?: boolean;
  /**
   * How the list behaves with no signal. `noun` names its rows in the offline notice ('picklists'). With
   * `saved`, a view never fetched is answered from every row of the market saved on this device (search,
   * filters, sort and pages applied here); without it, such a view says that it is not saved.
   */
  offline?: { noun: string; saved?: SavedRows<Row, E> };
};

/** Answers a list query from the rows saved on the device, as the server would from all of them. */
type SavedRows<Row, E extends ListQueryExtra> = {
  idOf: (row: Row) => string | number;
  /** The rows the query selects, in its order (the page is cut here). */
  select: (rows: Row[], query: ListQuery & Partial<E>) => Row[];
};

/** What a list shows with no signal, for the table to say so. */
export type OfflineView = {
  noun: string;
  /** When the rows shown were fetched (the oldest of them); null: nothing is saved for this view. */
  savedAt: number | null;
  /** Searched, filtered and paged on the device over `savedCount` saved rows, rather than a saved page. */
  local: boolean;
  savedCount: number;
};

export type TableQueryResult<Row> = {
  rows: Row[];
  totalRecords: number;
  /** Nothing to show yet: the table shows skeleton rows. */
  isLoading: boolean;
  isFetching: boolean;
  /** The last fetch failed but cached rows are shown (DataTable's staleError). */
  staleError: unknown;
  /** The fetch failed and there is nothing cached: the page shows this. */
  error: unknown;
  retry: () => void;
  listQuery: ListQuery;
  /** Offline: where the rows come from (null online). */
  offline: OfflineView | null;
};

type Snapshot<Row> = { market: MarketCode; page: ListPage<Row> };

export function useTableQuery<Row, E extends ListQueryExtra = Record<never, never>>({ queryKey, fetchPage, state, extra, enabled = true, offline }: UseTableQueryOptions<Row, E>): TableQueryResult<Row> {
  const market = useCurrentMarket();
  const online = useOnline();
  const queryClient = useQueryClient();
  const listQuery = toListQuery(state, extra);
  const key = [...queryKey, market, listQuery];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchPage(listQuery, { signal, market }),
    staleTime: LIST_CACHE_MS,
    // keepPreviousData, except across a market switch: another market's rows must never show, even briefly.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[queryKey.length] === market ? previous : undefined),
    // With no signal a fetch could only wait (an endless progress bar): the saved copy answers instead.
    enabled: enabled && online,
  });

  // A failed fetch for a new page or filter has no data of its own; the last rows of this market stand in.
  const [lastGood, setLastGood] = useState<Snapshot<Row> | null>(null);
  if (query.data && !query.isPlaceholderData && (lastGood?.page !== query.data || lastGood.market !== market)) {
    setLastGood({ market, page: query.data });
  }
  const fallback = lastGood?.market === market ? lastGood.page : undefined;
  const failed = query.isError && !isAbort(query.error);
  const shown = query.data ?? (failed ? fallback : undefined);
  const staleError = failed && shown ? query.error : undefined;

  const errorStamp = query.errorUpdatedAt;
  const hasStaleError = staleError !== undefined;
  useEffect(() => {
    if (hasStaleError) showToast({ tone: 'warning', title: LOAD_FAILED_TITLE, description: LOAD_FAILED_DESCRIPTION, durationMs: LOAD_FAILED_TOAST_MS });
  }, [hasStaleError, errorStamp]);

  if (!online && enabled) {
    // A list that can answer from every saved row always does: a saved page beside pages cut from the saved
    // rows would disagree on totals and repeat or skip rows between pages.
    const savedPage = query.isPlaceholderData || offline?.saved ? undefined : query.data;
    if (savedPage) {
      return {
        rows: savedPage.data,
        totalRecords: savedPage.pagination.totalRecords,
        isLoading: false,
        isFetching: false,
        staleError: undefined,
        error: undefined,
        retry: () => void query.refetch(),
        listQuery,
        offline: { noun: offline?.noun ?? 'rows', savedAt: query.dataUpdatedAt, local: false, savedCount: savedPage.data.length },
      };
    }
    const local = offline?.saved ? answerFromSaved(queryClient, [...queryKey, market], offline.saved, listQuery) : null;
    return {
      rows: local?.rows ?? [],
      totalRecords: local?.total ?? 0,
      isLoading: false,
      isFetching: false,
      staleError: undefined,
      error: undefined,
      retry: () => void query.refetch(),
      listQuery,
      offline: { noun: offline?.noun ?? 'rows', savedAt: local && local.savedCount > 0 ? local.savedAt : null, local: local !== null, savedCount: local?.savedCount ?? 0 },
    };
  }

  return {
    rows: shown?.data ?? [],
    totalRecords: shown?.pagination.totalRecords ?? 0,
    isLoading: !shown && query.isPending && enabled,
    isFetching: query.isFetching,
    staleError,
    error: failed && !shown ? query.error : undefined,
    retry: () => void query.refetch(),
    listQuery,
    offline: null,
  };
}

/**
 * Every row of the market saved under the list's key (each page fetched, and whatever was put there for
 * offline use), one copy of each (the most recently fetched), answering the query: its page and its total.
 */
function answerFromSaved<Row, E extends ListQueryExtra>(
  queryClient: QueryClient,
  marketKey: readonly unknown[],
  saved: SavedRows<Row, E>,
  listQuery: ListQuery & Partial<E>,
): { rows: Row[]; total: number; savedAt: number; savedCount: number } {
  const newest = new Map<string | number, { row: Row; at: number }>();
  let oldest = Number.POSITIVE_INFINITY;
  for (const cached of queryClient.getQueryCache().findAll({ queryKey: marketKey })) {
    const page = cached.state.data as ListPage<Row> | undefined;
    if (!page || !Array.isArray(page.data)) continue;
    const at = cached.state.dataUpdatedAt;
    for (const row of page.data) {
      const id = saved.idOf(row);
      const known = newest.get(id);
      if (!known || known.at < at) newest.set(id, { row, at });
    }
  }
  for (const { at } of newest.values()) oldest = Math.min(oldest, at);
  const selected = saved.select([...newest.values()].map(({ row }) => row), listQuery);
  const page = Number(listQuery.pagination?.page ?? 1);
  const pageSize = Number(listQuery.pagination?.pageSize ?? 100);
  return { rows: selected.slice((page - 1) * pageSize, page * pageSize), total: selected.length, savedAt: oldest, savedCount: newest.size };
}
