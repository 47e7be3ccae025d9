// POST /inventory/import/{importId}/action: commit or discard an import whose fetch has completed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importActionEndpoint, type ImportAction } from '../../../../shared/api/inventory-import';
import { callApi } from '../../../lib/api-client';
import { IMPORT_QUERY_KEY } from './get-import-status';

export function useImportAction(importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: { action: ImportAction; userId: string }) => callApi(importActionEndpoint, { params: { importId }, body: { action, userId } }),
    // A commit changes stock: the order inventory and the sidebar counts as well as every import view.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [IMPORT_QUERY_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['app-stats'] }),
        queryClient.invalidateQueries({ queryKey: ['order-inventory'] }),
      ]),
  });
}
