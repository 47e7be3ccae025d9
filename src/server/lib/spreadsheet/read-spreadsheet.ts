// Reads an untrusted spreadsheet (ARCHITECTURE section 6): size first, then the type by content, then a
// zip's central directory and its real inflated size, and only then the parser, in a fresh worker_threads Worker with a heap limit
// and a deadline, thrown away after the one file. At most a few parse at once in a process; the rest wait.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sniffSpreadsheet, type SpreadsheetKind } from './file-type';
import type { ParseRequest, ParseResponse, SheetRow } from './parse-protocol';
import { checkInflatedSize } from './zip-inflate';
import { DEFAULT_ZIP_LIMITS, ZipRejected, type ZipLimits } from './zip-inspect';

export type { SheetRow } from './parse-protocol';
export type { SpreadsheetKind } from './file-type';

export type ReadLimits = {
  maxBytes: number;
  zip: ZipLimits;
  /** Sheet rows read, by row number; a longer sheet is refused as too long. */
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  timeoutMs: number;
  /** The worker's V8 heap ceiling; going over ends the worker, not the server. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
};

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxBytes: 10 * 1024 * 1024,
  zip: DEFAULT_ZIP_LIMITS,
  maxRows: 10_001,
  maxColumns: 100,
  maxCellLength: 32_000,
  timeoutMs: 10_000,
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
};

export type SpreadsheetProblem = 'empty' | 'too-large' | 'unsupported' | 'zip-bomb' | 'encrypted' | 'unreadable' | 'too-many-rows' | 'timeout' | 'out-of-memory' | 'busy';

export class SpreadsheetError extends Error {
  constructor(
    readonly problem: SpreadsheetProblem,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

export const SPREADSHEET_MESSAGES = {
  tooLarge: 'File size exceeds the 10MB limit. Please upload a smaller file.',
  unsupported: 'Unsupported file format. Please upload a XLSX, or XLS file.',
  empty: 'The file is empty.',
  unreadable: 'The file could not be read. Check that it is a valid XLSX, XLS or CSV file and upload it again.',
  timeout: 'The file took too long to read.',
  outOfMemory: 'The file needs too much memory to read. Please upload a smaller file.',
  busy: 'The server is reading other files right now. Please try again in a minute.',
} as const;

export type SpreadsheetContent = { kind: SpreadsheetKind; rows: SheetRow[] };

const localRequire = createRequire(import.meta.url);
const TSX_CJS_API = localRequire.resolve('tsx/cjs/api');
const WORKER_FILE = fileURLToPath(new URL('./parse-worker.ts', import.meta.url));
/**
 * The worker registers tsx's CommonJS hook and requires the TypeScript file. Passing `--import tsx` to a
 * worker does not work on Node 20, and registering tsx's ESM hooks per worker leaks a hooks thread each time.
 */
const WORKER_BOOTSTRAP = `require(${JSON.stringify(TSX_CJS_API)}).register(); require(${JSON.stringify(WORKER_FILE)});`;

const MAX_PARALLEL_PARSES = 2;
const MAX_WAITING_PARSES = 16;
let running = 0;
const waiting: (() => void)[] = [];

async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) {
    if (waiting.length >= MAX_WAITING_PARSES) throw new SpreadsheetError('busy', SPREADSHEET_MESSAGES.busy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

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
export async function checkSpreadsheetBytes(bytes: Uint8Array, limits: Pick<ReadLimits, 'maxBytes' | 'zip'> = DEFAULT_READ_LIMITS): Promise<SpreadsheetKind> {
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

/** Parses in a fresh worker; the worker's end (message, crash, heap limit or deadline) settles the promise once. */
function parseInWorker(request: ParseRequest, limits: ReadLimits): Promise<ParseResponse> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: request,
      // Nothing of the server's configuration is the parser's business.
      env: {},
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new SpreadsheetError('timeout', SPREADSHEET_MESSAGES.timeout))), limits.timeoutMs);
    worker.once('message', (response: ParseResponse) => settle(() => resolve(response)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new SpreadsheetError('out-of-memory', SPREADSHEET_MESSAGES.outOfMemory)
            : new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable),
        ),
      ),
    );
    worker.once('exit', () => settle(() => reject(new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable))));
  });
}

/** Every non-blank row of the file's first sheet, as text, or a SpreadsheetError saying what is wrong. */
export async function readSpreadsheet(bytes: Uint8Array, overrides: Partial<ReadLimits> = {}): Promise<SpreadsheetContent> {
  const limits = { ...DEFAULT_READ_LIMITS, ...overrides };
  const kind = await checkSpreadsheetBytes(bytes, limits);
  const response = await withParseSlot(() =>
    parseInWorker({ bytes, kind, maxRows: limits.maxRows, maxColumns: limits.maxColumns, maxCellLength: limits.maxCellLength }, limits),
  );
  if (!response.ok) throw new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable);
  if (response.truncated) {
    throw new SpreadsheetError('too-many-rows', `The file has more than ${limits.maxRows.toLocaleString('en-US')} rows. Please split it into smaller files.`);
  }
  return { kind, rows: response.rows };
}
