// The messages between the parse pool (parse-pool.ts) and its workers (parse-worker.ts).
import type { SpreadsheetKind } from './file-type';

/** What a worker is started with. */
export type WorkerStart = {
  /** Test only: how long the worker waits before saying it is ready, as a slow start under load would. */
  startDelayMs: number;
};

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

/** A worker says it is ready once (its code loaded), then answers each request it is sent with one result. */
export type WorkerMessage = { type: 'ready' } | { type: 'result'; response: ParseResponse };
