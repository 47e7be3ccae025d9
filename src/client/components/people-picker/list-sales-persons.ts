// GET /sales-person: the market's sales persons, for the people picker.
import { queryOptions } from '@tanstack/react-query';
import { salesPersonsEndpoint } from '../../../shared/api/orders';
import type { MarketCode } from '../../../shared/enums';
import { callApi } from '../../lib/api-client';

export const PEOPLE_CACHE_MS = 5 * 60_000;

export function salesPersonsQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: ['people', 'sales-persons', market],
    queryFn: async ({ signal }) => (await callApi(salesPersonsEndpoint, { market, signal })).data,
    staleTime: PEOPLE_CACHE_MS,
  });
}
