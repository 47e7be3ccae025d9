// POST /order/{id}/details: the order with all its lines and what the caller may do with it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailsEndpoint, type OrderDetail } from '../../../../shared/api/orders';
import { MAX_PAGE_SIZE } from '../../../../shared/api/protocol';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';
import { ORDERS_QUERY_KEY } from './list-orders';

function fetchOrder(orderId: number, market: MarketCode, signal?: AbortSignal): Promise<OrderDetail> {
  // An order has at most 200 lines: one page holds them all.
  const body = { pagination: { page: 1, pageSize: MAX_PAGE_SIZE } };
  return callApi(orderDetailsEndpoint, { params: { id: orderId }, body, market, signal }).then((response) => response.data);
}

function orderQueryOptions(orderId: number, market: MarketCode) {
  return queryOptions({
    queryKey: [ORDERS_QUERY_KEY, 'detail', market, orderId],
    queryFn: ({ signal }) => fetchOrder(orderId, market, signal),
    staleTime: 30_000,
  });
}

export function useOrder(orderId: number) {
  const market = useCurrentMarket();
  return useQuery(orderQueryOptions(orderId, market));
}
