// POST /order/{id}/notes: adds a note; the list is refreshed from the server afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderNote } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from './list-orders';

export function useCreateOrderNote(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) =>
      apiRequest<{ data: { orderNotes: OrderNote } }>(`/order/${orderId}/notes`, { method: 'POST', body: { notes } }).then((response) => response.data.orderNotes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORDERS_QUERY_KEY, 'notes'] }),
  });
}
