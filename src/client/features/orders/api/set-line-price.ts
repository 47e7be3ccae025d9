// POST /order/{id}/details with batchId and unitSalePrice: one line's price changed from the preview.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../../shared/api/protocol';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useSetLinePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, batchId, unitSalePrice }: { orderId: number; batchId: number; unitSalePrice: number }) =>
      apiRequest<unknown>(`/order/${orderId}/details`, { method: 'POST', body: { pagination: { page: 1, pageSize: MAX_PAGE_SIZE }, batchId, unitSalePrice } }),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
