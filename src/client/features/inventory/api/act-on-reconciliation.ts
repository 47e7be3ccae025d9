// POST /inventory/reconciliation/{reconId}/action: accept the seed-to-sale quantity of some batches, export the
// report, or complete the run.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconciliationActionEndpoint, type ReconActionBody } from '../../../../shared/api/reconciliation';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { RECON_QUERY_KEY } from './get-reconciliation-status';

export function useReconciliationAction(reconId: string, market: MarketCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReconActionBody) => (await callApi(reconciliationActionEndpoint, { params: { reconId }, body: { ...body, marketCode: market }, market })).data,
    // An accept changes stock (the order inventory too) and the rows; a complete changes the run's status.
    onSuccess: (_answer, body) =>
      body.action === 'export'
        ? undefined
        : Promise.all([queryClient.invalidateQueries({ queryKey: [RECON_QUERY_KEY] }), queryClient.invalidateQueries({ queryKey: ['order-inventory'] })]),
  });
}
