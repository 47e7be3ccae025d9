// The picklist register's pages against an independent reading of the same picklists: one plain query
// joining everything, ordered by the spec's rules (nulls last, ties by the newest picklist id). It catches a
// page-the-ids-first register that drops, repeats or reorders rows, or counts a different set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuerySchema, type ListQuery } from '../../src/shared/api/common';
import { PICKLIST_REGISTER_FILTER_COLUMNS, PICKLIST_REGISTER_SORT_COLUMNS } from '../../src/shared/api/picklist-protocol';
import { picklistRegisterEndpoint, type PicklistRow } from '../../src/shared/api/picklists';
import { queryRows } from '../../src/server/db/client';
import { checkListQuery } from '../../src/server/lib/list-query';
import { pageWindow } from '../../src/server/lib/page-window';
import { findPicklist, listPicklists } from '../../src/server/modules/picklists/picklists.repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { ordersHelpers } from './orders-support';

type Column = (typeof PICKLIST_REGISTER_SORT_COLUMNS)[number];
type Page = { ids: number[]; rows: PicklistRow[]; total: number };

/** A register row as the reference reads it, with every column the register sorts or filters by. */
type ReferenceRow = {
  id: number;
  picklist_reference_id: string;
  reference_id: string;
  customer_name: string;
  inventory_location_name: string;
  pick_status_label: string;
  delivery_day: string | null;
  total_cases: number;
  percentage_completion: number;
};

const REFERENCE = sql`
  select p.id, p.reference_id as picklist_reference_id, o.reference_id, l.display_name as inventory_location_name,
         c.name as customer_name, o.requested_delivery_date, to_char(o.requested_delivery_date, 'YYYY-MM-DD') as delivery_day,
         p.status as pick_status_label, p.updated_at as updated_ts, p.created_at as created_ts,
         (select coalesce(sum(i.no_of_case_ordered), 0)::int from picklist_items i where i.picklist_id = p.id) as total_cases,
         (select case when count(*) = 0 then 0
                      else round(100.0 * count(*) filter (where i.pick_status is not null and i.no_of_case_picked > 0) / count(*))::int end
            from picklist_items i where i.picklist_id = p.id) as percentage_completion
    from picklists p
    join markets mk on mk.id = p.market_id and mk.code = 'MN'
    join orders o on o.id = p.order_id
    join customers c on c.id = o.customer_id
    join inventory_locations l on l.id = p.location_id`;

let api: TestApp;
const { pendingOrder, setStatus } = ordersHelpers(() => api);
/** MN picklists given one created and updated time, newer than every other: ties at the top. */
let newestTied: number[] = [];
/** MN picklists given one created and updated time, older than every other: ties at the bottom. */
let oldestTied: number[] = [];

beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
  newestTied = await tieTimes(1, '2100-01-01T00:00:00Z');
  oldestTied = await tieTimes(2, '2000-01-01T00:00:00Z');
});
afterAll(async () => {
  await api.close();
});

/** Seven MN picklists spread over the ids (id mod 7 = remainder) get the same created and updated time. */
async function tieTimes(remainder: number, at: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    api.database.db,
    sql`update picklists set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
         where id in (select p.id from picklists p join markets m on m.id = p.market_id
                       where m.code = 'MN' and p.id % 7 = ${remainder} order by p.id limit 7)
         returning id`,
  );
  expect(rows).toHaveLength(7);
  return rows.map((row) => row.id).sort((a, b) => b - a);
}

/** Every MN picklist in the spec's order for the sort: nulls last in both directions, ties by id desc. */
async function referenceOrder(column: Column = 'created_ts', order: 'asc' | 'desc' = 'desc'): Promise<ReferenceRow[]> {
  return queryRows<ReferenceRow>(api.database.db, sql`select * from (${REFERENCE}) r order by ${sql.raw(`r.${column} ${order} nulls last, r.id desc`)}`);
}

