// A statement that fails after sending some of its rows (a cancellation when its client left, a statement timeout,
// an error in a row) must not disturb the next statement on the same connection. postgres.js 3.4.9 counted the
// failed statement's rows into the next one's result, which then began with holes: the next request read
// `rows[0]` as missing (seen as a 404 for an existing reconciliation in bench:reconciliation, after autocannon's
// connections closed mid-answer). Fixed by patches/postgres+3.4.9.patch (porsager/postgres issue 1181).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  // One connection, so that both statements run on it.
  database = await createTestDatabase({ poolSize: 1 });
});
afterAll(async () => {
  await database.close();
});

describe('the statement after one that failed mid-answer', () => {
  it('gets exactly its own rows, whether it waited behind the failed one or came after it', async () => {
    // Three rows, then a division by zero on the fourth.
    const failing = () => queryRows(database.db, sql`select i, 1 / (4 - i) as boom from generate_series(1, 10) i`);
    const next = () => queryRows<{ x: number }>(database.db, sql`select x from generate_series(1, 5) x`);

    const [failed, pipelined] = await Promise.allSettled([failing(), next()]);
    expect(failed.status).toBe('rejected');
    expect(pipelined.status === 'fulfilled' && pipelined.value).toEqual([1, 2, 3, 4, 5].map((x) => ({ x })));

    await expect(failing()).rejects.toThrow();
    const after = await next();
    expect(after).toEqual([1, 2, 3, 4, 5].map((x) => ({ x })));
    expect(Object.keys(after)).toHaveLength(5);
  });
});
