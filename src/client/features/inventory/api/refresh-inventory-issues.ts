// POST /inventory/issues/refresh: starts a job that re-checks up to 100 issues of one tab; the status call
// follows it from here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshInventoryIssuesEndpoint, type IssueRefreshBody } from '../../../../shared/api/inventory-issues';
import type { MarketCode } from '../../../../shared/enums';
import { ApiError, callApi } from '../../../lib/api-client';
import { issueRefreshStatusQueryOptions } from './get-issue-refresh-status';

export function useRefreshInventoryIssues(market: MarketCode) {
  const queryClient = useQueryClient();
  const statusKey = issueRefreshStatusQueryOptions(market).queryKey;
  return useMutation({
    mutationFn: async (input: Omit<IssueRefreshBody, 'marketCode'>) => (await callApi(refreshInventoryIssuesEndpoint, { body: { ...input, marketCode: market }, market })).data,
    // The answer is the new IN-PROGRESS record: the screen shows it running and polls from here.
    onSuccess: (started) => queryClient.setQueryData(statusKey, started),
    onError: (error) => {
      // 409: another refresh of the market runs; asking for the status shows it on the screen.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}
