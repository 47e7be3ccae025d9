// `npm run bench:lists` (issue 16 item 7): every request of every list, through the API and bare, in the same run
// at the same concurrency, with their ratio, in two passes:
//
// - PostgreSQL, the large data set: the order list, the picklist register, the inventory an order can take, the
//   menu listing, the inventory import history, the detail tabs of the committed import with the most rows, the
//   inventory issues (Item Issues and Lab Data Warnings), the standard case sizes and, when the database holds a
//   reconciliation of MN that is REPORT-GENERATED or COMPLETED, its details (the large seed holds none:
//   `npm run bench:reconciliation` makes one; without one its rows are skipped, and the output and the recorded
//   notes say so).
// - PGlite, the demo data: the same lists against the production server started on a new DATA_DIR, which loads the
//   demo data on its first start (main.ts). Middle and last pages are counted against that database's own totals.
//   The server holds the data folder's lock, so every API row is measured first; the server is then stopped and the
//   same folder opened in this process (openDatabase kind 'pglite') for the bare rows.
//
// Inputs that cannot flatter: a search or filter draws its value per request (a piece of a real customer's, product's,
// import's, batch's name at a random place, a random status, a random 30-day window), so that the count a search
// needs is rarely one that a cache kept from the request before. Page 1, the middle page and the last page, and each
// sortable column both ways, are each one row (a middle or last page only where the list has one).
//
// API: autocannon at BENCH_CONNECTIONS (32) against the production server (PostgreSQL: pool of 20), as the MN Market
// Admin. Bare: the same list read in this process by the code under the route (the order list's and the order
// inventory's queries with their count cache, the register's repository call, the menus, import, issues, case sizes
// and reconciliation services' listings), with the body parsed and checked as the route parses and checks it
// (outside the timing) and the caller and market the route's access check builds for the MN Market Admin (read
// with findCaller), without HTTP, the caller check and the answer's encoding, by as many concurrent callers for as
// long (PostgreSQL: on a pool of 20; PGlite: its one connection), with inputs drawn the same way. The ratio is the
// API's p95 over the bare p95.
//
// Targets: PostgreSQL (32 connections): every list request p95 under 50 ms; the middle and last pages within 2× page 1
// (issue 16 item 2: deep pages cost no more than twice page 1); the API
// within 1.5× its bare cost. PGlite (demo data): every list request p95 under 100 ms (API). Both: no errors, no
// non-2xx answers.
//
// Options (environment): BENCH_DURATION_S (5: seconds per row and side), BENCH_CONNECTIONS (32),
// BENCH_DATABASES ('postgres,pglite': the passes to run; one pass alone is printed, not recorded, since the
// recorded section holds both), BENCH_POSTGRES_URL, BENCH_DATABASE_URL (a PostgreSQL database already holding the
// large set, kept; else one is loaded and dropped), BENCH_ONLY (a pattern of "list name"; nothing is recorded),
// BENCH_TRIAL=1 (print, do not record).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, format } from 'date-fns';
import { sql } from 'drizzle-orm';
import { CASE_SIZE_FILTER_COLUMNS, CASE_SIZE_SORT_COLUMNS, listCaseSizesEndpoint } from '../src/shared/api/case-sizes';
import { listQuerySchema, type ParsedListQuery } from '../src/shared/api/common';
import { IMPORT_DETAIL_SORT_COLUMNS, IMPORT_HISTORY_SORT_COLUMNS, importDetailsEndpoint, importHistoryEndpoint } from '../src/shared/api/inventory-import';
import { ISSUE_FILTER_COLUMNS, ISSUE_SORT_COLUMNS, listInventoryIssuesEndpoint } from '../src/shared/api/inventory-issues';
import { MENU_FILTER_COLUMNS, MENU_SORT_COLUMNS } from '../src/shared/api/menus';
import { ORDER_HISTORY_SORT_COLUMNS, ORDER_INVENTORY_SORT_COLUMNS } from '../src/shared/api/orders';
import { PICKLIST_REGISTER_FILTER_COLUMNS, PICKLIST_REGISTER_SORT_COLUMNS } from '../src/shared/api/picklist-protocol';
import { RECON_DETAIL_SORT_COLUMNS, RECONCILIATION_TAB_LABELS, RECONCILIATION_TABS, reconciliationDetailsEndpoint, type ReconciliationTab } from '../src/shared/api/reconciliation';
import { IMPORT_TAB_LABELS, IMPORT_TABS, ISSUE_TABS, ORDER_STATUSES, PICKLIST_STATUSES, type ImportTab, type IssueTab, type MenuType } from '../src/shared/enums';
import { MARKET_TIME_ZONES } from '../src/shared/market-time';
import type { MarketScope } from '../src/server/auth/access-control';
import { openDatabase, queryRows, type Db } from '../src/server/db/client';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { checkListQuery } from '../src/server/lib/list-query';
import type { RequestContext } from '../src/server/lib/request-context';
import { createCaseSizesService } from '../src/server/modules/catalogue/case-sizes.service';
import { createImportService } from '../src/server/modules/inventory-import/import.service';
import { createIssuesService } from '../src/server/modules/inventory-issues/issues.service';
import { createMenusService } from '../src/server/modules/menus/menus.service';
import { createCountCache } from '../src/server/modules/orders/count-cache';
import { createOrderQueries } from '../src/server/modules/orders/order-queries';
import { listPicklists } from '../src/server/modules/picklists/picklists.repository';
import { createReconciliationService } from '../src/server/modules/reconciliation/reconciliation.service';
import { benchCallerContext } from './bench-caller';
import { benchHeaders, CONNECTIONS, measure, withLargeDataSet, type BenchServer, type Result } from './load-test';
import { recordBenchmark } from './record';
import { demoLogin, startServer } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of DATABASES) if (name !== 'postgres' && name !== 'pglite') throw new Error(`BENCH_DATABASES: '${name}' is neither postgres nor pglite`);
const PAGE_SIZE = 100;
const TARGET_P95_MS = { postgres: 50, pglite: 100 } as const;
/** The count caches' lifetime, as the server keeps its totals (STATS_CACHE_MS, 2 s by default). */
const COUNT_CACHE_MS = 2_000;

