// POST /order/{id}/notes: adds a note; the list is refreshed from the server afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addOrderNoteEndpoint } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from './list-orders';

export function useCreateOrderNote(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) =>
      callApi(addOrderNoteEndpoint, { params: { id: orderId }, body: { notes } }).then((response) => response.data.orderNotes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORDERS_QUERY_KEY, 'notes'] }),
  });
}
