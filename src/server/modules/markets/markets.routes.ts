import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appStatsResponseSchema, marketQuerySchema, marketsResponseSchema } from '../../../shared/api/markets';
import type { MarketCode, SeedToSaleSystem } from '../../../shared/enums';
import { callerOf, marketOf } from '../../auth/access-control';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { anyMarketRole, signedIn } from '../../lib/route-access';
import type { MarketStats } from './market-stats';
import { listMarketsOfUser } from './markets.repository';

export const marketsRoutes: FastifyPluginAsyncZod<{ db: Db; stats: MarketStats }> = async (app, { db, stats }) => {
  app.get(
    '/markets',
    { config: { access: signedIn }, schema: { tags: ['markets'], description: "The caller's markets, by name.", response: { 200: marketsResponseSchema } } },
    async (request) => {
      const markets = await listMarketsOfUser(db, callerOf(request).id);
      return ok(markets.map((m) => ({ id: m.id, name: m.name, code: m.code as MarketCode, seedToSaleSystem: m.seedToSaleSystem as SeedToSaleSystem })));
    },
  );

  app.get(
    '/inventory/stat',
    {
      config: { access: anyMarketRole },
      schema: { tags: ['markets'], description: 'Counts behind the sidebar badges.', querystring: marketQuerySchema, response: { 200: appStatsResponseSchema } },
    },
    async (request) => {
      const counts = await stats.get(marketOf(request).id);
      return ok({ ...counts, lastImportAt: counts.lastImportAt?.toISOString() ?? null });
    },
  );
};
