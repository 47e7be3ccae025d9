// PUT /order/{id}/edit with only the confirmed delivery date (a fulfilment decision, not a line edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useSetConfirmedDeliveryDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, date }: { orderId: number; date: string }) => apiRequest<unknown>(`/order/${orderId}/edit`, { method: 'PUT', body: { confirmDeliveryDate: date } }),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
