// POST /inventory/import/history: one page of the market's imports.
import type { ListQuery } from '../../../../shared/api/common';
import { importHistoryEndpoint, type ImportHistoryRow } from '../../../../shared/api/inventory-import';
import { callApi, type CallOptions } from '../../../lib/api-client';

export function fetchImportHistory(query: ListQuery, options: CallOptions = {}): Promise<{ data: ImportHistoryRow[]; pagination: { totalRecords: number } }> {
  return callApi(importHistoryEndpoint, { body: query, ...options });
}
