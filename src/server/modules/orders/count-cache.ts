// Totals of filtered lists, kept for a moment per market. Paging through a market's 100,000+ orders
// reads one indexed page each time, but counting every match costs the database tens of milliseconds;
// a total a second or two old pages the same. A write invalidates its market on every instance (the
// services listen to lib/market-changes.ts), so that what a user just did counts at once.

import { detachedFromRequest } from '../../lib/request-abort';

type Entry = { value: Promise<number>; expiresAt: number };

/** Distinct filter combinations kept per market; the oldest goes first. */
const MAX_ENTRIES_PER_MARKET = 500;

export type CountCache = {
  /** The cached total for the key, or the count's answer (shared by concurrent asks). */
  get(marketId: number, key: string, count: () => Promise<number>): Promise<number>;
  /** A total learnt for free (a short last page), kept like a counted one. */
  set(marketId: number, key: string, total: number): void;
  invalidate(marketId: number): void;
};

export function createCountCache(ttlMs: number, now: () => number = Date.now): CountCache {
  const markets = new Map<number, Map<string, Entry>>();
  const entriesOf = (marketId: number) => {
    let entries = markets.get(marketId);
    if (!entries) markets.set(marketId, (entries = new Map()));
    return entries;
  };
  const remember = (marketId: number, key: string, value: Promise<number>) => {
    const entries = entriesOf(marketId);
    entries.delete(key);
    entries.set(key, { value, expiresAt: now() + ttlMs });
    if (entries.size > MAX_ENTRIES_PER_MARKET) entries.delete(entries.keys().next().value!);
  };
  return {
    get(marketId, key, count) {
      const cached = markets.get(marketId)?.get(key);
      if (cached && cached.expiresAt > now()) return cached.value;
      // Shared with the requests that ask meanwhile: the first one's client leaving must not cancel it for them.
      const value = detachedFromRequest(count);
      if (ttlMs > 0) remember(marketId, key, value);
      value.catch(() => {
        if (markets.get(marketId)?.get(key)?.value === value) markets.get(marketId)!.delete(key);
      });
      return value;
    },
    set(marketId, key, total) {
      if (ttlMs > 0) remember(marketId, key, Promise.resolve(total));
    },
    invalidate(marketId) {
      markets.delete(marketId);
    },
  };
}
