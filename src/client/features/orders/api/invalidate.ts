// What an order change makes stale: every order query, the stock to order from, the order's picklists
// (approving creates them, cancelling closes them) and the sidebar counts.
import type { QueryClient } from '@tanstack/react-query';
import { PICKLISTS_QUERY_KEY } from '../../../lib/outbox/picklist-cache';
import { ORDERS_QUERY_KEY } from './list-orders';
import { ORDER_INVENTORY_QUERY_KEY } from './list-order-inventory';

export function invalidateAfterOrderChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ORDERS_QUERY_KEY] }),
    queryClient.invalidateQueries({ queryKey: [ORDER_INVENTORY_QUERY_KEY] }),
    queryClient.invalidateQueries({ queryKey: [PICKLISTS_QUERY_KEY] }),
    queryClient.invalidateQueries({ queryKey: ['app-stats'] }),
  ]).then(() => undefined);
}
