// The free stock the writes keep per batch (batch_free_stock, migration 0035) and the lists sorted by it: the kept rows
// agree with the batches after every kind of write, and the order inventory sorted by cases available and the menu
// sorted by cases available, total available quantity, case size or standard case size (each read from the kept rows' index) list every
// page, both ways, as a plain sort of every row by the same key and the list's tie order. The menu by standard case
// size too, which the kept rows follow as a product's case sizes change.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { repairStandardCaseSizes } from '../../src/server/db/free-stock';
import { marketDate } from '../../src/shared/market-time';
import { createTestApp, type TestApp } from '../support/test-app';
import { nextWeek, ordersHelpers } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, customer, create, setStatus } = ordersHelpers(() => api);
const rows = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(api.database.db, query);
const run = (query: SQL) => api.database.db.execute(query);

type Kept = {
  batch_id: number;
  market_id: number;
  product_id: number;
  batch_number: string;
  expiry_date: string | null;
  case_size: number;
  free_units: number;
  free_cases: number;
  standard_case_size: number;
};

/** The kept rows, or the rows the batches make: active, lab-passed, of a product of their own market. */
async function freeStock(from: 'kept' | 'batches'): Promise<Kept[]> {
  return rows<Kept>(
    from === 'kept'
      ? sql`select batch_id, market_id, product_id, batch_number, expiry_date::text, case_size, free_units, free_cases, standard_case_size from batch_free_stock order by batch_id`
      : sql`select b.id as batch_id, b.market_id, b.product_id, b.batch_number, b.expiry_date::text, b.case_size, b.active_units - b.reserved_units as free_units,
                   greatest(0, (b.active_units - b.reserved_units) / b.case_size) as free_cases, coalesce(pcs.case_size, b.case_size) as standard_case_size
            from batches b join products p on p.id = b.product_id and p.market_id = b.market_id
            left join product_case_sizes pcs on pcs.product_id = b.product_id and pcs.case_index = 1
            where b.status = 'active' and b.lab_status = 'passed' order by b.id`,
  );
}

async function expectKeptRight(): Promise<void> {
  expect(await freeStock('kept')).toEqual(await freeStock('batches'));
}

/** MN batches that no order holds, for SQL to change. */
async function unheldBatches(count: number): Promise<{ id: number; product_id: number }[]> {
  return rows<{ id: number; product_id: number }>(sql`
    select b.id, b.product_id from batches b
    where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and b.reserved_units = 0 and b.case_size > 1
      and not exists (select 1 from order_items oi where oi.batch_id = b.id)
    order by b.id desc limit ${count}`);
}

