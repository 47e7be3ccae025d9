// What a market holds changed (an order, a pick, an import, a case size): the caches kept of it (badge
// counts, list totals) must forget it, on this instance at once and on every other instance serving the
// same database, or a user whose next request lands on another instance sees a count from before their
// own change. Instances tell each other through PostgreSQL's LISTEN/NOTIFY, sent by the writer once its
// transaction has committed (told before, another instance could recount the old data and keep it); PGlite
// is held by one instance, so there is no one else to tell. LISTEN needs a session of its own: behind a
// transaction-pooling PgBouncer the notices do not arrive, and the caches' time to live bounds the staleness.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

const CHANNEL = 'wbo_market_changes';

export type MarketChanges = {
  /** This instance changed the market: its own listeners hear at once, the other instances' on delivery. */
  announce(marketId: number): void;
  /** Called for every change of a market, made here or on another instance. */
  onChange(listener: (marketId: number) => void): void;
  /**
   * The notices announced so far and not yet handed to PostgreSQL, settled (sent or failed), or undefined when there
   * are none. The server answers a request only once they are, so that a caller told that its change is done and
   * asking another instance next finds that instance told too (bench:scale-out counted 7 of 20 such reads stale,
   * for up to 30 ms, when the answer could go before the notice).
   */
  unsent(): Promise<void> | undefined;
  close(): Promise<void>;
};

export async function createMarketChanges(database: Pick<Database, 'listen' | 'notify'>, log: Pick<FastifyBaseLogger, 'warn'>): Promise<MarketChanges> {
  // Each instance's notices carry its id, so that it does not act twice on its own.
  const instance = randomUUID();
  const listeners: ((marketId: number) => void)[] = [];
  const sending = new Set<Promise<void>>();
  const tell = (marketId: number) => listeners.forEach((listener) => listener(marketId));
  const unlisten = database.listen
    ? await database.listen(CHANNEL, (payload) => {
        const [from, market] = payload.split(':');
        const marketId = Number(market);
        if (from !== instance && Number.isSafeInteger(marketId)) tell(marketId);
      })
    : null;
  return {
    announce(marketId) {
      tell(marketId);
      // A lost notice leaves the others' caches as they were until their time to live (2 s by default): it
      // is logged, never the writer's failure.
      if (!database.notify) return;
      const sent: Promise<void> = database
        .notify(CHANNEL, `${instance}:${marketId}`)
        .catch((error: unknown) => log.warn({ err: error }, 'Telling the other instances of a market change failed'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    unsent() {
      return sending.size === 0 ? undefined : Promise.all(sending).then(() => undefined);
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      await unlisten?.();
    },
  };
}
