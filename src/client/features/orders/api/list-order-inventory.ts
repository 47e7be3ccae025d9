// POST /order/inventory: one page of the batches an order can take cases from.
import type { ListQuery } from '../../../../shared/api/common';
import type { OrderInventoryRow } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

export type OrderInventoryPage = { data: OrderInventoryRow[]; pagination: { totalRecords: number } };

export const ORDER_INVENTORY_QUERY_KEY = 'order-inventory';

export function fetchOrderInventory(query: ListQuery, signal?: AbortSignal): Promise<OrderInventoryPage> {
  return apiRequest<OrderInventoryPage>('/order/inventory', { method: 'POST', body: query, signal });
}
