// `npm run bench:lists` (issue 16 item 7): every request of the order list, the picklist register, the inventory an
// order can take and the menu listing on the large data set, through the API and bare, in the same run at the same
// concurrency, with their ratio.
//
// Inputs that cannot flatter: a search or filter draws its value per request (a piece of a real customer's
// name at a random place, a random status, a random 30-day window), so that the count a search needs is
// rarely one that a cache kept from the request before. Page 1, the middle page and the last page, and each
// sortable column both ways, are each one row.
//
// API: autocannon at BENCH_CONNECTIONS (32) against the production server (pool of 20), as the MN Market
// Admin. Bare: the same list read in this process by the code under the route (the order list's and the order
// inventory's queries with their count cache, the register's repository call, the menus service's listing with its
// kept totals), without HTTP, the caller check, validation and
// the answer's encoding, on a pool of 20, by as many concurrent callers for as long, with inputs drawn the
// same way. The ratio is the API's p95 over the bare p95.
//
// Targets (PostgreSQL, 32 connections): every list request p95 under 50 ms; the last page within 2× page 1;
// the API within 1.5× its bare cost.
//
// Options (environment): BENCH_DURATION_S (5: seconds per row and side), BENCH_CONNECTIONS (32),
// BENCH_POSTGRES_URL, BENCH_DATABASE_URL (a database already holding the large set, kept; else one is loaded
// and dropped), BENCH_ONLY (a pattern of row names; nothing is recorded), BENCH_TRIAL=1 (print, do not record).
import os from 'node:os';
import { addDays, format } from 'date-fns';
import { MENU_FILTER_COLUMNS, MENU_SORT_COLUMNS } from '../src/shared/api/menus';
import { ORDER_HISTORY_SORT_COLUMNS, ORDER_INVENTORY_SORT_COLUMNS } from '../src/shared/api/orders';
import { PICKLIST_REGISTER_FILTER_COLUMNS, PICKLIST_REGISTER_SORT_COLUMNS } from '../src/shared/api/picklist-protocol';
import { listQuerySchema, type ParsedListQuery } from '../src/shared/api/common';
import { ORDER_STATUSES, PICKLIST_STATUSES, type MenuType } from '../src/shared/enums';
import { MARKET_TIME_ZONES } from '../src/shared/market-time';
import type { MarketScope } from '../src/server/auth/access-control';
import { openDatabase, queryRows, type Db } from '../src/server/db/client';
import { checkListQuery } from '../src/server/lib/list-query';
import { createCountCache } from '../src/server/modules/orders/count-cache';
import { createOrderQueries } from '../src/server/modules/orders/order-queries';
import { createMenusService } from '../src/server/modules/menus/menus.service';
import { listPicklists } from '../src/server/modules/picklists/picklists.repository';
import { sql } from 'drizzle-orm';
import { benchHeaders, CONNECTIONS, measure, withLargeDataSet, type BenchServer, type Result } from './load-test';
import { recordBenchmark } from './record';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const PAGE_SIZE = 100;
const TARGET_P95_MS = 50;

type Body = Record<string, unknown>;
type Row = { list: string; name: string; path: string; body: () => Body; bare: (body: Body) => Promise<unknown> };
type Measured = { row: Row; api: Result; bare: { p50: number; p95: number; calls: number }; load: number };

const random = (below: number) => Math.floor(Math.random() * below);
const pick = <T>(values: readonly T[]): T => values[random(values.length)]!;

/** A piece of a name as a user types it: 3 to 5 letters from a random place in a random word of it. */
function pieceOf(names: readonly string[]): string {
  const words = pick(names)
    .split(/\s+/)
    .filter((word) => word.length >= 3);
  const word = words.length > 0 ? pick(words) : 'the';
  const length = Math.min(word.length, 3 + random(3));
  const start = random(word.length - length + 1);
  return word.slice(start, start + length);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** CONNECTIONS callers, each calling in turn with a new body, for DURATION_S: the bare cost's p50 and p95. */
async function measureBare(row: Row): Promise<{ p50: number; p95: number; calls: number }> {
  const times: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        // Parsed as the route parses it (defaults, a lone sort item as a list), outside the timing.
        const body = listQuerySchema.parse(row.body());
        const started = performance.now();
        await row.bare(body);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), calls: times.length };
}