async function registerPage(query: ListQuery): Promise<Page> {
  const { status, body } = await api.call<{ data: PicklistRow[]; pagination: { totalRecords: number } }>('mnFulfilment', {
    method: 'POST',
    url: '/api/picklist/register',
    market: 'MN',
    body: query,
  });
  expect(status).toBe(200);
  // The page is built by the database and sent unchecked by the server: it must still be what the contract says.
  expect(picklistRegisterEndpoint.responses[200].safeParse(body).error).toBeUndefined();
  return { ids: body.data.map((row) => row.picklist_id), rows: body.data, total: body.pagination.totalRecords };
}

/** Every page of the register for the query, in turn, until a short page; each page's total is kept. */
async function everyPage(query: Omit<ListQuery, 'pagination'>, pageSize: number): Promise<{ ids: number[]; totals: number[] }> {
  const ids: number[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await registerPage({ ...query, pagination: { page, pageSize } });
    ids.push(...answer.ids);
    totals.push(answer.total);
    if (answer.ids.length < pageSize) return { ids, totals };
  }
}

const idsOf = (rows: readonly ReferenceRow[]) => rows.map((row) => row.id);

describe('picklist register pages', () => {
  it('answers each row as the picklist itself is answered elsewhere: every field, picked, in progress and cancelled ones too', async () => {
    const rows = [
      ...(await registerPage({ pagination: { page: 1, pageSize: 50 } })).rows,
      ...(await registerPage({ pagination: { page: 1, pageSize: 20 }, status: 'In Progress' })).rows,
      ...(await registerPage({ pagination: { page: 1, pageSize: 20 }, status: 'Picked' })).rows,
      ...(await registerPage({ pagination: { page: 1, pageSize: 20 }, status: 'Cancelled' })).rows,
      ...(await registerPage({ pagination: { page: 1, pageSize: 20 }, sort: { column: 'requested_delivery_date', order: 'asc' } })).rows,
    ];
    expect(new Set(rows.map((row) => row.pick_status))).toEqual(new Set(['PENDING', 'IN_PROGRESS', 'PICKED', 'CANCELLED']));
    expect(rows.some((row) => row.percentage_completion > 0 && row.percentage_completion < 100)).toBe(true);
    for (const row of rows) expect(row).toEqual(await findPicklist(api.database.db, 1, row.picklist_id));
  });

  it('breaks ties in created and updated time by the newest picklist id, across a page boundary, with no gaps or repeats', async () => {
    const cases: { sort?: { column: Column; order: 'asc' | 'desc' }; tied: () => number[] }[] = [
      { tied: () => newestTied },
      { sort: { column: 'created_ts', order: 'desc' }, tied: () => newestTied },
      { sort: { column: 'created_ts', order: 'asc' }, tied: () => oldestTied },
      { sort: { column: 'updated_ts', order: 'desc' }, tied: () => newestTied },
      { sort: { column: 'updated_ts', order: 'asc' }, tied: () => oldestTied },
    ];
    for (const { sort, tied } of cases) {
      const first = await registerPage({ pagination: { page: 1, pageSize: 5 }, ...(sort ? { sort } : {}) });
      const second = await registerPage({ pagination: { page: 2, pageSize: 5 }, ...(sort ? { sort } : {}) });
      const label = sort ? `${sort.column} ${sort.order}` : 'default order';
      // Seven tied picklists, five a page: the boundary falls inside the tie.
      expect(first.ids, label).toEqual(tied().slice(0, 5));
      expect(second.ids.slice(0, 2), label).toEqual(tied().slice(5));
      expect(new Set([...first.ids, ...second.ids]).size, label).toBe(10);
      expect([...first.ids, ...second.ids], label).toEqual(idsOf(await referenceOrder(sort?.column, sort?.order)).slice(0, 10));
    }
  });

  it('sorts by every register column in both directions as an independent ordering of the same picklists does', async () => {
    for (const column of PICKLIST_REGISTER_SORT_COLUMNS) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = idsOf(await referenceOrder(column, order));
        const { ids, totals } = await everyPage({ sort: { column, order } }, 45);
        expect(ids, `${column} ${order}`).toEqual(expected);
        expect(new Set(totals), `${column} ${order}`).toEqual(new Set([expected.length]));
      }
    }
  });

  it('finds picklists by their reference, their order’s, or only by their dispensary or warehouse, whatever the case', async () => {
    const everything = await referenceOrder();
    const searched = (row: ReferenceRow) => [row.picklist_reference_id, row.reference_id, row.customer_name, row.inventory_location_name].map((text) => text.toLowerCase());
    const matchesRefs = (term: string) => everything.some((row) => searched(row).slice(0, 2).some((text) => text.includes(term)));
    // A word of a dispensary's name, and a warehouse's name, that no picklist or order reference contains.
    const dispensaryWord = everything
      .flatMap((row) => row.customer_name.toLowerCase().split(/\s+/))
      .find((word) => word.length >= 5 && !matchesRefs(word));
    const warehouse = everything.map((row) => row.inventory_location_name.toLowerCase()).find((name) => !matchesRefs(name));
    expect(dispensaryWord).toBeDefined();
    expect(warehouse).toBeDefined();
    const someRow = everything[Math.floor(everything.length / 2)]!;
    const orderReference = someRow.reference_id.slice(0, -1).toLowerCase();
    const picklistReference = someRow.picklist_reference_id.slice(0, -1).toLowerCase();
    for (const term of [dispensaryWord!, warehouse!, orderReference, picklistReference]) {
      const expected = idsOf(everything.filter((row) => searched(row).some((text) => text.includes(term))));
      expect(expected.length, term).toBeGreaterThan(1);
      const pageSize = Math.max(1, Math.floor(expected.length / 2));
      const { ids, totals } = await everyPage({ search: term.toUpperCase() }, pageSize);
      expect(ids, term).toEqual(expected);
      expect(new Set(totals), term).toEqual(new Set([expected.length]));
    }
    // LIKE's wildcards are searched for as themselves.
    for (const wildcard of ['%', '_']) {
      const expected = idsOf(everything.filter((row) => searched(row).some((text) => text.includes(wildcard))));
      const { ids, totals } = await everyPage({ search: wildcard }, 50);
      expect(ids, wildcard).toEqual(expected);
      expect(new Set(totals), wildcard).toEqual(new Set([expected.length]));
    }
  });

  it('filters and pages together: every page of a filtered list is that list, in order, with its total', async () => {
    const [someDelivery] = (await referenceOrder('requested_delivery_date', 'asc')).filter((row) => row.delivery_day !== null).slice(10, 11);
    const dispensary = (await referenceOrder())[3]!.customer_name;
    const cases: { query: Omit<ListQuery, 'pagination'>; sort: [Column, 'asc' | 'desc']; keep: (row: ReferenceRow) => boolean }[] = [
      {
        // What each phone asks for to prefetch the open picklists.
        query: { columnFilter: [{ column: 'pick_status_label', type: 'select', value: ['Pending', 'In Progress'] }], sort: [{ column: 'requested_delivery_date', order: 'asc' }] },
        sort: ['requested_delivery_date', 'asc'],
        keep: (row) => ['Pending', 'In Progress'].includes(row.pick_status_label),
      },
      {
        query: { status: 'Picked', sort: [{ column: 'updated_ts', order: 'desc' }] },
        sort: ['updated_ts', 'desc'],
        keep: (row) => row.pick_status_label === 'Picked',
      },
      {
        query: { columnFilter: [{ column: 'customer_name', type: 'text', value: dispensary }] },
        sort: ['created_ts', 'desc'],
        keep: (row) => row.customer_name.toLowerCase().includes(dispensary.toLowerCase()),
      },
      {
        query: {
          columnFilter: [{ column: 'requested_delivery_date', type: 'dateRange', value: { from: someDelivery!.delivery_day! } }],
          sort: [{ column: 'customer_name', order: 'desc' }],
        },
        sort: ['customer_name', 'desc'],
        keep: (row) => row.delivery_day !== null && row.delivery_day >= someDelivery!.delivery_day!,
      },
      {
        query: { columnFilter: [{ column: 'total_cases', type: 'text', value: '3' }], sort: [{ column: 'percentage_completion', order: 'asc' }] },
        sort: ['percentage_completion', 'asc'],
        keep: (row) => row.total_cases === 3,
      },
    ];
    for (const { query, sort, keep } of cases) {
      const label = JSON.stringify(query);
      const expected = idsOf((await referenceOrder(...sort)).filter(keep));
      expect(expected.length, label).toBeGreaterThan(2);
      const { ids, totals } = await everyPage(query, Math.ceil(expected.length / 3));
      expect(ids, label).toEqual(expected);
      expect(new Set(totals), label).toEqual(new Set([expected.length]));
    }
  });

  it('reads a page of the second half from the end: the same rows in the same order and total, for every sort and a status', async () => {
    const check = (query: ListQuery) =>
      checkListQuery(listQuerySchema.parse(query), { sortable: PICKLIST_REGISTER_SORT_COLUMNS, filterable: PICKLIST_REGISTER_FILTER_COLUMNS, dateColumns: ['requested_delivery_date', 'updated_ts', 'created_ts'] });
    const pageSize = 9;
    let fromEnd = 0;
    for (const status of [undefined, 'Pending'] as const) {
      for (const sort of [undefined, ...PICKLIST_REGISTER_SORT_COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((order) => ({ column, order })))]) {
        const base = { pagination: { page: 1, pageSize }, ...(status ? { status } : {}), ...(sort ? { sort } : {}) };
        // Every row in one page: nothing skipped, read as page 1 is.
        const read = async (query: ReturnType<typeof check>, options?: { fromEndMinOffset: number }) => {
          const page = await listPicklists(api.database.db, 1, query, 'America/Chicago', options);
          return { rows: JSON.parse(page.json) as PicklistRow[], total: page.total };
        };
        const all = await read({ ...check(base), pageSize: 10_000 });
        const pages = Math.ceil(all.total / pageSize);
        expect(pages, `${status} ${JSON.stringify(sort)}`).toBeGreaterThan(4);
        for (const page of [2, Math.ceil(pages / 2) + 1, pages - 1, pages, pages + 1]) {
          const query = check({ ...base, pagination: { page, pageSize } });
          const found = await read(query, { fromEndMinOffset: 0 });
          const label = `${status ?? 'any status'} ${JSON.stringify(sort)} page ${page} of ${pages}`;
          expect(found.rows, label).toEqual(all.rows.slice((page - 1) * pageSize, page * pageSize));
          expect(found.total, label).toBe(all.total);
          if (pageWindow(page, pageSize, all.total).fromEnd) fromEnd += 1;
        }
      }
    }
    expect(fromEnd).toBeGreaterThan(40);
  });

  it('reads a deep page sorted by creation from the week its first row falls in: the rows and total OFFSET gives, at week edges and ties too', async () => {
    // Ties on a week's first instant (Monday 00:00 UTC) and on its last microsecond before, a week amid the market's
    // picklists (the demo data is dated from today); put back afterwards.
    const saved = await queryRows<{ id: number; created_at: string; updated_at: string }>(
      api.database.db,
      sql`select id, created_at::text, updated_at::text from picklists where id % 7 in (3, 4)`,
    );
    const [edge] = await queryRows<{ monday: string }>(
      api.database.db,
      sql`select date_trunc('week', created_at, 'UTC') as monday from picklists where market_id = 1 order by created_at desc offset 60 limit 1`,
    );
    const monday = new Date(edge!.monday);
    await tieTimes(3, monday.toISOString());
    await tieTimes(4, new Date(monday.getTime() - 1).toISOString().replace('.999Z', '.999999Z'));
    try {
      await expectWeekPagesRight();
    } finally {
      for (const row of saved) {
        await api.database.db.execute(sql`update picklists set created_at = ${row.created_at}::timestamptz, updated_at = ${row.updated_at}::timestamptz where id = ${row.id}`);
      }
    }
  });

  async function expectWeekPagesRight(): Promise<void> {
    const check = (query: ListQuery) =>
      checkListQuery(listQuerySchema.parse(query), { sortable: PICKLIST_REGISTER_SORT_COLUMNS, filterable: PICKLIST_REGISTER_FILTER_COLUMNS, dateColumns: ['requested_delivery_date', 'updated_ts', 'created_ts'] });
    for (const status of [undefined, 'Pending', 'Picked'] as const) {
      for (const sort of [undefined, { column: 'created_ts', order: 'desc' }, { column: 'created_ts', order: 'asc' }] as const) {
        const base = { ...(status ? { status } : {}), ...(sort ? { sort } : {}) };
        // Every row in one page (past the API's largest page, so set on the checked query).
        const all = await listPicklists(api.database.db, 1, { ...check({ ...base, pagination: { page: 1, pageSize: 8 } }), pageSize: 10_000 }, 'America/Chicago');
        const everyRow = JSON.parse(all.json) as PicklistRow[];
        // Pages of 8, and of 1 (every row's place, the edges' included) for the whole register both ways.
        for (const pageSize of status === undefined && sort ? [8, 1] : [8]) {
          const pages = Math.ceil(all.total / pageSize);
          expect(pages, `${status} ${JSON.stringify(sort)}`).toBeGreaterThan(2);
          for (let page = 2; page <= pages + 1; page += 1) {
            const found = await listPicklists(api.database.db, 1, check({ ...base, pagination: { page, pageSize } }), 'America/Chicago', { weekSeekMinOffset: 0 });
            const label = `${status ?? 'any status'} ${JSON.stringify(sort)} page ${page} of ${pages} (${pageSize} a page)`;
            expect(JSON.parse(found.json), label).toEqual(everyRow.slice((page - 1) * pageSize, page * pageSize));
            expect(found.total, label).toBe(all.total);
          }
        }
      }
    }
  }

  it('counts the whole list on a full page, a short last page and a page past the end', async () => {
    const all = (await referenceOrder()).length;
    const pageSize = all % 40 === 0 ? 41 : 40;
    const lastPage = Math.ceil(all / pageSize);
    const full = await registerPage({ pagination: { page: 1, pageSize } });
    const short = await registerPage({ pagination: { page: lastPage, pageSize } });
    const past = await registerPage({ pagination: { page: lastPage + 3, pageSize } });
    expect([full.ids.length, short.ids.length, past.ids.length]).toEqual([pageSize, all % pageSize, 0]);
    expect([full.total, short.total, past.total]).toEqual([all, all, all]);
    const none = await registerPage({ search: 'no picklist is called this', pagination: { page: 1, pageSize } });
    expect(none).toMatchObject({ ids: [], total: 0 });
  });

  it('sorts and filters by what a picklist’s order, dispensary, warehouse and items say now: approved, renamed, rescheduled, picked', async () => {
    const db = api.database.db;
    const change = (statement: ReturnType<typeof sql>) => db.execute(statement);
    // A new order approved through the API: its picklists are made as the app makes them.
    const order = await pendingOrder('mnSalesManager', 3);
    expect((await setStatus('mnSalesManager', order.id, 'approved')).status).toBe(200);
    const [made] = await queryRows<{ id: number }>(db, sql`select id from picklists where order_id = ${order.id}`);
    expect(made).toBeDefined();
    const [item] = await queryRows<{ id: number; picklist_id: number }>(
      db,
      sql`select i.id, i.picklist_id from picklist_items i join picklists p on p.id = i.picklist_id where p.market_id = 1 and i.pick_status is null order by i.id limit 1`,
    );
    await change(sql`update picklist_items set pick_status = 'complete', no_of_case_picked = no_of_case_ordered, no_of_case_ordered = no_of_case_ordered + 40 where id = ${item!.id}`);
    await change(sql`delete from picklist_items where id = (select max(id) from picklist_items where picklist_id = ${made!.id})`);
    await change(sql`update customers set name = 'Aardvark Wellness' where id = (select o.customer_id from picklists p join orders o on o.id = p.order_id where p.market_id = 1 order by p.id desc limit 1)`);
    await change(sql`update orders set requested_delivery_date = '2099-12-31' where id = (select order_id from picklists where market_id = 1 order by id limit 1)`);
    await change(sql`update orders set requested_delivery_date = null where id = (select order_id from picklists where market_id = 1 order by id limit 1 offset 1)`);
    await change(sql`update inventory_locations set display_name = display_name || ' Annex Q7' where id = (select location_id from picklists where market_id = 1 order by id limit 1)`);

    const columns: Column[] = ['reference_id', 'customer_name', 'inventory_location_name', 'requested_delivery_date', 'total_cases', 'percentage_completion'];
    for (const column of columns) {
      for (const order of ['asc', 'desc'] as const) {
        expect((await everyPage({ sort: { column, order } }, 60)).ids, `${column} ${order}`).toEqual(idsOf(await referenceOrder(column, order)));
      }
    }
    const [picked] = (await referenceOrder()).filter((row) => row.id === item!.picklist_id);
    const byTotal = await registerPage({ columnFilter: [{ column: 'total_cases', type: 'text', value: String(picked!.total_cases) }], pagination: { page: 1, pageSize: 200 } });
    expect(byTotal.ids).toContain(item!.picklist_id);
    expect(byTotal.rows.every((row) => row.total_cases === picked!.total_cases)).toBe(true);
    const renamed = await registerPage({ columnFilter: [{ column: 'customer_name', type: 'text', value: 'aardvark' }], pagination: { page: 1, pageSize: 200 } });
    expect(renamed.rows.length).toBeGreaterThan(0);
    expect(renamed.rows.every((row) => row.customer_name === 'Aardvark Wellness')).toBe(true);
    // The search reads the same kept names: it finds the renamed dispensary's picklists by the new name, and no other.
    const searched = await registerPage({ search: 'ARDVARK WELL', pagination: { page: 1, pageSize: 200 } });
    expect(searched.ids.sort()).toEqual(renamed.ids.sort());
    const annex = await registerPage({ search: 'annex q7', pagination: { page: 1, pageSize: 200 } });
    expect(annex.rows.length).toBeGreaterThan(0);
    expect(annex.rows.every((row) => row.inventory_location_name.endsWith(' Annex Q7'))).toBe(true);
  });

  it('filters Created On and Last Updated by the market’s day, as the screen shows them, not by UTC’s', async () => {
    // 7:48 PM in Minnesota on 2090-11-23 (CST, UTC-6) is 01:48 on 11/24 in UTC; 11:30 PM on 11/24 is 05:30 on 11/25.
    const moved = await queryRows<{ id: number }>(
      api.database.db,
      sql`update picklists set created_at = v.at::timestamptz, updated_at = v.at::timestamptz
            from (values (0, '2090-11-24T01:48:00Z'), (1, '2090-11-25T05:30:00Z')) as v(n, at),
                 (select p.id, row_number() over (order by p.id) - 1 as n from picklists p join markets m on m.id = p.market_id
                   where m.code = 'MN' and p.id % 7 = 3 order by p.id limit 2) as chosen
           where picklists.id = chosen.id and chosen.n = v.n
           returning picklists.id`,
    );
    expect(moved).toHaveLength(2);
    const [evening, late] = moved.map((row) => row.id).sort((a, b) => a - b);
    for (const column of ['created_ts', 'updated_ts'] as const) {
      const on = async (day: string) => (await registerPage({ columnFilter: [{ column, type: 'dateRange', value: { from: day, to: day } }], pagination: { page: 1, pageSize: 50 } })).ids;
      expect(await on('2090-11-23'), column).toEqual([evening]);
      expect(await on('2090-11-24'), column).toEqual([late]);
      expect(await on('2090-11-25'), column).toEqual([]);
    }
  });
});
