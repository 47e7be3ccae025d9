// POST /order/upload/process: confirm an upload (one order per customer, with its delivery date) or cancel it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadProcessEndpoint, type UploadCustomerResult } from '../../../../shared/api/orders';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';
import { invalidateAfterOrderChange } from './invalidate';
import { UPLOAD_QUERY_KEY, uploadStatusKey, type UploadCustomers } from './upload-status';

export type UploadProcessInput =
  | { action: 'cancel'; referenceId: string }
  /** Delivery dates as yyyy-MM-dd, by customer index. */
  | { action: 'confirm'; referenceId: string; customers: UploadCustomerResult[]; dates: Record<number, string> };

function processUpload(market: MarketCode, input: UploadProcessInput): Promise<UploadCustomers> {
  const result =
    input.action === 'confirm'
      ? input.customers.map((customer) => ({
          customer_id: customer.customer_id,
          customer_name: customer.customer_name,
          index: customer.index,
          customer_group: customer.customer_group,
          delivery_date: input.dates[customer.index] ?? '',
        }))
      : [];
  return callApi(uploadProcessEndpoint, {
    body: { referenceId: input.referenceId, menuType: 'internal', action: input.action, result },
    market,
  }).then((response) => response.data.customers);
}

export function useProcessUpload() {
  const queryClient = useQueryClient();
  const market = useCurrentMarket();
  return useMutation({
    mutationFn: (input: UploadProcessInput) => processUpload(market, input),
    onSuccess: async (customers, input) => {
      // A status read sent before this answer would land after it and put the upload back as it was (seen in
      // CI: the review came back after Confirm, and nothing polled any more): such reads are dropped first.
      await queryClient.cancelQueries({ queryKey: [UPLOAD_QUERY_KEY, market] });
      // The answer is the upload's state after the action: keep it under its own key, and as the market's
      // open upload only while it is not finished.
      const open = customers.result.some((customer) => customer.menu_upload_status === 'IN-PROGRESS' || customer.menu_upload_status === 'ORDER-INITIATED');
      queryClient.setQueryData(uploadStatusKey(market, input.referenceId), customers);
      queryClient.setQueryData(uploadStatusKey(market, null), open ? customers : ({ result: [], referenceId: null } satisfies UploadCustomers));
      if (input.action === 'confirm') await invalidateAfterOrderChange(queryClient);
    },
    // Refused (someone else confirmed or cancelled it first, say): show the upload as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: [UPLOAD_QUERY_KEY, market] }),
  });
}
