// The order inventory and the menu sorted by location read each location's first rows and merge them
// (order-inventory.repository, menu-listing.repository): every page, both ways, is the page of a plain sort of every
// row by location name and the list's tie order, including two locations sharing a name, whose rows interleave, and
// without a batch whose product is another market's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { marketDate } from '../../src/shared/market-time';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
  // Two of MN's locations under one name, each name as the lists show it.
  await api.database.db.execute(sql`
    update inventory_locations set display_name = 'Shared Vault', s2s_location_name = 'Shared Vault'
    where id in (select id from inventory_locations where market_id = 1 order by id limit 2)`);
  // A sellable MN batch pointing at another market's product: neither list shows it.
  await api.database.db.execute(sql`
    update batches set product_id = (select id from products where market_id <> 1 order by id limit 1)
    where id = (select id from batches where market_id = 1 and status = 'active' and lab_status = 'passed' and active_units - reserved_units >= case_size * 2 order by id limit 1)`);
});
afterAll(async () => {
  await api.close();
});

const PAGE_SIZE = 37;
const sellable = sql`b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date)`;

async function pageIds(url: string, user: 'mnAdmin' | 'mnSalesManager', body: Record<string, unknown>, page: number): Promise<number[]> {
  const answer = await api.call<{ data: { batch_id: number }[] }>(user, { method: 'POST', url, market: 'MN', body: { ...body, pagination: { page, pageSize: PAGE_SIZE } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.map((row) => row.batch_id);
}

describe('lists sorted by location', () => {
  for (const order of ['asc', 'desc'] as const) {
    it(`the order inventory, ${order}: every page is the plain sort's (location name, then batch id), a batch at another market's location included`, async () => {
      // Listed at the location it names, as the plain sort lists it; put back afterwards, for the menu's tests.
      const [moved] = await queryRows<{ id: number; location_id: number }>(
        api.database.db,
        sql`select id, location_id from batches where market_id = 1 and status = 'active' and lab_status = 'passed' and active_units - reserved_units >= case_size * 2 order by id desc limit 1`,
      );
      await api.database.db.execute(sql`update batches set location_id = (select id from inventory_locations where market_id <> 1 order by id limit 1) where id = ${moved!.id}`);
      onTestFinished(async () => {
        await api.database.db.execute(sql`update batches set location_id = ${moved!.location_id} where id = ${moved!.id}`);
      });
      const expected = await queryRows<{ id: number }>(
        api.database.db,
        sql`select b.id from batches b join products p on p.id = b.product_id and p.market_id = 1 join inventory_locations l on l.id = b.location_id
            where ${sellable} and b.active_units - b.reserved_units >= b.case_size
            order by l.display_name ${sql.raw(order)}, b.id`,
      );
      expect(expected.length).toBeGreaterThan(PAGE_SIZE * 3);
      expect(expected.map((row) => row.id)).toContain(moved!.id);
      const pages = Math.ceil(expected.length / PAGE_SIZE);
      for (let page = 1; page <= pages + 1; page++) {
        const ids = await pageIds('/api/order/inventory', 'mnAdmin', { sort: { column: 'inventory_location_name', order } }, page);
        expect(ids, `page ${page}`).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => row.id));
      }
    });

    it(`the menu, ${order}: every page is the plain sort's (location name, then the settings' order, batch number and id)`, async () => {
      // A page first, so that the market's products are ranked.
      await pageIds('/api/menu/listing', 'mnSalesManager', { marketCode: 'MN', menuType: 'internal' }, 1);
      const expected = await queryRows<{ id: number }>(
        api.database.db,
        sql`select b.id from batches b join menu_product_ranks r on r.market_id = 1 and r.product_id = b.product_id join inventory_locations l on l.id = b.location_id
            where ${sellable} and b.active_units - b.reserved_units > 0
            order by l.s2s_location_name ${sql.raw(order)}, r.rank, b.batch_number, b.id`,
      );
      expect(expected.length).toBeGreaterThan(PAGE_SIZE * 3);
      const pages = Math.ceil(expected.length / PAGE_SIZE);
      for (let page = 1; page <= pages + 1; page++) {
        const ids = await pageIds('/api/menu/listing', 'mnSalesManager', { marketCode: 'MN', menuType: 'internal', sort: { column: 's2s_location_name', order } }, page);
        expect(ids, `page ${page}`).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => row.id));
      }
    });
  }
});
