// POST /inventory/reconciliation/initiate: starts a reconciliation of the chosen locations.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { initiateReconciliationEndpoint } from '../../../../shared/api/reconciliation';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { RECON_QUERY_KEY } from './get-reconciliation-status';

export function useStartReconciliation(market: MarketCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locationIds: number[]) => (await callApi(initiateReconciliationEndpoint, { body: { market_code: market, inventory_location_ids: locationIds }, market })).data,
    // The new run is DRAFT: asking for the status now shows the loader and starts the polling.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [RECON_QUERY_KEY, 'status', market] }),
  });
}
