// GET /inventory/import/{importId}/refresh: re-checks an import's Case Size Errors against the current
// standard case sizes; the rows now fixed leave the tab.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshImportEndpoint } from '../../../../shared/api/inventory-import';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { IMPORT_QUERY_KEY } from './get-import-status';

export function useRefreshImport(importId: string, market: MarketCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(refreshImportEndpoint, { params: { importId }, query: { marketCode: market }, market })).data,
    // A fixed row leaves Case Size Errors and may join Inventory Updates: every tab and count is asked again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [IMPORT_QUERY_KEY, 'details', importId] }),
  });
}
