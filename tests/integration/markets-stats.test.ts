import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(api.database.db, query);
  return Number(row!.n);
}

describe('GET /api/markets', () => {
  it("lists only the caller's markets, by name", async () => {
    const { body } = await api.call('twoMarkets', { url: '/api/markets' });
    expect(body.data).toEqual([
      { id: expect.any(Number), name: 'Minnesota', code: 'MN', seedToSaleSystem: 'metrc' },
      { id: expect.any(Number), name: 'New Jersey', code: 'NJ', seedToSaleSystem: 'metrc' },
    ]);
    const florida = await api.call('flAdmin', { url: '/api/markets' });
    expect(florida.body.data).toEqual([{ id: expect.any(Number), name: 'Florida', code: 'FL', seedToSaleSystem: 'biotrack' }]);
  });
});

describe('GET /api/inventory/stat', () => {
  it('counts open issues, pending orders and open picklists of the market from the data', async () => {
    const { status, body } = await api.call('mnFulfilment', { url: '/api/inventory/stat?marketCode=MN', market: 'MN' });
    expect(status).toBe(200);
    const mn = sql`(select id from markets where code = 'MN')`;
    expect(body.data).toMatchObject({
      issueCount: await count(sql`select count(*) as n from inventory_issues where market_id = ${mn} and not is_resolved`),
      pendingOrders: await count(sql`select count(*) as n from orders where market_id = ${mn} and status in ('Pending', 'Revised', 'Action Required')`),
      pendingPicklists: await count(sql`select count(*) as n from picklists where market_id = ${mn} and status in ('Pending', 'In Progress')`),
      isSyncing: false,
    });
  });

  it('scopes the counts by market: another market answers its own', async () => {
    const mn = await api.call('twoMarkets', { url: '/api/inventory/stat', market: 'MN' });
    const nj = await api.call('twoMarkets', { url: '/api/inventory/stat', market: 'NJ' });
    const njCount = await count(sql`select count(*) as n from orders where market_id = (select id from markets where code = 'NJ') and status in ('Pending', 'Revised', 'Action Required')`);
    expect(nj.body.data.pendingOrders).toBe(njCount);
    expect(nj.body.data).not.toEqual(mn.body.data);
  });

  it('reports syncing while an import runs, with its status for the sidebar indicator', async () => {
    await api.database.db.execute(
      sql`insert into imports (market_id, reference_id, status, location_ids) values ((select id from markets where code = 'MD'), 'IMP-TEST-RUNNING', 'IN_PROGRESS', '{1}')`,
    );
    const { body } = await api.call('mdAdmin', { url: '/api/inventory/stat', market: 'MD' });
    expect(body.data.isSyncing).toBe(true);
    expect(body.data.importStatus).toBe('IN_PROGRESS');
  });

  it('refuses a marketCode that disagrees with the Otc-Market header', async () => {
    const { status, body } = await api.call('twoMarkets', { url: '/api/inventory/stat?marketCode=NJ', market: 'MN' });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: 'marketCode', message: 'must match the Otc-Market header (MN)' }]);
  });

  it('uses MN when the Otc-Market header is missing', async () => {
    const { status } = await api.call('mnAdmin', { url: '/api/inventory/stat' });
    expect(status).toBe(200);
    const elsewhere = await api.call('njAdmin', { url: '/api/inventory/stat' });
    expect(elsewhere.status).toBe(403);
  });
});
