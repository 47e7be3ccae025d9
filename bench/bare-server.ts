// The bare side of `npm run bench:overhead`: the code under three routes (health, the sidebar's counts, an order's
// details) served by a plain Fastify with no plugins, in a process of its own as the production server is, on the
// same PostgreSQL with the same pool. No sign-in, access check, rate limit, security headers, compression, request
// log or response schema: what the production server's answer costs beyond this is the API's overhead (issue 16
// item 5). The caller and market are the MN Market Admin's, read once at start as the access check would build them.
//
// Environment: DATABASE_URL, PORT, STATS_CACHE_MS (the server's default, 2 s).
import Fastify from 'fastify';
import { paginationMeta } from '../src/shared/api/common';
import { orderDetailsBodySchema } from '../src/shared/api/orders';
import { openDatabase } from '../src/server/db/client';
import type { MarketChanges } from '../src/server/lib/market-changes';
import { ok } from '../src/server/lib/reply';
import { createDatabaseHealth } from '../src/server/modules/health/database-health';
import { createMarketStats } from '../src/server/modules/markets/market-stats';
import { countMarketStats } from '../src/server/modules/markets/markets.repository';
import { createOrdersService } from '../src/server/modules/orders/orders.service';
import { benchCallerContext } from './bench-caller';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 20 });
const ctx = await benchCallerContext(database.db);
const cacheMs = Number(process.env.STATS_CACHE_MS ?? 2_000);
const health = createDatabaseHealth(database);
const stats = createMarketStats((marketId) => countMarketStats(database.db, marketId), cacheMs);
// One instance, and nothing here writes: no changes to tell or hear of.
const noChanges: MarketChanges = { announce: () => {}, onChange: () => {}, unsent: () => undefined, close: async () => {} };
const orders = createOrdersService({ db: database.db, changes: noChanges, countCacheMs: cacheMs });

const app = Fastify();
app.get('/health', async () => {
  const ok = await health.check();
  return { status: ok ? 'ok' : 'degraded', database: ok ? 'ok' : 'unavailable', databaseKind: database.kind, version: 'bare', uptimeSeconds: Math.round(process.uptime()) };
});
app.get('/stat', async () => {
  const counts = await stats.get(ctx.market.id);
  return ok({ ...counts, lastImportAt: counts.lastImportAt?.toISOString() ?? null });
});
app.post<{ Params: { id: string } }>('/order/:id/details', async (request) => {
  const { detail, page, message } = await orders.details(ctx, Number(request.params.id), orderDetailsBodySchema.parse(request.body));
  return { ...ok(detail, message), pagination: paginationMeta(page.page, page.pageSize, page.totalRecords, page.recordsOnPage) };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
