// POST /inventory/reconciliation/details: one page of one tab of a reconciliation's rows.
import type { ListQuery } from '../../../../shared/api/common';
import { reconciliationDetailsEndpoint, type ReconciliationTab } from '../../../../shared/api/reconciliation';
import { callApi, type CallOptions } from '../../../lib/api-client';

export function fetchReconciliationRows(reconId: string, tab: ReconciliationTab, query: ListQuery, options: CallOptions = {}) {
  return callApi(reconciliationDetailsEndpoint, { body: { ...query, reconId, tab }, ...options });
}
