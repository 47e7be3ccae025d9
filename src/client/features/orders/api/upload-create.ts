// POST /order/upload/create: sends an order file; the answer is the review, which the status query then holds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketCode } from '../../../../shared/enums';
import { uploadCreateEndpoint } from '../../../../shared/api/orders';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';
import { uploadStatusKey, type UploadCustomers } from './upload-status';

export type UploadCreateInput = { fileName: string; file: string };

function createUpload(market: MarketCode, input: UploadCreateInput): Promise<UploadCustomers> {
  return callApi(uploadCreateEndpoint, {
    body: { menuType: 'internal', fileName: input.fileName, file: input.file },
    market,
  }).then((response) => response.data.customers);
}

export function useCreateUpload() {
  const queryClient = useQueryClient();
  const market = useCurrentMarket();
  return useMutation({
    mutationFn: (input: UploadCreateInput) => createUpload(market, input),
    onSuccess: (customers) => queryClient.setQueryData(uploadStatusKey(market, null), customers),
  });
}