describe('free stock kept by the writes', () => {
  it('has a standard case size that a race left behind put right by the housekeeping, and nothing else changed', async () => {
    await expectKeptRight();
    expect(await repairStandardCaseSizes(api.database.db)).toBe(0);
    // As a batch inserted while its product's first case size was written elsewhere keeps it: the size from before.
    const [stale] = await rows<{ batch_id: number }>(sql`select batch_id from batch_free_stock where market_id = 1 order by batch_id limit 1`);
    await run(sql`update batch_free_stock set standard_case_size = standard_case_size + 1000 where batch_id = ${stale!.batch_id}`);
    expect(await freeStock('kept')).not.toEqual(await freeStock('batches'));
    expect(await repairStandardCaseSizes(api.database.db)).toBe(1);
    await expectKeptRight();
  });


  it('agrees with the batches once the demo data is loaded', async () => {
    expect((await freeStock('kept')).length).toBeGreaterThan(100);
    await expectKeptRight();
  });

  it('follows an order that reserves a batch’s cases and its cancellation, through the API', async () => {
    const [batch, buyer] = [await freeBatch(3), await customer()];
    const [before] = await rows<{ free_cases: number }>(sql`select free_cases from batch_free_stock where batch_id = ${batch.id}`);
    const created = await create('mnSalesManager', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 2 }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [held] = await rows<{ free_cases: number }>(sql`select free_cases from batch_free_stock where batch_id = ${batch.id}`);
    expect(held!.free_cases).toBe(before!.free_cases - 2);
    await expectKeptRight();
    const orderId = (created.body as { data: { orderId: number } }).data.orderId;
    const cancelled = await setStatus('mnAdmin', orderId, 'cancelled');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expectKeptRight();
  });

  it('follows writes made in SQL: status, lab status, units, case size, expiry, batch number, product and its market changed, standard case sizes changed, rows added and deleted, the tables truncated', async () => {
    const [a, b, c, d, e, f] = await unheldBatches(6);
    await run(sql`update batches set status = 'inactive' where id = ${a!.id}`);
    await run(sql`update batches set lab_status = 'failed' where id = ${b!.id}`);
    await run(sql`update batches set active_units = 1 where id = ${c!.id}`);
    await run(sql`update batches set active_units = 0 where id = ${d!.id}`);
    await run(sql`update batches set case_size = case_size * 1000 where id in (select id from batches where market_id = 1 and reserved_units = 0 order by id desc limit 3)`);
    await run(sql`update batches set expiry_date = '2001-01-01', batch_number = batch_number || '-X' where id = ${e!.id}`);
    await run(sql`update batches set status = 'active' where id = ${a!.id}`);
    await run(sql`update batches set row_color = row_color where market_id = 1`); // nothing kept moves
    // A batch of another market's product leaves the lists, and comes back with it.
    await run(sql`update batches set product_id = (select id from products where market_id <> 1 order by id limit 1) where id = ${f!.id}`);
    await expectKeptRight();
    await run(sql`update batches set product_id = ${f!.product_id} where id = ${f!.id}`);
    await run(sql`update products set market_id = (select id from markets where id <> 1 order by id limit 1) where id = ${c!.product_id}`);
    await expectKeptRight();
    await run(sql`update products set market_id = 1 where id = ${c!.product_id}`);
    // A product's first standard case size changed, removed and added; another's first one moved to the second place.
    const [withSizes, other] = await rows<{ product_id: number }>(sql`
      select pcs.product_id from product_case_sizes pcs join batches b on b.product_id = pcs.product_id and b.market_id = 1
      where pcs.case_index = 1 group by pcs.product_id order by pcs.product_id limit 2`);
    await run(sql`update product_case_sizes set case_size = case_size + 1 where product_id = ${withSizes!.product_id} and case_index = 1`);
    await expectKeptRight();
    await run(sql`delete from product_case_sizes where product_id = ${other!.product_id} and case_index = 1`);
    await expectKeptRight();
    await run(sql`insert into product_case_sizes (product_id, case_index, case_size) values (${other!.product_id}, 1, 997)`);
    await expectKeptRight();
    await run(sql`
      insert into batches (market_id, batch_number, product_id, location_id, s2s_product_name, expiry_date, case_size, active_units, lab_status)
      select market_id, batch_number || '-COPY', product_id, location_id, s2s_product_name, expiry_date, case_size, active_units, lab_status
      from batches where market_id = 1 and status = 'active' order by id limit 5`);
    await run(sql`delete from batches where id in (select id from batches where batch_number like '%-COPY' order by id limit 2)`);
    await expectKeptRight();

    await api.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate product_case_sizes`);
        expect(await queryRows(tx, sql`select * from batch_free_stock where standard_case_size <> case_size`)).toEqual([]);
        await tx.execute(sql`truncate batches cascade`);
        expect(await queryRows(tx, sql`select * from batch_free_stock`)).toEqual([]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    await expectKeptRight();
  });
});

const PAGE_SIZE = 200;
const sellable = sql`b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date)`;

async function pageIds(url: string, user: 'mnAdmin' | 'mnSalesManager', body: Record<string, unknown>, page: number): Promise<number[]> {
  const answer = await api.call<{ data: { batch_id: number }[] }>(user, { method: 'POST', url, market: 'MN', body: { ...body, pagination: { page, pageSize: PAGE_SIZE } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.map((row) => row.batch_id);
}

/** Every page of the list and one past the end are the expected ids' pages. */
async function expectEveryPage(expected: { id: number }[], page: (page: number) => Promise<number[]>): Promise<void> {
  expect(expected.length).toBeGreaterThan(PAGE_SIZE * 3);
  const pages = Math.ceil(expected.length / PAGE_SIZE);
  for (let number = 1; number <= pages + 1; number++) {
    expect(await page(number), `page ${number}`).toEqual(expected.slice((number - 1) * PAGE_SIZE, number * PAGE_SIZE).map((row) => row.id));
  }
}

describe('lists sorted by free stock', () => {
  beforeAll(async () => {
    // Ties across products within one key, and a batch of another market's product (listed by neither list).
    await run(sql`update batches set active_units = reserved_units + case_size * 7 where id in (select id from batches where market_id = 1 and reserved_units = 0 order by id limit 40)`);
    await run(sql`
      update batches set product_id = (select id from products where market_id <> 1 order by id limit 1)
      where id = (select b.id from batches b where ${sellable} and b.active_units - b.reserved_units >= b.case_size * 2 and b.reserved_units = 0 order by b.id desc limit 1)`);
  });

  for (const order of ['asc', 'desc'] as const) {
    it(`the order inventory by cases available, ${order}: every page is the plain sort's (cases, then batch id)`, async () => {
      const expected = await rows<{ id: number }>(
        sql`select b.id from batches b join products p on p.id = b.product_id and p.market_id = 1
            where ${sellable} and b.active_units - b.reserved_units >= b.case_size
            order by (b.active_units - b.reserved_units) / b.case_size ${sql.raw(order)}, b.id`,
      );
      await expectEveryPage(expected, (page) => pageIds('/api/order/inventory', 'mnAdmin', { sort: { column: 'available_case_size', order } }, page));
    });

    for (const [column, key] of [
      ['available_case_size', sql`greatest(0, (b.active_units - b.reserved_units) / b.case_size)`],
      ['total_available_quantity', sql`b.active_units - b.reserved_units`],
      ['case_size', sql`b.case_size`],
      ['standard_case_size', sql`coalesce(pcs.case_size, b.case_size)`],
    ] as const) {
      it(`the menu by ${column}, ${order}: every page is the plain sort's (the key, then the settings' order, batch number and id)`, async () => {
        // A page first, so that the market's products are ranked.
        await pageIds('/api/menu/listing', 'mnSalesManager', { marketCode: 'MN', menuType: 'internal' }, 1);
        const expected = await rows<{ id: number }>(
          sql`select b.id from batches b join menu_product_ranks r on r.market_id = 1 and r.product_id = b.product_id
              left join product_case_sizes pcs on pcs.product_id = b.product_id and pcs.case_index = 1
              where ${sellable} and b.active_units - b.reserved_units > 0
              order by ${key} ${sql.raw(order)}, r.rank, b.batch_number, b.id`,
        );
        await expectEveryPage(expected, (page) => pageIds('/api/menu/listing', 'mnSalesManager', { marketCode: 'MN', menuType: 'external', sort: { column, order } }, page));
      });
    }
  }
});
