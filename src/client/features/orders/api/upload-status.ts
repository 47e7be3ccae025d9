// GET /order/upload/status: the market's upload under review or being processed, or one named upload.
import { queryOptions } from '@tanstack/react-query';
import { uploadStatusEndpoint, type UploadCustomerResult } from '../../../../shared/api/orders';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';

export type UploadCustomers = { result: UploadCustomerResult[]; referenceId: string | null };

export const UPLOAD_QUERY_KEY = 'order-upload';

function fetchUploadStatus(market: MarketCode, referenceId: string | null, signal?: AbortSignal): Promise<UploadCustomers> {
  return callApi(uploadStatusEndpoint, { query: { referenceId: referenceId ?? undefined }, market, signal }).then((response) => response.data.customers);
}

export function uploadStatusKey(market: MarketCode, referenceId: string | null) {
  return [UPLOAD_QUERY_KEY, market, 'status', referenceId ?? 'open'] as const;
}

/** Read again on every visit: a review belongs to the whole market, and someone else may have finished it. */
export function uploadStatusQueryOptions(market: MarketCode, referenceId: string | null = null) {
  return queryOptions({
    queryKey: uploadStatusKey(market, referenceId),
    queryFn: ({ signal }) => fetchUploadStatus(market, referenceId, signal),
    staleTime: 0,
  });
}
