// Runs inside a worker_threads Worker (see read-spreadsheet.ts): parses one file with the `xlsx` package
// and posts back the first sheet's non-blank rows as text. The npm build of `xlsx` has known parsing
// vulnerabilities (prototype pollution, ReDoS), so it only ever runs here, under the worker's memory
// and time limits, in a thread that is thrown away after one file.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import type { ParseRequest, ParseResponse, SheetRow } from './parse-protocol';

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === 'e') return '';
  if (typeof cell.v === 'string') return cell.v;
  if (typeof cell.v === 'boolean') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.v instanceof Date) return cell.v.toISOString();
  return String(cell.v);
}

function parse({ bytes, kind, maxRows, maxColumns, maxCellLength }: ParseRequest): ParseResponse {
  const options: XLSX.ParsingOptions = {
    dense: true,
    // One row past the limit, so that a longer sheet is known to be too long without reading all of it.
    sheetRows: maxRows + 1,
    sheets: 0,
    cellFormula: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellText: false,
    cellDates: false,
    bookVBA: false,
    bookDeps: false,
    bookFiles: false,
    bookProps: false,
  };
  const workbook =
    kind === 'csv'
      ? // Text is decoded here as UTF-8; raw keeps every value a string (batch 00123 stays 00123).
        XLSX.read(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''), { ...options, type: 'string', raw: true })
      : XLSX.read(bytes, { ...options, type: 'buffer' });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet || !sheet['!ref']) return { ok: true, rows: [], truncated: false };

  const range = XLSX.utils.decode_range(sheet['!ref']);
  // SheetJS 0.20 keeps a dense sheet's cells under '!data' (0.18 made the sheet itself the array).
  const dense: (XLSX.CellObject | undefined)[][] = sheet['!data'] ?? [];
  const lastColumn = Math.min(range.e.c, range.s.c + maxColumns - 1);
  const rows: SheetRow[] = [];
  const lastRow = Math.min(range.e.r, maxRows - 1);
  for (let r = range.s.r; r <= lastRow; r += 1) {
    const row = dense[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = 0; c <= lastColumn; c += 1) cells.push(cellText(row[c]).slice(0, maxCellLength));
    if (cells.every((cell) => cell.trim() === '')) continue;
    rows.push({ row: r + 1, cells });
  }
  // Row numbers are the sheet's own; anything below row maxRows was not read.
  const truncated = range.e.r >= maxRows || Boolean(sheet['!fullref'] && sheet['!fullref'] !== sheet['!ref']);
  return { ok: true, rows, truncated };
}

function run(): void {
  let response: ParseResponse;
  try {
    response = parse(workerData as ParseRequest);
  } catch {
    // The parser's own message says nothing a user can act on (and may echo the file's content).
    response = { ok: false, reason: 'unreadable' };
  }
  parentPort?.postMessage(response);
}

run();
