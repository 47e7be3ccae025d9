// The embedded database's autovacuum (db/embedded-autovacuum.ts): a table is analyzed and vacuumed once as
// many rows changed as PostgreSQL's autovacuum waits for, not one row before and not twice, and the planner
// then knows its rows. PGlite only (vitest.config.ts): on PostgreSQL the server's own autovacuum does this.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../../src/server/db/client';
import { autovacuumEmbedded } from '../../../src/server/db/embedded-autovacuum';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // The demo data's tables are due on a new database too: the first pass takes them out of the way.
  await autovacuumEmbedded(database.db);
  // Every change moves the indexed w, so no update is a HOT one: a HOT chain's dead rows go when a read prunes its
  // page, and the count of dead rows the thresholds are judged by would then depend on which pages were read.
  await database.db.execute(sql`create table "Probe Rows" (id int primary key, v int not null, w int not null default 0)`);
  await database.db.execute(sql`create index on "Probe Rows" (w)`);
});
afterAll(async () => {
  await database?.close();
});

const PROBE = 'public."Probe Rows"';
/** What the pass did to the probe table (its time left out), or undefined when it was not due. */
async function probeAction() {
  const done = (await autovacuumEmbedded(database.db)).find((action) => action.table === PROBE);
  return done && { table: done.table, vacuum: done.vacuum, analyze: done.analyze };
}
/** How many rows the planner expects `where v = value` to find. */
async function estimatedRows(value: number): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    database.db,
    sql`explain (format json) select * from "Probe Rows" where v = ${sql.raw(String(value))}`,
  );
  return plan!['QUERY PLAN'][0].Plan['Plan Rows'];
}
const touch = (from: number, to: number, v = sql`v`) => database.db.execute(sql`update "Probe Rows" set v = ${v}, w = w + 1 where id between ${from} and ${to}`);
/** The dead rows the statistics count in the probe table (sent to them first, as the pass does). */
async function dead(): Promise<number> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  return (await queryRows<{ n: number }>(database.db, sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'Probe Rows'`))[0]!.n;
}

describe('the embedded autovacuum', () => {
  it('vacuums and analyzes a table filled since, once, and the planner then knows its rows', async () => {
    await database.db.execute(sql`insert into "Probe Rows" select i, i % 10 from generate_series(1, 2000) i`);
    // Without statistics the planner guesses from the table's size alone.
    expect(await estimatedRows(7)).not.toBe(200);

    expect(await probeAction()).toEqual({ table: PROBE, vacuum: true, analyze: true });
    expect(await estimatedRows(7)).toBe(200);
    const [stats] = await queryRows<{ vacuumed: boolean; analyzed: boolean; columns: number }>(
      database.db,
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed,
            (select count(*)::int from pg_stats where tablename = 'Probe Rows') as columns
          from pg_stat_user_tables where relname = 'Probe Rows'`,
    );
    expect(stats).toEqual({ vacuumed: true, analyzed: true, columns: 3 });

    expect(await probeAction()).toBeUndefined();
  });

  it('analyzes after more than 50 + 10% of the rows changed, and vacuums after more than 50 + 20% died, not one row sooner', async () => {
    // 2,000 rows: analyze past 250 changed, vacuum past 450 dead. The first 250 are set to 3 (with the 175 others of
    // 3, 425 rows), which the planner does not know yet.
    await touch(1, 250, sql`3`);
    expect(await dead()).toBe(250);
    expect(await probeAction()).toBeUndefined();
    // Not analyzed: to the planner 3 is still as common as 7 (a tenth each, of its estimate of the table's size).
    expect(await estimatedRows(3)).toBe(await estimatedRows(7));

    await touch(251, 251, sql`3`);
    expect(await probeAction()).toEqual({ table: PROBE, vacuum: false, analyze: true });
    // 426 rows of 3, and 175 of 7 (25 of the first 251 were 7).
    expect([await estimatedRows(3), await estimatedRows(7)]).toEqual([426, 175]);

    await touch(252, 450);
    expect(await dead()).toBe(450);
    expect(await probeAction()).toBeUndefined();
    await touch(451, 451);
    expect(await probeAction()).toEqual({ table: PROBE, vacuum: true, analyze: false });
    expect(await dead()).toBe(0);
  });

  it('analyzes a table that holds rows but was never analyzed, even once the statistics counters started again from zero (an unclean stop)', async () => {
    await database.db.execute(sql`create table "Reset Rows" as select i as id, i % 4 as v from generate_series(1, 100) i`);
    await database.db.execute(sql`select pg_stat_reset()`);
    const done = (await autovacuumEmbedded(database.db)).filter((action) => action.table.endsWith('"Reset Rows"'));
    expect(done.map(({ vacuum, analyze }) => ({ vacuum, analyze }))).toEqual([{ vacuum: false, analyze: true }]);
    expect((await autovacuumEmbedded(database.db)).some((action) => action.table.endsWith('"Reset Rows"'))).toBe(false);
  });

  it('stops between two tables once asked to', async () => {
    await database.db.execute(sql`insert into "Probe Rows" select i, 1 from generate_series(2001, 4000) i`);
    await database.db.execute(sql`create table "Other Rows" as select i as id from generate_series(1, 2000) i`);
    let asked = 0;
    const done = await autovacuumEmbedded(database.db, () => ++asked > 1);
    expect(done.length).toBe(1);
    expect((await autovacuumEmbedded(database.db)).length).toBeGreaterThanOrEqual(1);
  });
});
