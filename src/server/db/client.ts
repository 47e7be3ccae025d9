// Opens the database: embedded PGlite by default, PostgreSQL when a URL is given. Both speak the same schema.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { currentRequestSignal } from '../lib/request-abort';
import { createPgliteGate, type PgliteGate } from './pglite-gate';
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
  /** PGlite: the bounded queue every top-level operation passes (tests and health read it); absent on PostgreSQL. */
  gate?: PgliteGate;
  /** PGlite: whether its connection completed work within the last `ms` (health then needs no probe); absent on PostgreSQL. */
  succeededWithin?(ms: number): boolean;
  /**
   * One cheap round trip, for health. On PGlite it goes ahead of the gate's queue, so it waits only for the
   * operation running now, never behind a flood.
   */
  probe(): Promise<void>;
  /**
   * PostgreSQL's LISTEN and NOTIFY, for instances sharing one database to tell each other of changes
   * (lib/market-changes.ts) and for triggers to tell them (auth/caller-cache.ts). `listen` resolves to the
   * unlisten; `onListen` is called each time the listening starts, again after a lost connection (notices sent
   * meanwhile are lost). PGlite, which one instance holds, listens to its own triggers but has no `notify`.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  notify?(channel: string, payload: string): Promise<void>;
};

export type OpenDatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      prepare?: boolean;
      /** A statement running longer fails (PostgreSQL error 57014); unset or 0: no limit (the seed, the tests). */
      statementTimeoutMs?: number;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** Requests' operations that may wait for the single connection before new ones are refused (background work never is). */
      queueLimit?: number;
      /** Server settings given at start (`-c name=value`), for the tests' throwaway databases; the product runs PGlite's defaults. */
      settings?: Readonly<Record<string, string>>;
    };

/**
 * Drizzle runs every query it did not name with `prepare: false`, and postgres.js then asks the server to
 * describe the parameters before each execution: two round trips a query. Preparing (postgres.js keeps
 * the statements per connection) makes it one. Transactions get their own client, so it is done there too.
 * Nested transactions (savepoints) likewise. Behind a transaction-pooling PgBouncer, set DATABASE_PREPARE=false.
 *
 * A statement without parameters is prepared too: postgres.js would send it as a simple query, planned again on
 * every call, and the statements whose market, day and page are written in (sql-helpers writtenInId) have none (the
 * order inventory's seven-table page took 5.9 ms, 4.6 of them planning, against 1.3 ms prepared). Only a text that
 * may hold several commands (a semicolon: a migration's chunk) goes as a simple query, as a prepared one cannot.
 * (postgres.js's own BEGIN, sent through the same call, is prepared too: harmless.)
 */
/** postgres.js reads `simple` (the simple query protocol, src/index.js unsafe) though its types do not name it. */
type QueryOptions = postgres.UnsafeQueryOptions & { simple?: boolean };

