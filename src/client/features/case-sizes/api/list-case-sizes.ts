// POST /products/case-sizes: one page of the market's ERP products with their five standard case sizes.
import type { ListQuery } from '../../../../shared/api/common';
import { listCaseSizesEndpoint, type CaseSizeRow } from '../../../../shared/api/case-sizes';
import type { ListPage } from '../../../components/ui/data-table/use-table-query';
import { callApi, type CallOptions } from '../../../lib/api-client';

/** Every case-size query starts with this key, so a save refreshes every page of the list at once. */
export const CASE_SIZES_QUERY_KEY = 'case-sizes';

export function fetchCaseSizes(query: ListQuery, options: CallOptions = {}): Promise<ListPage<CaseSizeRow>> {
  return callApi(listCaseSizesEndpoint, { body: query, ...options });
}
