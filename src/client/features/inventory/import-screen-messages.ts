// The import screens' own wording, where the spec's catalogue (IMPORT_MESSAGES in src/shared) has none.
export const IMPORT_SCREEN_MESSAGES = {
  /** The link, on Import Inventory, to an import whose fetch completed before the page was opened. */
  viewResults: 'View import results',
  waitingTitle: 'An import is waiting to be committed or discarded',
  recheckCaseSizes: 'Re-check case sizes',
  recheckFailed: 'Failed to re-check case sizes',
} as const;

/** What a re-check of an import's case sizes found, for its toast. */
export function recheckSummary({ fixed, stillWrong }: { fixed: number; stillWrong: number }): string {
  const fixedText = fixed === 1 ? '1 case size error fixed' : `${fixed} case size errors fixed`;
  return `${fixedText}, ${stillWrong} still to fix.`;
}
