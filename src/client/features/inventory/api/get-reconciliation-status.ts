// GET /inventory/reconciliation/status: the asked-for run (or the running one) and the market's latest run,
// polled every 5 s while the followed run is DRAFT or IN-PROGRESS.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECONCILIATION_POLL_MS, reconciliationStatusEndpoint, type ReconStatusRecord } from '../../../../shared/api/reconciliation';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { isReconRunning } from '../reconciliation-rules';

/** Every reconciliation query starts with this key, so one invalidation refreshes status and rows. */
export const RECON_QUERY_KEY = 'inventory-reconciliation';

type ReconStatus = { reconData: ReconStatusRecord | null; latestData: ReconStatusRecord | null };

/** The run a screen follows: the one it asked for by id, else the market's latest. */
function followedRun(status: ReconStatus | undefined, reconId: string | undefined): ReconStatusRecord | null {
  if (!status) return null;
  return reconId === undefined ? status.latestData : status.reconData;
}

function reconStatusQueryOptions(market: MarketCode, reconId?: string) {
  return queryOptions({
    queryKey: [RECON_QUERY_KEY, 'status', market, reconId ?? null],
    queryFn: async ({ signal }): Promise<ReconStatus> =>
      (await callApi(reconciliationStatusEndpoint, { query: reconId === undefined ? { marketCode: market } : { marketCode: market, reconId }, market, signal })).data,
    refetchInterval: (query) => (isReconRunning(followedRun(query.state.data, reconId)?.recon_status) ? RECONCILIATION_POLL_MS : false),
    staleTime: 0,
    retry: false,
  });
}

export function useReconciliationStatus(market: MarketCode, reconId?: string) {
  return useQuery(reconStatusQueryOptions(market, reconId));
}
