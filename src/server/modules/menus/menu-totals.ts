// Totals of the menu listing per market and filter, kept longer than the orders list keeps its own and refreshed
// behind the answer. Counting a market's 165,000 sellable batches costs the database 100+ ms, while a page in the
// settings' order costs about one: counting per request, or making every request wait for a recount when the
// total expires, would set the pace of the whole listing. A total a few seconds old is off by the few batches
// sold out or imported meanwhile, and only in the pager; the rows themselves are always read fresh.

import { detachedFromRequest } from '../../lib/request-abort';

/** A total younger than this is answered as it is. */
export const MENU_TOTAL_FRESH_MS = 10_000;
/** An older one, up to this age, is still answered while one recount runs behind it; older ones are counted first. */
export const MENU_TOTAL_STALE_MS = 60_000;
/** Distinct filter combinations kept per market; the least recently counted goes first. */
const MAX_ENTRIES_PER_MARKET = 500;

type Entry = { total: number; countedAt: number; recount: Promise<number> | null };

export type MenuTotals = {
  /** The kept total for the key, or the count's answer (one count at a time per key). */
  get(marketId: number, key: string, count: () => Promise<number>): Promise<number>;
  /** A total learnt for free (a short last page), kept like a counted one. */
  set(marketId: number, key: string, total: number): void;
};

/** enabled false (STATS_CACHE_MS=0, as the tests run): every total is counted. */
export function createMenuTotals(enabled: boolean, now: () => number = Date.now): MenuTotals {
  const markets = new Map<number, Map<string, Entry>>();
  const entriesOf = (marketId: number) => {
    let entries = markets.get(marketId);
    if (!entries) markets.set(marketId, (entries = new Map()));
    return entries;
  };
  const remember = (marketId: number, key: string, total: number) => {
    const entries = entriesOf(marketId);
    entries.delete(key);
    entries.set(key, { total, countedAt: now(), recount: null });
    if (entries.size > MAX_ENTRIES_PER_MARKET) entries.delete(entries.keys().next().value!);
  };
  const recount = (marketId: number, key: string, entry: Entry | undefined, count: () => Promise<number>): Promise<number> => {
    // Shared with other requests, or run behind an answer already sent: no request's client leaving cancels it.
    const counting = detachedFromRequest(count).then(
      (total) => {
        remember(marketId, key, total);
        return total;
      },
      (error: unknown) => {
        if (entry) entry.recount = null;
        else if (markets.get(marketId)?.get(key)?.recount === counting) markets.get(marketId)!.delete(key);
        throw error;
      },
    );
    if (entry) entry.recount = counting;
    else entriesOf(marketId).set(key, { total: 0, countedAt: -Infinity, recount: counting });
    return counting;
  };
  return {
    get(marketId, key, count) {
      if (!enabled) return count();
      const entry = markets.get(marketId)?.get(key);
      const age = entry ? now() - entry.countedAt : Infinity;
      if (entry && age < MENU_TOTAL_FRESH_MS) return Promise.resolve(entry.total);
      if (entry && age < MENU_TOTAL_STALE_MS) {
        // Answered now; the recount's failure only leaves the stale total for the next request to retry.
        if (!entry.recount) recount(marketId, key, entry, count).catch(() => undefined);
        return Promise.resolve(entry.total);
      }
      return entry?.recount ?? recount(marketId, key, entry, count);
    },
    set(marketId, key, total) {
      if (enabled) remember(marketId, key, total);
    },
  };
}
