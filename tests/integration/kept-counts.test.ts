// The totals the writes keep per market and status (migration 0024, src/server/db/kept-counts.ts): they agree with
// a count of the rows after every kind of write (the demo data's load, the API's, SQL, cascades, truncation, many
// at once), folding loses nothing, and the order list and the picklist register answer them at once, even where a
// list total would otherwise be kept in a cache for a minute.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { FOLD_AFTER_ROWS, foldKeptCounts, type KeptCountTable } from '../../src/server/db/kept-counts';
import { ORDER_NAMES_TEXT, ORDER_SEARCH_TEXT, PICKLIST_NAMES_TEXT } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { nextWeek, ordersHelpers } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  // Totals that are counted are kept a minute here: only totals the writes keep can be right at once.
  api = await createTestApp({ STATS_CACHE_MS: '60000' });
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, customer, create, setStatus, rows } = ordersHelpers(() => api);

type StatusCountTable = Exclude<KeptCountTable, 'order_search_counts' | 'picklist_search_counts' | 'batch_search_counts' | 'order_week_counts' | 'picklist_week_counts'>;
const SOURCES: Record<StatusCountTable, string> = { order_status_counts: 'orders', picklist_status_counts: 'picklists' };

type Totals = Record<string, number>;

/** Each market's total per status, as 'marketId:status', from the kept rows or from the rows themselves. */
async function totals(table: StatusCountTable, from: 'kept' | 'counted'): Promise<Totals> {
  const query =
    from === 'kept'
      ? sql`select market_id, status, sum(n)::int as n from ${sql.identifier(table)} group by 1, 2 having sum(n) <> 0`
      : sql`select market_id, status, count(*)::int as n from ${sql.identifier(SOURCES[table])} group by 1, 2`;
  const found = await rows<{ market_id: number; status: string; n: number }>(query);
  return Object.fromEntries(found.map((row) => [`${row.market_id}:${row.status}`, row.n]));
}

/** Each market's orders or picklists per status and names (migrations 0029, 0030), from the kept rows or from the rows. */
async function searchTotals(table: 'order_search_counts' | 'picklist_search_counts', from: 'kept' | 'counted'): Promise<Totals> {
  const [rowsOf, names] = table === 'order_search_counts' ? [sql`orders`, ORDER_NAMES_TEXT] : [sql`picklists`, PICKLIST_NAMES_TEXT];
  const query =
    from === 'kept'
      ? sql`select market_id, status, names, sum(n)::int as n from ${sql.identifier(table)} group by 1, 2, 3 having sum(n) <> 0`
      : sql`select market_id, status, ${names} as names, count(*)::int as n from ${rowsOf} group by 1, 2, 3`;
  const found = await rows<{ market_id: number; status: string; names: string; n: number }>(query);
  return Object.fromEntries(found.map((row) => [`${row.market_id}:${row.status}:${row.names}`, row.n]));
}

/** Each market's orders or picklists per status and UTC week of creation (migration 0036), from the kept rows or from the rows. */
async function weekTotals(table: 'order_week_counts' | 'picklist_week_counts', from: 'kept' | 'counted'): Promise<Totals> {
  const rowsOf = table === 'order_week_counts' ? sql`orders` : sql`picklists`;
  const query =
    from === 'kept'
      ? sql`select market_id, status, week::text, sum(n)::int as n from ${sql.identifier(table)} group by 1, 2, 3 having sum(n) <> 0`
      : sql`select market_id, status, date_trunc('week', created_at, 'UTC')::text as week, count(*)::int as n from ${rowsOf} group by 1, 2, 3`;
  const found = await rows<{ market_id: number; status: string; week: string; n: number }>(query);
  return Object.fromEntries(found.map((row) => [`${row.market_id}:${row.status}:${row.week}`, row.n]));
}

