// GET /order/{id}/notes: the order's notes, newest first as the server sends them (one page of 100).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderNotesEndpoint } from '../../../../shared/api/orders';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';
import { ORDERS_QUERY_KEY } from './list-orders';

const NOTES_PAGE_SIZE = 100;

function orderNotesQueryOptions(orderId: number, market: MarketCode) {
  return queryOptions({
    queryKey: [ORDERS_QUERY_KEY, 'notes', market, orderId],
    queryFn: ({ signal }) =>
      callApi(orderNotesEndpoint, { params: { id: orderId }, query: { page: 1, pagesize: NOTES_PAGE_SIZE }, market, signal }).then((response) => response.data),
    staleTime: 30_000,
  });
}

export function useOrderNotes(orderId: number) {
  const market = useCurrentMarket();
  return useQuery(orderNotesQueryOptions(orderId, market));
}
