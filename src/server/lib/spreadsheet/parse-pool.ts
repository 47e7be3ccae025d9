// A small pool of warm parse workers (issue 10, defect 3). Starting a worker costs up to seconds under load
// (tsx compiling TypeScript in development), so workers are started at first use and kept: a worker whose
// file parsed cleanly takes the next one, and a worker is thrown away and replaced after any file that
// failed (deadline, heap limit, crash, unreadable). A file's deadline starts when a ready worker receives it,
// never at spawn. One caller never holds every worker, so another caller's file is not stuck behind a
// caller's run of hostile files. Idle workers do not keep the process alive; close() ends them all.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseRequest, ParseResponse, WorkerMessage, WorkerStart } from './parse-protocol';
import { SpreadsheetError, SPREADSHEET_MESSAGES } from './spreadsheet-error';

export type ParsePoolOptions = {
  /** Workers at most, so files parsed at once. */
  size: number;
  /** Files that may wait for a worker; past that a file is refused as busy. */
  maxWaiting: number;
  /** The worker's V8 heap ceiling; going over ends the worker, not the server. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Test only: each worker waits this long before it is ready, as under load. */
  startDelayMs: number;
};

export const DEFAULT_PARSE_POOL_OPTIONS: ParsePoolOptions = {
  size: 2,
  maxWaiting: 16,
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  startDelayMs: 0,
};

export type ParseJob = {
  request: ParseRequest;
  /** From the moment a ready worker receives the file. */
  timeoutMs: number;
  /** Who sent the file (a user id): one owner never holds every worker. */
  owner: string;
};

/** What a parse answered, and which worker thread did it (a test sees reuse and replacement). */
export type ParseOutcome = { response: ParseResponse; threadId: number };

export type ParsePool = {
  parse(job: ParseJob): Promise<ParseOutcome>;
  close(): Promise<void>;
};

type WorkerEntry = { filename: string | URL; eval: boolean };

/**
 * The compiled parse-worker.js beside this module when the server runs as compiled JavaScript (dist-server/
 * holds main.js and parse-worker.js side by side); otherwise (development, tests) parse-worker.ts through
 * tsx's CommonJS hook: passing `--import tsx` to a worker does not work on Node 20, and registering tsx's
 * ESM hooks per worker leaks a hooks thread each time.
 */
export function parseWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  const compiled = new URL('./parse-worker.js', moduleUrl);
  if (existsSync(compiled)) return { filename: compiled, eval: false };
  const tsx = createRequire(moduleUrl).resolve('tsx/cjs/api');
  const source = fileURLToPath(new URL('./parse-worker.ts', moduleUrl));
  return { filename: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, eval: true };
}

type Pending = ParseJob & { resolve: (outcome: ParseOutcome) => void; reject: (error: Error) => void };

type Slot = {
  worker: Worker;
  ready: boolean;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
};

const failure = (error: Error & { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? new SpreadsheetError('out-of-memory', SPREADSHEET_MESSAGES.outOfMemory)
    : new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable);

export function createParsePool(overrides: Partial<ParsePoolOptions> = {}): ParsePool {
  const options = { ...DEFAULT_PARSE_POOL_OPTIONS, ...overrides };
  // With one worker there is nobody to keep one free for.
  const maxPerOwner = Math.max(1, options.size - 1);
  const entry = parseWorkerEntry();
  const slots = new Set<Slot>();
  const waiting: Pending[] = [];
  let closed = false;

  const running = (owner: string) => [...slots].filter((slot) => slot.job?.owner === owner).length;

  function start(): Slot {
    const workerData: WorkerStart = { startDelayMs: options.startDelayMs };
    const worker = new Worker(entry.filename, {
      eval: entry.eval,
      workerData,
      // Nothing of the server's configuration is the parser's business.
      env: {},
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb, stackSizeMb: 4 },
    });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    slots.add(slot);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        slot.ready = true;
        dispatch();
      } else if (slot.job) {
        const clean = message.response.ok;
        settle(slot, (job) => job.resolve({ response: message.response, threadId: worker.threadId }), !clean);
      }
    });
    worker.once('error', (error: Error) => {
      if (slot.job) settle(slot, (job) => job.reject(failure(error)), true);
      else retire(slot, slot.ready);
    });
    worker.once('exit', () => {
      if (slot.job) settle(slot, (job) => job.reject(new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable)), true);
      else retire(slot, slot.ready);
    });
    return slot;
  }

  /**
   * Ends a worker and (unless the pool is closing) starts its replacement. A worker that died before it was
   * ready is not replaced at once, so that a broken worker file cannot spin: the next file starts one.
   */
  function retire(slot: Slot, replace: boolean): void {
    if (!slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    void slot.worker.terminate();
    if (!replace && ![...slots].some((other) => other.ready)) {
      for (const job of waiting.splice(0)) job.reject(new Error('The spreadsheet parse worker failed to start.'));
    }
    if (replace && !closed) start();
    dispatch();
  }

  function settle(slot: Slot, outcome: (job: Pending) => void, discard: boolean): void {
    const job = slot.job!;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    outcome(job);
    if (discard) retire(slot, true);
    else dispatch();
  }

  /** Gives each ready worker the first waiting file whose owner may take another worker. */
  function dispatch(): void {
    if (closed) return;
    for (;;) {
      const index = waiting.findIndex((job) => running(job.owner) < maxPerOwner);
      if (index < 0) break;
      const idle = [...slots].find((slot) => slot.ready && !slot.job);
      if (!idle) {
        const starting = [...slots].filter((slot) => !slot.ready).length;
        if (slots.size < options.size && starting < waiting.length) start();
        break;
      }
      const [job] = waiting.splice(index, 1);
      idle.job = job!;
      idle.timer = setTimeout(() => settle(idle, (timedOut) => timedOut.reject(new SpreadsheetError('timeout', SPREADSHEET_MESSAGES.timeout)), true), job!.timeoutMs);
      idle.worker.postMessage(job!.request);
    }
    // Workers keep the process alive only while there is work for them.
    const busy = waiting.length > 0 || [...slots].some((slot) => slot.job);
    for (const slot of slots) {
      if (busy) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  return {
    parse(job) {
      if (closed) return Promise.reject(new SpreadsheetError('busy', SPREADSHEET_MESSAGES.busy));
      if (waiting.length >= options.maxWaiting) return Promise.reject(new SpreadsheetError('busy', SPREADSHEET_MESSAGES.busy));
      return new Promise<ParseOutcome>((resolve, reject) => {
        waiting.push({ ...job, resolve, reject });
        dispatch();
      });
    },

    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new SpreadsheetError('busy', SPREADSHEET_MESSAGES.busy));
      const ending = [...slots];
      slots.clear();
      for (const slot of ending) {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new SpreadsheetError('busy', SPREADSHEET_MESSAGES.busy));
        slot.job = null;
      }
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}
