// POST /order/create: a new order from the cart.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOrderEndpoint, type CreateOrderBody } from '../../../../shared/api/orders';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate';

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ market, body }: { market: MarketCode; body: CreateOrderBody }) => callApi(createOrderEndpoint, { body, market }).then((response) => response.data),
    onSuccess: () => invalidateAfterOrderChange(queryClient),
  });
}
