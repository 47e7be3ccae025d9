// GET /inventory/reconciliation/{referenceId}/refresh: runs the comparison again; the run is IN-PROGRESS until
// the new report is generated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshReconciliationEndpoint } from '../../../../shared/api/reconciliation';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { RECON_QUERY_KEY } from './get-reconciliation-status';

export function useRefreshReconciliation(referenceId: string, market: MarketCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(refreshReconciliationEndpoint, { params: { referenceId }, query: { marketCode: market }, market })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [RECON_QUERY_KEY] }),
  });
}
