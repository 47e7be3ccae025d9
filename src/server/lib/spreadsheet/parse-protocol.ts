// The messages between read-spreadsheet.ts and its parse worker.
import type { SpreadsheetKind } from './file-type';

export type ParseRequest = {
  bytes: Uint8Array;
  kind: SpreadsheetKind;
  /** Sheet rows (by row number, blank ones included) to read; a longer sheet is reported as truncated. */
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
};

/** A non-blank row of the first sheet: its row number as the spreadsheet shows it, and its cells as text. */
export type SheetRow = { row: number; cells: string[] };

export type ParseResponse = { ok: true; rows: SheetRow[]; truncated: boolean } | { ok: false; reason: 'unreadable' };
