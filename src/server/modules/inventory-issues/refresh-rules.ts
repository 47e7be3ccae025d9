// Which open issues a refresh finds fixed, decided without a database: the rows the import would build now
// for the issues' batches against what each issue says.
import type { IssueTab } from '../../../shared/enums';
import type { DraftRow } from '../inventory-import/import-rules';

/** Reasons that only inform (a new batch, a new tag): settled once the batch is in stock, whatever else the rows say. */
const INFORMATIONAL_REASONS = new Set(['020', '021']);

export type IssueToCheck = { id: number; batchNumber: string; reasonCode: string };

const key = (batchNumber: string, reasonCode: string) => `${batchNumber}\u0000${reasonCode}`;

/**
 * Each batch and reason the rebuilt rows give the tab. A new batch held back because no standard case size fits
 * it has only a Case Size Errors row, which a commit records as an Item Issue 009 (import.service.ts): it shows
 * 009 here, so that its issue stays open until a size fits and the rows stock it as a new batch.
 */
function shownReasons(tab: IssueTab, rows: readonly DraftRow[]): Set<string> {
  const shown = new Set<string>();
  for (const row of rows) {
    if (row.tab === tab && row.reasonCode !== null) shown.add(key(row.batchNumber, row.reasonCode));
    if (tab === 'item_issues' && row.tab === 'case_size_errors' && row.payload.heldBack === true) shown.add(key(row.batchNumber, '009'));
  }
  return shown;
}

/**
 * The ids of the issues that are fixed: an informational one when its batch is in stock, any other when the
 * rebuilt rows of its tab no longer give its batch that reason.
 */
export function fixedIssues(issues: readonly IssueToCheck[], input: { tab: IssueTab; rows: readonly DraftRow[]; stockedBatchNumbers: ReadonlySet<string> }): number[] {
  const shown = shownReasons(input.tab, input.rows);
  return issues
    .filter((issue) => (INFORMATIONAL_REASONS.has(issue.reasonCode) ? input.stockedBatchNumbers.has(issue.batchNumber) : !shown.has(key(issue.batchNumber, issue.reasonCode))))
    .map((issue) => issue.id);
}
