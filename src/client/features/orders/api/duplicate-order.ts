// POST /order/{id}/duplicate: a new order with the same lines, for the given customer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderRef } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useDuplicateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, customerId, salesPersonId }: { orderId: number; customerId: number; salesPersonId: number | null }) =>
      apiRequest<{ data: OrderRef }>(`/order/${orderId}/duplicate`, {
        method: 'POST',
        body: { customerId, ...(salesPersonId === null ? {} : { salesPersonId }) },
      }).then((response) => response.data),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
