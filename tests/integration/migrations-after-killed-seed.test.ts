// A large seed killed mid-load leaves the bulk tables' secondary indexes dropped and written down in deferred_indexes
// (db/deferred-indexes.ts). A migration that drops or replaces one of those indexes must still apply on such a
// database, or neither the server nor db:seed could start again; and what it replaced must not be built again.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { restoreDeferredIndexes, secondaryIndexesOf } from '../../src/server/db/deferred-indexes';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../src/server/db/migrate';

/** The last migration before those under test (0032 and 0033 replace an index of batches each). */
const BEFORE = '0031_bulk_update_counts_linear';

let folder: string;
let database: Database;
beforeAll(async () => {
  // The migrations up to BEFORE, as a database of that time would have applied them.
  folder = await mkdtemp(path.join(os.tmpdir(), 'wbo-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === BEFORE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  database = await openDatabase({ kind: 'pglite' });
  await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
});
afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

/** The indexes that 0032 and 0033 replace, and what replaces them. */
const REPLACED: Record<string, string> = {
  batches_market_id_product_id_index: 'batches_market_id_product_id_expiry_date_index',
  batches_market_id_location_id_index: 'batches_market_id_location_id_id_index',
};

describe('migrations after a killed large seed', () => {
  it('apply on a database whose batch indexes were set aside, and the replaced index is not built again', async () => {
    // The killed load: every secondary index of batches dropped and written down.
    const setAside = await secondaryIndexesOf(database.db, ['batches']);
    for (const name of Object.keys(REPLACED)) expect(setAside.map((index) => index.name)).toContain(name);
    for (const index of setAside) {
      await database.db.execute(sql`insert into deferred_indexes (name, definition) values (${index.name}, ${index.definition})`);
      await database.db.execute(sql`drop index ${sql.identifier(index.name)}`);
    }

    await migrateDatabase(database);
    await restoreDeferredIndexes(database.db);

    const names = (await secondaryIndexesOf(database.db, ['batches'])).map((index) => index.name);
    for (const [replaced, by] of Object.entries(REPLACED)) {
      expect(names).not.toContain(replaced);
      expect(names).toContain(by);
    }
    for (const index of setAside.filter((one) => !(one.name in REPLACED))) expect(names).toContain(index.name);
    expect(await queryRows(database.db, sql`select name from deferred_indexes`)).toEqual([]);
  });
});
