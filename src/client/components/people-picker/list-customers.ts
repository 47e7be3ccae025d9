// GET /customer: the market's buyers, narrowed to some sales persons' customers and to one group.
import { queryOptions } from '@tanstack/react-query';
import { customersEndpoint } from '../../../shared/api/orders';
import type { CustomerGroup, MarketCode } from '../../../shared/enums';
import { callApi } from '../../lib/api-client';
import { PEOPLE_CACHE_MS } from './list-sales-persons';

export type CustomerFilter = { salesPersonIds?: readonly number[]; group?: CustomerGroup };

export function customersQueryOptions(market: MarketCode, filter: CustomerFilter = {}) {
  const ids = [...(filter.salesPersonIds ?? [])].sort((a, b) => a - b);
  const query = { salesPersonId: ids.length > 0 ? ids.join(',') : undefined, group: filter.group };
  return queryOptions({
    queryKey: ['people', 'customers', market, ids, filter.group ?? null],
    queryFn: async ({ signal }) => (await callApi(customersEndpoint, { query, market, signal })).data,
    staleTime: PEOPLE_CACHE_MS,
  });
}