function preparingEveryStatement(client: postgres.Sql): postgres.Sql {
  const prepare = <T extends postgres.Sql | postgres.TransactionSql>(sql: T): T => {
    const unsafe = sql.unsafe.bind(sql);
    sql.unsafe = ((query: string, parameters: postgres.ParameterOrJSON<never>[] = [], queryOptions?: postgres.UnsafeQueryOptions) =>
      unsafe(query, parameters, { simple: parameters.length === 0 && query.includes(';'), ...queryOptions, prepare: true } as QueryOptions)) as typeof sql.unsafe;
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

/**
 * A statement outside a transaction is cancelled when the client of the request that runs it goes away
 * (queued in the pool, it never starts; running, PostgreSQL is asked to cancel it). A transaction whose
 * request is gone before it begins does not begin; one that has begun finishes, so that a write the server
 * started is not half-guessed by a client that left (the same rule as PGlite's gate).
 */
function cancellingWhenClientLeaves(client: postgres.Sql): postgres.Sql {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((query: string, parameters?: postgres.ParameterOrJSON<never>[], queryOptions?: postgres.UnsafeQueryOptions) => {
    const signal = currentRequestSignal();
    // Never made, rather than made and cancelled: postgres.js puts the connection of a statement cancelled
    // before it ran on its 'full' list for good, and a few abandoned requests then left every later statement
    // waiting for a connection forever.
    signal?.throwIfAborted();
    const run = () => {
      const pending = unsafe(query, parameters, queryOptions);
      if (signal) cancelWhenAborted(pending, signal);
      return pending;
    };
    const pending = run();
    retryingStrayCancel(pending, run, signal);
    return pending;
  }) as typeof client.unsafe;
  const begin = client.begin.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.begin = ((...args: unknown[]) => {
    const callback = args.pop() as (sql: postgres.TransactionSql) => unknown;
    const signal = currentRequestSignal();
    return begin(...args, (sql: postgres.TransactionSql) => {
      signal?.throwIfAborted();
      return callback(sql);
    });
  }) as typeof client.begin;
  return client;
}

/** What postgres.js's query objects hold besides their promise (src/query.js), read and set by retryingStrayCancel. */
type QueryInternals = {
  isRaw?: boolean | 'values';
  /** The backend the query was sent to, once it has been. */
  state?: { pid: number } | null;
  /** Null once the query may not send a cancel (cancel() is then a no-op). */
  canceller: unknown;
  cursorFn?: unknown;
  forEachFn?: unknown;
  onlyDescribe?: boolean;
  streaming?: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

/** How long after this process sent a cancel to a backend a cancelled statement there is taken for a stray one. */
const STRAY_CANCEL_WINDOW_MS = 5_000;
/**
 * How many times one statement is run again after stray cancels. More than once: PostgreSQL (up to 17) answers one
 * cancel request with two SIGINTs, to the backend and to its process group (postmaster.c, signal_child), so a cancel
 * that arrives late can stop a statement and then the run of it sent again; and several requests may leave at once.
 */
const STRAY_CANCEL_RETRIES = 3;
/** Backend pid → when this process last asked PostgreSQL to cancel what that backend runs. */
const cancelsSent = new Map<number, number>();

function noteCancelSent(pid: number): void {
  const now = Date.now();
  for (const [sentTo, at] of cancelsSent) if (now - at > STRAY_CANCEL_WINDOW_MS) cancelsSent.delete(sentTo);
  cancelsSent.set(pid, now);
}

/** PostgreSQL's answer to a cancel request on a backend this process sent one to lately (not a statement_timeout). */
function isOurCancel(error: unknown, pid: number | undefined): boolean {
  if (!(error instanceof postgres.PostgresError) || error.code !== '57014' || error.message.includes('statement timeout')) return false;
  const sent = pid === undefined ? undefined : cancelsSent.get(pid);
  return sent !== undefined && Date.now() - sent <= STRAY_CANCEL_WINDOW_MS;
}

/**
 * A statement cancelled although nobody asked for it is run once more. PostgreSQL cancels by backend, not by
 * statement: when a request's client leaves, postgres.js sends the cancel for that backend on a connection of its
 * own, and if the backend has meanwhile finished that statement and taken another request's (or a job's), the cancel
 * lands there. That request was answered 503 (one in about 20,000 under the scale-out load). So a statement cancelled
 * on a backend this process sent a cancel to in the last seconds is run again, unless its own request's client left;
 * a cancel this process did not send (an operator's pg_cancel_backend) and a statement_timeout still fail it; so does
 * a stray cancel after STRAY_CANCEL_RETRIES runs again.
 * Outside a transaction the cancelled statement was rolled back whole, so running it again is safe for every
 * statement this server sends (a sequence it drew from keeps a gap); postgres.js's own BEGIN is such a statement.
 * Statements inside a transaction are not seen here: a stray cancel still fails the whole transaction. Only plain
 * queries are retried (no cursor, forEach, describe or stream, whose state the retry would not have).
 */
function retryingStrayCancel(pending: PromiseLike<unknown>, again: () => PromiseLike<unknown>, signal: AbortSignal | undefined, retriesLeft = STRAY_CANCEL_RETRIES): void {
  const query = pending as unknown as QueryInternals;
  const reject = query.reject;
  query.reject = (error: unknown) => {
    query.reject = reject;
    // Called from inside postgres.js's protocol handling: whatever goes wrong here must still settle the query.
    try {
      const plain = !query.cursorFn && !query.forEachFn && !query.onlyDescribe && !query.streaming;
      if (!plain || signal?.aborted || !isOurCancel(error, query.state?.pid)) return reject(error);
      // The first query object may no longer send a cancel: its backend has moved on (the retry has its own).
      query.canceller = null;
      const retry = again();
      // Drizzle chose the result's shape (values(), raw()) on the first query object before it ran.
      (retry as unknown as QueryInternals).isRaw = query.isRaw;
      if (retriesLeft > 1) retryingStrayCancel(retry, again, signal, retriesLeft - 1);
      // The query's own then, which starts it (as awaiting it would).
      void retry.then(query.resolve, reject);
    } catch {
      reject(error);
    }
  };
}

/** Cancels the statement when the signal aborts later (it has not aborted yet: see cancellingWhenClientLeaves). */
function cancelWhenAborted(query: Promise<unknown> & { cancel(): void }, signal: AbortSignal): void {
  const cancel = () => {
    const internals = query as unknown as QueryInternals;
    const pid = internals.state?.pid;
    if (pid !== undefined && internals.canceller) noteCancelSent(pid);
    query.cancel();
  };
  signal.addEventListener('abort', cancel, { once: true });
  const forget = () => signal.removeEventListener('abort', cancel);
  // Promise's own then: the query's then would start it before drizzle has chosen its result shape (values()).
  // Forgetting the listener once it settled keeps a late abort from cancelling whatever that connection runs next.
  void Promise.prototype.then.call(query, forget, forget);
}

/**
 * The PGlite handle drizzle is given: its top-level statements and transactions pass the gate, with the
 * current request's signal; work outside a request (jobs, maintenance, shared caches) is never refused.
 * A transaction's own statements go through the handle PGlite passes to its callback, which is not gated:
 * the transaction already holds the gate, and would otherwise wait for itself.
 */
function gatedPglite(pglite: PGlite, gate: PgliteGate): PGlite {
  const gateOptions = () => {
    const signal = currentRequestSignal();
    return { signal, refusable: signal !== undefined };
  };
  const gated: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (...args) => gate.run(() => pglite.query(...args), gateOptions()),
    exec: (...args) => gate.run(() => pglite.exec(...args), gateOptions()),
    transaction: (callback) => gate.run(() => pglite.transaction(callback), gateOptions()),
  };
  return gated as PGlite;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const connection = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      // A connection is replaced after half an hour to an hour (postgres.js's own default, said here because the
      // statements it keeps prepared, one per text, are let go with it: written-in days and pages add up otherwise).
      max_lifetime: 60 * (30 + Math.random() * 30),
      // Dates stay strings (yyyy-MM-dd) so a calendar day never shifts with the server's time zone.
      types: { date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v } },
      // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost (100,000), which
      // a searched or deep page of the large data set's lists does, and compiling took 90-250 ms of statements that
      // run in 10-20 ms (a menu search: 180 ms with JIT, 21 ms without). These lists' statements never run long enough
      // for compiled expressions to pay that back.
      connection: { jit: 'off', ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}) },
    });
    const client = cancellingWhenClientLeaves(options.prepare === false ? connection : preparingEveryStatement(connection));
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
    const probe = async () => {
      await client`select 1`;
    };
    // On the plain connection: postgres.js gives LISTEN a connection of its own, which no request cancels.
    const listen = async (channel: string, onPayload: (payload: string) => void, onListen?: () => void) => {
      const { unlisten } = await connection.listen(channel, onPayload, onListen);
      return unlisten;
    };
    const notify = async (channel: string, payload: string) => {
      await connection.notify(channel, payload);
    };
    return { db, kind: 'postgres', withStartupLock, probe, listen, notify, close: () => client.end({ timeout: 5 }) };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: options.dataDir ? path.resolve(options.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    parsers: { 1082: (value: string) => value },
    // Contains-searches use trigram indexes (migration 0001 creates the extension), some led by a plain column of a
    // GIN index (btree_gin, migration 0017).
    extensions: { pg_trgm, btree_gin },
  });
  await pglite.waitReady;
  const gate = createPgliteGate({ maxWaiting: options.queueLimit });
  const db = drizzlePglite(gatedPglite(pglite, gate), { schema, casing: 'snake_case' }) as unknown as Db;
  const probe = async () => {
    await gate.run(() => pglite.query('select 1'), { priority: true });
  };
  // Outside the gate: LISTEN is sent once, and its notices arrive with the results of the committing statement.
  const listen = async (channel: string, onPayload: (payload: string) => void, onListen?: () => void) => {
    const unlisten = await pglite.listen(channel, onPayload);
    onListen?.();
    // UNLISTEN is a statement: once the database is closed (shutting down, or gone) there is nothing to stop.
    return async () => {
      if (!pglite.closed) await unlisten().catch(() => undefined);
    };
  };
  return {
    db,
    kind: 'pglite',
    pglite,
    gate,
    probe,
    listen,
    succeededWithin: (ms) => !pglite.closed && gate.succeededWithin(ms),
    withStartupLock: (work) => work(),
    close: () => pglite.close(),
  };
}

/** Runs raw SQL and returns its rows, hiding the two drivers' different result shapes. */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
