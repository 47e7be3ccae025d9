// The badge counts, kept for a moment per market. Every open app polls them, and counting a large
// market's open orders and picklists costs the database a few milliseconds each time; a count a second
// or two old looks the same in a badge. Concurrent asks share one query. A write invalidates its market
// (app.ts wires it to lib/market-changes.ts), so that what a user just did shows at once, on this
// instance and on the others that share the database.
import { detachedFromRequest } from '../../lib/request-abort';
import type { MarketCounts } from './markets.repository';

type Entry = { value: Promise<MarketCounts>; expiresAt: number };

export type MarketStats = {
  get(marketId: number): Promise<MarketCounts>;
  invalidate(marketId: number): void;
};

export function createMarketStats(count: (marketId: number) => Promise<MarketCounts>, ttlMs: number, now: () => number = Date.now): MarketStats {
  const entries = new Map<number, Entry>();
  return {
    get(marketId) {
      const cached = entries.get(marketId);
      if (cached && cached.expiresAt > now()) return cached.value;
      // Shared with the requests that ask meanwhile: the first one's client leaving must not cancel it for them.
      const value = detachedFromRequest(() => count(marketId));
      entries.set(marketId, { value, expiresAt: now() + ttlMs });
      // A failed count is not kept: the next ask tries again.
      value.catch(() => {
        if (entries.get(marketId)?.value === value) entries.delete(marketId);
      });
      return value;
    },
    invalidate(marketId) {
      entries.delete(marketId);
    },
  };
}
