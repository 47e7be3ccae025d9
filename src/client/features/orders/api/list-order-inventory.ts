// POST /order/inventory: one page of the batches an order can take cases from.
import type { ListQuery } from '../../../../shared/api/common';
import { orderInventoryEndpoint, type OrderInventoryRow } from '../../../../shared/api/orders';
import { callApi, type CallOptions } from '../../../lib/api-client';

export type OrderInventoryPage = { data: OrderInventoryRow[]; pagination: { totalRecords: number } };

export const ORDER_INVENTORY_QUERY_KEY = 'order-inventory';

export function fetchOrderInventory(query: ListQuery, options: CallOptions = {}): Promise<OrderInventoryPage> {
  return callApi(orderInventoryEndpoint, { body: query, ...options });
}
