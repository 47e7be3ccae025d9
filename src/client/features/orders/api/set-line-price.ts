// POST /order/{id}/details with batchId and unitSalePrice: one line's price changed from the preview.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../../shared/api/protocol';
import { orderDetailsEndpoint } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useSetLinePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, batchId, unitSalePrice }: { orderId: number; batchId: number; unitSalePrice: number }) =>
      callApi(orderDetailsEndpoint, { params: { id: orderId }, body: { pagination: { page: 1, pageSize: MAX_PAGE_SIZE }, batchId, unitSalePrice } }),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
