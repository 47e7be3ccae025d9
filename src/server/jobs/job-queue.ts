// Background jobs on the `jobs` table: any instance claims due jobs with FOR UPDATE SKIP LOCKED under a lease
// that heartbeats keep alive, so a job whose worker died is claimed again once its lease lapses.
// pg-boss is not used: it needs a socket connection to PostgreSQL (node-postgres) and cannot run on the
// embedded PGlite, the default database, so the queue is written here in plain SQL that runs on both.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import { detachedFromRequest } from '../lib/request-abort';
import { sqlList } from '../lib/sql-helpers';
import { retryDelayMs } from './backoff';

export type JobContext<P> = {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the lease is lost or the queue stops. */
  signal: AbortSignal;
};

export type JobDefinition<P> = {
  run(ctx: JobContext<P>): Promise<void>;
  /** Called once when the job failed for good (attempts exhausted or a PermanentJobError), in its own call after the last attempt. */
  onFailed?(ctx: { id: number; payload: P; error: Error }): Promise<void>;
  /** Default 3. */
  maxAttempts?: number;
};

/** Thrown by run() when another attempt cannot help (bad input): the job fails at once, with no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobQueue = {
  define<P>(kind: string, definition: JobDefinition<P>): void;
  /** Inserts a queued job inside the caller's transaction (so it exists iff the caller's rows commit). Returns its id. */
  enqueue(tx: DbOrTx, kind: string, payload: Record<string, unknown>, options?: { marketId?: number; runAt?: Date; maxAttempts?: number }): Promise<number>;
  /** Looks for due jobs now: a service calls it once the transaction that enqueued a job has committed. */
  wake(): void;
  /** Begins polling; also wakes at once after enqueue on this instance. */
  start(): void;
  /** Stops claiming, aborts running jobs' signals, waits for them to settle (bounded). */
  stop(): Promise<void>;
  /** Tests: claims and runs due jobs until none is due; resolves when they have finished. */
  drain(): Promise<number>;
};

type JobLogger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

type JobQueueOptions = {
  db: Db;
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  heartbeatMs?: number;
  concurrency?: number;
  logger?: JobLogger;
};

type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** Its worker died during the last allowed attempt: it fails without running again. */
  exhausted: boolean;
};

type RunningJob = { controller: AbortController; done: Promise<void>; stopHeartbeat(): void };

const DEFAULT_MAX_ATTEMPTS = 3;
/** Beyond a lease's length another instance may take the job anyway, so stop() never waits longer than this. */
const MAX_STOP_GRACE_MS = 10_000;
const LAST_ATTEMPT_LOST = 'The worker running the last attempt stopped before it finished (its lease expired).';

const consoleLogger: JobLogger = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

