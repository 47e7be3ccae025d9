// The reconciliation screens' rules: when a run is followed, which rows may be accepted, and what the reason
// dialog needs before Confirm (spec sections 4 and 5).
import { MIN_OTHER_DETAIL, OTHER_REASON_CODE, RECON_MESSAGES, type ReconBatchRow, type ReconciliationTab } from '../../../shared/api/reconciliation';
import { ACTIVE_RECONCILIATION_STATUSES, type ReconciliationStatus } from '../../../shared/enums';

/** DRAFT and IN-PROGRESS are polled and shown as 'Import in progress...'. */
export function isReconRunning(status: ReconciliationStatus | undefined): boolean {
  return status !== undefined && ACTIVE_RECONCILIATION_STATUSES.includes(status);
}

/** A report can be read at these statuses; at any other the report page leads back to the entry page. */
export function isReportReadable(status: ReconciliationStatus | undefined): boolean {
  return status === 'REPORT-GENERATED' || status === 'COMPLETED';
}

/** Only rows the comparison marked accept_s2s_inventory, once, and only while the report is open for action. */
export function canAcceptRow(row: ReconBatchRow, status: ReconciliationStatus | undefined): boolean {
  return isAcceptable(row) && status === 'REPORT-GENERATED';
}

/** Whether a tab can hold rows to accept: only an inventory mismatch has an S2S quantity to take; a status mismatch has none. */
export function tabTakesAccepts(tab: ReconciliationTab): boolean {
  return tab === 'inventory_mismatch';
}

/** Whether the row offers the action at all (it shows disabled when the run no longer takes actions). */
export function isAcceptable(row: ReconBatchRow): boolean {
  return row.recon_batch_status === 'accept_s2s_inventory' && !row.accepted;
}

export type ReasonDraft = { reasonCode: number | null; detail: string };
export type ReasonProblems = { reason?: string; detail?: string };

export function reasonProblems({ reasonCode, detail }: ReasonDraft): ReasonProblems {
  if (reasonCode === null) return { reason: RECON_MESSAGES.selectReason };
  if (reasonCode === OTHER_REASON_CODE && detail.trim().length < MIN_OTHER_DETAIL) return { detail: RECON_MESSAGES.otherDetail };
  return {};
}

export function canConfirmReason(draft: ReasonDraft): boolean {
  const problems = reasonProblems(draft);
  return problems.reason === undefined && problems.detail === undefined;
}

/** The accept payload's reason fields: the detail goes with any reason, trimmed, and only when given. */
export function acceptReason({ reasonCode, detail }: ReasonDraft): { reasonCode: number; comments?: string } {
  if (reasonCode === null) throw new Error(RECON_MESSAGES.selectReason);
  const comments = detail.trim();
  return comments === '' ? { reasonCode } : { reasonCode, comments };
}