async function expectKeptTotalsRight(): Promise<void> {
  for (const table of Object.keys(SOURCES) as StatusCountTable[]) {
    expect(await totals(table, 'kept'), table).toEqual(await totals(table, 'counted'));
  }
  for (const table of ['order_search_counts', 'picklist_search_counts'] as const) {
    expect(await searchTotals(table, 'kept'), table).toEqual(await searchTotals(table, 'counted'));
  }
  for (const table of ['order_week_counts', 'picklist_week_counts'] as const) {
    const kept = await weekTotals(table, 'kept');
    expect(Object.keys(kept).length, `${table} holds weeks`).toBeGreaterThan(0);
    expect(kept, table).toEqual(await weekTotals(table, 'counted'));
  }
}

const historyTotal = async (statuses?: string[]) => {
  const columnFilter = statuses ? [{ column: 'metadata_label', type: 'select', value: statuses }] : [];
  const response = await api.call('mnAdmin', { method: 'POST', url: '/api/order/history', market: 'MN', body: { columnFilter, pagination: { page: 1, pageSize: 10 } } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.pagination.totalRecords as number;
};

const registerTotal = async (status?: string) => {
  const response = await api.call('mnFulfilment', { method: 'POST', url: '/api/picklist/register', market: 'MN', body: { ...(status ? { status } : {}), pagination: { page: 1, pageSize: 10 } } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.pagination.totalRecords as number;
};

const mnCount = async (table: string, status?: string) => {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where market_id = 1 ${status ? sql`and status = ${status}` : sql``}`);
  return row!.n;
};

async function newOrder(): Promise<number> {
  const [batch, buyer] = [await freeBatch(3), await customer()];
  const response = await create('mnSalesManager', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.orderId as number;
}

describe('totals kept by the writes', () => {
  it('agree with the rows once the demo data is loaded', async () => {
    expect(Object.keys(await totals('order_status_counts', 'kept')).length).toBeGreaterThan(3);
    await expectKeptTotalsRight();
  });

  it('follow orders created, approved into picklists and cancelled through the API', async () => {
    const id = await newOrder();
    await expectKeptTotalsRight();
    expect((await setStatus('mnSalesManager', id, 'approved')).status).toBe(200);
    await expectKeptTotalsRight();
    expect((await setStatus('mnAdmin', id, 'cancelled')).status).toBe(200);
    await expectKeptTotalsRight();
  });

  it('follow writes made in SQL: updates of many rows, deletes cascading to picklists, and truncation', async () => {
    await api.database.db.execute(sql`update orders set status = 'Revised' where id in (select id from orders where status = 'Pending' order by id limit 5)`);
    await api.database.db.execute(sql`update orders set total_cases = total_cases where market_id = 1`); // no status or name moves
    // Orders and picklists moved to another week of creation (nothing in the product does; an operator's SQL may).
    await api.database.db.execute(sql`update orders set created_at = created_at - interval '30 days' where id in (select id from orders where market_id = 1 order by id limit 3)`);
    await api.database.db.execute(sql`update picklists set created_at = created_at - interval '9 days' where id in (select id from picklists order by id desc limit 3)`);
    // A customer renamed (its orders' copies with it), and orders handed to another sales person or none.
    await api.database.db.execute(sql`update orders set customer_name = customer_name || ' Renamed' where customer_id = (select min(customer_id) from orders where market_id = 1)`);
    await api.database.db.execute(sql`update orders set sales_person_name = case when id % 2 = 0 then null else 'Morgan Ellis' end where id in (select id from orders where market_id = 1 order by id desc limit 9)`);
    // A warehouse renamed: its picklists' kept names follow (migration 0025's triggers), and so do their search counts.
    await api.database.db.execute(sql`update inventory_locations set display_name = display_name || ' North' where id = (select min(location_id) from picklists where market_id = 1)`);
    const [withPicklists] = await rows<{ order_id: number }>(sql`select order_id from picklists order by id limit 1`);
    await api.database.db.execute(sql`delete from orders where id = ${withPicklists!.order_id}`);
    await expectKeptTotalsRight();

    await api.database.db.transaction(async (tx) => {
      await tx.execute(sql`truncate picklists cascade`);
      expect(await queryRows(tx, sql`select * from picklist_status_counts`)).toEqual([]);
      expect(await queryRows(tx, sql`select * from picklist_search_counts`)).toEqual([]);
      expect(await queryRows(tx, sql`select * from picklist_week_counts`)).toEqual([]);
      await tx.execute(sql`truncate orders cascade`);
      expect(await queryRows(tx, sql`select * from order_search_counts`)).toEqual([]);
      expect(await queryRows(tx, sql`select * from order_week_counts`)).toEqual([]);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    await expectKeptTotalsRight();
  });

  it('stay right with orders created in parallel while the rows are folded', async () => {
    const creates = Array.from({ length: 12 }, () => newOrder());
    const tables = ['order_status_counts', 'order_search_counts', 'order_week_counts'] as const;
    const folds = Array.from({ length: 6 }, (_, index) => foldKeptCounts(api.database.db, tables[index % tables.length]!, 1));
    await Promise.all([...creates, ...folds]);
    await expectKeptTotalsRight();
  });

  it('are folded into one row per status once a market has gathered many, and the totals do not move', async () => {
    const before = await totals('order_status_counts', 'counted');
    // Many one-row changes, as many writes would leave them; each pair cancels out.
    await api.database.db.execute(sql`insert into order_status_counts (market_id, status, n) select 1, 'Pending', case when g % 2 = 0 then 1 else -1 end from generate_series(1, ${FOLD_AFTER_ROWS + 50}) g`);
    expect(await totals('order_status_counts', 'kept')).toEqual(before);
    await historyTotal(); // a read past the limit folds in the background
    await expect.poll(async () => (await rows<{ n: number }>(sql`select count(*)::int as n from order_status_counts where market_id = 1`))[0]!.n, { timeout: 5_000 }).toBeLessThanOrEqual(12);
    const [spread] = await rows<{ n: number }>(sql`select count(*)::int as n from (select status from order_status_counts where market_id = 1 group by status having count(*) > 1) s`);
    expect(spread!.n).toBe(0);
    await expectKeptTotalsRight();
  });
});

describe('the lists’ totals', () => {
  it('the order list answers a change made in SQL at once, though totals that are counted are kept a minute', async () => {
    expect(await historyTotal()).toBe(await mnCount('orders'));
    expect(await historyTotal(['Pending', 'Approved'])).toBe((await mnCount('orders', 'Pending')) + (await mnCount('orders', 'Approved')));
    const [pending] = await rows<{ id: number }>(sql`select id from orders where market_id = 1 and status = 'Pending' order by id limit 1`);
    // Nothing tells the server: no cache of counted totals could know.
    await api.database.db.execute(sql`update orders set status = 'Approved' where id = ${pending!.id}`);
    expect(await historyTotal(['Pending'])).toBe(await mnCount('orders', 'Pending'));
    expect(await historyTotal(['Pending', 'Approved'])).toBe((await mnCount('orders', 'Pending')) + (await mnCount('orders', 'Approved')));
    await api.database.db.execute(sql`delete from orders where id = ${pending!.id}`);
    expect(await historyTotal()).toBe(await mnCount('orders'));
  });

  it('a search’s total is the number of orders whose text holds it, with and without statuses, at once after a change made in SQL', async () => {
    const searchTotal = async (search: string, statuses?: string[]) => {
      const columnFilter = statuses ? [{ column: 'metadata_label', type: 'select', value: statuses }] : [];
      const response = await api.call('mnAdmin', { method: 'POST', url: '/api/order/history', market: 'MN', body: { search, columnFilter, pagination: { page: 1, pageSize: 10 } } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.pagination.totalRecords as number;
    };
    // The list trims its search, as this does.
    const matches = async (untrimmed: string, statuses?: string[]) => {
      const search = untrimmed.trim();
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from orders where market_id = 1 and ${ORDER_SEARCH_TEXT} like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
            ${statuses ? sql`and status in (${sql.join(statuses.map((status) => sql`${status}`), sql`, `)})` : sql``}`,
      );
      return row!.n;
    };
    const [order] = await rows<{ reference_id: string; customer_name: string; sales_person_name: string | null }>(
      sql`select reference_id, customer_name, sales_person_name from orders where market_id = 1 and sales_person_name is not null order by id desc limit 1`,
    );
    const reference = order!.reference_id.toLowerCase();
    const name = order!.customer_name;
    const searches = [
      name.slice(0, 3), // a piece of many customers' names
      name.slice(2, 7).toUpperCase(),
      name, // a whole name, spaces and all
      `${name.slice(-4)} `, // the end of the customer's name and the space before the MSO owner's
      ` ${name.slice(0, 4)}`, // a space first: could follow a reference
      order!.sales_person_name!.slice(1, 5),
      reference.slice(-3), // digits of references
      `${reference.slice(-2)} ${name.slice(0, 3)}`, // straddles the reference and the names
      reference.slice(0, 3), // in every reference
      'mn', // too short for the trigram indexes
      `${name.slice(1, 2)} ${name.slice(3, 4)}`, // a space: in no reference this system makes
      'er', // all letters, too short for a trigram
      '50%', // LIKE's wildcards are literal
      'zzzq', // nothing
    ];
    for (const search of searches) {
      expect(await searchTotal(search), search).toBe(await matches(search));
      expect(await searchTotal(search, ['Pending', 'Approved']), `${search} (Pending, Approved)`).toBe(await matches(search, ['Pending', 'Approved']));
    }
    // References not as this system makes them (made in SQL): one with odd characters and spaces, found by a search
    // holding them or straddling it and the names; one of letters and '-' ending in a letter, straddled the same way.
    const first = name.slice(0, 3);
    await api.database.db.execute(sql`update orders set reference_id = 'Legacy #7 Q' where reference_id = ${order!.reference_id}`);
    for (const search of ['#', '#7', 'y #', 'cy #7 q', `y #7 q ${first}`, `q ${first}`]) expect(await searchTotal(search), search).toBe(await matches(search));
    await api.database.db.execute(sql`update orders set reference_id = 'OLD-MN-X' where reference_id = 'Legacy #7 Q'`);
    for (const search of [`x ${first}`, `-x ${first}`, 'mn-x']) expect(await searchTotal(search), search).toBe(await matches(search));
    await api.database.db.execute(sql`update orders set reference_id = ${order!.reference_id} where reference_id = 'OLD-MN-X'`);
    // A reference as this system makes them, found by a search whose non-ASCII character the database lower-cases
    // into one of its letters (the Kelvin sign into 'k').
    await api.database.db.execute(sql`update orders set reference_id = 'ORD-IK-000999' where reference_id = ${order!.reference_id}`);
    for (const search of ['\u212A-0', '\u212A']) expect(await searchTotal(search), search).toBe(await matches(search));
    await api.database.db.execute(sql`update orders set reference_id = ${order!.reference_id} where reference_id = 'ORD-IK-000999'`);
    // Nothing tells the server: a change made in SQL counts from the next request.
    await api.database.db.execute(sql`update orders set customer_name = 'Zzzq Dispensary', status = 'Pending' where reference_id = ${order!.reference_id}`);
    expect(await searchTotal('zzzq')).toBe(1);
    expect(await searchTotal('zzzq', ['Approved'])).toBe(0);
    expect(await searchTotal(name.slice(0, 3))).toBe(await matches(name.slice(0, 3)));
  });

  it('a register search’s total and page are those of the picklists whose text holds it, with a status or none', async () => {
    const register = async (search: string, status?: string) => {
      const response = await api.call('mnFulfilment', { method: 'POST', url: '/api/picklist/register', market: 'MN', body: { search, ...(status ? { status } : {}), pagination: { page: 1, pageSize: 25 } } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { total: response.body.pagination.totalRecords as number, ids: (response.body.data as { picklist_id: number }[]).map((row) => row.picklist_id) };
    };
    // Newest first, as the register lists them, read directly.
    const matching = async (untrimmed: string, status?: string) => {
      const search = untrimmed.trim();
      const found = await rows<{ id: number }>(
        sql`select id from picklists where market_id = 1 and strpos(search_text, lower(${search})) > 0 ${status ? sql`and status = ${status}` : sql``}
            order by created_at desc nulls last, id desc`,
      );
      return { total: found.length, ids: found.slice(0, 25).map((row) => row.id) };
    };
    const [picklist] = await rows<{ reference_id: string; order_reference: string; customer_name: string; location_name: string }>(
      sql`select reference_id, order_reference, customer_name, location_name from picklists where market_id = 1 order by id desc limit 1`,
    );
    const { customer_name: customer, location_name: location } = picklist!;
    const searches = [
      customer.slice(0, 4),
      customer.slice(1, 3), // too short for a trigram: the sort's index is walked
      location.slice(2, 6).toUpperCase(),
      `${customer.slice(-3)} `,
      picklist!.reference_id.slice(-4), // digits of references
      picklist!.order_reference.slice(0, 5),
      'er',
      '%_',
      'zzzq',
    ];
    for (const search of searches) {
      expect(await register(search), search).toEqual(await matching(search));
      expect(await register(search, 'Pending'), `${search} (Pending)`).toEqual(await matching(search, 'Pending'));
    }
    // An odd reference made in SQL is found by its odd characters.
    await api.database.db.execute(sql`update picklists set reference_id = 'Old PL #4' where reference_id = ${picklist!.reference_id}`);
    for (const search of ['#', 'l #4', 'd PL']) expect(await register(search), search).toEqual(await matching(search));
    await api.database.db.execute(sql`update picklists set reference_id = ${picklist!.reference_id} where reference_id = 'Old PL #4'`);
  });

  it('a shallow page of a search whose total is kept a moment lists the matches as they are now, not as the kept total had them', async () => {
    // Two digits: too short for a trigram and made of what references are made of, so the total is kept a minute here.
    const search = '12';
    const pageOf = async (page: number, pageSize: number) => {
      const response = await api.call('mnAdmin', { method: 'POST', url: '/api/order/history', market: 'MN', body: { search, pagination: { page, pageSize } } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as { order_id: number }[]).map((row) => row.order_id);
    };
    const newestFirst = async () =>
      (await rows<{ id: number }>(sql`select id from orders where market_id = 1 and ${ORDER_SEARCH_TEXT} like '%12%' order by created_at desc, id desc`)).map((row) => row.id);
    const before = await newestFirst();
    const pageSize = Math.max(1, Math.floor(before.length / 4));
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(await pageOf(1, pageSize)).toEqual(before.slice(0, pageSize)); // the total is counted and kept
    // More matches, made in SQL (nothing tells the server): the kept total is now short of them.
    await api.database.db.execute(sql`update orders set mso_owner_name = 'MSO 12' where id in (select id from orders where market_id = 1 and ${ORDER_SEARCH_TEXT} not like '%12%' order by id limit 5)`);
    const after = await newestFirst();
    expect(after.length).toBe(before.length + 5);
    expect(await pageOf(3, pageSize)).toEqual(after.slice(2 * pageSize, 3 * pageSize));
  });

  it('a status filter that lets nothing through totals none', async () => {
    const response = await api.call('mnAdmin', {
      method: 'POST',
      url: '/api/order/history',
      market: 'MN',
      body: { columnFilter: [{ column: 'metadata_label', type: 'select', value: ['Pending'] }, { column: 'metadata_label', type: 'select', value: ['Approved'] }], pagination: { page: 1, pageSize: 10 } },
    });
    expect(response.body.pagination.totalRecords).toBe(0);
  });

  it('the picklist register answers its market’s totals, and a change made in SQL at once', async () => {
    expect(await registerTotal()).toBe(await mnCount('picklists'));
    expect(await registerTotal('Pending')).toBe(await mnCount('picklists', 'Pending'));
    const [picklist] = await rows<{ id: number }>(sql`select id from picklists where market_id = 1 and status = 'Pending' order by id limit 1`);
    await api.database.db.execute(sql`update picklists set status = 'In Progress' where id = ${picklist!.id}`);
    expect(await registerTotal('Pending')).toBe(await mnCount('picklists', 'Pending'));
    expect(await registerTotal()).toBe(await mnCount('picklists'));
  });
});
