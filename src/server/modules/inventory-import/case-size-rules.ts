// Whether a quantity of units packs into whole cases of one of a product's standard case sizes.

/**
 * Picks the largest standard case size that divides the quantity, so that stock is counted in as few
 * cases as the product allows. A quantity that is not a whole, non-negative number of units never fits,
 * and neither does any quantity when the product has no (positive, whole) case size.
 */
export function checkCaseSize(quantity: number, caseSizes: number[]): { ok: true; caseSize: number } | { ok: false } {
  if (!Number.isInteger(quantity) || quantity < 0) return { ok: false };
  const fitting = caseSizes.filter((size) => Number.isInteger(size) && size > 0 && quantity % size === 0);
  if (fitting.length === 0) return { ok: false };
  return { ok: true, caseSize: Math.max(...fitting) };
}

/** The sizes a Case Size Errors row shows: the usable ones, each once, smallest first. */
export function standardCaseSizes(caseSizes: number[]): number[] {
  return [...new Set(caseSizes.filter((size) => Number.isInteger(size) && size > 0))].sort((a, b) => a - b);
}
