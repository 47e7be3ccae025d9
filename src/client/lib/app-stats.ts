// The counts behind the sidebar badges and hub tiles, polled while the app is open.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { appStatsEndpoint, type AppStats } from '../../shared/api/markets';
import type { MarketCode } from '../../shared/enums';
import { showToast } from '../components/ui/toast';
import { callApi } from './api-client';
import { clientSettings } from './config';
import { useCurrentMarket } from './market-store';

const STATS_FAILED_MESSAGE = 'Failed to load application statistics';

function appStatsQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: ['app-stats', market],
    queryFn: async ({ signal }) => (await callApi(appStatsEndpoint, { signal, market })).data,
    refetchInterval: clientSettings.statsPollMs,
    staleTime: 30_000,
    retry: false,
  });
}

/** The spec's incompleteInventoryCount is the server's issueCount. */
export function useAppStats(): (AppStats & { incompleteInventoryCount: number }) | undefined {
  const market = useCurrentMarket();
  const query = useQuery(appStatsQueryOptions(market));
  const toasted = useRef(false);
  useEffect(() => {
    if (query.isError && !toasted.current && navigator.onLine) {
      toasted.current = true;
      showToast({ tone: 'error', title: STATS_FAILED_MESSAGE });
    }
    if (query.isSuccess) toasted.current = false;
  }, [query.isError, query.isSuccess, query.errorUpdatedAt]);
  return query.data ? { ...query.data, incompleteInventoryCount: query.data.issueCount } : undefined;
}
