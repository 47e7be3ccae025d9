// The batch counts the writes keep per product, S2S name and availability (migration 0032) and the search totals made
// of them (db/batch-search-totals.ts): the kept counts agree with the batches after every kind of write, folding
// loses nothing, and the menu listing's and the order inventory's search totals are the number of rows each would
// list, counted here batch by batch, for every kind of word: a product's, a brand's, a strain's or a category's name,
// an S2S name alone, a batch number, two letters, wildcards, upper case, with some matches expired or without a case.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { foldKeptCounts } from '../../src/server/db/kept-counts';
import { BATCH_NAMES_TEXT } from '../../src/server/db/schema';
import { escapeLike } from '../../src/server/lib/sql-helpers';
import { listMenuPage } from '../../src/server/modules/menus/menu-ranking';
import type { MenuListingQuery } from '../../src/server/modules/menus/menu-listing.repository';
import { listInventory, type InventoryQuery } from '../../src/server/modules/orders/order-inventory.repository';
import { marketDate } from '../../src/shared/market-time';
import { createTestApp, type TestApp } from '../support/test-app';
import { nextWeek, ordersHelpers } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  // Totals that are counted are kept a minute here: a kept search total must be right at once all the same.
  api = await createTestApp({ STATS_CACHE_MS: '60000' });
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, customer, create, setStatus } = ordersHelpers(() => api);
const rows = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(api.database.db, query);
const run = (query: SQL) => api.database.db.execute(query);

/** Per market, product, S2S name and availability: the kept net counts, or the batches counted. */
async function batchCounts(from: 'kept' | 'counted'): Promise<Record<string, number>> {
  const query =
    from === 'kept'
      ? sql`select market_id || ':' || product_id || ':' || names || ':' || availability as key, sum(n)::int as n from batch_search_counts group by 1 having sum(n) <> 0`
      : sql`select market_id || ':' || product_id || ':' || ${BATCH_NAMES_TEXT} || ':' || batch_availability(active_units, reserved_units, case_size) as key, count(*)::int as n
            from batches where status = 'active' and lab_status = 'passed' group by 1`;
  const found = await rows<{ key: string; n: number }>(query);
  return Object.fromEntries(found.map((row) => [row.key, row.n]));
}

async function expectKeptCountsRight(): Promise<void> {
  expect(await batchCounts('kept')).toEqual(await batchCounts('counted'));
}

/** An MN batch that no order holds, for SQL to change. */
async function unheldBatch(skip = 0): Promise<{ id: number; product_id: number; case_size: number }> {
  const [batch] = await rows<{ id: number; product_id: number; case_size: number }>(sql`
    select b.id, b.product_id, b.case_size from batches b
    where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and b.reserved_units = 0 and b.case_size > 1
      and not exists (select 1 from order_items oi where oi.batch_id = b.id)
    order by b.id offset ${skip} limit 1`);
  return batch!;
}

