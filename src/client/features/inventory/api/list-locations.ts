// POST /locations/query: the market's inventory locations, for the import checklist.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryLocationsEndpoint } from '../../../../shared/api/inventory-import';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';

function locationsQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: ['inventory-locations', market],
    queryFn: async ({ signal }) => (await callApi(queryLocationsEndpoint, { body: { market: [market], is_all: false }, market, signal })).data,
    // Locations change when a market is set up, not during a shift.
    staleTime: 5 * 60_000,
  });
}

export function useInventoryLocations(market: MarketCode) {
  return useQuery(locationsQueryOptions(market));
}
