// PostgreSQL cancels by backend, not by statement: a cancel this server sends for a request whose client left can land
// on the next statement that backend runs, someone else's. Such a statement is run again (db/client.ts,
// retryingStrayCancel); a statement past its statement_timeout, one whose own client left, and one cancelled by a
// cancel this server did not send are not.
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../../src/server/db/client';
import { markets } from '../../../src/server/db/schema';
import { ClientGoneError, withRequestSignal } from '../../../src/server/lib/request-abort';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
let untouched: Database;
let admin: postgres.Sql;
// One connection each, so that the backend a statement runs on is known.
const backendOf = async (db: Database) => ((await queryRows<{ pid: number }>(db.db, sql`select pg_backend_pid() as pid`))[0]!).pid;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 1 });
  untouched = await createTestDatabase({ poolSize: 1 });
  admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  for (const db of [database, untouched]) await db.db.execute(sql`create sequence runs`);
});
afterAll(async () => {
  await admin.end();
  await Promise.all([database.close(), untouched.close()]);
});
beforeEach(async () => {
  for (const db of [database, untouched]) await db.db.execute(sql`alter sequence runs restart`);
});

/** How many times a statement that draws from the sequence `runs` ran: nextval is not undone when its statement fails. */
async function runsOf(db: Database): Promise<number> {
  const [row] = await queryRows<{ runs: number }>(db.db, sql`select case when is_called then last_value else 0 end::int as runs from runs`);
  return row!.runs;
}

/**
 * Waits until the backend is inside pg_sleep, past whatever its statement does before (throws if it never gets there);
 * with `after`, in a statement that started later than that one. Answers when the sleeping statement started.
 */
async function untilSleeping(backend: number, after?: string): Promise<string> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const [row] = await admin<{ sleeping: boolean; started: string }[]>`
      select wait_event = 'PgSleep' and (${after ?? null}::timestamptz is null or query_start > ${after ?? null}::timestamptz) as sleeping,
             query_start::text as started
      from pg_stat_activity where pid = ${backend}`;
    if (row?.sleeping) return row.started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`backend ${backend} never ran the sleeping statement`);
}

/** A cancel request for the backend, as the one this server sent for an earlier statement arrives late. */
async function cancelArrives(backend: number): Promise<void> {
  const [cancelled] = await admin<{ ok: boolean }[]>`select pg_cancel_backend(${backend}) as ok`;
  expect(cancelled?.ok).toBe(true);
}

/** A request on the backend whose client leaves while its statement runs: the server sends that backend a cancel. */
async function requestLeaves(db: Database, backend: number): Promise<void> {
  const gone = new AbortController();
  const running = withRequestSignal(gone.signal, () => queryRows(db.db, sql`select nextval('runs'), pg_sleep(2)`));
  await untilSleeping(backend);
  gone.abort(new ClientGoneError());
  await expect(running).rejects.toMatchObject({ cause: { code: '57014' } });
  // The cancel request is two signals (to the backend, then to its process group), and on a loaded machine the second
  // can arrive after the first has stopped the statement: a statement that draws nothing takes it (and is run again),
  // so that it does not reach the test's next statement and change how many runs that counts.
  await queryRows(db.db, sql`select pg_sleep(0.1)`);
}

describe('a cancel that reaches a statement nobody cancelled', () => {
  it('runs the statement again, for a request whose client is still there', async () => {
    const backend = await backendOf(database);
    await requestLeaves(database, backend);
    expect(await runsOf(database)).toBe(1);

    const running = withRequestSignal(new AbortController().signal, () => queryRows<{ one: number }>(database.db, sql`select 1 as one, nextval('runs'), pg_sleep(1)`));
    await untilSleeping(backend);
    await cancelArrives(backend);
    await expect(running).resolves.toMatchObject([{ one: 1 }]);
    expect(await runsOf(database)).toBe(3);
  });

  it('runs it again for background work too, in the result shape drizzle asked for', async () => {
    const backend = await backendOf(database);
    await requestLeaves(database, backend);
    // The query builder reads rows as arrays (postgres.js values()): the second run must answer the same shape.
    const running = database.db
      .select({ code: markets.code })
      .from(markets)
      .where(sql`${eq(markets.code, 'MN')} and (select case when nextval('runs') > 0 then pg_sleep(1) is not null end)`)
      .execute();
    await untilSleeping(backend);
    await cancelArrives(backend);
    await expect(running).resolves.toEqual([{ code: 'MN' }]);
    expect(await runsOf(database)).toBe(3);
  });

  it('runs it again as often as stray cancels reach it: PostgreSQL answers one cancel request with two signals', async () => {
    // A late cancel request is two SIGINTs (to the backend and to its process group): the first can stop a statement
    // and the second the run of it sent again. Two cancels arrive here, one per run.
    const backend = await backendOf(database);
    await requestLeaves(database, backend);
    const running = withRequestSignal(new AbortController().signal, () => queryRows<{ one: number }>(database.db, sql`select 1 as one, nextval('runs'), pg_sleep(1)`));
    const firstRun = await untilSleeping(backend);
    await cancelArrives(backend);
    await untilSleeping(backend, firstRun);
    await cancelArrives(backend);
    await expect(running).resolves.toMatchObject([{ one: 1 }]);
    expect(await runsOf(database)).toBe(4);
  });

  it('gives up after three runs again, so that cancels arriving without end still fail the statement', async () => {
    const backend = await backendOf(database);
    await requestLeaves(database, backend);
    const outcome = withRequestSignal(new AbortController().signal, () => queryRows(database.db, sql`select nextval('runs'), pg_sleep(1)`)).then(
      () => null,
      (error: unknown) => error,
    );
    let run = await untilSleeping(backend);
    for (let cancel = 1; cancel <= 4; cancel += 1) {
      await cancelArrives(backend);
      if (cancel < 4) run = await untilSleeping(backend, run);
    }
    expect(await outcome).toMatchObject({ cause: { code: '57014' } });
    expect(await runsOf(database)).toBe(5);
  });

  it('does not run again the statement of a request whose client left', async () => {
    await requestLeaves(database, await backendOf(database));
    expect(await runsOf(database)).toBe(1);
    // Nor is the connection left stuck.
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('does not run again a statement cancelled by a cancel this server did not send', async () => {
    const backend = await backendOf(untouched);
    // Settled into a value at once: it fails while the cancel is being sent, before anything awaits it.
    const outcome = queryRows(untouched.db, sql`select nextval('runs'), pg_sleep(1)`).then(() => null, (error: unknown) => error);
    await untilSleeping(backend);
    await cancelArrives(backend);
    expect(await outcome).toMatchObject({ cause: { code: '57014' } });
    expect(await runsOf(untouched)).toBe(1);
  });

  it('does not run again a statement stopped by its statement_timeout', async () => {
    // On a backend this server has just sent a cancel to, so that only the kind of cancel tells the two apart.
    await requestLeaves(database, await backendOf(database));
    await database.db.execute(sql`alter sequence runs restart`);
    await database.db.execute(sql`set statement_timeout = 300`);
    try {
      await expect(queryRows(database.db, sql`select nextval('runs'), pg_sleep(1)`)).rejects.toMatchObject({ cause: { code: '57014', message: expect.stringContaining('statement timeout') } });
    } finally {
      await database.db.execute(sql`reset statement_timeout`);
    }
    expect(await runsOf(database)).toBe(1);
  });
});
