// Two server instances on one PostgreSQL database, each with its own caches kept a minute: a change made
// through one must not leave the other answering from before it (a stale badge or list total). The
// instances tell each other through LISTEN/NOTIFY (src/server/lib/market-changes.ts). PostgreSQL only:
// PGlite is held by one instance (its data folder is locked), so there is no second one to tell.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/client';
import { DEMO_USERS } from '../../../src/server/db/demo-data/demo-users';
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

describe('access changes on two instances', () => {
  const stat = (app: TestApp) => app.call('mnSalesPerson', { url: '/api/inventory/stat', market: 'MN' });
  const setActive = (app: TestApp, isActive: boolean) =>
    app.call('mnAdmin', { method: 'PUT', url: `/api/users/${DEMO_USERS.mnSalesPerson.id}/status`, market: 'MN', body: { isActive } });

  it('a deactivation through one instance is refused by the other within moments, though each keeps callers for seconds', async () => {
    // Both instances have just let Jordan in, and keep what they read of him (auth/caller-cache.ts).
    expect([(await stat(first)).status, (await stat(second)).status]).toEqual([200, 200]);
    expect((await setActive(first, false)).status).toBe(200);
    try {
      expect((await stat(first)).status).toBe(401);
      await expect.poll(async () => (await stat(second)).status, { timeout: 1_000, interval: 20 }).toBe(401);
    } finally {
      expect((await setActive(first, true)).status).toBe(200);
    }
    await expect.poll(async () => (await stat(second)).status, { timeout: 1_000, interval: 20 }).toBe(200);
  });

  it("an operator's change made in SQL, outside both instances, is refused by both within moments", async () => {
    expect([(await stat(first)).status, (await stat(second)).status]).toEqual([200, 200]);
    const setMembership = (isActive: boolean) =>
      first.database.db.execute(sql`update user_market_roles set is_active = ${isActive} where user_id = ${DEMO_USERS.mnSalesPerson.id}`);
    await setMembership(false);
    try {
      for (const app of [first, second]) await expect.poll(async () => (await stat(app)).status, { timeout: 1_000, interval: 20 }).toBe(401);
    } finally {
      await setMembership(true);
    }
    for (const app of [first, second]) await expect.poll(async () => (await stat(app)).status, { timeout: 1_000, interval: 20 }).toBe(200);
  });
});
