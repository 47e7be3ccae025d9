// POST /products/case-sizes/manage: saves the changed slots. Whatever the answer, the lists that show case
// sizes or depend on them are fetched again: the case sizes, the import waiting for commit (its Case Size
// Errors are checked again) and the stock Create Order offers (available cases follow the case size).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageCaseSizesEndpoint, type CaseSizeRow, type ManageCaseSizesBody } from '../../../../shared/api/case-sizes';
import type { ListPage } from '../../../components/ui/data-table/use-table-query';
import { callApi } from '../../../lib/api-client';
import { saveOutcome, withAppliedSlots } from '../case-size-edits';
import { CASE_SIZES_QUERY_KEY } from './list-case-sizes';

// The inventory feature's IMPORT_QUERY_KEY and the orders feature's ORDER_INVENTORY_QUERY_KEY: features do
// not import each other, so their first key elements are named here (as act-on-import.ts names the latter).
const IMPORT_QUERY_KEY = 'inventory-import';
const ORDER_INVENTORY_QUERY_KEY = 'order-inventory';
const APP_STATS_QUERY_KEY = 'app-stats';

export function useManageCaseSizes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (products: ManageCaseSizesBody['products']) => callApi(manageCaseSizesEndpoint, { body: { products } }),
    onSuccess: (answer) => {
      // The saved values show at once in every cached page; the refetch below confirms them.
      const { applied } = saveOutcome(answer);
      queryClient.setQueriesData<ListPage<CaseSizeRow>>({ queryKey: [CASE_SIZES_QUERY_KEY] }, (page) => (page ? { ...page, data: withAppliedSlots(page.data, applied) } : page));
    },
    // A timed-out save may still have been applied: refresh after failures too. Not awaited, so the
    // outcome shows without waiting for the lists.
    onSettled: () => {
      for (const key of [CASE_SIZES_QUERY_KEY, IMPORT_QUERY_KEY, ORDER_INVENTORY_QUERY_KEY, APP_STATS_QUERY_KEY]) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
