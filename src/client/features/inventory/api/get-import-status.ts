// GET /inventory/import/status: the market's latest import, polled every 5 s while it is DRAFT or IN_PROGRESS.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { IMPORT_POLL_MS, importStatusEndpoint, type ImportState } from '../../../../shared/api/inventory-import';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { isImportRunning } from '../import-start-rules';

/** Every import query starts with this key, so one invalidation refreshes status, history and results. */
export const IMPORT_QUERY_KEY = 'inventory-import';

export function importStatusQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: [IMPORT_QUERY_KEY, 'status', market],
    // The spec uses the first element of the list; an empty list means the market has never imported.
    queryFn: async ({ signal }): Promise<ImportState | null> => (await callApi(importStatusEndpoint, { query: { marketCode: market }, market, signal })).data[0] ?? null,
    refetchInterval: (query) => (isImportRunning(query.state.data?.import_status) ? IMPORT_POLL_MS : false),
    // Always asked again on arrival: a screen judges the banner's 60 s window by when it asked.
    staleTime: 0,
    retry: false,
  });
}

export function useImportStatus(market: MarketCode) {
  return useQuery(importStatusQueryOptions(market));
}
