// PUT /order/{id}/edit with only the confirmed delivery date (a fulfilment decision, not a line edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editOrderEndpoint } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useSetConfirmedDeliveryDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, date }: { orderId: number; date: string }) => callApi(editOrderEndpoint, { params: { id: orderId }, body: { confirmDeliveryDate: date } }),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
