// Creating and dropping the uniquely named databases a PostgreSQL test run uses.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/server/db/client';

/** Every database a test run creates starts with this, so a crashed run's leftovers are recognisable. */
export const TEST_DATABASE_PREFIX = 'wbo_test_';

export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function dropDatabases(admin: Database, prefix: string): Promise<void> {
  const rows = await queryRows<{ datname: string }>(admin.db, sql`select datname from pg_database where datname like ${`${prefix}%`}`);
  for (const { datname } of rows) {
    await admin.db.execute(sql.raw(`drop database if exists "${datname}" with (force)`));
  }
}