type DatabaseKind = keyof typeof TARGET_P95_MS;
type Body = Record<string, unknown>;
type Ctx = RequestContext;
/** The services under the routes, on the bench's own connection(s) to the database the server uses. */
type Bare = ReturnType<typeof bareServices>;
type Row = {
  list: string;
  name: string;
  path: string;
  body: () => Body;
  /** The route's body schema, when it is not the plain list query (tabs, a reconciliation id). */
  schema?: { parse(body: unknown): unknown };
  bare: (on: Bare, body: Body) => Promise<unknown>;
};
type BareResult = { p50: number; p95: number; calls: number };
type Measured = { row: Row; api: Result; bare: BareResult | null; load: string };
type Pass = { database: DatabaseKind; measured: Measured[]; notes: string };

const random = (below: number) => Math.floor(Math.random() * below);
const pick = <T>(values: readonly T[]): T => values[random(values.length)]!;
const count = (value: number) => value.toLocaleString('en-US');
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
async function measureBare(row: Row, on: Bare): Promise<BareResult> {
  const times: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  const schema = row.schema ?? listQuerySchema;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        // Parsed as the route parses it (defaults, a lone sort item as a list), outside the timing.
        const body = schema.parse(row.body()) as Body;
        const started = performance.now();
        await row.bare(on, body);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), calls: times.length };
}

function bareServices(db: Db, ctx: Ctx) {
  // The listings only: no export, import, refresh or save is asked for, so job queues, files and change notices are never reached.
  const never = {} as never;
  return {
    db,
    ctx,
    orders: createOrderQueries({ db, counts: createCountCache(COUNT_CACHE_MS) }),
    menus: createMenusService({ db, jobs: never, storage: never, countCacheMs: COUNT_CACHE_MS }),
    imports: createImportService({ db, jobs: never, stats: never }),
    issues: createIssuesService({ db, jobs: never, stats: never }),
    caseSizes: createCaseSizesService({ db, imports: never, countCacheMs: COUNT_CACHE_MS, changes: { onChange: () => {}, announce: () => {} } as never }),
    reconciliation: createReconciliationService({ db, jobs: never }),
  };
}

/** What the lists' inputs are drawn from, read from the database before any row runs. */
type Inputs = {
  orders: number;
  picklists: number;
  customerNames: string[];
  productNames: string[];
  locations: string[];
  /** Import history: reference ids and who started them (what its search matches). */
  importSearch: string[];
  imports: number;
  /** The committed import with the most detail rows, with the values its search matches per tab. */
  detailImport: { referenceId: string; rows: number; values: Record<ImportTab, string[]> } | null;
  /** Open issues' batch numbers and product names per tab. */
  issueValues: Record<IssueTab, string[]>;
  /** Names of the market's active products: ERP names, S2S names and aliases (what the case sizes search matches). */
  caseSizeNames: string[];
  /** The latest REPORT-GENERATED or COMPLETED reconciliation of MN, with its batch numbers and S2S names per tab; or why there is none. */
  recon: { referenceId: string; status: string; values: Record<ReconciliationTab, string[]> } | { skipped: string };
};

async function names(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await queryRows<{ name: string | null }>(db, query)).flatMap((row) => (row.name ? [row.name] : []));
}

