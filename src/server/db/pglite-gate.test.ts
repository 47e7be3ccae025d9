import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';
import { createPgliteGate, DatabaseBusyError } from './pglite-gate';

/** An operation that runs until the test lets it finish, recording when it started. */
function heldOperation(log: string[], name: string) {
  let finish!: (value: string) => void;
  const finished = new Promise<string>((resolve) => (finish = resolve));
  return {
    run: () => {
      log.push(name);
      return finished;
    },
    finish: () => finish(name),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the PGlite gate', () => {
  it('runs one operation at a time, the waiting ones in the order they came', async () => {
    const gate = createPgliteGate({ maxWaiting: 10 });
    const started: string[] = [];
    const first = heldOperation(started, 'first');
    const second = heldOperation(started, 'second');
    const third = heldOperation(started, 'third');
    const answers = [gate.run(first.run), gate.run(second.run), gate.run(third.run)];
    await settle();
    expect(started).toEqual(['first']);
    expect(gate.waiting).toBe(2);

    // Finishing out of order changes nothing: the next to start is always the oldest waiter.
    third.finish();
    second.finish();
    first.finish();
    expect(await Promise.all(answers)).toEqual(['first', 'second', 'third']);
    expect(started).toEqual(['first', 'second', 'third']);
    expect(gate.waiting).toBe(0);
  });

  it('refuses an operation at once when the queue is full, and takes new ones again once it drains', async () => {
    const gate = createPgliteGate({ maxWaiting: 2 });
    const started: string[] = [];
    const running = heldOperation(started, 'running');
    const held = [gate.run(running.run), gate.run(async () => 'a'), gate.run(async () => 'b')];

    const refused = await gate.run(async () => 'c').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseBusyError);
    expect((refused as DatabaseBusyError).waiting).toBe(2);

    running.finish();
    expect(await Promise.all(held)).toEqual(['running', 'a', 'b']);
    await expect(gate.run(async () => 'd')).resolves.toBe('d');
  });

  it('admits or refuses a request as a whole: its later operations queue past the limit, a new request is refused', async () => {
    const gate = createPgliteGate({ maxWaiting: 2 });
    const started: string[] = [];
    const running = heldOperation(started, 'running');
    const [first, second, third] = [new AbortController().signal, new AbortController().signal, new AbortController().signal];
    const held = [gate.run(running.run)];
    // Two requests, each with three statements at once (a page, its total, the import time), fill the queue.
    for (const [name, signal] of [['first', first], ['second', second]] as const) {
      for (const part of ['page', 'total', 'time']) held.push(gate.run(async () => `${name} ${part}`, { signal }));
    }
    expect(gate.waiting).toBe(6);
    const refused = await gate.run(async () => 'third', { signal: third }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseBusyError);
    expect((refused as DatabaseBusyError).waiting).toBe(2);
    // A request already under way is not refused halfway, though the queue is full.
    held.push(gate.run(async () => 'first again', { signal: first }));

    running.finish();
    expect(await Promise.all(held)).toEqual(['running', 'first page', 'first total', 'first time', 'second page', 'second total', 'second time', 'first again']);
  });

  it('drops a waiter whose signal aborts before its turn, and never starts it', async () => {
    const gate = createPgliteGate({ maxWaiting: 5 });
    const started: string[] = [];
    const running = heldOperation(started, 'running');
    const first = gate.run(running.run);
    const controller = new AbortController();
    const abandoned = gate.run(async () => started.push('abandoned'), { signal: controller.signal });
    const kept = gate.run(async () => started.push('kept'));
    await settle();
    expect(gate.waiting).toBe(2);

    const reason = new Error('client left');
    controller.abort(reason);
    await expect(abandoned).rejects.toBe(reason);
    // The freed place in the queue counts at once.
    expect(gate.waiting).toBe(1);

    running.finish();
    await first;
    await kept;
    expect(started).toEqual(['running', 'kept']);
  });

  it('refuses an operation whose signal has already aborted without running it, even when idle', async () => {
    const gate = createPgliteGate();
    let ran = false;
    const reason = new Error('gone');
    await expect(gate.run(async () => (ran = true), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(ran).toBe(false);
  });

  it('lets a running operation finish when its signal aborts', async () => {
    const gate = createPgliteGate();
    const started: string[] = [];
    const running = heldOperation(started, 'running');
    const controller = new AbortController();
    const answer = gate.run(running.run, { signal: controller.signal });
    await settle();
    controller.abort(new Error('gone'));
    running.finish();
    await expect(answer).resolves.toBe('running');
  });

  it('queues background work past the limit instead of refusing it, still in turn', async () => {
    const gate = createPgliteGate({ maxWaiting: 1 });
    const started: string[] = [];
    const running = heldOperation(started, 'running');
    const answers = [gate.run(running.run), gate.run(async () => started.push('request'))];
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(DatabaseBusyError);
    const job = gate.run(async () => started.push('job'), { refusable: false });
    expect(gate.waiting).toBe(2);
    // Nor does the waiting job take a request's place: the queue still holds one request, its limit.
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(DatabaseBusyError);
    running.finish();
    await Promise.all([...answers, job]);
    expect(started).toEqual(['running', 'request', 'job']);
  });

  it('lets a priority operation go first and past a full queue', async () => {
    const gate = createPgliteGate({ maxWaiting: 1 });
    const started: string[] = [];
    const running = heldOperation(started, 'running');
    const answers = [gate.run(running.run), gate.run(async () => started.push('queued'))];
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(DatabaseBusyError);
    const probe = gate.run(async () => started.push('probe'), { priority: true });
    running.finish();
    await Promise.all([...answers, probe]);
    expect(started).toEqual(['running', 'probe', 'queued']);
  });

  it('keeps going after an operation fails, and says when one last succeeded', async () => {
    let clock = 1_000;
    const gate = createPgliteGate({ now: () => clock });
    expect(gate.succeededWithin(1_000)).toBe(false);
    await expect(gate.run(async () => Promise.reject(new Error('bad SQL')))).rejects.toThrow('bad SQL');
    expect(gate.succeededWithin(1_000)).toBe(false);
    await gate.run(async () => 'ok');
    clock = 1_999;
    expect(gate.succeededWithin(1_000)).toBe(true);
    clock = 2_000;
    expect(gate.succeededWithin(1_000)).toBe(false);
    expect(gate.finished).toBe(2);
  });

  it('counts a long operation under way as the database working, for a minute, not as an outage', async () => {
    let clock = 10_000;
    const gate = createPgliteGate({ now: () => clock });
    const log: string[] = [];
    const commit = heldOperation(log, 'import commit');
    const running = gate.run(commit.run);
    clock += 5_000;
    expect(gate.succeededWithin(1_000)).toBe(true);
    clock += 60_000;
    expect(gate.succeededWithin(1_000)).toBe(false);
    commit.finish();
    await running;
    expect(gate.succeededWithin(1_000)).toBe(true);
  });
});

describe('the gate in front of a real PGlite', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("runs a transaction's own statements (and its savepoints) without passing the gate again, while others wait", async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db, gate } = database;
    let holdTransaction!: () => void;
    const held = new Promise<void>((resolve) => (holdTransaction = resolve));
    let transactionStarted!: () => void;
    const started = new Promise<void>((resolve) => (transactionStarted = resolve));

    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table gate_check (n int)`);
      transactionStarted();
      await held;
      // Another operation waits for the gate now: a statement that passed the gate again would wait behind it for ever.
      for (const n of [1, 2, 3]) await tx.execute(sql`insert into gate_check values (${n})`);
      await tx.transaction(async (savepoint) => savepoint.execute(sql`insert into gate_check values (4)`));
      const [row] = await queryRows<{ total: number }>(tx, sql`select sum(n)::int as total from gate_check`);
      return row!.total;
    });
    await started;
    try {
      // Started now, awaited below.
      const waiting = queryRows<{ n: number }>(db, sql`select 7 as n`);
      await settle();
      expect(gate!.waiting).toBe(1);

      holdTransaction();
      await expect(transaction).resolves.toBe(10);
      expect(await waiting).toEqual([{ n: 7 }]);
    } finally {
      holdTransaction();
      await transaction.catch(() => undefined);
    }
  });
});
