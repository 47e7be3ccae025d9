import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { queryRows, type Database } from '../db/client';
import { jobs as jobsTable } from '../db/schema';
import { createJobQueue, PermanentJobError, type JobContext, type JobDefinition, type JobQueue } from './job-queue';

let database: Database;
const queues: JobQueue[] = [];
let logged: string[] = [];
const logger = { warn: (_: object, msg: string) => void logged.push(msg), error: (_: object, msg: string) => void logged.push(msg) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  logged = [];
});
afterAll(async () => {
  await database.close();
});

function queue(options: { workerId?: string; leaseMs?: number; heartbeatMs?: number; pollMs?: number; concurrency?: number } = {}): JobQueue {
  const created = createJobQueue({ db: database.db, leaseMs: 2_000, pollMs: 20, logger, ...options });
  queues.push(created);
  return created;
}

type JobRow = { status: string; attempts: number; lockedBy: string | null; lastError: string | null; marketId: number | null; retryDelayMs: number };

async function jobRow(id: number): Promise<JobRow> {
  const [row] = await queryRows<JobRow>(
    database.db,
    sql`select status, attempts, locked_by as "lockedBy", last_error as "lastError", market_id as "marketId",
               (extract(epoch from run_at - updated_at) * 1000)::int as "retryDelayMs"
        from jobs where id = ${id}`,
  );
  return row!;
}

