// The access check's lookup of a caller (findCaller: the account, its memberships, its role's grants in the
// requested market), kept for a few seconds per account and market. It was one of the two round trips of nearly
// every request: at 32 connections, keeping it raised an import details page's throughput by a third (BENCHMARKS.md).
//
// Nothing kept may outlive a change to what it was read from: a statement trigger on users, user_market_roles,
// role_permissions and markets (migration 0020) sends a notice on commit, whoever writes (the users screens, the
// seed, an operator's SQL), and every instance forgets all it kept when the notice arrives (PGlite delivers it
// before the committing statement returns). A lookup that was already running when a notice arrived may have
// read from before the change, so it is used for its own request but not kept. When the notices stop (the
// listening connection lost, then listening again), everything is forgotten, since some may have been missed.
// Where notices cannot arrive at all (behind a transaction-pooling PgBouncer), the time to live bounds how long
// a deactivated account or a withdrawn grant still passes: CALLER_TTL_MS.
import type { MarketCode } from '../../shared/enums';
import type { Database } from '../db/client';
import type { Caller } from '../modules/users/users.repository';

const ACCESS_CHANGES_CHANNEL = 'wbo_access_changes';
const CALLER_TTL_MS = 5_000;
/** Accounts × markets kept at most; the oldest goes first. */
const MAX_ENTRIES = 5_000;

type LoadCaller = (azureUserId: string, marketCode: MarketCode | null) => Promise<Caller | undefined>;

export type CallerCache = {
  get: LoadCaller;
  /** Forgets every kept caller (a notice of a change, or notices possibly missed). */
  forget(): void;
  close(): Promise<void>;
};

export function createCallerCache(load: LoadCaller, options: { ttlMs?: number; now?: () => number } = {}): CallerCache {
  const ttlMs = options.ttlMs ?? CALLER_TTL_MS;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { caller: Caller; until: number }>();
  // Counts the changes heard; a lookup keeps its answer only if none was heard while it ran.
  let generation = 0;
  return {
    async get(azureUserId, marketCode) {
      const key = `${marketCode ?? ''}\u0000${azureUserId}`;
      const entry = kept.get(key);
      if (entry && entry.until > now()) return entry.caller;
      const started = generation;
      const caller = await load(azureUserId, marketCode);
      // An unknown account is not kept: one created a moment later must get in at once.
      if (caller && started === generation) {
        kept.delete(key);
        kept.set(key, { caller, until: now() + ttlMs });
        if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
      }
      return caller;
    },
    forget() {
      generation += 1;
      kept.clear();
    },
    close: async () => {},
  };
}

/** A cache that forgets on every notice of an access change, on PostgreSQL and on PGlite alike. */
export async function createListeningCallerCache(database: Pick<Database, 'listen'>, load: LoadCaller): Promise<CallerCache> {
  if (!database.listen) return createCallerCache(load, { ttlMs: 0 });
  const cache = createCallerCache(load);
  const unlisten = await database.listen(
    ACCESS_CHANGES_CHANNEL,
    () => cache.forget(),
    () => cache.forget(),
  );
  return { ...cache, close: unlisten };
}
