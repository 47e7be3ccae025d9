// POST /order/{id}/duplicate: a new order with the same lines, for the given customer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { duplicateOrderEndpoint } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useDuplicateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, customerId, salesPersonId }: { orderId: number; customerId: number; salesPersonId: number | null }) =>
      callApi(duplicateOrderEndpoint, {
        params: { id: orderId },
        body: { customerId, ...(salesPersonId === null ? {} : { salesPersonId }) },
      }).then((response) => response.data),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
