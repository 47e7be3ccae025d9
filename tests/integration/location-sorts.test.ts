// The order inventory and the menu sorted by location read each location's first rows and merge them
// (order-inventory.repository, menu-listing.repository): every page, both ways, is the page of a plain sort of every
// row by location name and the list's tie order, including two locations sharing a name, whose rows interleave.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    it(`the order inventory, ${order}: every page is the plain sort's (location name, then batch id)`, async () => {
      const expected = await queryRows<{ id: number }>(
        api.database.db,
        sql`select b.id from batches b join products p on p.id = b.product_id and p.market_id = 1 join inventory_locations l on l.id = b.location_id
            where ${sellable} and b.active_units - b.reserved_units >= b.case_size
            order by l.display_name ${sql.raw(order)}, b.id`,
      );
      expect(expected.length).toBeGreaterThan(PAGE_SIZE * 3);
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
