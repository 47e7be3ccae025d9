// Migrations that change stored data, run on a database made by the migrations before them (each test
// migrates an empty embedded database twice: slow on a busy machine, hence the long timeout).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';

type Journal = { entries: { tag: string }[] };

let database: Database | undefined;
let folder: string | undefined;
afterEach(async () => {
  await database?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A database migrated up to (not including) the migration named `tag`. */
async function migratedUpTo(tag: string): Promise<Database> {
  folder = await mkdtemp(path.join(tmpdir(), 'wbo-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index, `migration ${tag}`).toBeGreaterThan(0);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  const db = await openDatabase({ kind: 'pglite' });
  await migrate(db.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  return db;
}

describe('0003 per-market activation', () => {
  it('keeps a deactivated account deactivated in each of its markets, and an active one active', async () => {
    database = await migratedUpTo('0003_per_market_activation');
    const { db } = database;
    await db.execute(sql`insert into markets (id, code, name, seed_to_sale_system) values (1, 'MN', 'Minnesota', 'metrc'), (5, 'NJ', 'New Jersey', 'metrc')`);
    await db.execute(sql`
      insert into users (id, azure_user_id, name, email, is_active) values
        ('00000000-0000-4000-8000-000000000001', 'a', 'Still Here', 'here@example.com', true),
        ('00000000-0000-4000-8000-000000000002', 'b', 'Long Gone', 'gone@example.com', false)`);
    await db.execute(sql`
      insert into user_market_roles (user_id, market_id, role) values
        ('00000000-0000-4000-8000-000000000001', 1, 'Sales Person'),
        ('00000000-0000-4000-8000-000000000002', 1, 'Sales Person'),
        ('00000000-0000-4000-8000-000000000002', 5, 'Market Admin')`);

    await migrateDatabase(database);

    const rows = await queryRows<{ name: string; market_id: number; is_active: boolean }>(
      db,
      sql`select u.name, r.market_id, r.is_active from user_market_roles r join users u on u.id = r.user_id order by u.name, r.market_id`,
    );
    expect(rows).toEqual([
      { name: 'Long Gone', market_id: 1, is_active: false },
      { name: 'Long Gone', market_id: 5, is_active: false },
      { name: 'Still Here', market_id: 1, is_active: true },
    ]);
    const columns = await queryRows<{ column_name: string }>(db, sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'is_active'`);
    expect(columns).toEqual([]);
  }, 120_000);
});
