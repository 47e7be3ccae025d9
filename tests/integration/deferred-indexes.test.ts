// A bulk load may set its tables' secondary indexes aside and build them after: the same indexes come back,
// defined as before, whether the load succeeds or fails, and what it loaded is indexed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { emptyDataTables } from '../../src/server/db/data-tables';
import { restoreDeferredIndexes, secondaryIndexesOf, withSecondaryIndexesDeferred } from '../../src/server/db/deferred-indexes';
import { createTestDatabase } from '../support/test-database';

const TABLES = ['orders', 'batch_tags'];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('withSecondaryIndexesDeferred', () => {
  it('drops the secondary indexes during the load, keeps primary and unique ones, and builds the same ones after', async () => {
    const before = await secondaryIndexesOf(database.db, TABLES);
    expect(before.length).toBeGreaterThan(10);
    const allIndexes = () => queryRows<{ name: string }>(database.db, sql`select indexname as name from pg_indexes where tablename in ('orders', 'batch_tags') order by 1`);
    const everyIndexBefore = await allIndexes();

    const during = await withSecondaryIndexesDeferred(database.db, TABLES, async () => {
      await database.db.execute(sql`update orders set updated_at = updated_at where id in (select id from orders order by id limit 5)`);
      return allIndexes();
    });

    expect(during.map((index) => index.name)).toEqual(everyIndexBefore.map((index) => index.name).filter((name) => !before.some((index) => index.name === name)));
    expect(during.some((index) => index.name.endsWith('_pkey'))).toBe(true);
    expect(await secondaryIndexesOf(database.db, TABLES)).toEqual(before);
  });

  it('writes down what it drops, so that indexes a killed load left unbuilt are built by the next one', async () => {
    const before = await secondaryIndexesOf(database.db, TABLES);
    // A load killed half way: the indexes dropped, their definitions written down, nothing built.
    const [victim] = before;
    await database.db.execute(sql`insert into deferred_indexes (name, definition) values (${victim!.name}, ${victim!.definition})`);
    await database.db.execute(sql`drop index ${sql.identifier(victim!.name)}`);
    expect((await secondaryIndexesOf(database.db, TABLES)).map((index) => index.name)).not.toContain(victim!.name);

    await restoreDeferredIndexes(database.db);

    expect(await secondaryIndexesOf(database.db, TABLES)).toEqual(before);
    expect(await queryRows(database.db, sql`select name from deferred_indexes`)).toEqual([]);
  });

  it('builds them again when the load fails, and lets its error through', async () => {
    const before = await secondaryIndexesOf(database.db, TABLES);

    await expect(withSecondaryIndexesDeferred(database.db, TABLES, () => Promise.reject(new Error('the load broke')))).rejects.toThrow('the load broke');

    expect(await secondaryIndexesOf(database.db, TABLES)).toEqual(before);
  });

  // Last: it empties the database.
  it('keeps what a killed load left unbuilt when the data is emptied (db:seed --reset), so the next load builds it', async () => {
    const before = await secondaryIndexesOf(database.db, TABLES);
    const [victim] = before;
    await database.db.execute(sql`insert into deferred_indexes (name, definition) values (${victim!.name}, ${victim!.definition})`);
    await database.db.execute(sql`drop index ${sql.identifier(victim!.name)}`);

    await emptyDataTables(database.db);
    expect(await queryRows(database.db, sql`select count(*)::int as n from orders`)).toEqual([{ n: 0 }]);

    await withSecondaryIndexesDeferred(database.db, TABLES, async () => {});
    expect(await secondaryIndexesOf(database.db, TABLES)).toEqual(before);
  });
});
