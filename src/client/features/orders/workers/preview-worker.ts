// A Web Worker that reads the first rows of a chosen spreadsheet off the main thread: a CSV with papaparse
// (as CSV only, as the server reads it), a workbook with the `xlsx` package. Vite bundles it (and so both)
// into its own file, loaded only when the upload dialog reads a file.
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { buildPreview, PREVIEW_SHEET_ROWS, type PreviewRequest, type PreviewResponse } from './preview';

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === 'e') return '';
  return typeof cell.v === 'string' ? cell.v : String(cell.v);
}

function read({ buffer, name, required }: PreviewRequest): PreviewResponse {
  if (name.toLowerCase().endsWith('.csv')) {
    const text = new TextDecoder('utf-8').decode(buffer).replace(/^\uFEFF/, '');
    return { ok: true, preview: buildPreview(Papa.parse<string[]>(text, { preview: PREVIEW_SHEET_ROWS }).data, required) };
  }
  const options: XLSX.ParsingOptions = { sheetRows: PREVIEW_SHEET_ROWS, sheets: 0, dense: true, cellHTML: false, cellFormula: false, cellText: false, cellStyles: false };
  const workbook = XLSX.read(new Uint8Array(buffer), { ...options, type: 'array' });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet?.['!ref']) return { ok: true, preview: buildPreview([], required) };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  // SheetJS 0.20 keeps a dense sheet's cells under '!data' (0.18 made the sheet itself the array).
  const dense: (XLSX.CellObject | undefined)[][] = sheet['!data'] ?? [];
  const rows: string[][] = [];
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const row = dense[r] ?? [];
    rows.push(Array.from({ length: Math.min(range.e.c + 1, 50) }, (_, c) => cellText(row[c])));
  }
  return { ok: true, preview: buildPreview(rows, required) };
}

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  let response: PreviewResponse;
  try {
    response = read(event.data);
  } catch {
    response = { ok: false };
  }
  self.postMessage(response);
};
