// PUT /order/{id}/edit with the order's full new list of lines (and its buyer, sales person or date).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editOrderEndpoint, type OrderLineInput } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export type EditOrderInput = {
  orderId: number;
  items: OrderLineInput[];
  /** The version the edit was based on: the server refuses it if the order changed meanwhile. */
  version: number;
  requestedDeliveryDate?: string;
  customerId?: number;
  salesPersonId?: number | null;
};

export function useEditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: EditOrderInput) =>
      callApi(editOrderEndpoint, { params: { id: orderId }, body }).then((response) => response.data),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
