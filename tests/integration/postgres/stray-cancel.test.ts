// PostgreSQL cancels by backend, not by statement: a cancel sent for a request whose client left can land on the
// next statement that backend runs, someone else's. Such a statement is run again (db/client.ts, retryingStrayCancel);
// a statement past its statement_timeout, or one whose own client left, is not.
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../../src/server/db/client';
import { markets } from '../../../src/server/db/schema';
import { ClientGoneError, withRequestSignal } from '../../../src/server/lib/request-abort';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
let timed: Database;
let admin: postgres.Sql;
let pid: number;
beforeAll(async () => {
  // One connection each, so that the backend a statement runs on is known.
  database = await createTestDatabase({ poolSize: 1 });
  timed = await createTestDatabase({ poolSize: 1, statementTimeoutMs: 200 });
  admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  [{ pid }] = (await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
});
afterAll(async () => {
  await admin.end();
  await timed.close();
  await database.close();
});

/** Waits until the backend is running a statement that sleeps, then cancels it as a stray cancel request would. */
async function cancelWhileSleeping(backend: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [row] = await admin<{ waiting: boolean }[]>`select state = 'active' and query like '%pg_sleep%' as waiting from pg_stat_activity where pid = ${backend}`;
    if (row?.waiting) {
      const [cancelled] = await admin<{ ok: boolean }[]>`select pg_cancel_backend(${backend}) as ok`;
      expect(cancelled?.ok).toBe(true);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`backend ${backend} never ran the sleeping statement`);
}

describe('a cancel that reaches a statement nobody cancelled', () => {
  it('runs the statement again, for a request whose client is still there', async () => {
    const running = withRequestSignal(new AbortController().signal, () => queryRows<{ one: number }>(database.db, sql`select 1 as one from pg_sleep(0.3)`));
    await cancelWhileSleeping(pid);
    await expect(running).resolves.toEqual([{ one: 1 }]);
  });

  it('runs it again for background work too, in the result shape drizzle asked for', async () => {
    // The query builder reads rows as arrays (postgres.js values()): the second run must answer the same shape.
    const running = database.db.select({ code: markets.code }).from(markets).where(sql`${eq(markets.code, 'MN')} and (select true from pg_sleep(0.3))`).execute();
    await cancelWhileSleeping(pid);
    await expect(running).resolves.toEqual([{ code: 'MN' }]);
  });

  it('does not run again the statement of a request whose client left', async () => {
    const gone = new AbortController();
    const running = withRequestSignal(gone.signal, () => queryRows(database.db, sql`select 1 as one from pg_sleep(0.3)`));
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const [row] = await admin<{ waiting: boolean }[]>`select state = 'active' as waiting from pg_stat_activity where pid = ${pid}`;
      if (row?.waiting) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    gone.abort(new ClientGoneError());
    await expect(running).rejects.toMatchObject({ cause: { code: '57014' } });
    const [after] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
    expect(after).toEqual({ one: 1 });
  });

  it('does not run again a statement stopped by its statement_timeout', async () => {
    // A sequence counts the runs: nextval is not undone when its statement fails.
    await timed.db.execute(sql`create sequence if not exists timed_out_runs`);
    await expect(queryRows(timed.db, sql`select nextval('timed_out_runs'), pg_sleep(0.6)`)).rejects.toMatchObject({ cause: { code: '57014', message: expect.stringContaining('statement timeout') } });
    const [runs] = await queryRows<{ runs: string }>(timed.db, sql`select last_value::text as runs from timed_out_runs`);
    expect(runs).toEqual({ runs: '1' });
  });
});