/** Moves a job's retry time to now, as if its backoff had passed. */
async function makeDue(id: number): Promise<void> {
  await database.db.update(jobsTable).set({ runAt: sql`now()` }).where(eq(jobsTable.id, id));
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job queue', () => {
  it('runs a job once with its payload, then marks it done', async () => {
    const jobs = queue();
    const runs: JobContext<{ importId: number }>[] = [];
    jobs.define<{ importId: number }>('once', { run: async (ctx) => void runs.push(ctx) });
    const [market] = await queryRows<{ id: number }>(database.db, sql`select id from markets order by id limit 1`);

    const id = await jobs.enqueue(database.db, 'once', { importId: 7 }, { marketId: market!.id });

    expect(await jobs.drain()).toBe(1);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id, kind: 'once', payload: { importId: 7 }, attempt: 1 });
    expect(runs[0]!.signal.aborted).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, marketId: market!.id });
    expect(await jobs.drain()).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('claims only the kinds it defines and jobs that are due', async () => {
    const jobs = queue();
    let runs = 0;
    jobs.define('defined-here', { run: async () => void runs++ });
    const elsewhere = await jobs.enqueue(database.db, 'defined-elsewhere', {});
    const later = await jobs.enqueue(database.db, 'defined-here', {}, { runAt: new Date(Date.now() + 3_600_000) });

    expect(await jobs.drain()).toBe(0);
    expect(runs).toBe(0);
    expect((await jobRow(elsewhere)).status).toBe('queued');
    expect((await jobRow(later)).status).toBe('queued');
  });

  it('retries a failed job after a backoff, then succeeds', async () => {
    const jobs = queue();
    const attempts: number[] = [];
    jobs.define('flaky', {
      run: async ({ attempt }) => {
        attempts.push(attempt);
        if (attempt === 1) throw new Error('Metrc answered 503');
      },
    });
    const id = await jobs.enqueue(database.db, 'flaky', {});

    expect(await jobs.drain()).toBe(1);
    const retrying = await jobRow(id);
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, lockedBy: null, lastError: 'Metrc answered 503' });
    expect(retrying.retryDelayMs).toBeGreaterThanOrEqual(500);
    expect(retrying.retryDelayMs).toBeLessThanOrEqual(1_000);
    expect(await jobs.drain()).toBe(0);

    await makeDue(id);
    expect(await jobs.drain()).toBe(1);
    expect(attempts).toEqual([1, 2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails for good when its attempts are exhausted, and calls onFailed once with the error', async () => {
    const jobs = queue();
    let runs = 0;
    const failures: { id: number; payload: unknown; error: Error }[] = [];
    jobs.define('doomed', {
      maxAttempts: 2,
      run: async () => {
        runs++;
        throw new Error(`attempt ${runs} failed`);
      },
      onFailed: async (ctx) => void failures.push(ctx),
    });
    const id = await jobs.enqueue(database.db, 'doomed', { importId: 3 });

    expect(await jobs.drain()).toBe(1);
    expect(failures).toHaveLength(0);
    await makeDue(id);
    expect(await jobs.drain()).toBe(1);

    expect(runs).toBe(2);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lockedBy: null, lastError: 'attempt 2 failed' });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ id, payload: { importId: 3 } });
    expect(failures[0]!.error.message).toBe('attempt 2 failed');
    await makeDue(id);
    expect(await jobs.drain()).toBe(0);
    expect(failures).toHaveLength(1);
  });

  it('fails at once on a PermanentJobError, with no retry', async () => {
    const jobs = queue();
    let runs = 0;
    const failures: Error[] = [];
    jobs.define('bad-input', {
      run: async () => {
        runs++;
        throw new PermanentJobError('The import no longer exists');
      },
      onFailed: async ({ error }) => void failures.push(error),
    });
    const id = await jobs.enqueue(database.db, 'bad-input', {});

    expect(await jobs.drain()).toBe(1);
    await makeDue(id);
    expect(await jobs.drain()).toBe(0);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The import no longer exists' });
    expect(failures.map((error) => error.message)).toEqual(['The import no longer exists']);
  });

  it('logs an error thrown by onFailed instead of throwing it', async () => {
    const jobs = queue();
    jobs.define('failing-handler', {
      maxAttempts: 1,
      run: async () => {
        throw new Error('fetch failed');
      },
      onFailed: async () => {
        throw new Error('handler broke');
      },
    });
    const id = await jobs.enqueue(database.db, 'failing-handler', {});

    expect(await jobs.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', lastError: 'fetch failed' });
    expect(logged).toContain('Job onFailed handler failed');
  });

  describe('a job whose worker died', () => {
    async function insertAbandoned(kind: string, attempts: number): Promise<number> {
      const [row] = await queryRows<{ id: number | string }>(
        database.db,
        sql`insert into jobs (kind, payload, status, locked_by, locked_until, attempts, max_attempts)
            values (${kind}, '{"importId": 9}'::jsonb, 'running', 'dead-worker', now() - interval '1 minute', ${attempts}, 3)
            returning id`,
      );
      return Number(row!.id);
    }

    it('is taken again once its lease lapsed, and finishes', async () => {
      const jobs = queue();
      const runs: JobContext<unknown>[] = [];
      jobs.define('abandoned', { run: async (ctx) => void runs.push(ctx) });
      const id = await insertAbandoned('abandoned', 1);

      expect(await jobs.drain()).toBe(1);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ id, payload: { importId: 9 }, attempt: 2 });
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    });

    it('fails with onFailed instead of running again when it died on its last attempt', async () => {
      const jobs = queue();
      let runs = 0;
      const failures: { id: number; payload: unknown; error: Error }[] = [];
      jobs.define('abandoned-last', { run: async () => void runs++, onFailed: async (ctx) => void failures.push(ctx) });
      const id = await insertAbandoned('abandoned-last', 3);

      expect(await jobs.drain()).toBe(1);
      expect(runs).toBe(0);
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'failed', attempts: 3, lockedBy: null });
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ id, payload: { importId: 9 } });
      expect(failures[0]!.error.message).toBe(row.lastError);
    });
  });

  it('keeps the lease of a job that runs longer than the lease, so no other worker takes it', async () => {
    const leaseMs = 200;
    const first = queue({ workerId: 'first', leaseMs, heartbeatMs: 50 });
    const second = queue({ workerId: 'second', leaseMs, heartbeatMs: 50 });
    const started = deferred();
    const release = deferred();
    let signal: AbortSignal | undefined;
    first.define('long', {
      run: async (ctx) => {
        signal = ctx.signal;
        started.resolve();
        await release.promise;
      },
    });
    let runsBySecond = 0;
    second.define('long', { run: async () => void runsBySecond++ });
    const id = await first.enqueue(database.db, 'long', {});

    const drained = first.drain();
    await started.promise;
    for (let waited = 0; waited < leaseMs * 3; waited += leaseMs / 2) {
      await sleep(leaseMs / 2);
      await second.drain();
    }
    expect((await jobRow(id)).lockedBy).toBe('first');
    release.resolve();

    expect(await drained).toBe(1);
    expect(runsBySecond).toBe(0);
    expect(signal!.aborted).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('aborts a job whose lease another worker took over, and records nothing for it', async () => {
    const jobs = queue({ leaseMs: 200, heartbeatMs: 20 });
    const started = deferred();
    const failures: Error[] = [];
    jobs.define('taken-over', {
      run: async ({ signal }) => {
        started.resolve();
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      },
      onFailed: async ({ error }) => void failures.push(error),
    });
    const id = await jobs.enqueue(database.db, 'taken-over', {});

    const drained = jobs.drain();
    await started.promise;
    await database.db.update(jobsTable).set({ lockedBy: 'other-worker' }).where(eq(jobsTable.id, id));

    expect(await drained).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'other-worker', attempts: 1 });
    expect(failures).toHaveLength(0);
    expect(logged).toContain('Job lease was lost to another worker; this outcome is not recorded');
  });

  it('runs each of 20 jobs exactly once when two queues drain them at the same time', async () => {
    const runsById = new Map<number, number>();
    const active = new Set<number>();
    let overlaps = 0;
    const definition: JobDefinition<{ n: number }> = {
      run: async ({ id }) => {
        if (active.has(id)) overlaps++;
        active.add(id);
        runsById.set(id, (runsById.get(id) ?? 0) + 1);
        await sleep(5);
        active.delete(id);
      },
    };
    const first = queue({ workerId: 'first', concurrency: 3 });
    const second = queue({ workerId: 'second', concurrency: 3 });
    first.define('batch', definition);
    second.define('batch', definition);
    const ids = await database.db.transaction(async (tx) => {
      const created: number[] = [];
      for (let n = 0; n < 20; n++) created.push(await first.enqueue(tx, 'batch', { n }));
      return created;
    });

    const [byFirst, bySecond] = await Promise.all([first.drain(), second.drain()]);

    expect(byFirst + bySecond).toBe(20);
    expect(overlaps).toBe(0);
    expect([...runsById.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runsById.values()].every((count) => count === 1)).toBe(true);
    const statuses = await queryRows<{ status: string }>(database.db, sql`select distinct status from jobs where kind = 'batch'`);
    expect(statuses).toEqual([{ status: 'done' }]);
  });

  it('leaves no job when the transaction that enqueued it rolls back', async () => {
    const jobs = queue();
    jobs.define('rolled-back', { run: async () => {} });

    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'rolled-back', { importId: 1 });
        throw new Error('the import could not be created');
      }),
    ).rejects.toThrow('the import could not be created');
    const kept = await database.db.transaction((tx) => jobs.enqueue(tx, 'rolled-back', { importId: 2 }));

    const rows = await database.db.select({ id: jobsTable.id, payload: jobsTable.payload }).from(jobsTable).where(eq(jobsTable.kind, 'rolled-back'));
    expect(rows).toEqual([{ id: kept, payload: { importId: 2 } }]);
  });

  it('once started, runs an enqueued job at once, and on stop aborts it and puts it back without counting the attempt', async () => {
    const jobs = queue({ pollMs: 60_000 });
    const started = deferred<AbortSignal>();
    jobs.define('interrupted', {
      run: async ({ signal }) => {
        started.resolve(signal);
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      },
    });
    jobs.start();
    await sleep(50);

    const id = await jobs.enqueue(database.db, 'interrupted', {});
    const signal = await started.promise;
    expect((await jobRow(id)).status).toBe('running');

    await jobs.stop();
    expect(signal.aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(await jobs.drain()).toBe(0);

    const next = queue();
    const attempts: number[] = [];
    next.define('interrupted', { run: async ({ attempt }) => void attempts.push(attempt) });
    expect(await next.drain()).toBe(1);
    expect(attempts).toEqual([1]);
  });
});
