// A bounded queue in front of PGlite's single connection. PGlite queues every caller behind one mutex
// without limit, so under a flood clients time out while the work they abandoned still runs, and
// everything (health included) waits behind it. Here one operation runs at a time, the others wait in
// order up to a limit, anything past the limit is refused at once (answered 503 with Retry-After), and
// a waiter whose request was abandoned is dropped before it starts.

/** Refused because the queue is full; the caller should try again shortly. */
export class DatabaseBusyError extends Error {
  constructor(readonly waiting: number) {
    super(`The embedded database is busy: ${waiting} requests are already waiting.`);
    this.name = 'DatabaseBusyError';
  }
}

/**
 * Requests that may wait. A request is admitted or refused as a whole, on its first operation: the statements it
 * runs next (a page, its total and the import time read together: up to five at once) always queue, for refusing
 * one halfway would fail a request already under way. The benchmarks' 32 connections queue without a refusal; a
 * flood past that is refused rather than left to time out.
 */
const DEFAULT_PGLITE_QUEUE_LIMIT = 64;

type GateRunOptions = {
  /** Aborted: the operation is dropped if it has not started yet (a running one finishes). */
  signal?: AbortSignal;
  /**
   * Refused at once when the queue is full (default). false: waits however long the queue is, for background
   * work (jobs, their heartbeats, maintenance): there is little of it, and refusing a job's heartbeat could cost
   * it its lease.
   */
  refusable?: boolean;
  /** Goes ahead of the queue and past its limit: for health's probe, which must not wait behind a flood. */
  priority?: boolean;
};

export type PgliteGate = {
  run<T>(operation: () => Promise<T>, options?: GateRunOptions): Promise<T>;
  /** Operations waiting for their turn, of every kind (the running one not counted). */
  readonly waiting: number;
  /** Operations run to their end so far, failed ones included: with `waiting`, what the queue is doing. */
  readonly finished: number;
  /**
   * Whether the database is known to be working: an operation succeeded within the last `ms` milliseconds, or
   * one is running and began less than LONG_OPERATION_MS ago (a long transaction, such as an import's commit,
   * is work, not an outage; its own statements do not pass the gate, so none 'succeeds' until it ends).
   */
  succeededWithin(ms: number): boolean;
};

/** An operation running longer than this no longer counts as the database working (it may be stuck). */
const LONG_OPERATION_MS = 60_000;

type Waiter = { start: () => void; refusable: boolean; signal: AbortSignal | undefined };

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('The operation was aborted before it started.');
}

export function createPgliteGate({ maxWaiting = DEFAULT_PGLITE_QUEUE_LIMIT, now = Date.now }: { maxWaiting?: number; now?: () => number } = {}): PgliteGate {
  if (!(maxWaiting >= 1)) throw new Error('The PGlite queue limit must be at least 1.');
  const queue: Waiter[] = [];
  let busy = false;
  let lastSuccessAt = Number.NEGATIVE_INFINITY;
  /** Whether an operation is running now (`busy` also covers the hand-over to the next), and since when. */
  let operating = false;
  let runningSince = Number.NEGATIVE_INFINITY;
  let finished = 0;
  /** The requests (by their signal) whose first operation was let in: their next ones are never refused. */
  const admitted = new WeakSet<AbortSignal>();

  /** The requests waiting (a refusable waiter without a signal counts as one of its own). */
  function requestsWaiting(): number {
    const signals = new Set<AbortSignal>();
    let alone = 0;
    for (const waiter of queue) {
      if (!waiter.refusable) continue;
      if (waiter.signal) signals.add(waiter.signal);
      else alone += 1;
    }
    return signals.size + alone;
  }

  function handOn() {
    // PGlite runs in this thread and answers through promises: handing the connection straight to the next
    // waiter would drain the whole queue without the event loop ever turning, so no socket (health's
    // included) would be read until it was empty. A turn of the loop between operations lets them in.
    setImmediate(() => {
      const next = queue.shift();
      if (next) next.start();
      else busy = false;
    });
  }

  async function execute<T>(operation: () => Promise<T>): Promise<T> {
    runningSince = now();
    operating = true;
    try {
      const result = await operation();
      lastSuccessAt = now();
      return result;
    } finally {
      operating = false;
      finished += 1;
      handOn();
    }
  }

  function waitForTurn(options: GateRunOptions & { refusable: boolean }): Promise<void> {
    const { signal, priority, refusable } = options;
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(abortReason(signal!));
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refusable,
        signal,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (priority) queue.unshift(waiter);
      else queue.push(waiter);
    });
  }

  return {
    async run(operation, options = {}) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      if (!busy) {
        busy = true;
        if (options.signal) admitted.add(options.signal);
        return execute(operation);
      }
      const refusable = (options.refusable ?? true) && !options.priority;
      if (refusable && !(options.signal && admitted.has(options.signal))) {
        // Background work and health's probe wait beside requests' operations without taking their places.
        const waiting = requestsWaiting();
        if (waiting >= maxWaiting) throw new DatabaseBusyError(waiting);
      }
      if (options.signal) admitted.add(options.signal);
      await waitForTurn({ ...options, refusable });
      return execute(operation);
    },
    get waiting() {
      return queue.length;
    },
    get finished() {
      return finished;
    },
    succeededWithin(ms) {
      return now() - lastSuccessAt < ms || (operating && now() - runningSince < LONG_OPERATION_MS);
    },
  };
}
