// Where a page of a list is read from: forwards from its start, or, for a page in the second half of a list
// whose length is known, backwards from its end (the rows before it are never walked).

/** Rows skipped from which a page may be read from the end of its list (fewer are cheaper to skip than to count). */
export const FROM_END_MIN_OFFSET = 1_000;

/**
 * Where a page's rows are read from. A page in the second half of a list of known length is read from its end,
 * in the reverse order, and turned round: the rows before it are never walked, so the last page costs what the
 * first does instead of walking every match before it (OFFSET reads and throws away each skipped row).
 */
export function pageWindow(page: number, pageSize: number, total?: number): { offset: number; limit: number; fromEnd: boolean } {
  const offset = (page - 1) * pageSize;
  if (total === undefined || offset + pageSize / 2 <= total / 2) return { offset, limit: pageSize, fromEnd: false };
  const fromEndOffset = Math.max(0, total - offset - pageSize);
  return { offset: fromEndOffset, limit: Math.max(0, total - offset - fromEndOffset), fromEnd: true };
}
