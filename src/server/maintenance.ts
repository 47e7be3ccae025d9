// Housekeeping the server does on its own while it runs: forgetting old idempotency answers and the exported
// workbooks whose links have expired. Safe on several instances at once (each run is one idempotent DELETE).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import { purgeExpiredExports } from './files/export-storage';
import { purgeIdempotencyKeys } from './lib/idempotency';

const EVERY_MS = 60 * 60_000;

export function startMaintenance(db: Db, log: FastifyBaseLogger, dataDir: string): () => void {
  const run = () =>
    Promise.all([
      purgeIdempotencyKeys(db).catch((error: unknown) => log.warn({ err: error }, 'purging idempotency keys failed')),
      purgeExpiredExports(db, dataDir).catch((error: unknown) => log.warn({ err: error }, 'purging expired exports failed')),
    ]);
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
