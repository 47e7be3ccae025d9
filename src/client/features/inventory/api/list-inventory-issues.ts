// POST /inventory/issues: one page of one tab of the market's open issues, with both tabs' counts and the
// last import time.
import type { ListQuery } from '../../../../shared/api/common';
import { listInventoryIssuesEndpoint, type InventoryIssueRow } from '../../../../shared/api/inventory-issues';
import type { IssueTab } from '../../../../shared/enums';
import { callApi, type CallOptions } from '../../../lib/api-client';

/** Every issues query starts with this key, so one invalidation refreshes the list and the refresh status. */
export const ISSUES_QUERY_KEY = 'inventory-issues';

export type InventoryIssuesPage = {
  data: InventoryIssueRow[];
  pagination: { totalRecords: number };
  totalTabCounts: { item_issues: number; lab_warning: number };
  metaDetails: { lastImportTime: string | null };
};

export function fetchInventoryIssues(tab: IssueTab, query: ListQuery, options: CallOptions = {}): Promise<InventoryIssuesPage> {
  return callApi(listInventoryIssuesEndpoint, { body: { ...query, tab }, ...options });
}
