// Housekeeping the server does on its own while it runs: forgetting old idempotency answers and the exported
// workbooks whose links have expired, folding the kept status counts of markets that nobody has listed lately
// (db/kept-counts.ts), and putting right a kept standard case size that a race left behind (db/free-stock.ts). Safe on several instances at once (each run is one idempotent statement per table).
// On the embedded database it also does autovacuum's work, every minute as autovacuum looks (db/embedded-autovacuum.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { autovacuumEmbedded } from './db/embedded-autovacuum';
import { repairStandardCaseSizes } from './db/free-stock';
import { foldKeptCounts } from './db/kept-counts';
import { purgeExpiredExports } from './files/export-storage';
import { purgeIdempotencyKeys } from './lib/idempotency';

const EVERY_MS = 60 * 60_000;
/** PostgreSQL's autovacuum_naptime. */
const AUTOVACUUM_EVERY_MS = 60_000;
const SLOW_TABLE_MS = 100;

export function startMaintenance(database: Database, log: FastifyBaseLogger, dataDir: string): () => Promise<void> {
  const { db } = database;
  const run = () =>
    Promise.all([
      purgeIdempotencyKeys(db).catch((error: unknown) => log.warn({ err: error }, 'purging idempotency keys failed')),
      purgeExpiredExports(db, dataDir).catch((error: unknown) => log.warn({ err: error }, 'purging expired exports failed')),
      foldKeptCounts(db, 'order_status_counts').catch((error: unknown) => log.warn({ err: error }, 'folding order counts failed')),
      foldKeptCounts(db, 'picklist_status_counts').catch((error: unknown) => log.warn({ err: error }, 'folding picklist counts failed')),
      foldKeptCounts(db, 'order_week_counts').catch((error: unknown) => log.warn({ err: error }, 'folding order week counts failed')),
      foldKeptCounts(db, 'picklist_week_counts').catch((error: unknown) => log.warn({ err: error }, 'folding picklist week counts failed')),
      foldKeptCounts(db, 'order_search_counts').catch((error: unknown) => log.warn({ err: error }, 'folding order search counts failed')),
      foldKeptCounts(db, 'picklist_search_counts').catch((error: unknown) => log.warn({ err: error }, 'folding picklist search counts failed')),
      foldKeptCounts(db, 'batch_search_counts').catch((error: unknown) => log.warn({ err: error }, 'folding batch search counts failed')),
      repairStandardCaseSizes(db).catch((error: unknown) => log.warn({ err: error }, 'repairing kept standard case sizes failed')),
    ]);
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  const stopAutovacuum = database.kind === 'pglite' ? startEmbeddedAutovacuum(database, log) : async () => {};
  return async () => {
    clearInterval(timer);
    await stopAutovacuum();
  };
}

/** Every minute on PGlite; the stop waits for the table being done (the pass stops before the next). */
function startEmbeddedAutovacuum(database: Database, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const done = await autovacuumEmbedded(database.db, () => stopped);
      const slow = done.filter((table) => table.ms > SLOW_TABLE_MS);
      if (slow.length > 0) log.info({ tables: slow }, 'embedded autovacuum: tables that held the database over 100 ms');
      else if (done.length > 0) log.debug({ tables: done }, 'embedded autovacuum');
    } catch (error) {
      if (!stopped) log.warn({ err: error }, 'embedded autovacuum failed');
    }
  };
  const run = () => {
    // A pass that outlasts the minute (a large import's tables) is not joined by a second one.
    if (running || stopped) return;
    running = pass().finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, AUTOVACUUM_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
