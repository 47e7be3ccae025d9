// Every statement is prepared on its connection, those without parameters too: a statement whose market, day and
// page are written in (sql-helpers writtenInId) has none, and postgres.js sent it as a simple query, planned again on
// every call (4.6 ms of the order inventory's 5.9 ms page on the large data set). A text that may hold several
// commands still goes as a simple query, which a prepared statement cannot be.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../../src/server/db/client';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
beforeAll(async () => {
  // One connection, so that every statement runs on it and its prepared statements can be read.
  database = await createTestDatabase({ poolSize: 1 });
});
afterAll(async () => {
  await database.close();
});

const prepared = async (text: string) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`))[0]!.n;

describe('statements on PostgreSQL', () => {
  it('prepares a statement without parameters, once, and runs it from then on', async () => {
    const text = `select count(*)::int as n from batches where market_id = 1 and status = 'active'`;
    const first = await queryRows<{ n: number }>(database.db, sql.raw(text));
    expect(await prepared(text)).toBe(1);
    expect(await queryRows<{ n: number }>(database.db, sql.raw(text))).toEqual(first);
    expect(await prepared(text)).toBe(1);
  });

  it('prepares a statement with parameters', async () => {
    await queryRows(database.db, sql`select count(*)::int as n from batches where market_id = ${1}`);
    expect(await prepared('select count(*)::int as n from batches where market_id = $1')).toBe(1);
  });

  it('runs a text of several commands as a simple query', async () => {
    const text = `create temporary table scratch_marks (n int); insert into scratch_marks values (1), (2); drop table scratch_marks`;
    await database.db.execute(sql.raw(text));
    expect(await prepared(text)).toBe(0);
  });
});
