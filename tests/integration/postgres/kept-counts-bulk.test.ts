// The kept counts' triggers (migrations 0024, 0029, 0030, 0031, 0036) on statements that update many rows at once: a
// bulk update (a maintenance script, the large seed's rebuild of the picklists' sort keys, a warehouse renamed with
// its 20,000 picklists) costs in proportion to its rows. Before 0031 the update triggers joined their two transition
// tables in an EXISTS, planned as a nested loop: 20,000 picklists whose status did not move took 18 s per trigger.
// The bound is PostgreSQL's statement_timeout (20 s, a guard with a wide margin: each update takes under 2 s once
// linear, over 40 s before), so the test runs on PostgreSQL only; the trigger functions are the same on PGlite.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type DbOrTx } from '../../../src/server/db/client';
import { ORDER_NAMES_TEXT, PICKLIST_NAMES_TEXT } from '../../../src/server/db/schema';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const COPIES = 20_000;

/** COPIES more rows of the table, each a copy of its first row of market 1 with a new id (its stored columns, its reference numbered). */
async function copyRows(tx: DbOrTx, table: 'orders' | 'picklists'): Promise<void> {
  const columns = await queryRows<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns where table_name = ${table} and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position`,
  );
  const list = sql.join(
    columns.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );
  // References are unique: each copy's gets its number.
  const values = sql.join(
    columns.map(({ name }) => (name === 'reference_id' ? sql`t.reference_id || '-' || g` : sql`t.${sql.identifier(name)}`)),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${sql.identifier(table)} (${list})
    select ${values} from (select * from ${sql.identifier(table)} where market_id = 1 order by id limit 1) t, generate_series(1, ${COPIES}) g`);
}

/** Per market, status and names: the kept net counts and the rows counted. */
async function keptAndCounted(tx: DbOrTx, table: 'orders' | 'picklists') {
  const [kept, names] = table === 'orders' ? [sql`order_search_counts`, ORDER_NAMES_TEXT] : [sql`picklist_search_counts`, PICKLIST_NAMES_TEXT];
  const statusKept = table === 'orders' ? sql`order_status_counts` : sql`picklist_status_counts`;
  const weekKept = table === 'orders' ? sql`order_week_counts` : sql`picklist_week_counts`;
  const week = sql`date_trunc('week', created_at, 'UTC')::text`;
  const read = (query: ReturnType<typeof sql>) => queryRows<{ key: string; n: number }>(tx, sql`select key, n from (${query}) q order by key`);
  return {
    kept: {
      names: await read(sql`select market_id || ':' || status || ':' || names as key, sum(n)::int as n from ${kept} group by 1 having sum(n) <> 0`),
      statuses: await read(sql`select market_id || ':' || status as key, sum(n)::int as n from ${statusKept} group by 1 having sum(n) <> 0`),
      weeks: await read(sql`select market_id || ':' || status || ':' || week::text as key, sum(n)::int as n from ${weekKept} group by 1 having sum(n) <> 0`),
    },
    counted: {
      names: await read(sql`select market_id || ':' || status || ':' || ${names} as key, count(*)::int as n from ${sql.identifier(table)} group by 1`),
      statuses: await read(sql`select market_id || ':' || status as key, count(*)::int as n from ${sql.identifier(table)} group by 1`),
      weeks: await read(sql`select market_id || ':' || status || ':' || ${week} as key, count(*)::int as n from ${sql.identifier(table)} group by 1`),
    },
  };
}

/** The work in a transaction rolled back, so that the other tests' database is left as it was. */
async function rolledBack(work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      await work(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
}

describe('kept counts under bulk updates', () => {
  for (const table of ['orders', 'picklists'] as const) {
    it(`an update of ${COPIES.toLocaleString('en-US')} ${table} that moves no status or name, then one that renames them all, keep the counts right and take no time to speak of`, async () => {
      await rolledBack(async (tx) => {
        await copyRows(tx, table);
        const before = await keptAndCounted(tx, table);
        expect(before.kept).toEqual(before.counted);
        const renamed = table === 'orders' ? sql`customer_name = customer_name || ' Bulk'` : sql`location_name = location_name || ' Bulk'`;
        await tx.execute(sql`set local statement_timeout = '20s'`);
        await tx.execute(sql`update ${sql.identifier(table)} set updated_at = updated_at where market_id = 1`);
        const unmoved = await keptAndCounted(tx, table);
        expect(unmoved.kept).toEqual(before.kept);
        await tx.execute(sql`update ${sql.identifier(table)} set ${renamed} where market_id = 1`);
        const after = await keptAndCounted(tx, table);
        expect(after.kept).toEqual(after.counted);
        expect(after.kept.names).not.toEqual(before.kept.names);
        // Every row a week older: each moves to the week before.
        await tx.execute(sql`update ${sql.identifier(table)} set created_at = created_at - interval '7 days' where market_id = 1`);
        const older = await keptAndCounted(tx, table);
        expect(older.kept).toEqual(older.counted);
        expect(older.kept.weeks).not.toEqual(after.kept.weeks);
      });
    });
  }
});
