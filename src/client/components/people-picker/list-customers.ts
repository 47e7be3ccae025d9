// GET /customer: the market's buyers, narrowed to some sales persons' customers and to one group.
import { queryOptions } from '@tanstack/react-query';
import type { Customer } from '../../../shared/api/orders';
import type { CustomerGroup, MarketCode } from '../../../shared/enums';
import { apiRequest } from '../../lib/api-client';
import { PEOPLE_CACHE_MS } from './list-sales-persons';

export type CustomerFilter = { salesPersonIds?: readonly number[]; group?: CustomerGroup };

export function customersQueryOptions(market: MarketCode, filter: CustomerFilter = {}) {
  const ids = [...(filter.salesPersonIds ?? [])].sort((a, b) => a - b);
  const params = new URLSearchParams({ marketCode: market });
  if (ids.length > 0) params.set('salesPersonId', ids.join(','));
  if (filter.group) params.set('group', filter.group);
  return queryOptions({
    queryKey: ['people', 'customers', market, ids, filter.group ?? null],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Customer[] }>(`/customer?${params.toString()}`, { signal })).data,
    staleTime: PEOPLE_CACHE_MS,
  });
}
