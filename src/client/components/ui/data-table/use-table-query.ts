// Fetches one page of a server-side list for a DataTable: cached 5 minutes per market and list query,
// the previous page kept on screen while the next loads, and cached rows kept (with a toast and the
// table's banner) when a fetch fails.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListQuery } from '../../../../shared/api/common';
import type { MarketCode } from '../../../../shared/enums';
import type { CallOptions } from '../../../lib/api-client';
import { LIST_CACHE_MS } from '../../../lib/config';
import { isAbort } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
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
};

type Snapshot<Row> = { market: MarketCode; page: ListPage<Row> };

export function useTableQuery<Row, E extends ListQueryExtra = Record<never, never>>({ queryKey, fetchPage, state, extra, enabled = true }: UseTableQueryOptions<Row, E>): TableQueryResult<Row> {
  const market = useCurrentMarket();
  const listQuery = toListQuery(state, extra);
  const query = useQuery({
    queryKey: [...queryKey, market, listQuery],
    queryFn: ({ signal }) => fetchPage(listQuery, { signal, market }),
    staleTime: LIST_CACHE_MS,
    // keepPreviousData, except across a market switch: another market's rows must never show, even briefly.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[queryKey.length] === market ? previous : undefined),
    enabled,
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

  return {
    rows: shown?.data ?? [],
    totalRecords: shown?.pagination.totalRecords ?? 0,
    isLoading: !shown && query.isPending && enabled,
    isFetching: query.isFetching,
    staleError,
    error: failed && !shown ? query.error : undefined,
    retry: () => void query.refetch(),
    listQuery,
  };
}
