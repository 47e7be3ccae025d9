// POST /order/history: one page of the order list.
import type { ListQuery } from '../../../../shared/api/common';
import { listOrdersEndpoint, type OrderListRow } from '../../../../shared/api/orders';
import { callApi, type CallOptions } from '../../../lib/api-client';

export type OrderPage = { data: OrderListRow[]; pagination: { totalRecords: number } };

/** Every order query starts with this key, so one invalidation refreshes lists, details and notes. */
export const ORDERS_QUERY_KEY = 'orders';

export function fetchOrders(query: ListQuery, options: CallOptions = {}): Promise<OrderPage> {
  return callApi(listOrdersEndpoint, { body: query, ...options });
}
