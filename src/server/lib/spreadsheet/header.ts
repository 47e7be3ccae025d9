// Finds a sheet's header row: the first of its first few non-blank rows that names any of the wanted
// columns. Names match case-insensitively, ignoring spaces ('Batch #' is 'Batch#', 'case size' is 'Case Size').
import type { SheetRow } from './parse-protocol';

/** How many non-blank rows may come before the header (a title, a date line). */
const HEADER_SEARCH_ROWS = 10;

function normaliseHeader(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

export type HeaderMatch<R extends string, O extends string> =
  | { found: true; headerRow: number; headerIndex: number; required: Record<R, number>; optional: Partial<Record<O, number>> }
  | { found: false; missing: R[]; headerRow: number | null };

/**
 * The header row and the column index of each required (and optional) column. `found: false` lists the
 * required columns the best candidate row lacks (all of them when no row names any).
 */
export function findHeader<const R extends string, const O extends string = never>(
  rows: readonly SheetRow[],
  required: readonly R[],
  optional: readonly O[] = [],
): HeaderMatch<R, O> {
  const wanted = [...required, ...optional];
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index += 1) {
    const row = rows[index]!;
    const positions = new Map<string, number>();
    row.cells.forEach((cell, column) => {
      const key = normaliseHeader(cell);
      if (key && !positions.has(key)) positions.set(key, column);
    });
    const at = (name: string) => positions.get(normaliseHeader(name));
    if (!wanted.some((name) => at(name) !== undefined)) continue;
    const missing = required.filter((name) => at(name) === undefined);
    if (missing.length > 0) return { found: false, missing, headerRow: row.row };
    return {
      found: true,
      headerRow: row.row,
      headerIndex: index,
      required: Object.fromEntries(required.map((name) => [name, at(name)!])) as Record<R, number>,
      optional: Object.fromEntries(optional.flatMap((name) => (at(name) === undefined ? [] : [[name, at(name)!]]))) as Partial<Record<O, number>>,
    };
  }
  return { found: false, missing: [...required], headerRow: null };
}
