// Runs inside a worker_threads Worker (see read-spreadsheet.ts): parses one file (a workbook with the `xlsx`
// package, CSV with papaparse) and posts back the first sheet's non-blank rows as text. The npm build of `xlsx` has known parsing
// vulnerabilities (prototype pollution, ReDoS), so it only ever runs here, under the worker's memory
// and time limits, in a thread that is thrown away after one file.
import { parentPort, workerData } from 'node:worker_threads';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import type { ParseRequest, ParseResponse, SheetRow } from './parse-protocol';

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === 'e') return '';
  if (typeof cell.v === 'string') return cell.v;
  if (typeof cell.v === 'boolean') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.v instanceof Date) return cell.v.toISOString();
  return String(cell.v);
}

/** Keeps a non-blank row, cut to the column and cell limits. */
function keepRow(rows: SheetRow[], row: number, values: readonly string[], { maxColumns, maxCellLength }: ParseRequest): void {
  const cells = values.slice(0, maxColumns).map((cell) => cell.slice(0, maxCellLength));
  if (cells.some((cell) => cell.trim() !== '')) rows.push({ row, cells });
}

/**
 * CSV is read by papaparse as CSV and nothing else (SheetJS would also take HTML or XML text for a
 * workbook). Every value stays the text written (batch 00123 stays 00123); a row is a CSV record, so a
 * quoted cell across lines is one row, as a spreadsheet program shows it.
 */
function parseCsv(request: ParseRequest): ParseResponse {
  const text = new TextDecoder('utf-8').decode(request.bytes).replace(/^\uFEFF/, '');
  // One record past the limit, so that a longer file is known to be too long without reading all of it.
  const { data } = Papa.parse<string[]>(text, { preview: request.maxRows + 1, delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const rows: SheetRow[] = [];
  data.slice(0, request.maxRows).forEach((values, index) => keepRow(rows, index + 1, values, request));
  return { ok: true, rows, truncated: data.length > request.maxRows };
}

function parseWorkbook(request: ParseRequest): ParseResponse {
  const { bytes, maxRows, maxColumns } = request;
  const workbook = XLSX.read(bytes, {
    type: 'buffer',
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
  });
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
    keepRow(rows, r + 1, Array.from({ length: lastColumn + 1 }, (_, c) => cellText(row[c])), request);
  }
  // Row numbers are the sheet's own; anything below row maxRows was not read.
  const truncated = range.e.r >= maxRows || Boolean(sheet['!fullref'] && sheet['!fullref'] !== sheet['!ref']);
  return { ok: true, rows, truncated };
}

function parse(request: ParseRequest): ParseResponse {
  return request.kind === 'csv' ? parseCsv(request) : parseWorkbook(request);
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