async function readInputs(db: Db, market: MarketScope): Promise<Inputs> {
  const [counted] = await queryRows<{ orders: number; picklists: number; imports: number }>(
    db,
    sql`select (select count(*) from orders where market_id = ${market.id})::int as orders, (select count(*) from picklists where market_id = ${market.id})::int as picklists,
               (select count(*) from imports where market_id = ${market.id})::int as imports`,
  );
  const [detail] = await queryRows<{ id: number; referenceId: string; rows: number }>(
    db,
    sql`select i.id, i.reference_id as "referenceId", count(r.id)::int as rows from imports i join import_rows r on r.import_id = i.id
        where i.market_id = ${market.id} and i.status = 'COMMITTED' group by i.id order by rows desc, i.id desc limit 1`,
  );
  const byTab = <T extends string>(tabs: readonly T[], rows: { tab: string; values: (string | null)[] }[]) =>
    Object.fromEntries(tabs.map((tab) => [tab, rows.filter((row) => row.tab === tab).flatMap((row) => row.values.filter((value): value is string => Boolean(value)))])) as Record<T, string[]>;
  const detailRows = detail
    ? await queryRows<{ tab: string; batch: string; product: string | null; s2s: string | null; location: string | null }>(
        db,
        sql`select tab, batch_number as batch, product_name as product, s2s_product_name as s2s, location_name as location from import_rows where import_id = ${detail.id}`,
      )
    : [];
  const issueRows = await queryRows<{ tab: string; batch: string; product: string }>(
    db,
    sql`select tab, batch_number as batch, product_name as product from inventory_issues where market_id = ${market.id} and not is_resolved`,
  );
  const [run] = await queryRows<{ id: number; referenceId: string; status: string }>(
    db,
    sql`select id, reference_id as "referenceId", status from reconciliation_runs where market_id = ${market.id} and status in ('REPORT-GENERATED', 'COMPLETED') order by created_at desc, id desc limit 1`,
  );
  const [anyRun] = await queryRows<{ runs: number; statuses: string | null }>(
    db,
    sql`select count(*)::int as runs, string_agg(distinct status, ', ') as statuses from reconciliation_runs where market_id = ${market.id}`,
  );
  const reconRows = run
    ? await queryRows<{ tab: string; batch: string; s2s: string | null }>(db, sql`select tab, batch_number as batch, s2s_product_name as s2s from reconciliation_rows where run_id = ${run.id}`)
    : [];
  return {
    orders: counted!.orders,
    picklists: counted!.picklists,
    imports: counted!.imports,
    customerNames: await names(db, sql`select name from customers where market_id = ${market.id} order by id`),
    productNames: await names(db, sql`select name from products where market_id = ${market.id} order by id`),
    locations: await names(db, sql`select display_name as name from inventory_locations where market_id = ${market.id}`),
    importSearch: [
      ...new Set(
        await names(db, sql`select i.reference_id as name from imports i where i.market_id = ${market.id} union all select u.name from imports i join users u on u.id = i.created_by where i.market_id = ${market.id}`),
      ),
    ],
    detailImport: detail
      ? { referenceId: detail.referenceId, rows: detail.rows, values: byTab(IMPORT_TABS, detailRows.map((row) => ({ tab: row.tab, values: [row.batch, row.product, row.s2s, row.location] }))) }
      : null,
    issueValues: byTab(ISSUE_TABS, issueRows.map((row) => ({ tab: row.tab, values: [row.batch, row.product] }))),
    caseSizeNames: await names(
      db,
      sql`select p.name from products p where p.market_id = ${market.id} and p.is_active
          union all select n.name from product_names n join products p on p.id = n.product_id where p.market_id = ${market.id} and p.is_active and n.name_type in ('s2s', 'alias')`,
    ),
    recon: run
      ? { referenceId: run.referenceId, status: run.status, values: byTab(RECONCILIATION_TABS, reconRows.map((row) => ({ tab: row.tab, values: [row.batch, row.s2s] }))) }
      : {
          skipped:
            anyRun!.runs === 0
              ? 'the database holds no reconciliation of MN (the large seed and the demo data have none; `npm run bench:reconciliation` makes one)'
              : `the database holds no reconciliation of MN that is REPORT-GENERATED or COMPLETED (its ${anyRun!.runs} are ${anyRun!.statuses})`,
        },
  };
}

/** Each list's total as its endpoint answers it (what a page number is counted against). */
type Sizes = {
  orders: number;
  picklists: number;
  inventory: number;
  menu: number;
  history: number;
  caseSizes: number;
  details: Record<ImportTab, number>;
  issues: Record<IssueTab, number>;
  recon: Record<ReconciliationTab, number>;
};

async function listSizes(server: BenchServer, inputs: Inputs): Promise<Sizes> {
  const total = async (path: string, body: Body) => {
    const answer = await fetch(`${server.base}${path}`, { method: 'POST', headers: benchHeaders(server, true), body: JSON.stringify({ pagination: { page: 1, pageSize: 1 }, ...body }) });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    return ((await answer.json()) as { pagination: { totalRecords: number } }).pagination.totalRecords;
  };
  const perTab = async <T extends string>(tabs: readonly T[], of: (tab: T) => Promise<number>) => Object.fromEntries(await Promise.all(tabs.map(async (tab) => [tab, await of(tab)]))) as Record<T, number>;
  const { detailImport, recon } = inputs;
  return {
    orders: inputs.orders,
    picklists: inputs.picklists,
    inventory: await total('/api/order/inventory', {}),
    menu: await total('/api/menu/listing', { menuType: 'internal' }),
    history: await total('/api/inventory/import/history', {}),
    caseSizes: await total('/api/products/case-sizes', {}),
    details: await perTab(IMPORT_TABS, async (tab) => (detailImport ? total(`/api/inventory/import/${detailImport.referenceId}/details`, { tab }) : 0)),
    issues: await perTab(ISSUE_TABS, (tab) => total('/api/inventory/issues', { tab })),
    recon: await perTab(RECONCILIATION_TABS, async (tab) => ('referenceId' in recon ? total('/api/inventory/reconciliation/details', { reconId: recon.referenceId, tab }) : 0)),
  };
}

