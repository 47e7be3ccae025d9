// Which open issues a refresh finds fixed, decided without a database: the rows the import would build now
// for the issues' batches against what each issue says.
import type { IssueTab } from '../../../shared/enums';
import type { DraftRow } from '../inventory-import/import-rules';

/** Reasons that only inform (a new batch, a new tag): settled once the batch is in stock, whatever else the rows say. */
const INFORMATIONAL_REASONS = new Set(['020', '021']);

export type IssueToCheck = { id: number; batchNumber: string; reasonCode: string };

/**
 * The ids of the issues that are fixed: an informational one when its batch is in stock, any other when the
 * rebuilt rows of its tab no longer give its batch that reason.
 */
export function fixedIssues(issues: readonly IssueToCheck[], input: { tab: IssueTab; rows: readonly DraftRow[]; stockedBatchNumbers: ReadonlySet<string> }): number[] {
  const shown = new Set(input.rows.filter((row) => row.tab === input.tab && row.reasonCode !== null).map((row) => `${row.batchNumber}\u0000${row.reasonCode}`));
  return issues
    .filter((issue) =>
      INFORMATIONAL_REASONS.has(issue.reasonCode) ? input.stockedBatchNumbers.has(issue.batchNumber) : !shown.has(`${issue.batchNumber}\u0000${issue.reasonCode}`),
    )
    .map((issue) => issue.id);
}

/** The comment a completed refresh carries, as the screen shows it. */
export function refreshComment(fixed: number, asked: number): string {
  return `${fixed} of ${asked} ${asked === 1 ? 'item' : 'items'} fixed`;
}
