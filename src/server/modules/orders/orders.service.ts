// The orders service: the queries and commands of orders over one count cache, with the badge counts and
// cached totals of a market refreshed after each of its writes.
import type { ParsedListQuery } from '../../../shared/api/common';
import type { OrderDetail } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../lib/request-context';
import type { MarketChanges } from '../../lib/market-changes';
import { createCountCache } from './count-cache';
import { createOrderCommands, type DetailChanges } from './order-commands';
import { createOrderQueries, type DetailPage } from './order-queries';

export type OrdersServiceDependencies = {
  db: Db;
  /** Told of each write: the market's badge counts and cached totals, here and on other instances, are redone. */
  changes: Pick<MarketChanges, 'announce' | 'onChange'>;
  /** How long a filtered list's total is reused (0: counted every time). */
  countCacheMs?: number;
};

export function createOrdersService(deps: OrdersServiceDependencies) {
  const counts = createCountCache(deps.countCacheMs ?? 2_000);
  deps.changes.onChange((marketId) => counts.invalidate(marketId));
  const queries = createOrderQueries({ db: deps.db, counts });
  const commands = createOrderCommands({
    db: deps.db,
    changed: (marketId) => deps.changes.announce(marketId),
  });

  return {
    ...queries,
    ...commands,

    /**
     * POST /order/{id}/details: the order with a page of its items. A price (batchId + unitSalePrice) or a
     * confirmed delivery date in the body is saved first, under the action table.
     */
    async details(ctx: RequestContext, orderId: number, body: ParsedListQuery & DetailChanges): Promise<{ detail: OrderDetail; page: DetailPage; message: string }> {
      const messages = await commands.setDetailFields(ctx, orderId, body);
      const { detail, page } = await queries.detail(ctx.market, orderId, body);
      return { detail, page, message: messages.length > 0 ? messages.join(' ') : 'OK' };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