function listRows(inputs: Inputs, sizes: Sizes): Row[] {
  const today = new Date();
  const window30 = () => {
    const from = addDays(today, -random(700) - 30);
    return { from: format(from, 'yyyy-MM-dd'), to: format(addDays(from, 30), 'yyyy-MM-dd') };
  };
  const page = (at: number) => ({ pagination: { page: at, pageSize: PAGE_SIZE } });
  const pagesOf = (total: number) => Math.ceil(total / PAGE_SIZE);
  /** The middle page (when there are three pages or more) and the last page (when there are two or more), each a row. */
  const deeper = (total: number, make: (name: string, body: () => Body) => Row): Row[] => {
    const pages = pagesOf(total);
    const middle = Math.ceil(pages / 2);
    return [
      ...(pages >= 3 ? [make(`middle page (${middle} of ${pages})`, () => page(middle))] : []),
      ...(pages >= 2 ? [make(`last page (${pages} of ${pages})`, () => page(pages))] : []),
    ];
  };
  /** A search row drawing its value from these names, when there are any. */
  const searching = (values: readonly string[], make: () => Row): Row[] => (values.length > 0 ? [make()] : []);
  const both = <T extends string>(columns: readonly T[], make: (column: T, order: 'asc' | 'desc') => Row) => columns.flatMap((column) => [make(column, 'asc'), make(column, 'desc')]);

  const history = (name: string, body: () => Body): Row => ({
    list: 'order list',
    name,
    path: '/api/order/history',
    body: () => ({ ...page(1), ...body() }),
    bare: (on, query) => on.orders.list(on.ctx.market, query as ParsedListQuery),
  });
  const register = (name: string, body: () => Body): Row => ({
    list: 'picklist register',
    name,
    path: '/api/picklist/register',
    body: () => ({ ...page(1), ...body() }),
    bare: (on, query) =>
      listPicklists(
        on.db,
        on.ctx.market.id,
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
    bare: (on, query) => on.orders.inventory(on.ctx.market, query as ParsedListQuery),
  });
  const menu = (menuType: MenuType, name: string, body: () => Body): Row => ({
    list: `${menuType} menu`,
    name,
    path: '/api/menu/listing',
    body: () => ({ ...page(1), menuType, ...body() }),
    bare: (on, query) =>
      on.menus.list(on.ctx, menuType, checkListQuery(query as ParsedListQuery, { sortable: MENU_SORT_COLUMNS, filterable: MENU_FILTER_COLUMNS, dateColumns: ['expired_date'] })),
  });
  // The import history as its route reads it: the checked query's status, search, sort and page.
  const importHistory = (name: string, body: () => Body): Row => ({
    list: 'import history',
    name,
    path: '/api/inventory/import/history',
    body: () => ({ ...page(1), ...body() }),
    schema: importHistoryEndpoint.body,
    bare: (on, body) => {
      const query = checkListQuery(body as ParsedListQuery, { sortable: IMPORT_HISTORY_SORT_COLUMNS, filterable: [] });
      return on.imports.history(on.ctx, { status: query.status, search: query.search, sort: query.sort, page: query.page, pageSize: query.pageSize });
    },
  });
  const importDetails = (referenceId: string, tab: ImportTab, name: string, body: () => Body): Row => ({
    list: `import details, ${IMPORT_TAB_LABELS[tab]}`,
    name,
    path: `/api/inventory/import/${referenceId}/details`,
    body: () => ({ ...page(1), tab, ...body() }),
    schema: importDetailsEndpoint.body,
    bare: (on, body) => {
      const parsed = body as ParsedListQuery & { tab: ImportTab };
      const query = checkListQuery(parsed, { sortable: IMPORT_DETAIL_SORT_COLUMNS, filterable: IMPORT_DETAIL_SORT_COLUMNS });
      const filters = query.filters.flatMap((filter) => (filter.type === 'text' ? [{ column: filter.column, value: filter.value }] : []));
      return on.imports.details(on.ctx, referenceId, { tab: parsed.tab, search: query.search, filters, sort: query.sort, page: query.page, pageSize: query.pageSize });
    },
  });
  const issues = (tab: IssueTab, name: string, body: () => Body): Row => ({
    list: `inventory issues, ${IMPORT_TAB_LABELS[tab]}`,
    name,
    path: '/api/inventory/issues',
    body: () => ({ ...page(1), tab, ...body() }),
    schema: listInventoryIssuesEndpoint.body,
    bare: (on, body) => {
      const parsed = body as ParsedListQuery & { tab: IssueTab };
      const query = checkListQuery(parsed, { sortable: ISSUE_SORT_COLUMNS, filterable: ISSUE_FILTER_COLUMNS });
      const filters = query.filters.flatMap((filter) => (filter.type === 'text' ? [{ column: filter.column, value: filter.value }] : []));
      return on.issues.list(on.ctx, { tab: parsed.tab, search: query.search, filters, sort: query.sort, page: query.page, pageSize: query.pageSize });
    },
  });
  const caseSizes = (name: string, body: () => Body): Row => ({
    list: 'case sizes',
    name,
    path: '/api/products/case-sizes',
    body: () => ({ ...page(1), ...body() }),
    schema: listCaseSizesEndpoint.body,
    bare: (on, body) => on.caseSizes.list(on.ctx, checkListQuery(body as ParsedListQuery, { sortable: CASE_SIZE_SORT_COLUMNS, filterable: CASE_SIZE_FILTER_COLUMNS })),
  });
  const reconDetails = (referenceId: string, tab: ReconciliationTab, name: string, body: () => Body): Row => ({
    list: `reconciliation details, ${RECONCILIATION_TAB_LABELS[tab]}`,
    name,
    path: '/api/inventory/reconciliation/details',
    body: () => ({ ...page(1), reconId: referenceId, tab, ...body() }),
    schema: reconciliationDetailsEndpoint.body,
    bare: (on, body) => {
      const parsed = body as ParsedListQuery & { reconId: string; tab: ReconciliationTab };
      const query = checkListQuery(parsed, { sortable: RECON_DETAIL_SORT_COLUMNS, filterable: RECON_DETAIL_SORT_COLUMNS });
      const filters = query.filters.flatMap((filter) => {
        if (filter.type === 'text') return [{ column: filter.column, values: [filter.value] }];
        if (filter.type === 'select') return [{ column: filter.column, values: filter.value }];
        return [];
      });
      return on.reconciliation.details(on.ctx, parsed.reconId, { tab: parsed.tab, search: query.search, filters, sort: query.sort, page: { page: query.page, pageSize: query.pageSize } });
    },
  });

  const { detailImport, recon } = inputs;
  // The tab with the most rows of the import: its search row.
  const searchedTab = detailImport ? IMPORT_TABS.reduce((most, tab) => (sizes.details[tab] > sizes.details[most] ? tab : most)) : null;

  return [
    history('page 1 (newest first)', () => ({})),
    ...deeper(sizes.orders, history),
    ...both(ORDER_HISTORY_SORT_COLUMNS, (column, order) => history(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    ...searching(inputs.customerNames, () => history('search: a piece of a customer name, drawn per request', () => ({ search: pieceOf(inputs.customerNames) }))),
    ...searching(inputs.customerNames, () =>
      history('filter customer_name contains a drawn piece', () => ({ columnFilter: [{ column: 'customer_name', type: 'text', value: pieceOf(inputs.customerNames) }] })),
    ),
    history('filter metadata_label: a drawn status', () => ({ columnFilter: [{ column: 'metadata_label', type: 'select', value: [pick(ORDER_STATUSES)] }] })),
    history('filter created_ts: a drawn 30-day window', () => ({ columnFilter: [{ column: 'created_ts', type: 'dateRange', value: window30() }] })),

    register('page 1 (newest first)', () => ({})),
    ...deeper(sizes.picklists, register),
    ...both(PICKLIST_REGISTER_SORT_COLUMNS, (column, order) => register(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    ...searching(inputs.customerNames, () => register('search: a piece of a dispensary name, drawn per request', () => ({ search: pieceOf(inputs.customerNames) }))),
    ...searching(inputs.locations, () => register('search: a piece of a warehouse name, drawn per request', () => ({ search: pieceOf(inputs.locations) }))),
    register('status: a drawn status', () => ({ status: pick(PICKLIST_STATUSES) })),
    register('filter created_ts: a drawn 30-day window', () => ({ columnFilter: [{ column: 'created_ts', type: 'dateRange', value: window30() }] })),

    inventory('page 1 (product name)', () => ({})),
    ...deeper(sizes.inventory, inventory),
    ...both(ORDER_INVENTORY_SORT_COLUMNS, (column, order) => inventory(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    ...searching(inputs.productNames, () => inventory('search: a piece of a product name, drawn per request', () => ({ search: pieceOf(inputs.productNames) }))),

    menu('internal', 'page 1 (menu settings order)', () => ({})),
    menu('external', 'page 1 (menu settings order)', () => ({})),
    ...deeper(sizes.menu, (name, body) => menu('internal', name, body)),
    ...both(MENU_SORT_COLUMNS, (column, order) => menu('internal', `sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    ...searching(inputs.productNames, () => menu('internal', 'search: a piece of a product name, drawn per request', () => ({ search: pieceOf(inputs.productNames) }))),

    importHistory('page 1 (newest first)', () => ({})),
    ...deeper(sizes.history, importHistory),
    ...both(IMPORT_HISTORY_SORT_COLUMNS, (column, order) => importHistory(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    ...searching(inputs.importSearch, () => importHistory('search: a piece of an import id or of who started it, drawn per request', () => ({ search: pieceOf(inputs.importSearch) }))),

    ...(detailImport
      ? IMPORT_TABS.flatMap((tab) => {
          const make = (name: string, body: () => Body) => importDetails(detailImport.referenceId, tab, name, body);
          return [
            make(`${detailImport.referenceId} page 1 (stored order)`, () => ({})),
            ...deeper(sizes.details[tab], (name, body) => make(`${detailImport.referenceId} ${name}`, body)),
            ...(tab === searchedTab
              ? searching(detailImport.values[tab], () =>
                  make(`${detailImport.referenceId} search: a piece of a batch, product or location of the tab, drawn per request`, () => ({ search: pieceOf(detailImport.values[tab]) })),
                )
              : []),
          ];
        })
      : []),

    ...ISSUE_TABS.flatMap((tab) => [
      issues(tab, 'page 1 (newest first)', () => ({})),
      ...deeper(sizes.issues[tab], (name, body) => issues(tab, name, body)),
      ...searching(inputs.issueValues[tab], () => issues(tab, 'search: a piece of an open issue’s batch or product, drawn per request', () => ({ search: pieceOf(inputs.issueValues[tab]) }))),
    ]),

    caseSizes('page 1 (ERP product name)', () => ({})),
    ...deeper(sizes.caseSizes, caseSizes),
    ...both(CASE_SIZE_SORT_COLUMNS, (column, order) => caseSizes(`sort ${column} ${order}`, () => ({ sort: { column, order } }))),
    ...searching(inputs.caseSizeNames, () => caseSizes('search: a piece of a product, S2S or alias name, drawn per request', () => ({ search: pieceOf(inputs.caseSizeNames) }))),

    ...('referenceId' in recon
      ? RECONCILIATION_TABS.flatMap((tab) => {
          const make = (name: string, body: () => Body) => reconDetails(recon.referenceId, tab, name, body);
          return [
            make(`${recon.referenceId} page 1 (batch)`, () => ({})),
            ...deeper(sizes.recon[tab], (name, body) => make(`${recon.referenceId} ${name}`, body)),
            ...searching(recon.values[tab], () => make(`${recon.referenceId} search: a piece of a batch or S2S product name, drawn per request`, () => ({ search: pieceOf(recon.values[tab]) }))),
          ];
        })
      : []),
  ];
}

const selected = (rows: Row[]) => rows.filter((row) => !ONLY || ONLY.test(`${row.list} ${row.name}`));

/** How many rows each list holds, for the notes. */
function describeLists(inputs: Inputs, sizes: Sizes): string {
  const { detailImport, recon } = inputs;
  const tabs = <T extends string>(counts: Record<T, number>, labels: Record<T, string>) =>
    (Object.keys(counts) as T[]).map((tab) => `${labels[tab]} ${count(counts[tab])}`).join(', ');
  return [
    `${count(sizes.orders)} orders`,
    `${count(sizes.picklists)} picklists`,
    `${count(sizes.inventory)} batches an order can take`,
    `${count(sizes.menu)} on the internal menu`,
    `${count(sizes.history)} imports in the import history`,
    detailImport ? `import details of ${detailImport.referenceId}, the committed import with the most rows (${count(detailImport.rows)}: ${tabs(sizes.details, IMPORT_TAB_LABELS)})` : 'no committed import to read the details of',
    `open inventory issues: ${tabs(sizes.issues, IMPORT_TAB_LABELS)}`,
    `${count(sizes.caseSizes)} active ERP products in the case sizes list`,
    'referenceId' in recon ? `reconciliation details of ${recon.referenceId} (${recon.status}: ${tabs(sizes.recon, RECONCILIATION_TAB_LABELS)})` : `reconciliation details skipped: ${recon.skipped}`,
  ].join('; ');
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
    await sleep(250);
  }
  await sleep(1_000);
}

/**
 * PGlite serves one statement at a time, in the server's process: a request that passes its queue (the import status)
 * answers once the statements queued before it have run. Then a second more.
 */
async function settleServer(server: BenchServer): Promise<void> {
  const answer = await fetch(`${server.base}/api/inventory/import/status`, { headers: benchHeaders(server, false), signal: AbortSignal.timeout(60_000) });
  await answer.arrayBuffer();
  await sleep(1_000);
}

async function postgresPass(): Promise<Pass> {
  return withLargeDataSet('postgres', async (server) => {
    const database = await openDatabase({ kind: 'postgres', url: server.databaseUrl!, poolSize: 20 });
    try {
      const ctx = await benchCallerContext(database.db);
      const inputs = await readInputs(database.db, ctx.market);
      const sizes = await listSizes(server, inputs);
      if ('skipped' in inputs.recon) console.log(`postgres: reconciliation details skipped: ${inputs.recon.skipped}.`);
      const rows = selected(listRows(inputs, sizes));
      const on = bareServices(database.db, ctx);
      const loadBefore = loadAverage();
      const measured: Measured[] = [];
      for (const row of rows) {
        await settle(database.db);
        const api = await measure(server, { name: `${row.list}: ${row.name}`, method: 'POST', path: row.path, nextBody: row.body, durationS: DURATION_S });
        await settle(database.db);
        const bare = await measureBare(row, on);
        const load = loadAverage();
        console.log(`  bare p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms (${bare.calls} calls); ratio (p95) ${(api.p95 / bare.p95).toFixed(2)}; load average ${load}`);
        measured.push({ row, api, bare, load });
      }
      const notes =
        `**PostgreSQL, the large data set** (MN: ${describeLists(inputs, sizes)}). API: autocannon at ${CONNECTIONS} connections for ${DURATION_S} s against the production server (pool of 20), accepting gzip and brotli as a browser does. ` +
        `Bare: by ${CONNECTIONS} concurrent callers for ${DURATION_S} s on a pool of 20. Before each side of each row the bench waits until PostgreSQL runs no other statement. ` +
        `Load average (1 min): ${loadBefore} before the first row, and after each row in the table.`;
      return { database: 'postgres', measured, notes };
    } finally {
      await database.close();
    }
  });
}

/** The PGlite folder the server used, opened in this process once the server has stopped (and its lock released). */
async function withDataDir<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const release = await lockDataDir(dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      return await use(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

async function pglitePass(): Promise<Pass> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-bench-lists-'));
  // A new folder: the server migrates it and loads the demo data on its first start, as `npm start` does.
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', AUTH_MODE: 'demo', SEED_DEMO_DATA: 'true', CLIENT_DIST_DIR: './no-client' };
  try {
    console.log(`pglite: starting the server on ${dataDir} (it loads the demo data)...`);
    const first = await startServer(env);
    await first.stop();
    // The inputs are read in this process while no server holds the folder, then the server is started again.
    const { ctx, inputs } = await withDataDir(dataDir, async (db) => {
      const ctx = await benchCallerContext(db);
      return { ctx, inputs: await readInputs(db, ctx.market) };
    });
    if ('skipped' in inputs.recon) console.log(`pglite: reconciliation details skipped: ${inputs.recon.skipped}.`);
    const started = await startServer(env);
    let rows: Row[];
    let sizes: Sizes;
    const api: { result: Result; load: string }[] = [];
    let loadBefore: string;
    try {
      const server: BenchServer = { database: 'pglite', base: started.base, pid: started.child.pid!, token: await demoLogin(started.base, DEMO_USERS.mnAdmin.id) };
      sizes = await listSizes(server, inputs);
      rows = selected(listRows(inputs, sizes));
      loadBefore = loadAverage();
      for (const row of rows) {
        await settleServer(server);
        const result = await measure(server, { name: `${row.list}: ${row.name}`, method: 'POST', path: row.path, nextBody: row.body, durationS: DURATION_S });
        api.push({ result, load: loadAverage() });
      }
    } finally {
      await started.stop();
    }
    // The bare rows: the same folder in this process, the server stopped (it held the folder's lock).
    let bare: (BareResult | null)[] = rows.map(() => null);
    let bareLoads: string[] = rows.map(() => '–');
    let bareProblem: string | null = null;
    try {
      await withDataDir(dataDir, async (db) => {
        const on = bareServices(db, ctx);
        bare = [];
        bareLoads = [];
        for (const [index, row] of rows.entries()) {
          // PGlite's one connection: a statement through its queue runs once the calls before it have finished.
          await queryRows(db, sql`select 1 as one`);
          await sleep(1_000);
          const result = await measureBare(row, on);
          bare.push(result);
          bareLoads.push(loadAverage());
          const apiP95 = api[index]!.result.p95;
          console.log(
            `pglite   bare ${`${row.list}: ${row.name}`.padEnd(48)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms (${result.calls} calls); ratio (p95) ${(apiP95 / result.p95).toFixed(2)}; load average ${bareLoads.at(-1)}`,
          );
        }
      });
    } catch (error) {
      bareProblem = (error as Error).message;
      console.log(`pglite: the bare rows could not be measured: ${bareProblem}`);
      bare = rows.map(() => null);
      bareLoads = rows.map(() => '–');
    }
    const measured = rows.map((row, index) => ({ row, api: api[index]!.result, bare: bare[index] ?? null, load: `${api[index]!.load} / ${bareLoads[index] ?? '–'}` }));
    const notes =
      `**PGlite, the demo data** (MN: ${describeLists(inputs, sizes)}), on a new DATA_DIR that the production server migrated and loaded the demo data into on its first start. ` +
      `API: autocannon at ${CONNECTIONS} connections for ${DURATION_S} s against the production server on that folder (PGlite's one connection, its queue of 64), accepting gzip and brotli as a browser does; every API row first, each after a request through PGlite's queue has answered and a second more. ` +
      (bareProblem
        ? `Bare: not measured ('–'): opening the folder in the bench's process once the server had stopped failed (${bareProblem}). `
        : `Bare: then, the server stopped (it holds the folder's lock), the same folder opened in the bench's process (one PGlite connection), by ${CONNECTIONS} concurrent callers for ${DURATION_S} s per row, each row after a statement through its queue has answered and a second more; the two sides ran minutes apart, not interleaved as on PostgreSQL. `) +
      `Load average (1 min): ${loadBefore} before the first row; in the table, after the row's API side / after its bare side.`;
    return { database: 'pglite', measured, notes };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const passes: Pass[] = [];
if (DATABASES.includes('postgres')) passes.push(await postgresPass());
if (DATABASES.includes('pglite')) passes.push(await pglitePass());

if (ONLY) process.exit(0);

/** 'page 1 (…)', or after an import's or a reconciliation's id: the row a last page is compared with. */
const isPageOne = (name: string) => /(^| )page 1 \(/.test(name);

function verdict(database: DatabaseKind, entry: Measured, pageOne: Measured | undefined): { lastRatio: string; meets: boolean } {
  const ratio = entry.bare ? entry.api.p95 / entry.bare.p95 : NaN;
  const isDeep = entry.row.name.includes('last page') || entry.row.name.includes('middle page');
  const lastRatio = isDeep && pageOne ? entry.api.p95 / pageOne.api.p95 : undefined;
  const answered = entry.api.p95 < TARGET_P95_MS[database] && entry.api.errors === 0 && entry.api.non2xx === 0;
  // The ratio and last-page targets are PostgreSQL's; on PGlite only the API's p95 is judged.
  const meets = database === 'postgres' ? answered && ratio <= 1.5 && (lastRatio === undefined || lastRatio <= 2) : answered;
  return { lastRatio: lastRatio === undefined ? '' : lastRatio.toFixed(2), meets };
}

function table(pass: Pass): { lines: string[]; missing: number } {
  const lines = [
    '| database | list | request | API requests | API p50 ms | API p95 ms | bare calls | bare p50 ms | bare p95 ms | API / bare (p95) | middle or last / page 1 (p95) | errors | non-2xx | load average | meets target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  let missing = 0;
  // A row whose requests never answered within the run has no percentiles: said so, not NaN.
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'none answered');
  for (const entry of pass.measured) {
    const pageOne = pass.measured.find((other) => other.row.list === entry.row.list && isPageOne(other.row.name));
    const { lastRatio, meets } = verdict(pass.database, entry, pageOne);
    if (!meets) missing += 1;
    const ratio = entry.bare ? entry.api.p95 / entry.bare.p95 : NaN;
    lines.push(
      `| ${pass.database} | ${entry.row.list} | ${entry.row.name} | ${entry.api.requests} | ${ms(entry.api.p50)} | ${ms(entry.api.p95)} | ${entry.bare ? entry.bare.calls : '–'} | ${entry.bare ? ms(entry.bare.p50) : '–'} | ${entry.bare ? ms(entry.bare.p95) : '–'} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'} | ${lastRatio} | ${entry.api.errors} | ${entry.api.non2xx} | ${entry.load} | ${meets ? 'yes' : '**no**'} |`,
    );
  }
  return { lines, missing };
}

const HEADINGS: Record<DatabaseKind, string> = { postgres: '**PostgreSQL, large data set**', pglite: '**PGlite, demo data**' };
const TARGETS: Record<DatabaseKind, string> = {
  postgres: `p95 under ${TARGET_P95_MS.postgres} ms, middle and last pages within 2× page 1, API within 1.5× bare, no errors or non-2xx`,
  pglite: `API p95 under ${TARGET_P95_MS.pglite} ms, no errors or non-2xx (the ratio and the last page are shown, not judged)`,
};
const tables = passes.map((pass) => {
  const { lines, missing } = table(pass);
  const outcome = missing === 0 ? 'Every row meets its target.' : `${missing} of ${pass.measured.length} rows miss at least one target.`;
  return { pass, text: `${HEADINGS[pass.database]}: target ${TARGETS[pass.database]}. ${outcome}\n\n${lines.join('\n')}`, outcome };
});

const description = [
  `Every list request through the API and bare, as the MN Market Admin, a page of ${PAGE_SIZE}: the order list, the picklist register, the inventory an order can take, the menu listing, the inventory import history, the tabs of an import's details, the inventory issues, the standard case sizes and a reconciliation's details. ` +
    'Bare: the code under the route called in the bench\'s process (the order list\'s and the order inventory\'s queries with their 2 s count cache; the register\'s repository call; the menus, import, issues, case sizes and reconciliation services\' listings, the menus\' and case sizes\' totals kept 2 s), with the body parsed and checked as the route does it (outside the timing) and the caller and market that the access check builds, so the ratio is what HTTP, the caller check, validation and encoding add at the same concurrency (the issues list\'s rows are mapped to the answer\'s shape by the route, outside the bare call). ' +
    'Searches and filters draw their value per request (a 3-5 letter piece of a real name at a random place: a customer, product, S2S or alias name, a warehouse, an import id or who started it, a batch number or product of the tab; a random status, a random 30-day window), so a kept count rarely answers twice. A middle page is measured where a list has three pages or more, a last page where it has two or more.',
  ...tables.map(({ pass, outcome }) => `${pass.notes} ${outcome}`),
].join('\n\n');
const body = tables.map(({ text }) => text).join('\n\n');

if (passes.length < 2) {
  console.log(`\nBENCH_DATABASES=${DATABASES.join(',')}: one pass only, not recorded (the recorded section holds both passes).\n\n${description}\n\n${body}`);
} else {
  await recordBenchmark('lists', description, body);
}
