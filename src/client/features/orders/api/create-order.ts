// POST /order/create: a new order from the cart.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, OrderRef } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderBody) => apiRequest<{ data: OrderRef }>('/order/create', { method: 'POST', body }).then((response) => response.data),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
