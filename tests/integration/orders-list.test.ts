// The orders list (search, filters, sorts, paging, market scoping), the people pickers and the inventory
// an order is made from.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_HISTORY_SORT_COLUMNS, orderHistoryResponseSchema } from '../../src/shared/api/orders';
import type { OrderStatus } from '../../src/shared/enums';
import { FROM_END_MIN_OFFSET, pageWindow } from '../../src/server/lib/page-window';
import { DENSE_SEARCH_MATCHES } from '../../src/server/db/search-totals';
import { listOrdersJson, type OrderListSort } from '../../src/server/modules/orders/order-list.repository';
import { ORDER_SEARCH_TEXT } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { nextWeek, ordersHelpers, today } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, customer, create, rows } = ordersHelpers(() => api);

type Row = Record<string, any>;

/** The list's rows are JSON built by the database, so every answer is checked against the contract here. */
async function history(body: object, user: 'mnAdmin' | 'mnFulfilment' | 'nvAdmin' = 'mnAdmin', market = user === 'nvAdmin' ? 'NV' : 'MN') {
  const response = await api.call(user, { method: 'POST', url: '/api/order/history', body: { pagination: { page: 1, pageSize: 200 }, ...body }, market });
  if (response.status === 200) {
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    orderHistoryResponseSchema.parse(response.body);
  }
  return response;
}

