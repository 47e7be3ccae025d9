// Runs inside a worker_threads Worker of the parse pool (parse-pool.ts): says it is ready once its code is
// loaded, then parses each file it is sent (a workbook with the `xlsx` package, CSV with papaparse) and
// posts back the first sheet's non-blank rows as text. Parsers of untrusted files only ever run here, under
// the worker's memory limit and the pool's deadline; the pool throws a worker away after any file that
// failed, so only workers whose every file parsed cleanly are reused.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import type { ParseRequest, ParseResponse, SheetRow, WorkerMessage, WorkerStart } from './parse-protocol';

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

function parseSafely(request: ParseRequest): ParseResponse {
  try {
    return parse(request);
  } catch {
    // The parser's own message says nothing a user can act on (and may echo the file's content).
    return { ok: false, reason: 'unreadable' };
  }
}

function serve(port: MessagePort): void {
  const post = (message: WorkerMessage) => port.postMessage(message);
  port.on('message', (request: ParseRequest) => post({ type: 'result', response: parseSafely(request) }));
  const { startDelayMs } = workerData as WorkerStart;
  if (startDelayMs > 0) setTimeout(() => post({ type: 'ready' }), startDelayMs);
  else post({ type: 'ready' });
}

if (parentPort) serve(parentPort);
