// PUT /order/{id}/status: approve, reject, the fulfilment steps, complete and cancel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusChangeValue } from '../../../../shared/order-status';
import { changeOrderStatusEndpoint } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status, comment }: { orderId: number; status: StatusChangeValue; comment?: string }) =>
      callApi(changeOrderStatusEndpoint, { params: { id: orderId }, body: comment ? { status, comment } : { status } }),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