async function marketOrderCount(where = sql`true`): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from orders where market_id = 1 and ${where}`);
  return row!.n;
}

/** Every MN order, as the list would show them, paged through. */
async function allRows(body: object): Promise<Row[]> {
  const collected: Row[] = [];
  for (let page = 1; ; page += 1) {
    const response = await history({ ...body, pagination: { page, pageSize: 200 } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    collected.push(...response.body.data);
    if (page >= response.body.pagination.totalPages) return collected;
  }
}

describe('the orders list', () => {
  it('pages the market’s orders newest first, with the spec’s row fields and an exact total', async () => {
    const response = await history({ pagination: { page: 1, pageSize: 25 } });
    expect(response.status).toBe(200);
    const total = await marketOrderCount();
    expect(response.body.pagination).toEqual({ pageSize: 25, totalRecords: total, totalPages: Math.ceil(total / 25), currentPage: 1, recordsOnPage: 25 });
    const created = response.body.data.map((row: Row) => row.created_ts);
    expect(created).toEqual([...created].sort().reverse());
    const [first] = response.body.data;
    expect(Object.keys(first).sort()).toEqual(
      [
        'order_id', 'reference_id', 'customer_id', 'customer_name', 'created_user_name', 'created_ts', 'metadata_code', 'metadata_label', 'approved_date',
        'requested_delivery_date', 'confirmed_delivery_date', 'total_cases', 'total_price', 'inventory_location_name', 'mso_owner_name', 'sales_person_name',
        'tax_price', 'status_description', 'history_comments',
      ].sort(),
    );
    const partly = (await history({ status: 'Partially Picked' })).body.data[0];
    expect(partly).toMatchObject({ metadata_label: 'Partially Picked', metadata_code: 'PARTIALLY_PICKED' });
  });

  it('is a page past the end: no rows, the same total', async () => {
    const total = await marketOrderCount();
    const response = await history({ pagination: { page: 500, pageSize: 100 } });
    expect(response.body.data).toEqual([]);
    expect(response.body.pagination.totalRecords).toBe(total);
  });

  it('counts a new order at once', async () => {
    const before = (await history({ pagination: { page: 1, pageSize: 1 } })).body.pagination.totalRecords;
    const batch = await freeBatch(1);
    const created = await create('mnAdmin', { customerId: (await customer()).id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] });
    const after = await history({ pagination: { page: 1, pageSize: 1 } });
    expect(after.body.pagination.totalRecords).toBe(before + 1);
    expect(after.body.data[0]).toMatchObject({ reference_id: created.body.data.referenceId, metadata_label: 'Pending', history_comments: 'Order created' });
  });

  it('searches reference id, customer, MSO owner and sales person, literally', async () => {
    const [sample] = await rows<{ reference_id: string; customer_name: string; mso_owner_name: string; sales_person_name: string }>(
      sql`select reference_id, customer_name, mso_owner_name, sales_person_name from orders where market_id = 1 and mso_owner_name is not null order by id limit 1`,
    );
    const byReference = await history({ search: sample!.reference_id.toLowerCase() });
    expect(byReference.body.data.map((row: Row) => row.reference_id)).toEqual([sample!.reference_id]);
    const digits = sample!.reference_id.slice(-5);
    const byDigits = await allRows({ search: digits });
    expect(byDigits.map((row) => row.reference_id)).toContain(sample!.reference_id);
    expect(byDigits.every((row) => [row.reference_id, row.customer_name, row.mso_owner_name, row.sales_person_name].join('|').includes(digits))).toBe(true);
    for (const [field, value] of [
      ['customer_name', sample!.customer_name],
      ['mso_owner_name', sample!.mso_owner_name],
      ['sales_person_name', sample!.sales_person_name],
    ] as const) {
      const term = value.slice(1, -1).toUpperCase();
      const found = await allRows({ search: term });
      expect(found.length, field).toBeGreaterThan(0);
      for (const row of found) {
        expect([row.reference_id, row.customer_name, row.mso_owner_name ?? '', row.sales_person_name ?? ''].join('|').toUpperCase()).toContain(term);
      }
      expect(found.length).toBe(
        await marketOrderCount(
          sql`(reference_id ilike ${`%${term}%`} or customer_name ilike ${`%${term}%`} or mso_owner_name ilike ${`%${term}%`} or sales_person_name ilike ${`%${term}%`})`,
        ),
      );
    }
    expect((await history({ search: '%' })).body.data).toEqual([]);
    expect((await history({ search: 'no such order anywhere' })).body.pagination.totalRecords).toBe(0);
  });

  it('filters by status, as the status field and as a column filter', async () => {
    const pending = await allRows({ status: 'Pending' });
    expect(pending.length).toBe(await marketOrderCount(sql`status = 'Pending'`));
    expect(new Set(pending.map((row) => row.metadata_label))).toEqual(new Set(['Pending']));
    expect((await allRows({ status: 'ACTION_REQUIRED' })).length).toBe(await marketOrderCount(sql`status = 'Action Required'`));
    const select = await allRows({ columnFilter: [{ column: 'metadata_label', type: 'select', value: ['Approved', 'Shipped'] }] });
    expect(select.length).toBe(await marketOrderCount(sql`status in ('Approved', 'Shipped')`));
    const text = await allRows({ columnFilter: [{ column: 'metadata_label', type: 'text', value: 'pick' }] });
    expect(new Set(text.map((row) => row.metadata_label))).toEqual(new Set(['Picked', 'Partially Picked']));
    const bad = await history({ status: 'Lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('status');
  });

  it('filters each text column by a contained value and by a list of values', async () => {
    for (const column of ['customer_name', 'created_user_name', 'reference_id', 'mso_owner_name', 'sales_person_name']) {
      const [sample] = await rows<{ value: string }>(sql.raw(`select ${column} as value from orders where market_id = 1 and ${column} is not null order by id desc limit 1`));
      const part = sample!.value.slice(2, 8).toLowerCase();
      const contained = await allRows({ columnFilter: [{ column, type: 'text', value: part }] });
      expect(contained.length, column).toBe(await marketOrderCount(sql`${sql.raw(column)} ilike ${`%${part}%`}`));
      expect(contained.every((row) => String(row[column]).toLowerCase().includes(part)), column).toBe(true);
      const exact = await allRows({ columnFilter: [{ column, type: 'select', value: [sample!.value] }] });
      expect(exact.length, column).toBe(await marketOrderCount(sql`${sql.raw(column)} = ${sample!.value}`));
    }
  });

  it('filters numbers exactly and dates by range, days in the market’s time zone', async () => {
    const [sample] = await rows<{ total_cases: number; total_price: number; requested: string; created: string }>(sql`
      select total_cases, total_price::float8 as total_price, requested_delivery_date as requested,
             to_char(created_at at time zone 'America/Chicago', 'YYYY-MM-DD') as created
      from orders where market_id = 1 order by id limit 1`);
    const cases = await allRows({ columnFilter: [{ column: 'total_cases', type: 'text', value: String(sample!.total_cases) }] });
    expect(cases.length).toBe(await marketOrderCount(sql`total_cases = ${sample!.total_cases}`));
    const price = await allRows({ columnFilter: [{ column: 'total_price', type: 'select', value: [String(sample!.total_price)] }] });
    expect(price.map((row) => row.total_price)).toContain(sample!.total_price);
    const requested = await allRows({ columnFilter: [{ column: 'requested_delivery_date', type: 'dateRange', value: { from: sample!.requested, to: sample!.requested } }] });
    expect(requested.length).toBe(await marketOrderCount(sql`requested_delivery_date = ${sample!.requested}::date`));
    const created = await allRows({ columnFilter: [{ column: 'created_ts', type: 'dateRange', value: { from: sample!.created, to: sample!.created } }] });
    expect(created.length).toBe(await marketOrderCount(sql`(created_at at time zone 'America/Chicago')::date = ${sample!.created}::date`));
    const oneDay = await allRows({ columnFilter: [{ column: 'created_ts', type: 'text', value: sample!.created }] });
    expect(oneDay.length).toBe(created.length);
    const approvedSince = await allRows({ columnFilter: [{ column: 'approved_date', type: 'dateRange', value: { from: '2000-01-01' } }] });
    expect(approvedSince.length).toBe(await marketOrderCount(sql`approved_at is not null`));
    const confirmedUntil = await allRows({ columnFilter: [{ column: 'confirmed_delivery_date', type: 'dateRange', value: { to: '2999-12-31' } }] });
    expect(confirmedUntil.length).toBe(await marketOrderCount(sql`confirmed_delivery_date is not null`));
  });

  it('sorts by every sortable column both ways, empty values last', async () => {
    const value = (row: Row, column: string) => row[column === 'created_ts' ? 'created_ts' : column];
    for (const column of ORDER_HISTORY_SORT_COLUMNS) {
      for (const order of ['asc', 'desc'] as const) {
        const all = await allRows({ sort: { column, order } });
        expect(all.length, column).toBe(await marketOrderCount());
        const values = all.map((row) => value(row, column));
        const present = values.filter((v) => v !== null);
        expect(values.slice(present.length).every((v) => v === null), `${column} ${order}: empty values last`).toBe(true);
        for (let index = 1; index < present.length; index += 1) {
          const [a, b] = [present[index - 1], present[index]];
          const inOrder = order === 'asc' ? a <= b : a >= b;
          expect(inOrder, `${column} ${order} at ${index}: ${a} then ${b}`).toBe(true);
        }
      }
    }
  });

  it('reads a deep page by its ids first, and one of the second half from the end: the same rows, in the same order, for every sort', async () => {
    const filters = { marketId: 1, timeZone: 'America/Chicago', statusSets: [], text: [], equals: [], numbers: [], dateRanges: [] };
    const pageSize = 7;
    const sorts: OrderListSort[] = [
      [],
      ...ORDER_HISTORY_SORT_COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((order) => [{ column, order }])),
      [{ column: 'mso_owner_name', order: 'desc' }, { column: 'total_cases', order: 'asc' }],
    ];
    const cases = [
      { filter: filters, total: await marketOrderCount() },
      { filter: { ...filters, statusSets: [['Pending', 'Approved'] as OrderStatus[]] }, total: await marketOrderCount(sql`status in ('Pending', 'Approved')`) },
    ];
    let fromEnd = 0;
    for (const { filter, total } of cases) {
      const pages = Math.ceil(total / pageSize);
      expect(pages).toBeGreaterThan(4);
      for (const sort of sorts) {
        // Every row in one page: nothing skipped, read as page 1 is.
        const everyRow = JSON.parse((await listOrdersJson(api.database.db, filter, sort, 1, total)).json) as Row[];
        for (const page of [2, Math.ceil(pages / 2), pages - 1, pages, pages + 1]) {
          const expected = everyRow.slice((page - 1) * pageSize, page * pageSize);
          const forwards = await listOrdersJson(api.database.db, filter, sort, page, pageSize);
          const backwards = await listOrdersJson(api.database.db, filter, sort, page, pageSize, total);
          expect(JSON.parse(forwards.json), `${JSON.stringify(sort)} page ${page} of ${pages}, forwards`).toEqual(expected);
          expect(backwards, `${JSON.stringify(sort)} page ${page} of ${pages}, from the end`).toEqual(forwards);
          if (pageWindow(page, pageSize, total).fromEnd) fromEnd += 1;
        }
      }
    }
    expect(fromEnd).toBeGreaterThan(sorts.length * 4);
  });

  it('reads a deep page sorted by creation from the week its first row falls in: the rows OFFSET gives, at week edges and ties too', async () => {
    const db = api.database.db;
    const base = { marketId: 1, timeZone: 'America/Chicago', statusSets: [], text: [], equals: [], numbers: [], dateRanges: [] };
    const saved = await rows<{ id: number; created_at: string }>(sql`select id, created_at::text from orders where market_id = 1 order by id limit 9`);
    // Orders on a week's first instant (Monday 00:00 UTC) and its last microsecond before, a week amid the market's
    // orders (the demo data is dated from today), and several at one instant: ties across a week's edge.
    const [edge] = await rows<{ monday: string }>(
      sql`select date_trunc('week', created_at, 'UTC')::text as monday from orders where market_id = 1 order by created_at desc offset 100 limit 1`,
    );
    await db.execute(sql`update orders set created_at = case when id % 3 = 0 then ${edge!.monday}::timestamptz
                                                      when id % 3 = 1 then ${edge!.monday}::timestamptz - interval '1 microsecond'
                                                      else ${edge!.monday}::timestamptz - interval '3 weeks' end
                          where id in ${sql.raw(`(${saved.map((row) => row.id).join(', ')})`)}`);
    try {
      const [weeks] = await rows<{ n: number }>(sql`select count(distinct date_trunc('week', created_at, 'UTC'))::int as n from orders where market_id = 1`);
      expect(weeks!.n).toBeGreaterThan(10);
      const cases = [
        { ...base },
        { ...base, statusSets: [['Pending', 'Approved', 'Completed'] as OrderStatus[]] },
        { ...base, statusSets: [['Pending', 'Completed'] as OrderStatus[], ['Completed', 'Cancelled'] as OrderStatus[]] },
        { ...base, statusSets: [[] as OrderStatus[]] },
      ];
      const sorts: OrderListSort[] = [[], [{ column: 'created_ts', order: 'desc' }], [{ column: 'created_ts', order: 'asc' }]];
      for (const filter of cases) {
        for (const sort of sorts) {
          const everyRow = JSON.parse((await listOrdersJson(db, filter, sort, 1, 1_000)).json) as Row[];
          // Pages of 9, and of 1 (every row's place, the edges' included) for the whole list both ways.
          for (const pageSize of filter.statusSets.length === 0 && sort.length === 1 ? [9, 1] : [9]) {
            const pages = Math.ceil(everyRow.length / pageSize);
            // Page 2 at least: an empty list is read through its (missing) week too.
            for (let page = 2; page <= Math.max(pages, 1) + 1; page += 1) {
              const fromWeek = await listOrdersJson(db, filter, sort, page, pageSize, undefined, undefined, { weekSeekMinOffset: 0 });
              const label = `${JSON.stringify(filter.statusSets)} ${JSON.stringify(sort)} page ${page} of ${pages} (${pageSize} a page)`;
              expect(JSON.parse(fromWeek.json), label).toEqual(everyRow.slice((page - 1) * pageSize, page * pageSize));
            }
          }
        }
      }
    } finally {
      for (const row of saved) await db.execute(sql`update orders set created_at = ${row.created_at}::timestamptz where id = ${row.id}`);
    }
  });

  it('pages a search the same whether it is read through the trigram index or by walking its sort’s index', async () => {
    const filter = { marketId: 1, timeZone: 'America/Chicago', statusSets: [], text: [], equals: [], numbers: [], dateRanges: [] };
    const [named] = await rows<{ customer_name: string }>(sql`select customer_name from orders where market_id = 1 order by id desc limit 1`);
    const sorts: OrderListSort[] = [[], [{ column: 'customer_name', order: 'desc' }], [{ column: 'total_price', order: 'asc' }]];
    for (const search of [named!.customer_name.slice(0, 4), named!.customer_name.slice(-5), '000', 'zzzq']) {
      for (const sort of sorts) {
        const searched = { ...filter, search };
        // Matches unknown (the trigram index), then told they are many (the sort's index walked, the search a plain condition).
        const throughTrigrams = JSON.parse((await listOrdersJson(api.database.db, searched, sort, 1, 20)).json) as Row[];
        const walked = JSON.parse((await listOrdersJson(api.database.db, searched, sort, 1, 20, DENSE_SEARCH_MATCHES)).json) as Row[];
        expect(walked, `${search} ${JSON.stringify(sort)}`).toEqual(throughTrigrams);
        const [matching] = await rows<{ n: number }>(sql`select count(*)::int as n from orders where market_id = 1 and ${ORDER_SEARCH_TEXT} like ${`%${search.toLowerCase()}%`}`);
        expect(walked.length).toBe(Math.min(20, matching!.n));
      }
    }
  });

  it('answers a deep page past the end with no rows and the same total', async () => {
    const total = await marketOrderCount();
    const page = Math.floor(FROM_END_MIN_OFFSET / 10) + 2;
    expect((page - 1) * 10).toBeGreaterThan(total);
    const response = await history({ pagination: { page, pageSize: 10 }, sort: { column: 'customer_name', order: 'asc' } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.pagination.totalRecords).toBe(total);
  });

  it('refuses a sort or filter column the list does not have, and filters of the wrong type, naming the field', async () => {
    const sort = await history({ sort: { column: 'customer_id', order: 'asc' } });
    expect(sort.status).toBe(400);
    expect(sort.body.details[0]).toEqual({ field: 'sort[0].column', message: `must be one of ${ORDER_HISTORY_SORT_COLUMNS.join(', ')} (got 'customer_id')` });
    const filter = await history({ columnFilter: [{ column: 'notes', type: 'text', value: 'x' }] });
    expect(filter.status).toBe(400);
    expect(filter.body.details[0].field).toBe('columnFilter[0].column');
    const wrongType = await history({ columnFilter: [{ column: 'customer_name', type: 'dateRange', value: { from: '2026-01-01' } }] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details[0].field).toBe('columnFilter[0].type');
    const notANumber = await history({ columnFilter: [{ column: 'total_cases', type: 'text', value: 'many' }] });
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.details[0].field).toBe('columnFilter[0].value');
  });

  it('shows each market only its own orders, and the Fulfilment Person may view them', async () => {
    const nv = await history({}, 'nvAdmin');
    expect(nv.status).toBe(200);
    const [nvCount] = await rows<{ n: number }>(sql`select count(*)::int as n from orders where market_id = 2`);
    expect(nv.body.pagination.totalRecords).toBe(nvCount!.n);
    expect(nv.body.data.every((row: Row) => row.reference_id.startsWith('ORD-NV-'))).toBe(true);
    const [mnReference] = await rows<{ reference_id: string }>(sql`select reference_id from orders where market_id = 1 limit 1`);
    expect((await history({ search: mnReference!.reference_id }, 'nvAdmin')).body.data).toEqual([]);
    expect((await history({}, 'mnFulfilment')).status).toBe(200);
  });
});

describe('the people pickers', () => {
  it('lists the market’s sales persons and MSO owners by name', async () => {
    const persons = await api.call('mnFulfilment', { url: '/api/sales-person', market: 'MN' });
    expect(persons.status).toBe(200);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from sales_persons where market_id = 1`);
    expect(persons.body.data).toHaveLength(count!.n);
    expect(persons.body.data.map((p: Row) => p.sales_person_name)).toContain('Jordan Lee');
    const owners = await api.call('mnSalesPerson', { url: '/api/customer/mso', market: 'MN' });
    expect(owners.body.data.map((o: Row) => o.mso_owner_name)).toContain('GreenVault Retail');
    const names = owners.body.data.map((o: Row) => o.mso_owner_name);
    expect(names).toEqual([...names].sort());
  });

  it('lists active buyers, by group, by sales persons and by a search', async () => {
    const all = await api.call('mnSalesPerson', { url: '/api/customer', market: 'MN' });
    const [active] = await rows<{ n: number }>(sql`select count(*)::int as n from customers where market_id = 1 and is_active`);
    expect(all.body.data).toHaveLength(active!.n);
    const internal = await api.call('mnSalesPerson', { url: '/api/customer?group=INT', market: 'MN' });
    expect(internal.body.data.length).toBeGreaterThan(0);
    expect(internal.body.data.every((c: Row) => c.customer_group === 'INT' && c.mso_owner_name === 'GreenVault Retail')).toBe(true);
    const [jordan] = await rows<{ id: number }>(sql`select id from sales_persons where market_id = 1 and name = 'Jordan Lee'`);
    const mine = await api.call('mnSalesPerson', { url: `/api/customer?salesPersonId=${jordan!.id},999999`, market: 'MN' });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((c: Row) => c.sales_person_name === 'Jordan Lee')).toBe(true);
    const searched = await api.call('mnSalesPerson', { url: '/api/customer?search=greenvault', market: 'MN' });
    expect(searched.body.data.every((c: Row) => /greenvault/i.test(`${c.customer_name} ${c.mso_owner_name}`))).toBe(true);
    const bad = await api.call('mnSalesPerson', { url: '/api/customer?salesPersonId=abc&group=ALL', market: 'MN' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: Row) => d.field).sort()).toEqual(['group', 'salesPersonId']);
    const nv = await api.call('nvAdmin', { url: '/api/customer', market: 'NV' });
    const mnIds = new Set(all.body.data.map((c: Row) => c.customer_id));
    expect(nv.body.data.some((c: Row) => mnIds.has(c.customer_id))).toBe(false);
  });
});

