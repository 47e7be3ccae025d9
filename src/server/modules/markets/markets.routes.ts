import type { FastifyPluginAsync } from 'fastify';
import { appStatsEndpoint, listMarketsEndpoint } from '../../../shared/api/markets';
import type { MarketCode, SeedToSaleSystem } from '../../../shared/enums';
import type { Db } from '../../db/client';
import { route } from '../../lib/endpoint-route';
import { ok } from '../../lib/reply';
import type { MarketStats } from './market-stats';
import { listMarketsOfUser } from './markets.repository';

export const marketsRoutes: FastifyPluginAsync<{ db: Db; stats: MarketStats }> = async (app, { db, stats }) => {
  route(app, listMarketsEndpoint, async ({ ctx }) => {
    const markets = await listMarketsOfUser(db, ctx.caller.id);
    return ok(markets.map((m) => ({ id: m.id, name: m.name, code: m.code as MarketCode, seedToSaleSystem: m.seedToSaleSystem as SeedToSaleSystem })));
  });

  route(app, appStatsEndpoint, async ({ ctx }) => {
    const counts = await stats.get(ctx.market.id);
    return ok({ ...counts, lastImportAt: counts.lastImportAt?.toISOString() ?? null });
  });
};
