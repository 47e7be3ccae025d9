// GET /inventory/issues/refresh/status: the market's latest issue refresh, asked every 10 s while it is
// IN-PROGRESS.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ISSUE_REFRESH_POLL_MS, issueRefreshStatusEndpoint, type IssueRefreshStatusRecord } from '../../../../shared/api/inventory-issues';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { isRefreshRunning } from '../issue-refresh-rules';
import { ISSUES_QUERY_KEY } from './list-inventory-issues';

export function issueRefreshStatusQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: [ISSUES_QUERY_KEY, 'refresh-status', market],
    queryFn: async ({ signal }): Promise<IssueRefreshStatusRecord | null> => (await callApi(issueRefreshStatusEndpoint, { query: { marketCode: market }, market, signal })).data,
    refetchInterval: (query) => (isRefreshRunning(query.state.data?.issue_status) ? ISSUE_REFRESH_POLL_MS : false),
    staleTime: 0,
    // A failed status call shows nothing (spec section 8); the next poll asks again.
    retry: false,
  });
}

export function useIssueRefreshStatus(market: MarketCode) {
  return useQuery(issueRefreshStatusQueryOptions(market));
}
