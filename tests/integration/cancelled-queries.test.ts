// A request whose client has left gets no new statements, and what it had asked for is cancelled, without
// costing the pool a connection: the statements of everyone else still run afterwards. (postgres.js moved a
// connection to its 'full' list for good when asked to run a statement already cancelled, so that a few
// requests abandoned between two of their statements left the server waiting forever for a connection.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { ClientGoneError, withRequestSignal } from '../../src/server/lib/request-abort';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The promise, or a failure naming what did not come within `ms`. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not come within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('statements of a request whose client left', () => {
  it('are refused before they start, and leave every connection of the pool to the others', async () => {
    const gone = new AbortController();
    gone.abort(new ClientGoneError());
    // More abandoned statements than the pool has connections (5 in tests), each in a request of its own.
    for (let request = 0; request < 8; request += 1) {
      await expect(withRequestSignal(gone.signal, () => queryRows(database.db, sql`select 1 as one`))).rejects.toThrow();
    }

    const rows = await within(5_000, 'a statement after the abandoned ones', queryRows<{ n: number }>(database.db, sql`select 2 as n`));
    expect(rows).toEqual([{ n: 2 }]);
    const parallel = await within(5_000, 'five statements at once', Promise.all(Array.from({ length: 5 }, (_, index) => queryRows<{ n: number }>(database.db, sql`select ${index}::int as n, pg_sleep(0.05)`))));
    expect(parallel.map(([row]) => row!.n)).toEqual([0, 1, 2, 3, 4]);
  });
});
