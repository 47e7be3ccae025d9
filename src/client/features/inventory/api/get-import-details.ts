// POST /inventory/import/{importId}/details: one page of one tab of an import, with the import's meta.
import type { ListQuery } from '../../../../shared/api/common';
import { importDetailsEndpoint, type ImportDetailRow, type ImportMeta } from '../../../../shared/api/inventory-import';
import type { ImportTab } from '../../../../shared/enums';
import { callApi, type CallOptions } from '../../../lib/api-client';

export type ImportDetailsPage = { data: ImportDetailRow[]; pagination: { totalRecords: number }; metaDetails: ImportMeta };

export function fetchImportDetails(importId: string, tab: ImportTab, query: ListQuery, options: CallOptions = {}): Promise<ImportDetailsPage> {
  return callApi(importDetailsEndpoint, { params: { importId }, body: { ...query, tab }, ...options });
}
