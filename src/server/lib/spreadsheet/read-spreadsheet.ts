// Reads an untrusted spreadsheet (ARCHITECTURE section 6): size first, then the type by content, then a
// zip's central directory and its real inflated size, and only then the parser, in a worker of the parse
// pool (parse-pool.ts) with a heap limit and a deadline.
import { sniffSpreadsheet, type SpreadsheetKind } from './file-type';
import type { SheetRow } from './parse-protocol';
import type { ParsePool } from './parse-pool';
import { SpreadsheetError, SPREADSHEET_MESSAGES } from './spreadsheet-error';
import { checkInflatedSize } from './zip-inflate';
import { DEFAULT_ZIP_LIMITS, ZipRejected, type ZipLimits } from './zip-inspect';

export type ReadLimits = {
  maxBytes: number;
  zip: ZipLimits;
  /** Sheet rows read, by row number; a longer sheet is refused as too long. */
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  /** From the moment a ready worker receives the file (a worker's start-up is not counted). */
  timeoutMs: number;
};

const DEFAULT_READ_LIMITS: ReadLimits = {
  maxBytes: 10 * 1024 * 1024,
  zip: DEFAULT_ZIP_LIMITS,
  maxRows: 10_001,
  maxColumns: 100,
  maxCellLength: 32_000,
  timeoutMs: 10_000,
};

export type SpreadsheetContent = { kind: SpreadsheetKind; rows: SheetRow[] };

/** Where and for whom a file is read: the pool's workers, shared fairly between owners (user ids). */
export type ReadOptions = Partial<ReadLimits> & { pool: ParsePool; owner: string };

function zipFailure(error: ZipRejected): SpreadsheetError {
  if (error.problem === 'not-a-zip' || error.problem === 'malformed' || error.problem === 'unsupported-compression') {
    return new SpreadsheetError('unsupported', SPREADSHEET_MESSAGES.unsupported);
  }
  if (error.problem === 'damaged') return new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable);
  return new SpreadsheetError(error.problem === 'encrypted' ? 'encrypted' : 'zip-bomb', error.message);
}

/**
 * The checks made before any parser sees the file: size, emptiness, type by content, a zip's declared
 * sizes, then what the zip really inflates to (bounded by the same limits, so cheap for every file).
 */
async function checkSpreadsheetBytes(bytes: Uint8Array, limits: Pick<ReadLimits, 'maxBytes' | 'zip'> = DEFAULT_READ_LIMITS): Promise<SpreadsheetKind> {
  if (bytes.length > limits.maxBytes) throw new SpreadsheetError('too-large', SPREADSHEET_MESSAGES.tooLarge);
  if (bytes.length === 0) throw new SpreadsheetError('empty', SPREADSHEET_MESSAGES.empty);
  try {
    const kind = sniffSpreadsheet(bytes, limits.zip);
    if (!kind) throw new SpreadsheetError('unsupported', SPREADSHEET_MESSAGES.unsupported);
    if (kind === 'xlsx') await checkInflatedSize(bytes, limits.zip);
    return kind;
  } catch (error) {
    throw error instanceof ZipRejected ? zipFailure(error) : error;
  }
}

/** Every non-blank row of the file's first sheet, as text, or a SpreadsheetError saying what is wrong. */
export async function readSpreadsheet(bytes: Uint8Array, { pool, owner, ...overrides }: ReadOptions): Promise<SpreadsheetContent> {
  const limits = { ...DEFAULT_READ_LIMITS, ...overrides };
  const kind = await checkSpreadsheetBytes(bytes, limits);
  const { response } = await pool.parse({
    request: { bytes, kind, maxRows: limits.maxRows, maxColumns: limits.maxColumns, maxCellLength: limits.maxCellLength },
    timeoutMs: limits.timeoutMs,
    owner,
  });
  if (!response.ok) throw new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable);
  if (response.truncated) {
    throw new SpreadsheetError('too-many-rows', `The file has more than ${limits.maxRows.toLocaleString('en-US')} rows. Please split it into smaller files.`);
  }
  return { kind, rows: response.rows };
}
