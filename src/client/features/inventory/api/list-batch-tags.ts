// GET /inventory/batches/{batchId}/tags: the tags an import found for a batch, for the tags popup.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchTagsEndpoint } from '../../../../shared/api/inventory-import';
import type { ImportTab, MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';
import { IMPORT_QUERY_KEY } from './get-import-status';

type TagsInput = { batchId: string; importId: string; tab: ImportTab };

function batchTagsQueryOptions({ batchId, importId, tab }: TagsInput, market: MarketCode) {
  return queryOptions({
    queryKey: [IMPORT_QUERY_KEY, 'tags', market, importId, tab, batchId],
    queryFn: async ({ signal }) =>
      (await callApi(batchTagsEndpoint, { params: { batchId }, query: { marketCode: market, issueTab: tab, importId }, market, signal })).data,
    staleTime: 60_000,
    retry: false,
  });
}

export function useBatchTags(input: TagsInput | null) {
  const market = useCurrentMarket();
  return useQuery({ ...batchTagsQueryOptions(input ?? { batchId: '', importId: '', tab: 'inventory_updates' }, market), enabled: input !== null });
}