const millis = (ms: number) => sql`${Math.round(ms)}::int * interval '1 millisecond'`;

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.floor(leaseMs / 3);
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 2;
  const logger = options.logger ?? consoleLogger;
  if (!(heartbeatMs > 0 && heartbeatMs < leaseMs)) throw new Error('The job heartbeat must be shorter than the lease.');
  if (!(concurrency >= 1)) throw new Error('Job concurrency must be at least 1.');

  const definitions = new Map<string, JobDefinition<unknown>>();
  const running = new Map<number, RunningJob>();
  const stopReason = new Error('The job queue is stopping.');
  let polling = false;
  let stopping = false;
  let pollingWanted = false;
  let wakePending = false;
  let timer: NodeJS.Timeout | undefined;
  // Claims of one instance run one after another, so that two never count the same free slots.
  let claims: Promise<unknown> = Promise.resolve();

  async function claim(limit: number): Promise<ClaimedJob[]> {
    // A lapsed lease of this very worker means its heartbeat stalled while the job still runs here.
    const rows = await queryRows<{ id: number | string; kind: string; payload: unknown; attempts: number; maxAttempts: number; exhausted: boolean }>(
      db,
      sql`
        with due as (
          select id, status = 'running' and attempts >= max_attempts as exhausted
          from jobs
          where kind in ${sqlList([...definitions.keys()])}
            and ((status = 'queued' and run_at <= now())
              or (status = 'running' and locked_until < now() and locked_by is distinct from ${workerId}))
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        update jobs j
        set status = 'running', locked_by = ${workerId}, locked_until = now() + ${millis(leaseMs)},
            attempts = case when due.exhausted then j.attempts else j.attempts + 1 end, updated_at = now()
        from due
        where j.id = due.id
        returning j.id, j.kind, j.payload, j.attempts, j.max_attempts as "maxAttempts", due.exhausted`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Records a job's outcome, unless another worker has taken it over meanwhile. */
  async function settle(jobId: number, changes: SQL): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`
        update jobs set ${changes}, locked_by = null, locked_until = null, updated_at = now()
        where id = ${jobId} and locked_by = ${workerId} and status = 'running'
        returning id`,
    );
    if (rows.length === 0) logger.warn({ jobId, workerId }, 'Job lease was lost to another worker; this outcome is not recorded');
    return rows.length > 0;
  }

  async function fail(job: ClaimedJob, definition: JobDefinition<unknown>, error: Error): Promise<void> {
    if (!(await settle(job.id, sql`status = 'failed', last_error = ${error.message}`))) return;
    try {
      await definition.onFailed?.({ id: job.id, payload: job.payload, error });
    } catch (thrown) {
      logger.error({ err: asError(thrown), jobId: job.id, kind: job.kind }, 'Job onFailed handler failed');
    }
  }

  function startHeartbeat(jobId: number, controller: AbortController, leaseStartedAt: number): () => void {
    let leaseEndsAt = leaseStartedAt + leaseMs;
    let beating = false;
    const beat = async () => {
      if (beating) return;
      beating = true;
      const sentAt = Date.now();
      try {
        const rows = await queryRows<{ id: number }>(
          db,
          sql`
            update jobs set locked_until = now() + ${millis(leaseMs)}, updated_at = now()
            where id = ${jobId} and locked_by = ${workerId} and status = 'running'
            returning id`,
        );
        if (rows.length > 0) leaseEndsAt = sentAt + leaseMs;
        else loseLease();
      } catch (thrown) {
        logger.warn({ err: asError(thrown), jobId, workerId }, 'Job heartbeat failed');
        // Past the lease another worker may already run the job: this one must stop.
        if (Date.now() >= leaseEndsAt) loseLease();
      } finally {
        beating = false;
      }
    };
    const interval = setInterval(() => void beat(), heartbeatMs);
    interval.unref();
    function loseLease() {
      clearInterval(interval);
      if (!controller.signal.aborted) controller.abort(new Error('The job lease was lost to another worker.'));
    }
    return () => clearInterval(interval);
  }

  async function runJob(job: ClaimedJob, controller: AbortController, stopHeartbeat: () => void): Promise<void> {
    const definition = definitions.get(job.kind)!;
    if (job.exhausted) {
      await fail(job, definition, new Error(LAST_ATTEMPT_LOST));
      return;
    }
    let error: Error | undefined;
    try {
      await definition.run({ id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, signal: controller.signal });
    } catch (thrown) {
      error = asError(thrown);
    }
    stopHeartbeat();
    if (!error) {
      await settle(job.id, sql`status = 'done'`);
    } else if (controller.signal.reason === stopReason) {
      // Interrupted by a shutdown, not by its own fault: back in the queue at once, the attempt not counted.
      await settle(job.id, sql`status = 'queued', run_at = now(), attempts = attempts - 1`);
    } else if (!(error instanceof PermanentJobError) && job.attempts < job.maxAttempts) {
      await settle(job.id, sql`status = 'queued', run_at = now() + ${millis(retryDelayMs(job.attempts))}, last_error = ${error.message}`);
    } else {
      await fail(job, definition, error);
    }
  }

  function startJob(job: ClaimedJob, leaseStartedAt: number): Promise<void> {
    const controller = new AbortController();
    const stopHeartbeat = startHeartbeat(job.id, controller, leaseStartedAt);
    const done = runJob(job, controller, stopHeartbeat)
      .catch((thrown: unknown) => {
        // Recording the outcome failed (database gone): the lease lapses and another attempt follows.
        logger.error({ err: asError(thrown), jobId: job.id, kind: job.kind }, 'Job outcome could not be recorded');
      })
      .finally(() => {
        stopHeartbeat();
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { controller, done, stopHeartbeat });
    return done;
  }

  /** Claims as many due jobs as there are free slots and starts them; `full` when there was no free slot. */
  function claimAndStart(): Promise<{ started: Promise<void>[]; full: boolean }> {
    const next = claims.then(async () => {
      const free = concurrency - running.size;
      if (stopping || definitions.size === 0 || free <= 0) return { started: [], full: free <= 0 };
      const leaseStartedAt = Date.now();
      const claimed = await claim(free);
      return { started: claimed.map((job) => startJob(job, leaseStartedAt)), full: false };
    });
    claims = next.catch(() => undefined);
    return next;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = undefined;
    if (!pollingWanted) return;
    // A request that enqueued a job wakes the queue: the job must not run as part of that request, whose
    // client leaving would cancel its queries.
    timer = detachedFromRequest(() => setTimeout(() => void poll(), delayMs));
    timer.unref();
  }

  function wake() {
    if (polling) wakePending = true;
    else schedule(0);
  }

  async function poll() {
    timer = undefined;
    if (!pollingWanted || polling) return;
    polling = true;
    try {
      await claimAndStart();
    } catch (thrown) {
      logger.error({ err: asError(thrown), workerId }, 'Claiming jobs failed');
    } finally {
      polling = false;
    }
    const again = wakePending;
    wakePending = false;
    schedule(again ? 0 : pollMs);
  }

  return {
    define(kind, definition) {
      if (definitions.has(kind)) throw new Error(`Job kind '${kind}' is already defined.`);
      definitions.set(kind, definition as JobDefinition<unknown>);
    },

    async enqueue(tx, kind, payload, enqueueOptions = {}) {
      const [row] = await tx
        .insert(jobs)
        .values({
          kind,
          payload,
          marketId: enqueueOptions.marketId ?? null,
          maxAttempts: enqueueOptions.maxAttempts ?? definitions.get(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          runAt: enqueueOptions.runAt,
        })
        .returning({ id: jobs.id });
      // Inside a transaction on PostgreSQL the row is not visible until the caller commits; the next poll finds it then.
      wake();
      return row!.id;
    },

    wake,

    start() {
      stopping = false;
      pollingWanted = true;
      schedule(0);
    },

    async stop() {
      stopping = true;
      pollingWanted = false;
      clearTimeout(timer);
      await claims;
      const settling = [...running.values()];
      for (const job of settling) if (!job.controller.signal.aborted) job.controller.abort(stopReason);
      if (settling.length === 0) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(settling.map((job) => job.done)),
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, Math.min(leaseMs, MAX_STOP_GRACE_MS));
          grace.unref();
        }),
      ]);
      clearTimeout(grace);
      // A job that ignored its signal keeps running, but no longer holds its lease alive.
      for (const job of running.values()) job.stopHeartbeat();
    },

    async drain() {
      let count = 0;
      for (;;) {
        const { started, full } = await claimAndStart();
        count += started.length;
        if (started.length > 0) continue;
        if (running.size > 0) await Promise.race([...running.values()].map((job) => job.done));
        else if (!full) return count;
      }
    },
  };
}
