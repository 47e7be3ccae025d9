// Housekeeping the server does on its own while it runs: forgetting old idempotency answers. Safe on
// several instances at once (each run is one idempotent DELETE).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import { purgeIdempotencyKeys } from './lib/idempotency';

const EVERY_MS = 60 * 60_000;

export function startMaintenance(db: Db, log: FastifyBaseLogger): () => void {
  const run = () => purgeIdempotencyKeys(db).catch((error: unknown) => log.warn({ err: error }, 'purging idempotency keys failed'));
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
