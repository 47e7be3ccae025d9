// Applies the committed drizzle-kit migrations; callers hold the database's start-up lock.
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { projectPath } from '../lib/project-root';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = projectPath('src', 'server', 'db', 'migrations');

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  await migratePostgres(database.db as unknown as PostgresJsDatabase, config);
}

