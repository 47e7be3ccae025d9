// Two server instances on one PostgreSQL database, each with its own caches kept a minute: a change made
// through one must not leave the other answering from before it (a stale badge or list total). The
// instances tell each other through LISTEN/NOTIFY (src/server/lib/market-changes.ts). PostgreSQL only:
// PGlite is held by one instance (its data folder is locked), so there is no second one to tell.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/client';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

const CACHED_A_MINUTE = { STATS_CACHE_MS: '60000' };
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  const database = await createTestDatabase();
  first = await createTestApp(CACHED_A_MINUTE, { database });
  second = await createTestApp(CACHED_A_MINUTE, { database });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await first.database.close();
});

const pendingOrders = async (app: TestApp) => (await app.call('mnSalesManager', { url: '/api/inventory/stat', market: 'MN' })).body.data.pendingOrders as number;
const pendingTotal = async (app: TestApp) =>
  (
    await app.call('mnSalesManager', {
      method: 'POST',
      url: '/api/order/history',
      market: 'MN',
      body: { marketCode: 'MN', columnFilter: [{ column: 'metadata_label', type: 'select', value: ['Pending'] }], pagination: { page: 1, pageSize: 10 } },
    })
  ).body.pagination.totalRecords as number;

describe('two instances on one database', () => {
  it('a cancel through one instance shows in the other’s badge count and list total at once, though both cache them a minute', async () => {
    const [order] = await queryRows<{ id: number }>(
      first.database.db,
      sql`select o.id from orders o join markets m on m.id = o.market_id where m.code = 'MN' and o.status = 'Pending' order by o.id limit 1`,
    );
    // Both instances have counted, and keep what they counted.
    const [badgeBefore, totalBefore] = [await pendingOrders(second), await pendingTotal(second)];
    expect([await pendingOrders(first), await pendingTotal(first)]).toEqual([badgeBefore, totalBefore]);

    const cancel = await first.call('mnSalesManager', { method: 'PUT', url: `/api/order/${order!.id}/status`, market: 'MN', body: { status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    expect([await pendingOrders(first), await pendingTotal(first)]).toEqual([badgeBefore - 1, totalBefore - 1]);
    // The notice travels through PostgreSQL: the other instance has it within moments, not a minute.
    await expect.poll(async () => [await pendingOrders(second), await pendingTotal(second)], { timeout: 3_000, interval: 50 }).toEqual([badgeBefore - 1, totalBefore - 1]);
  });
});
