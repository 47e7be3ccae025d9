// The listing read through the kept product ranks, ranking first when they are behind the products or settings.
import type { Db } from '../../db/client';
import { detachedFromRequest } from '../../lib/request-abort';
import { listMenuJson, type MenuListingQuery, type MenuPage } from './menu-listing.repository';
import { ranksFresh, writeRanks } from './menu-ranks.repository';
import { listingOrder } from './menu-settings-rules';
import { lockMarketSettings, storedSettings } from './menus.repository';

/** Per database and market, the ranking under way on this instance: the requests that find the ranks behind wait for one. */
const underWay = new WeakMap<Db, Map<number, Promise<void>>>();

/**
 * Brings the market's kept ranks up to its products and settings, under the settings lock (a save ranks in its own
 * transaction, holding it), checked again once held: another request or instance may have ranked meanwhile.
 */
function rerankMarket(db: Db, marketId: number): Promise<void> {
  let markets = underWay.get(db);
  if (!markets) underWay.set(db, (markets = new Map()));
  let running = markets.get(marketId);
  if (!running) {
    // Shared with the requests that find the ranks behind meanwhile: the first one's client leaving must not cancel it for them.
    running = detachedFromRequest(() =>
      db.transaction(async (tx) => {
        await lockMarketSettings(tx, marketId);
        if (await ranksFresh(tx, marketId)) return;
        await writeRanks(tx, marketId, listingOrder(await storedSettings(tx, marketId)));
      }),
    ).finally(() => markets.delete(marketId));
    markets.set(marketId, running);
  }
  return running;
}

/** The page (or every row), read again after ranking when the statement found the ranks behind. */
export async function listMenuPage(db: Db, query: MenuListingQuery, options: Parameters<typeof listMenuJson>[2] = {}): Promise<MenuPage> {
  const page = await listMenuJson(db, query, options);
  if (page.fresh) return page;
  await rerankMarket(db, query.marketId);
  return listMenuJson(db, query, options);
}
