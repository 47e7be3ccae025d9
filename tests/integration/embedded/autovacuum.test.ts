// The embedded database's autovacuum (db/embedded-autovacuum.ts): a table is analyzed and vacuumed once as
// many rows changed as PostgreSQL's autovacuum waits for, not before and not twice, and the planner then
// knows its rows. PGlite only (vitest.config.ts): on PostgreSQL the server's own autovacuum does this.
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
  await database.db.execute(sql`create table "Probe Rows" (id int primary key, v int not null)`);
});
afterAll(async () => {
  await database?.close();
});

const PROBE = 'public."Probe Rows"';
const probeAction = async () => (await autovacuumEmbedded(database.db)).find((action) => action.table === PROBE);
/** How many rows the planner expects `where v = 7` to find. */
async function estimatedRows(): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    database.db,
    sql`explain (format json) select * from "Probe Rows" where v = 7`,
  );
  return plan!['QUERY PLAN'][0].Plan['Plan Rows'];
}

describe('the embedded autovacuum', () => {
  it('vacuums and analyzes a table filled since, once, and the planner then knows its rows', async () => {
    await database.db.execute(sql`insert into "Probe Rows" select i, i % 10 from generate_series(1, 2000) i`);
    // Without statistics the planner guesses from the table's size alone.
    expect(await estimatedRows()).not.toBe(200);

    expect(await probeAction()).toEqual({ table: PROBE, vacuum: true, analyze: true });
    expect(await estimatedRows()).toBe(200);
    const [stats] = await queryRows<{ vacuumed: boolean; analyzed: boolean; columns: number }>(
      database.db,
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed,
            (select count(*)::int from pg_stats where tablename = 'Probe Rows') as columns
          from pg_stat_user_tables where relname = 'Probe Rows'`,
    );
    expect(stats).toEqual({ vacuumed: true, analyzed: true, columns: 2 });

    expect(await probeAction()).toBeUndefined();
  });

  it('waits for the share of changed rows that autovacuum waits for, then analyzes, then vacuums the dead rows', async () => {
    // 2,000 rows: analyze after more than 50 + 200 changed, vacuum after more than 50 + 400 dead.
    await database.db.execute(sql`update "Probe Rows" set v = v where id <= 240`);
    expect(await probeAction()).toBeUndefined();

    await database.db.execute(sql`update "Probe Rows" set v = 3 where id between 241 and 260`);
    expect(await probeAction()).toEqual({ table: PROBE, vacuum: false, analyze: true });
    // Analyzed: the planner sees the 20 rows moved from their tenth to 3's.
    const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from "Probe Rows" where v = 3`)) as [{ n: number }];
    expect(n).toBe(218);

    await database.db.execute(sql`update "Probe Rows" set v = v where id between 261 and 470`);
    // 260 + 210 = 470 dead since the vacuum, over 450; 210 changed since the analyze, under 250.
    expect(await probeAction()).toEqual({ table: PROBE, vacuum: true, analyze: false });
    const [{ dead }] = (await queryRows<{ dead: number }>(database.db, sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'Probe Rows'`)) as [{ dead: number }];
    expect(dead).toBe(0);
  });
});
