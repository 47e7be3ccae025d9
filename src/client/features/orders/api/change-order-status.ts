// PUT /order/{id}/status: approve, reject, the fulfilment steps, complete and cancel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusChangeValue } from '../../../../shared/order-status';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: number; status: StatusChangeValue }) => apiRequest<unknown>(`/order/${orderId}/status`, { method: 'PUT', body: { status } }),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
