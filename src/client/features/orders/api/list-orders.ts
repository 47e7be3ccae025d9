// POST /order/history: one page of the order list.
import type { ListQuery } from '../../../../shared/api/common';
import type { OrderListRow } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

export type OrderPage = { data: OrderListRow[]; pagination: { totalRecords: number } };

/** Every order query starts with this key, so one invalidation refreshes lists, details and notes. */
export const ORDERS_QUERY_KEY = 'orders';

export function fetchOrders(query: ListQuery, signal?: AbortSignal): Promise<OrderPage> {
  return apiRequest<OrderPage>('/order/history', { method: 'POST', body: query, signal });
}
