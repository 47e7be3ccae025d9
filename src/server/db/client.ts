// Opens the database: embedded PGlite by default, PostgreSQL when a URL is given. Both speak the same schema.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so that a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;
type DatabaseKind = 'pglite' | 'postgres';
const STARTUP_LOCK_ID = 741_852_963;

export type Database = {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Runs start-up work (migrations, the first demo load) while holding a lock, so several instances
   * starting against one PostgreSQL never do it at once. PGlite has one process by construction.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** The PGlite instance, for dumping a seeded template in tests; absent on PostgreSQL. */
  pglite?: PGlite;
};

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; prepare?: boolean }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Drizzle runs every query it did not name with `prepare: false`, and postgres.js then asks the server to
 * describe the parameters before each execution: two round trips a query. Preparing (postgres.js keeps
 * the statements per connection) makes it one. Transactions get their own client, so it is done there too.
 * Nested transactions (savepoints) likewise. Behind a transaction-pooling PgBouncer, set DATABASE_PREPARE=false.
 */
function preparingEveryStatement(client: postgres.Sql): postgres.Sql {
  const prepare = <T extends postgres.Sql | postgres.TransactionSql>(sql: T): T => {
    const unsafe = sql.unsafe.bind(sql);
    sql.unsafe = ((query: string, parameters?: postgres.ParameterOrJSON<never>[], queryOptions?: postgres.UnsafeQueryOptions) =>
      unsafe(query, parameters, { ...queryOptions, prepare: true })) as typeof sql.unsafe;
    if ('savepoint' in sql) {
      const savepoint = sql.savepoint.bind(sql) as (...args: unknown[]) => Promise<unknown>;
      sql.savepoint = ((...args: unknown[]) => {
        const callback = args.pop() as (inner: postgres.TransactionSql) => unknown;
        return savepoint(...args, (inner: postgres.TransactionSql) => callback(prepare(inner)));
      }) as typeof sql.savepoint;
    }
    return sql;
  };
  const begin = client.begin.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.begin = ((...args: unknown[]) => {
    const callback = args.pop() as (sql: postgres.TransactionSql) => unknown;
    return begin(...args, (sql: postgres.TransactionSql) => callback(prepare(sql)));
  }) as typeof client.begin;
  return prepare(client);
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const connection = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      // Dates stay strings (yyyy-MM-dd) so a calendar day never shifts with the server's time zone.
      types: { date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v } },
    });
    const client = options.prepare === false ? connection : preparingEveryStatement(connection);
    const db = drizzlePostgres(client, { schema, casing: 'snake_case' }) as unknown as Db;
    const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
      // An advisory lock belongs to a connection, so hold one connection for lock and unlock.
      const connection = await client.reserve();
      try {
        await connection`select pg_advisory_lock(${STARTUP_LOCK_ID})`;
        return await work();
      } finally {
        await connection`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.catch(() => undefined);
        connection.release();
      }
    };
    return { db, kind: 'postgres', withStartupLock, close: () => client.end({ timeout: 5 }) };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: options.dataDir ? path.resolve(options.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
    parsers: { 1082: (value: string) => value },
    // The orders list's contains-searches use trigram indexes (migration 0001 creates the extension).
    extensions: { pg_trgm },
  });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', pglite, withStartupLock: (work) => work(), close: () => pglite.close() };
}

/** Runs raw SQL and returns its rows, hiding the two drivers' different result shapes. */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
