// GET /customer/mso: the market's MSO owners (dispensary chains), narrowed as the customers are: to those
// owning a buyer of some sales persons and of one group. The menu export's 'Select Dispensary Chain'.
import { queryOptions } from '@tanstack/react-query';
import { msoOwnersEndpoint } from '../../../shared/api/orders';
import type { MarketCode } from '../../../shared/enums';
import { callApi } from '../../lib/api-client';
import type { CustomerFilter } from './list-customers';
import { PEOPLE_CACHE_MS } from './list-sales-persons';

export function msoOwnersQueryOptions(market: MarketCode, filter: CustomerFilter = {}) {
  const ids = [...(filter.salesPersonIds ?? [])].sort((a, b) => a - b);
  const query = { salesPersonId: ids.length > 0 ? ids.join(',') : undefined, group: filter.group };
  return queryOptions({
    queryKey: ['people', 'mso-owners', market, ids, filter.group ?? null],
    queryFn: async ({ signal }) => (await callApi(msoOwnersEndpoint, { query, market, signal })).data,
    staleTime: PEOPLE_CACHE_MS,
  });
}