const MN = (db: Db): Promise<MarketScope> =>
  queryRows<{ id: number; name: string }>(db, sql`select id, name from markets where code = 'MN'`).then(([market]) => ({
    id: market!.id,
    code: 'MN',
    name: market!.name,
    seedToSaleSystem: 'metrc',
    role: 'Market Admin',
    permissions: {},
  }) as unknown as MarketScope);

type Sizes = { orders: number; picklists: number; inventory: number; menu: number };

async function listRows(db: Db, market: MarketScope, sizes: Sizes): Promise<Row[]> {
  const orders = createOrderQueries({ db, counts: createCountCache(2_000) });
  // The listing only: no export is asked for, so the export's job queue and files are never reached.
  const menus = createMenusService({ db, jobs: {} as never, storage: {} as never, countCacheMs: 2_000 });
  const names = (
    await queryRows<{ name: string }>(db, sql`select name from customers where market_id = ${market.id} order by id`)
  ).map((row) => row.name);
  const productNames = (await queryRows<{ name: string }>(db, sql`select name from products where market_id = ${market.id} order by id`)).map((row) => row.name);
  const locations = (await queryRows<{ name: string }>(db, sql`select display_name as name from inventory_locations where market_id = ${market.id}`)).map((row) => row.name);
  const today = new Date();
  const window30 = () => {
    const from = addDays(today, -random(700) - 30);
    return { from: format(from, 'yyyy-MM-dd'), to: format(addDays(from, 30), 'yyyy-MM-dd') };
  };

  const page = (at: number) => ({ pagination: { page: at, pageSize: PAGE_SIZE } });
  const orderPages = Math.ceil(sizes.orders / PAGE_SIZE);
  const picklistPages = Math.ceil(sizes.picklists / PAGE_SIZE);
  const history = (name: string, body: () => Body): Row => ({
    list: 'order list',
    name,
    path: '/api/order/history',
    body: () => ({ ...page(1), ...body() }),
    bare: (query) => orders.list(market, query as ParsedListQuery),
  });
  const register = (name: string, body: () => Body): Row => ({
    list: 'picklist register',
    name,
    path: '/api/picklist/register',
    body: () => ({ ...page(1), ...body() }),
    bare: (query) =>
      listPicklists(
        db,
        market.id,
        checkListQuery(query as ParsedListQuery, {
          sortable: PICKLIST_REGISTER_SORT_COLUMNS,
          filterable: PICKLIST_REGISTER_FILTER_COLUMNS,
          dateColumns: ['requested_delivery_date', 'updated_ts', 'created_ts'],
        }),
        MARKET_TIME_ZONES.MN,
      ),
  });
  const inventory = (name: string, body: () => Body): Row => ({
    list: 'order inventory',
    name,
    path: '/api/order/inventory',
    body: () => ({ ...page(1), ...body() }),
    bare: (query) => orders.inventory(market, query as ParsedListQuery),
  });
  const menuCtx = { market, caller: { id: 'bench' }, requestId: 'bench' } as unknown as Parameters<typeof menus.list>[0];
  const menu = (menuType: MenuType, name: string, body: () => Body): Row => ({
    list: `${menuType} menu`,
    name,
    path: '/api/menu/listing',
    body: () => ({ ...page(1), menuType, ...body() }),
    bare: (query) =>
      menus.list(menuCtx, menuType, checkListQuery(query as ParsedListQuery, { sortable: MENU_SORT_COLUMNS, filterable: MENU_FILTER_COLUMNS, dateColumns: ['expired_date'] })),
  });
  const inventoryPages = Math.ceil(sizes.inventory / PAGE_SIZE);
  const menuPages = Math.ceil(sizes.menu / PAGE_SIZE);
  const both = <T extends string>(columns: readonly T[], make: (column: T, order: 'asc' | 'desc') => Row) => columns.flatMap((column) => [make(column, 'asc'), make(column, 'desc')]);

  return [
    history('page 1 (newest first)', () => ({})),
    history(`middle page (${Math.ceil(orderPages / 2)} of ${orderPages})`, () => page(Math.ceil(orderPages / 2))),
    history(`last page (${orderPages} of ${orderPages})`, () => page(orderPages)),
    ...both(ORDER_HISTORY_SORT_COLUMNS, (column, order) => history(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    history('search: a piece of a customer name, drawn per request', () => ({ search: pieceOf(names) })),
    history('filter customer_name contains a drawn piece', () => ({ columnFilter: [{ column: 'customer_name', type: 'text', value: pieceOf(names) }] })),
    history('filter metadata_label: a drawn status', () => ({ columnFilter: [{ column: 'metadata_label', type: 'select', value: [pick(ORDER_STATUSES)] }] })),
    history('filter created_ts: a drawn 30-day window', () => ({ columnFilter: [{ column: 'created_ts', type: 'dateRange', value: window30() }] })),

    register('page 1 (newest first)', () => ({})),
    register(`middle page (${Math.ceil(picklistPages / 2)} of ${picklistPages})`, () => page(Math.ceil(picklistPages / 2))),
    register(`last page (${picklistPages} of ${picklistPages})`, () => page(picklistPages)),
    ...both(PICKLIST_REGISTER_SORT_COLUMNS, (column, order) => register(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    register('search: a piece of a dispensary name, drawn per request', () => ({ search: pieceOf(names) })),
    register('search: a piece of a warehouse name, drawn per request', () => ({ search: pieceOf(locations) })),
    register('status: a drawn status', () => ({ status: pick(PICKLIST_STATUSES) })),
    register('filter created_ts: a drawn 30-day window', () => ({ columnFilter: [{ column: 'created_ts', type: 'dateRange', value: window30() }] })),

    inventory('page 1 (product name)', () => ({})),
    inventory(`middle page (${Math.ceil(inventoryPages / 2)} of ${inventoryPages})`, () => page(Math.ceil(inventoryPages / 2))),
    inventory(`last page (${inventoryPages} of ${inventoryPages})`, () => page(inventoryPages)),
    ...both(ORDER_INVENTORY_SORT_COLUMNS, (column, order) => inventory(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    inventory('search: a piece of a product name, drawn per request', () => ({ search: pieceOf(productNames) })),

    menu('internal', 'page 1 (menu settings order)', () => ({})),
    menu('external', 'page 1 (menu settings order)', () => ({})),
    menu('internal', `middle page (${Math.ceil(menuPages / 2)} of ${menuPages})`, () => page(Math.ceil(menuPages / 2))),
    menu('internal', `last page (${menuPages} of ${menuPages})`, () => page(menuPages)),
    ...both(MENU_SORT_COLUMNS, (column, order) => menu('internal', `sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    menu('internal', 'search: a piece of a product name, drawn per request', () => ({ search: pieceOf(productNames) })),
  ];
}

/**
 * Waits until PostgreSQL runs no statement but this one (at most 60 s), then a second more: a slow row's statements
 * (the client gone, or the bare side's last calls) must not run on into the next row's measurement.
 */
async function settle(db: Db): Promise<void> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const [busy] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`);
    if (busy!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

async function run(server: BenchServer, db: Db, market: MarketScope, sizes: Sizes): Promise<Measured[]> {
  const rows = (await listRows(db, market, sizes)).filter((row) => !ONLY || ONLY.test(`${row.list} ${row.name}`));
  const measured: Measured[] = [];
  for (const row of rows) {
    await settle(db);
    const api = await measure(server, { name: `${row.list}: ${row.name}`, method: 'POST', path: row.path, nextBody: row.body, durationS: DURATION_S });
    await settle(db);
    const bare = await measureBare(row);
    const load = os.loadavg()[0]!;
    console.log(`  bare p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms (${bare.calls} calls); ratio (p95) ${(api.p95 / bare.p95).toFixed(2)}; load average ${load.toFixed(1)}`);
    measured.push({ row, api, bare, load });
  }
  return measured;
}

let sizes: Sizes = { orders: 0, picklists: 0, inventory: 0, menu: 0 };
const measured = await withLargeDataSet('postgres', async (server) => {
  const database = await openDatabase({ kind: 'postgres', url: server.databaseUrl!, poolSize: 20 });
  try {
    const market = await MN(database.db);
    const [counted] = await queryRows<{ orders: number; picklists: number }>(
      database.db,
      sql`select (select count(*) from orders where market_id = ${market.id})::int as orders, (select count(*) from picklists where market_id = ${market.id})::int as picklists`,
    );
    // The lists' totals as their endpoints answer them (what a page number is counted against).
    const total = async (path: string, body: Body) => {
      const answer = await fetch(`${server.base}${path}`, { method: 'POST', headers: benchHeaders(server, true), body: JSON.stringify({ pagination: { page: 1, pageSize: 1 }, ...body }) });
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { pagination: { totalRecords: number } }).pagination.totalRecords;
    };
    sizes = { ...counted!, inventory: await total('/api/order/inventory', {}), menu: await total('/api/menu/listing', { menuType: 'internal' }) };
    return await run(server, database.db, market, sizes);
  } finally {
    await database.close();
  }
});

if (ONLY) process.exit(0);

function verdict(entry: Measured, pageOne: Measured | undefined): { lastRatio: string; meets: boolean } {
  const ratio = entry.api.p95 / entry.bare.p95;
  const isLast = entry.row.name.startsWith('last page');
  const lastRatio = isLast && pageOne ? entry.api.p95 / pageOne.api.p95 : undefined;
  const meets = entry.api.p95 < TARGET_P95_MS && ratio <= 1.5 && (lastRatio === undefined || lastRatio <= 2) && entry.api.errors === 0 && entry.api.non2xx === 0;
  return { lastRatio: lastRatio === undefined ? '' : lastRatio.toFixed(2), meets };
}

const lines = [
  '| list | request | API requests | API p50 ms | API p95 ms | bare calls | bare p50 ms | bare p95 ms | API / bare (p95) | last / page 1 (p95) | errors | non-2xx | load average | meets target |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];
let missing = 0;
for (const entry of measured) {
  const pageOne = measured.find((other) => other.row.list === entry.row.list && other.row.name.startsWith('page 1'));
  const { lastRatio, meets } = verdict(entry, pageOne);
  if (!meets) missing += 1;
  // A row whose requests never answered within the run has no percentiles: said so, not NaN.
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'none answered');
  const ratio = entry.api.p95 / entry.bare.p95;
  lines.push(
    `| ${entry.row.list} | ${entry.row.name} | ${entry.api.requests} | ${ms(entry.api.p50)} | ${ms(entry.api.p95)} | ${entry.bare.calls} | ${ms(entry.bare.p50)} | ${ms(entry.bare.p95)} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'} | ${lastRatio} | ${entry.api.errors} | ${entry.api.non2xx} | ${entry.load.toFixed(1)} | ${meets ? 'yes' : '**no**'} |`,
  );
}

await recordBenchmark(
  'lists',
  `Every request of the order list, the picklist register, the inventory an order can take and the menu listing on the large data set (MN: ${sizes.orders.toLocaleString('en-US')} orders, ${sizes.picklists.toLocaleString('en-US')} picklists, ${sizes.inventory.toLocaleString('en-US')} batches an order can take, ${sizes.menu.toLocaleString('en-US')} on the menu), PostgreSQL, as the MN Market Admin, a page of ${PAGE_SIZE}. API: autocannon at ${CONNECTIONS} connections for ${DURATION_S} s against the production server (pool of 20). Bare: the code under the route called in the bench's process (the order list's and the order inventory's queries with their 2 s count cache; the register's repository call; the menus service's listing, its totals kept 2 s), by ${CONNECTIONS} concurrent callers for ${DURATION_S} s on a pool of 20, so the ratio is what HTTP, the caller check, validation and encoding add at the same concurrency. Searches and filters draw their value per request (a 3-5 letter piece of a real name at a random place, a random status, a random 30-day window), so a kept count rarely answers twice. Before each side of each row the bench waits until PostgreSQL runs no other statement. Load average (1 min) after each row is in the table. Targets: p95 under ${TARGET_P95_MS} ms, last page within 2× page 1, API within 1.5× bare. ${missing === 0 ? 'Every row meets its targets.' : `${missing} of ${measured.length} rows miss at least one.`}`,
  lines.join('\n'),
);