describe('batch counts kept by the writes', () => {
  it('agree with the batches once the demo data is loaded', async () => {
    expect(Object.keys(await batchCounts('kept')).length).toBeGreaterThan(10);
    await expectKeptCountsRight();
  });

  it('follow orders that reserve the last cases of a batch and are cancelled, through the API', async () => {
    const [batch, buyer] = [await freeBatch(1, { maxCases: 1 }), await customer()];
    const created = await create('mnSalesManager', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [availability] = await rows<{ a: number }>(sql`select batch_availability(active_units, reserved_units, case_size) as a from batches where id = ${batch.id}`);
    expect(availability!.a).toBeLessThan(2);
    await expectKeptCountsRight();
    const orderId = (created.body as { data: { orderId: number } }).data.orderId;
    const cancelled = await setStatus('mnAdmin', orderId, 'cancelled');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expectKeptCountsRight();
  });

  it('follow writes made in SQL: status, lab status, units, case size, S2S name and product changed, rows added and deleted, the table truncated', async () => {
    const [a, b, c, d] = [await unheldBatch(0), await unheldBatch(1), await unheldBatch(2), await unheldBatch(3)];
    await run(sql`update batches set status = 'inactive' where id = ${a.id}`);
    await run(sql`update batches set lab_status = 'failed' where id = ${b.id}`);
    await run(sql`update batches set active_units = 1 where id = ${c.id}`); // units but not a case
    await run(sql`update batches set active_units = 0 where id = ${d.id}`);
    await run(sql`update batches set case_size = case_size * 1000 where id in (select id from batches where market_id = 1 and reserved_units = 0 order by id desc limit 3)`);
    await run(sql`update batches set s2s_product_name = s2s_product_name || ' Renamed' where product_id = ${a.product_id}`);
    await run(sql`update batches set product_id = ${b.product_id} where id in (select id from batches where product_id = ${c.product_id} order by id limit 2)`);
    await run(sql`update batches set status = 'active' where id = ${a.id}`);
    await run(sql`update batches set updated_at = updated_at where market_id = 1`); // nothing counted moves
    await run(sql`
      insert into batches (market_id, batch_number, product_id, location_id, s2s_product_name, expiry_date, case_size, active_units, lab_status)
      select market_id, batch_number || '-COPY', product_id, location_id, s2s_product_name, expiry_date, case_size, active_units, lab_status
      from batches where market_id = 1 and status = 'active' order by id limit 5`);
    await run(sql`delete from batches where batch_number like '%-COPY' and id in (select id from batches where batch_number like '%-COPY' order by id limit 2)`);
    await expectKeptCountsRight();

    await api.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate batches cascade`);
        expect(await queryRows(tx, sql`select * from batch_search_counts`)).toEqual([]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    await expectKeptCountsRight();
  });

  it('are folded into one row per key, and the counts do not move', async () => {
    await foldKeptCounts(api.database.db, 'batch_search_counts');
    const [spread] = await rows<{ rows: number; keys: number }>(sql`
      select count(*)::int as rows, count(distinct (market_id, product_id, names, availability))::int as keys from batch_search_counts`);
    expect(spread!.rows).toBe(spread!.keys);
    await expectKeptCountsRight();
  });
});

describe('search totals from the kept counts', () => {
  const menuTotal = async (search: string, menuType: 'internal' | 'external' = 'internal') => {
    const answer = await api.call<{ pagination: { totalRecords: number } }>('mnSalesManager', {
      method: 'POST',
      url: '/api/menu/listing',
      market: 'MN',
      body: { marketCode: 'MN', menuType, search, pagination: { page: 1, pageSize: 10 } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.pagination.totalRecords;
  };
  const inventoryTotal = async (search: string) => {
    const answer = await api.call<{ pagination: { totalRecords: number } }>('mnAdmin', {
      method: 'POST',
      url: '/api/order/inventory',
      market: 'MN',
      body: { search, pagination: { page: 1, pageSize: 10 } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.pagination.totalRecords;
  };

  /** The rows each list would hold for the search, counted batch by batch as each list defines its rows and its search. */
  async function counted(search: string): Promise<{ menu: number; inventory: number }> {
    const pattern = `%${escapeLike(search)}%`;
    const [row] = await rows<{ menu: number; inventory: number }>(sql`
      select count(*) filter (where b.active_units - b.reserved_units > 0
                                and (lower(p.name) like lower(${pattern}) or br.name ilike ${pattern} or s.name ilike ${pattern} or c.name ilike ${pattern}
                                     or b.batch_number ilike ${pattern} or b.s2s_product_name ilike ${pattern}))::int as menu,
             count(*) filter (where b.active_units - b.reserved_units >= b.case_size
                                and (lower(p.name) like lower(${pattern}) or br.name ilike ${pattern}
                                     or b.batch_number ilike ${pattern} or b.s2s_product_name ilike ${pattern}))::int as inventory
      from batches b join products p on p.id = b.product_id join categories c on c.id = p.category_id
        left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id
      where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date)`);
    return row!;
  }

  it('a search’s total is the number of rows the list holds for it, for every kind of word, with matches expired, sold out and renamed', async () => {
    // Words of each kind, from the data itself.
    const [names] = await rows<{ product: string; brand: string; strain: string; category: string; batch: string }>(sql`
      select (select name from products where market_id = 1 order by id limit 1) as product,
             (select br.name from brands br join products p on p.brand_id = br.id where p.market_id = 1 order by br.id limit 1) as brand,
             (select name from strains order by id limit 1) as strain,
             (select name from categories order by id limit 1) as category,
             (select batch_number from batches where market_id = 1 order by id limit 1) as batch`);
    // Some matches of the product's word expired, one down to units without a case, one given an S2S name of its own.
    const word = names!.product.split(' ')[0]!;
    await run(sql`update batches set expiry_date = ${marketDate('MN')}::date - 1
                  where id in (select b.id from batches b join products p on p.id = b.product_id where b.market_id = 1 and p.name ilike ${`%${word}%`} order by b.id limit 3)`);
    const lone = await unheldBatch(10);
    await run(sql`update batches set s2s_product_name = 'Quillfeather Reserve', active_units = ${lone.case_size} where id = ${lone.id}`);
    const sold = await unheldBatch(11);
    await run(sql`update batches set active_units = 1 where id = ${sold.id}`);

    const searches = [
      word,
      word.toUpperCase(),
      word.slice(1, 4),
      names!.brand.slice(0, 5),
      names!.strain,
      names!.category,
      'quillfeather',
      names!.batch,
      names!.batch.slice(-4),
      'er',
      'a',
      // No three letters in a row, but a trigram where the search shows a word's start or end (search-totals hasTrigram).
      'Co.',
      'N-B',
      '- 1',
      '%',
      '_',
      'no such words here',
    ];
    for (const search of searches) {
      const expected = await counted(search);
      expect(await menuTotal(search), `menu '${search}'`).toBe(expected.menu);
      expect(await menuTotal(search, 'external'), `external menu '${search}'`).toBe(expected.menu);
      expect(await inventoryTotal(search), `inventory '${search}'`).toBe(expected.inventory);
    }
    expect((await counted('quillfeather')).menu).toBe(1);
  });

  it('a batch pointing at another market’s product is neither listed nor counted', async () => {
    const stray = await unheldBatch(20);
    await run(sql`update batches set s2s_product_name = 'Zyxquil Reserve', active_units = case_size * 50,
                  product_id = (select id from products where market_id <> 1 order by id limit 1) where id = ${stray.id}`);
    // A page size of 1 with nothing on it: the total is the kept one, not learnt from a short page.
    for (const [url, body, user] of [
      ['/api/menu/listing', { marketCode: 'MN', menuType: 'internal', search: 'zyxquil', pagination: { page: 2, pageSize: 1 } }, 'mnSalesManager'],
      ['/api/order/inventory', { search: 'zyxquil', pagination: { page: 2, pageSize: 1 } }, 'mnAdmin'],
    ] as const) {
      const answer = await api.call<{ data: unknown[]; pagination: { totalRecords: number } }>(user, { method: 'POST', url, market: 'MN', body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.pagination.totalRecords, url).toBe(0);
    }
  });

  it('a search’s total follows a batch changed in SQL at once, though counted totals are kept a minute', async () => {
    const [batch] = await rows<{ id: number; s2s_product_name: string }>(sql`
      select id, s2s_product_name from batches where market_id = 1 and status = 'active' and lab_status = 'passed'
        and active_units - reserved_units >= case_size and (expiry_date is null or expiry_date > current_date + 2) order by id desc limit 1`);
    const search = 'Marrowind Select';
    expect(await menuTotal(search)).toBe(0);
    expect(await inventoryTotal(search)).toBe(0);
    await run(sql`update batches set s2s_product_name = ${search} where id = ${batch!.id}`);
    expect(await menuTotal(search)).toBe(1);
    expect(await inventoryTotal(search)).toBe(1);
    await run(sql`update batches set status = 'inactive' where id = ${batch!.id}`);
    expect(await menuTotal(search)).toBe(0);
    expect(await inventoryTotal(search)).toBe(0);
  });
});

describe('deep pages found through the kept counts', () => {
  // Every page found from the kept counts (walkStart from row 0) is the page the plain walk finds (walking every row
  // before it), in the settings' order and sorted by product columns both ways (groups of equal keys, empty keys),
  // with batches expired (full, down to units, sold out), sold out, down to units, inactive, failed and pointing at another
  // market's product.
  const PAGE_SIZE = 23;
  const PLAIN = { walkStartFrom: Number.MAX_SAFE_INTEGER };
  const DEEP = { walkStartFrom: 0 };

  beforeAll(async () => {
    const today = marketDate('MN');
    const [a, b, c, d, e, f] = [await unheldBatch(30), await unheldBatch(31), await unheldBatch(32), await unheldBatch(33), await unheldBatch(34), await unheldBatch(35)];
    await run(sql`update batches set expiry_date = ${today}::date - 1 where id in (${a.id}, ${b.id})`);
    await run(sql`update batches set expiry_date = ${today}::date where id = ${c.id}`); // still sold today
    await run(sql`update batches set active_units = 1 where id = ${d.id}`);
    await run(sql`update batches set status = 'inactive' where id = ${e.id}`);
    await run(sql`update batches set product_id = (select id from products where market_id <> 1 order by id limit 1) where id = ${f.id}`);
    // Expired and down to units (on the menu's kept counts, not the order inventory's), and expired and sold out (on neither).
    const [g, h] = [await unheldBatch(36), await unheldBatch(37)];
    await run(sql`update batches set expiry_date = ${today}::date - 3, active_units = 1 where id = ${g.id}`);
    await run(sql`update batches set expiry_date = ${today}::date - 2, active_units = 0 where id = ${h.id}`);
    await expectKeptCountsRight();
  });

  const menuQuery = (page: number, sort: MenuListingQuery['sort'] = []): MenuListingQuery => ({
    marketId: 1,
    today: marketDate('MN'),
    menuType: 'internal',
    filters: [],
    sort,
    page: { page, pageSize: PAGE_SIZE },
  });
  const inventoryQuery = (page: number, sort: InventoryQuery['sort'] = []): InventoryQuery => ({
    marketId: 1,
    today: marketDate('MN'),
    text: [],
    equals: [],
    numbers: [],
    includeUnavailable: false,
    sort,
    page,
    pageSize: PAGE_SIZE,
  });
  const menuIds = async (query: MenuListingQuery, options: typeof PLAIN) =>
    (JSON.parse((await listMenuPage(api.database.db, query, options)).json) as { batch_id: number }[]).map((row) => row.batch_id);
  const inventoryIds = async (query: InventoryQuery, options: typeof PLAIN) => (await listInventory(api.database.db, query, options)).map((row) => row.batch_id);

  it('the menu: every page in the settings’ order and sorted by product columns, and one past the end', async () => {
    const sorts: MenuListingQuery['sort'][] = [[], [{ column: 'brand_name', order: 'desc' }], [{ column: 'strain_name', order: 'asc' }, { column: 'item_size', order: 'desc' }]];
    for (const sort of sorts) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const plain = await menuIds(menuQuery(page, sort), PLAIN);
        expect(await menuIds(menuQuery(page, sort), DEEP), `${JSON.stringify(sort)} page ${page}`).toEqual(plain);
        seen.push(...plain);
        if (plain.length === 0) break;
      }
      expect(seen.length).toBeGreaterThan(PAGE_SIZE * 5);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it('the order inventory: every page by product name and sorted by brand and strain (empty keys last) both ways, and one past the end', async () => {
    const sorts: InventoryQuery['sort'][] = [[], [{ column: 'brand_name', order: 'asc' }], [{ column: 'strain_name', order: 'desc' }], [{ column: 'default_price', order: 'desc' }]];
    for (const sort of sorts) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const plain = await inventoryIds(inventoryQuery(page, sort), PLAIN);
        expect(await inventoryIds(inventoryQuery(page, sort), DEEP), `${JSON.stringify(sort)} page ${page}`).toEqual(plain);
        seen.push(...plain);
        if (plain.length === 0) break;
      }
      expect(seen.length).toBeGreaterThan(PAGE_SIZE * 5);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});
