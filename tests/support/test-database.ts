// A private copy of the run's demo-loaded template for one test file: an in-memory PGlite restored
// from the dump, or a PostgreSQL database created from the template and dropped on close.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { databaseUrl } from './postgres-admin';

/** Database settings a test may set (PostgreSQL only; the embedded database takes its defaults). */
export type TestDatabaseOptions = { statementTimeoutMs?: number; /** PostgreSQL connections (5 by default). */ poolSize?: number };

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject('runId')}_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${name}" template "${inject('templateDatabase')}"`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: options.poolSize ?? 5, statementTimeoutMs: options.statementTimeoutMs });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        await admin.close();
      },
    };
  }
  const dump = await readFile(inject('templateDump'));
  // Typed as gzip, PGlite unpacks it at once instead of first failing to read it as a plain tar. Its 128 MB of shared
  // buffers, set up at every start, are more than a test file's demo data needs: 16 MB start faster.
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump], { type: 'application/x-gzip' }), settings: { shared_buffers: '16MB' } });
}
