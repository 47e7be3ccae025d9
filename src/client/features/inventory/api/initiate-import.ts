// POST /inventory/import/initiate: starts an import of the chosen locations.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_MESSAGES, initiateImportEndpoint, type ImportState } from '../../../../shared/api/inventory-import';
import { normaliseImportStatus, type ImportStatus, type MarketCode } from '../../../../shared/enums';
import { ApiError, callApi } from '../../../lib/api-client';
import { isImportRunning } from '../import-start-rules';
import { IMPORT_QUERY_KEY, importStatusQueryOptions } from './get-import-status';

/** importId only when this call created the import (not when it found one running). */
type StartedImport = { referenceId: string; status: ImportStatus; importId?: number };
type StartInput = { market: MarketCode; userId: string; locationIds: number[] };

/**
 * The spec treats 'An import is already in progress for stock locations.' as a success: the import that
 * is running (its status and reference id in details[0]) is the one the screen follows.
 */
async function startImport({ market, userId, locationIds }: StartInput): Promise<StartedImport> {
  try {
    const answer = await callApi(initiateImportEndpoint, { body: { market_code: market, userId, inventory_location_ids: locationIds }, market });
    return { referenceId: answer.data.reference_id, status: answer.data.import_status, importId: answer.data.import_id };
  } catch (error) {
    const running = error instanceof ApiError && error.status === 409 && error.message === IMPORT_MESSAGES.alreadyInProgress ? error.details[0] : undefined;
    const status = typeof running?.import_status === 'string' ? normaliseImportStatus(running.import_status) : undefined;
    if (running && status && typeof running.reference_id === 'string') return { referenceId: running.reference_id, status };
    throw error;
  }
}

/** The import just started, as the status call reports it until the first poll brings its progress. */
function startedImportState(previous: ImportState | null | undefined, started: StartedImport & { importId: number }, { userId, locationIds }: StartInput): ImportState {
  const now = new Date().toISOString();
  return {
    import_id: started.importId,
    reference_id: started.referenceId,
    import_status: started.status,
    comments: null,
    created_ts: now,
    updated_ts: now,
    created_user: userId,
    created_user_name: null,
    inventory_location_id: locationIds[0] ?? null,
    s2s_location_name: null,
    inventory_location: [],
    record_count: 0,
    records_fetched: 0,
    last_committed_ts: previous?.last_committed_ts ?? null,
  };
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (started, input) => {
      // Starting sets IN_PROGRESS (spec section 4): the loader shows and the status is polled every 5 s from
      // here. Asking at once instead would skip past the loader whenever the fetch is quick.
      const { importId } = started;
      if (importId === undefined || !isImportRunning(started.status)) return;
      queryClient.setQueryData(importStatusQueryOptions(input.market).queryKey, (previous) => startedImportState(previous, { ...started, importId }, input));
    },
    onSettled: (started) => {
      const statusWritten = started?.importId !== undefined && isImportRunning(started.status);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [IMPORT_QUERY_KEY], predicate: (query) => !statusWritten || query.queryKey[1] !== 'status' }),
        queryClient.invalidateQueries({ queryKey: ['app-stats'] }),
      ]);
    },
  });
}