describe('the inventory to order from', () => {
  const inventory = (body: object, user: 'mnAdmin' | 'mnFulfilment' = 'mnAdmin') =>
    api.call(user, { method: 'POST', url: '/api/order/inventory', body: { pagination: { page: 1, pageSize: 200 }, ...body }, market: 'MN' });

  it('lists orderable batches with at least one free case, their cases and default price', async () => {
    const response = await inventory({});
    expect(response.status).toBe(200);
    const [count] = await rows<{ n: number }>(sql`
      select count(*)::int as n from batches where market_id = 1 and status = 'active' and lab_status = 'passed'
        and (expiry_date is null or expiry_date >= ${today()}::date) and active_units - reserved_units >= case_size`);
    expect(response.body.pagination.totalRecords).toBe(count!.n);
    const names = response.body.data.map((row: Row) => row.product_name);
    expect(names).toEqual([...names].sort());
    for (const row of response.body.data) {
      expect(row.available_case_size).toBeGreaterThanOrEqual(1);
      expect(row.default_price).toBe(Math.min(row.base_price, row.vendor_price ?? row.base_price));
    }
    const [sample] = response.body.data;
    const [batch] = await rows<{ free: number }>(sql`select ((active_units - reserved_units) / case_size)::int as free from batches where id = ${sample.batch_id}`);
    expect(sample.available_case_size).toBe(batch!.free);
  });

  it('shows batches without a free case when asked, and sorts and filters by its columns', async () => {
    const empty = await inventory({ columnFilter: [{ column: 'available_case_size', type: 'text', value: '0' }] });
    expect(empty.status).toBe(200);
    expect(empty.body.data.length).toBeGreaterThan(0);
    expect(empty.body.data.every((row: Row) => row.available_case_size === 0)).toBe(true);
    const byCases = await inventory({ sort: { column: 'available_case_size', order: 'desc' } });
    const counts = byCases.body.data.map((row: Row) => row.available_case_size);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const flower = await inventory({ columnFilter: [{ column: 'category_name', type: 'select', value: ['flower'] }], search: 'a' });
    expect(flower.body.data.every((row: Row) => row.category_name === 'flower')).toBe(true);
    const bad = await inventory({ sort: { column: 'active_units', order: 'asc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('sort[0].column');
  });

  it('sorts by every column both ways as an independent ordering of the orderable batches does, first, later and last pages', async () => {
    const keys: Record<string, string> = {
      product_name: 'p.name',
      s2s_product_name: 'b.s2s_product_name',
      batch_number: 'b.batch_number',
      category_name: 'c.name',
      brand_name: 'br.name',
      strain_name: 's.name',
      expiry_date: 'b.expiry_date',
      available_case_size: '((b.active_units - b.reserved_units) / b.case_size)',
      default_price: 'least(p.base_price, coalesce(p.vendor_price, p.base_price))',
      inventory_location_name: 'l.display_name',
    };
    const pageSize = 30;
    for (const [column, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        // Empty values last either way, ties by batch id.
        const expected = (
          await rows<{ id: number }>(sql`
            select b.id from batches b join products p on p.id = b.product_id join categories c on c.id = p.category_id
              left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id join inventory_locations l on l.id = b.location_id
             where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${today()}::date)
               and b.active_units - b.reserved_units >= b.case_size
             order by ${sql.raw(`${key} ${order} nulls last`)}, b.id asc`)
        ).map((row) => row.id);
        const last = Math.ceil(expected.length / pageSize);
        for (const page of [1, 2, last]) {
          const answer = await inventory({ sort: { column, order }, pagination: { page, pageSize } });
          expect(answer.body.data.map((row: Row) => row.batch_id), `${column} ${order} page ${page}`).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
          expect(answer.body.pagination.totalRecords).toBe(expected.length);
        }
      }
    }
  });

  it('finds by a piece of the product, brand, S2S name or batch number, whatever the case, as an independent match of each batch does', async () => {
    const [brand] = await rows<{ name: string }>(sql`select br.name from brands br join products p on p.brand_id = br.id where p.market_id = 1 order by br.id limit 1`);
    const [batch] = await rows<{ batchNumber: string; s2s: string }>(sql`select batch_number as "batchNumber", s2s_product_name as s2s from batches where market_id = 1 order by id desc limit 1`);
    for (const search of ['an', brand!.name.slice(1, 5).toUpperCase(), batch!.batchNumber.slice(-6), batch!.s2s.slice(2, 9).toLowerCase(), 'no such thing at all']) {
      const pattern = `%${search}%`;
      const expected = (
        await rows<{ id: number }>(sql`
          select b.id from batches b join products p on p.id = b.product_id left join brands br on br.id = p.brand_id
           where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${today()}::date)
             and b.active_units - b.reserved_units >= b.case_size
             and (p.name ilike ${pattern} or b.s2s_product_name ilike ${pattern} or b.batch_number ilike ${pattern} or br.name ilike ${pattern})
           order by p.name, b.id`)
      ).map((row) => row.id);
      const found: number[] = [];
      for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 200)); page += 1) {
        const answer = await inventory({ search, pagination: { page, pageSize: 200 } });
        expect(answer.body.pagination.totalRecords, search).toBe(expected.length);
        found.push(...answer.body.data.map((row: Row) => row.batch_id));
      }
      expect(found, search).toEqual(expected);
      // Sorted by a column of the product, searched pages walk the products that may match (searchCandidates).
      const byBrand = (
        await rows<{ id: number }>(sql`
          select b.id from batches b join products p on p.id = b.product_id left join brands br on br.id = p.brand_id
           where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${today()}::date)
             and b.active_units - b.reserved_units >= b.case_size
             and (p.name ilike ${pattern} or b.s2s_product_name ilike ${pattern} or b.batch_number ilike ${pattern} or br.name ilike ${pattern})
           order by br.name desc nulls last, b.id`)
      ).map((row) => row.id);
      const sorted = await inventory({ search, sort: { column: 'brand_name', order: 'desc' }, pagination: { page: 1, pageSize: 200 } });
      expect(sorted.body.data.map((row: Row) => row.batch_id), `${search} by brand`).toEqual(byBrand.slice(0, 200));
    }
  });

  it('needs create_order', async () => {
    expect((await inventory({}, 'mnFulfilment')).status).toBe(403);
  });
});
