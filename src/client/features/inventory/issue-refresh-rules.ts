// The Inventory Issues screen's rules: which selection may be refreshed, how a tab's count is read, and
// what a finished refresh says.
import { ISSUE_MESSAGES, MAX_ISSUE_REFRESH_ITEMS, refreshOutcomeText, type IssueRefreshStatusRecord } from '../../../shared/api/inventory-issues';
import type { IssueRefreshStatus, IssueTab } from '../../../shared/enums';

/** The screen's own wording, where the spec's catalogue (ISSUE_MESSAGES in src/shared) has none. */
export const ISSUE_SCREEN_MESSAGES = {
  running: 'Refreshing inventory issues...',
  runningDetail: 'Selected items are being re-checked against the ERP, the lab and the seed-to-sale system. This page checks again every 10 seconds.',
  completedTitle: 'Refresh completed',
  failedTitle: 'Refresh failed',
} as const;

/** The server counts Lab Data Warnings under lab_warning (spec section 3). */
const TAB_COUNT_KEYS = { item_issues: 'item_issues', lab_data_warnings: 'lab_warning' } as const satisfies Record<IssueTab, string>;

export function tabCount(counts: { item_issues: number; lab_warning: number } | undefined, tab: IssueTab): number | undefined {
  return counts?.[TAB_COUNT_KEYS[tab]];
}

/** Why this many selected rows cannot be refreshed, or null when they can. */
export function refreshSelectionProblem(count: number): string | null {
  if (count > MAX_ISSUE_REFRESH_ITEMS) return ISSUE_MESSAGES.tooMany;
  return null;
}

export function canRefreshSelection(count: number): boolean {
  return count >= 1 && refreshSelectionProblem(count) === null;
}

export function isRefreshRunning(status: IssueRefreshStatus | undefined): boolean {
  return status === 'IN-PROGRESS';
}

/** What a finished refresh found: '{n} of {m} items fixed' (the server's comment says the same), or why it failed. */
export function refreshResult(record: IssueRefreshStatusRecord): { tone: 'success' | 'error'; title: string; text: string } {
  if (record.issue_status === 'FAILED') {
    const comments = record.comments?.trim();
    return { tone: 'error', title: ISSUE_SCREEN_MESSAGES.failedTitle, text: comments ? comments : ISSUE_MESSAGES.failed };
  }
  return { tone: 'success', title: ISSUE_SCREEN_MESSAGES.completedTitle, text: refreshOutcomeText(record.no_of_fixed_items, record.no_of_items) };
}
