// What the upload dialog shows before sending a file: its header, its first rows and the required
// columns it lacks. Pure, so that the worker and the tests share it. Header names match as the server
// matches them: ignoring case and spaces, on the first of the first ten non-blank rows naming any column.

const PREVIEW_ROWS = 5;
/** Rows the worker reads: enough to find the header and show the first rows, however large the file. */
export const PREVIEW_SHEET_ROWS = 60;
const HEADER_SEARCH_ROWS = 10;

export type PreviewRequest = { buffer: ArrayBuffer; name: string; required: readonly string[] };

export type Preview = {
  /** The header row's cells, as written. */
  header: string[];
  /** The first data rows under it, cut to the header's width. */
  rows: string[][];
  /** Required columns the header lacks (all of them when no header was found). */
  missing: string[];
  /** Whether the file has more data rows than shown. */
  more: boolean;
};

export type PreviewResponse = { ok: true; preview: Preview } | { ok: false };

function normaliseHeader(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

export function buildPreview(sheetRows: readonly string[][], required: readonly string[]): Preview {
  const rows = sheetRows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const wanted = new Set(required.map(normaliseHeader));
  const headerIndex = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((cells) => cells.some((cell) => wanted.has(normaliseHeader(cell))));
  if (headerIndex < 0) return { header: [], rows: rows.slice(0, PREVIEW_ROWS), missing: [...required], more: rows.length > PREVIEW_ROWS };
  const headerCells = rows[headerIndex]!;
  const present = new Set(headerCells.map(normaliseHeader));
  const width = headerCells.reduce((last, cell, index) => (cell.trim() ? index + 1 : last), 0);
  const data = rows.slice(headerIndex + 1);
  return {
    header: headerCells.slice(0, width),
    rows: data.slice(0, PREVIEW_ROWS).map((cells) => Array.from({ length: width }, (_, index) => cells[index] ?? '')),
    missing: required.filter((name) => !present.has(normaliseHeader(name))),
    more: data.length > PREVIEW_ROWS,
  };
}

/** 'The file is missing the column Case Size.' */
export function missingColumnsMessage(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0]! : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `The file is missing the column${missing.length > 1 ? 's' : ''} ${list}.`;
}
