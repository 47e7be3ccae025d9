// `npm run bench:menus`: menus on the large data set (MN: 3,000 products, 200,000 batches), on a throwaway
// PostgreSQL database, through the production server.
//  1. The listing, a page of 100 as the screen asks: internal and external page 1 (the menu settings' order), a
//     search (a different text each request, taken from the products' names) and a sort by expiry; autocannon at
//     32 connections. Bare cost: listMenuJson (the same statement; a search with countMenuSearch beside it, as the
//     service runs them) through postgres.js, one call at a time, and the
//     ratio of the endpoint's p50 to it.
//     Target: p95 under 50 ms.
//  2. An internal export of about 5,000 rows (whole brands chosen by a column filter) for 10 MSOs, timed from
//     sending to the answer, with the server's RSS before and at its peak. Bare costs: the listing's SQL alone (every
//     row), and the ten workbooks written alone in this process. Target: under 5 s, RSS rising under 300 MB.
// A run whose answers are not the expected ones is shown, never recorded.
//
// Options (environment): BENCH_DURATION_S (10), BENCH_CONNECTIONS (32), BENCH_POSTGRES_URL, BENCH_DATABASE_URL (a
// database already holding the large set, kept), BENCH_TRIAL=1 (print, do not record).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { MenuExportResponse, MenuListingRow, SelectedMenuColumn } from '../src/shared/api/menus';
import { marketDate, MARKET_TIME_ZONES } from '../src/shared/market-time';
import { openDatabase, queryRows, type Db } from '../src/server/db/client';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { countMenuSearch, listMenuJson, totalIsKeptSearch, type MenuListingQuery } from '../src/server/modules/menus/menu-listing.repository';
import { writeMenuWorkbook } from '../src/server/modules/menus/menu-workbook';
import { benchHeaders, CONNECTIONS, measure, type BenchServer, type Endpoint, type Result } from './load-test';
import { recordBenchmark } from './record';
import { createThrowawayDatabase, demoLogin, processRssMb, startServer } from './support';

const MARKET = 'MN';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PAGE_SIZE = 100;
const EXPORT_ROWS = 5_000;
const EXPORT_MSOS = 10;
const TARGET = { listP95Ms: 50, exportMs: 5_000, exportRssMb: 300 };
const BARE_CALLS = 100;
const SEARCH_TERMS = 2_000;
const COLUMNS: SelectedMenuColumn[] = [
  { index: 0, field: 'product_name', label: 'ERP Product Name' },
  { index: 1, field: 'brand_name', label: 'Brand' },
  { index: 2, field: 'strain_type', label: 'Dominance' },
  { index: 3, field: 'item_size', label: 'Size' },
  { index: 4, field: 'thc_value', label: 'THC' },
  { index: 5, field: 'top_terpenes', label: 'Terpenes' },
  { index: 6, field: 'expired_date', label: 'Expiry' },
  { index: 7, field: 'base_price', label: 'Price per unit' },
  { index: 8, field: 'available_case_size', label: 'Cases Available' },
];

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const yesNo = (meets: boolean) => (meets ? 'yes' : '**no**');
const load = () => os.loadavg()[0]!;

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.ceil(sorted.length * 0.95) - 1]! };
}

async function call<T>(server: BenchServer, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.base}/api${path}`, { method: 'POST', headers: benchHeaders(server, true), body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as T;
}

/** Distinct pieces of the words of the market's product names (three to six letters), in a fixed shuffled order. */
async function searchTerms(db: Db, marketId: number): Promise<string[]> {
  const rows = await queryRows<{ term: string }>(
    db,
    sql`select term from (
          select distinct substr(word, start, size) as term
          from (select regexp_split_to_table(lower(name), '[^a-z]+') as word from products where market_id = ${marketId}) w,
               generate_series(1, 10) as start, generate_series(3, 6) as size
          where length(word) >= start + size - 1
        ) t order by md5(term) limit ${SEARCH_TERMS}`,
  );
  return rows.map((row) => row.term);
}

/** Whole brands, in a fixed order, until their sellable batches reach EXPORT_ROWS: the export's filter. */
async function exportBrands(db: Db, marketId: number): Promise<{ brands: string[]; rows: number }> {
  const counts = await queryRows<{ name: string; n: number }>(
    db,
    sql`select br.name, count(*)::int as n from batches b join products p on p.id = b.product_id join brands br on br.id = p.brand_id
        where b.market_id = ${marketId} and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate(MARKET)}::date)
          and b.active_units - b.reserved_units > 0
        group by br.name order by md5(br.name)`,
  );
  const brands: string[] = [];
  let rows = 0;
  for (const { name, n } of counts) {
    if (rows >= EXPORT_ROWS || brands.length >= 50) break;
    brands.push(name);
    rows += n;
  }
  return { brands, rows };
}

type ListCase = { name: string; body: (request: number) => Record<string, unknown>; query: (request: number) => Partial<MenuListingQuery> };

function listCases(terms: string[]): ListCase[] {
  const page = { pagination: { page: 1, pageSize: PAGE_SIZE } };
  return [
    { name: 'internal page 1', body: () => ({ ...page, menuType: 'internal' }), query: () => ({ menuType: 'internal' }) },
    { name: 'external page 1', body: () => ({ ...page, menuType: 'external' }), query: () => ({ menuType: 'external' }) },
    {
      name: `internal search (${fmt(terms.length)} texts in turn)`,
      body: (request) => ({ ...page, menuType: 'internal', search: terms[request % terms.length] }),
      query: (request) => ({ menuType: 'internal', search: terms[request % terms.length] }),
    },
    {
      name: 'internal sort expired_date asc',
      body: () => ({ ...page, menuType: 'internal', sort: { column: 'expired_date', order: 'asc' } }),
      query: () => ({ menuType: 'internal', sort: [{ column: 'expired_date', order: 'asc' }] }),
    },
  ];
}

async function bareList(db: Db, base: MenuListingQuery, list: ListCase): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let request = 0; request <= BARE_CALLS; request += 1) {
    const started = performance.now();
    const query = { ...base, ...list.query(request) };
    // As the endpoint runs it: a search alone takes its total from the kept batch counts beside the page.
    if (query.search && totalIsKeptSearch(query)) await Promise.all([listMenuJson(db, query), countMenuSearch(db, { ...query, search: query.search })]);
    else await listMenuJson(db, query, { withTotal: Boolean(query.search) });
    if (request > 0) times.push(performance.now() - started);
  }
  return percentiles(times);
}

function seedLarge(url: string): void {
  console.log('Loading the large data set (PostgreSQL)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed-cli.ts', '--scale', 'large', '--reset'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
  if (result.status !== 0) throw new Error('seeding the large data set failed');
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_DATABASE_URL;
  const throwaway = reuse ? null : await createThrowawayDatabase('wbo_bench_menus');
  const url = reuse ?? throwaway!.url;
  const interrupted = () => void (throwaway?.drop() ?? Promise.resolve()).finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const problems: string[] = [];
  const misses: string[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    if (!reuse) seedLarge(url);
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const db = database.db;
    const [market] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from markets where code = ${MARKET}`);
    const marketId = market!.id;
    const terms = await searchTerms(db, marketId);
    const exportSet = await exportBrands(db, marketId);
    // The demo data has fewer chains than the export's ten: the rest are added to the bench's database.
    await db.execute(sql`insert into mso_owners (market_id, name)
      select ${marketId}, 'Bench Chain ' || n from generate_series(1, ${EXPORT_MSOS}) n
      where (select count(*) from mso_owners where market_id = ${marketId}) + n <= ${EXPORT_MSOS}`);
    const msos = await queryRows<{ id: number; name: string }>(db, sql`select id, name from mso_owners where market_id = ${marketId} order by id limit ${EXPORT_MSOS}`);
    if (msos.length < EXPORT_MSOS) throw new Error(`only ${msos.length} MSO owners in ${MARKET}`);
    const base: MenuListingQuery = {
      marketId,
      today: marketDate(MARKET),
      menuType: 'internal',
      filters: [],
      sort: [],
      page: { page: 1, pageSize: PAGE_SIZE },
    };

    running = await startServer({ DATABASE_URL: url, DATABASE_POOL_SIZE: '20', CLIENT_DIST_DIR: './no-client' });
    const server: BenchServer = { database: 'postgres', base: running.base, pid: running.child.pid!, token: await demoLogin(running.base, DEMO_USERS.mnSalesManager.id) };
    const first = await call<{ data: MenuListingRow[]; pagination: { totalRecords: number } }>(server, '/menu/listing', { menuType: 'internal', pagination: { page: 1, pageSize: PAGE_SIZE } });
    if (first.data.length !== PAGE_SIZE) problems.push(`page 1 had ${first.data.length} rows`);

    // 1. the listing
    const listResults: { result: Result; bare: { p50: number; p95: number }; load: number }[] = [];
    for (const list of listCases(terms)) {
      let request = 0;
      const endpoint: Endpoint = { name: `POST /api/menu/listing ${list.name}`, method: 'POST', path: '/api/menu/listing', nextBody: () => list.body((request += 1)), durationS: DURATION_S };
      const before = load();
      const result = await measure(server, endpoint);
      const bare = await bareList(db, base, list);
      console.log(`  bare listMenuJson p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms`);
      if (result.errors > 0 || result.non2xx > 0) problems.push(`${endpoint.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      else if (!(result.p95 < TARGET.listP95Ms)) misses.push(`${endpoint.name}: p95 ${result.p95.toFixed(1)} ms`);
      listResults.push({ result, bare, load: before });
    }

    // 2. the export
    const filters = [{ column: 'brand_name', type: 'select', value: exportSet.brands }];
    const rssBefore = processRssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, processRssMb(server.pid))), 50);
    const loadBeforeExport = load();
    const started = performance.now();
    const exported = await call<MenuExportResponse>(server, '/menu/export', {
      menuType: 'internal',
      selectedColumns: COLUMNS,
      msoDetails: msos.map((mso) => ({ id: mso.id, name: mso.name })),
      columnFilter: filters,
    });
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, processRssMb(server.pid));
    if (exported.data.exports.length !== EXPORT_MSOS) problems.push(`the export answered ${exported.data.exports.length} files`);
    const rssRise = rssPeak - rssBefore;
    console.log(`  export of ${fmt(exportSet.rows)} rows for ${EXPORT_MSOS} MSOs: ${fmt(exportMs)} ms, RSS ${fmt(rssBefore)} → ${fmt(rssPeak)} MB`);
    if (!(exportMs < TARGET.exportMs)) misses.push(`export: ${fmt(exportMs)} ms`);
    if (!(rssRise < TARGET.exportRssMb)) misses.push(`export: RSS rose ${fmt(rssRise)} MB`);

    // Bare: the SQL alone, then the workbooks alone.
    const sqlStarted = performance.now();
    const { json } = await listMenuJson(db, {
      ...base,
      filters: [{ column: 'brand_name', kind: 'oneOf', values: exportSet.brands }],
      page: null,
    });
    const sqlMs = performance.now() - sqlStarted;
    const rows = JSON.parse(json) as MenuListingRow[];
    if (rows.length !== exportSet.rows) problems.push(`the export's SQL read ${rows.length} rows, ${exportSet.rows} expected`);
    const writeStarted = performance.now();
    for (const mso of msos) {
      await writeMenuWorkbook({
        marketName: market!.name,
        marketCode: MARKET,
        msoName: mso.name,
        salesPerson: null,
        exportedAt: new Date(),
        timeZone: MARKET_TIME_ZONES[MARKET],
        menuType: 'internal',
        columns: COLUMNS,
        rows,
        dispensaries: ['Store A', 'Store B'],
      });
    }
    const writeMs = performance.now() - writeStarted;
    console.log(`  bare: SQL ${fmt(sqlMs)} ms, ${EXPORT_MSOS} workbooks ${fmt(writeMs)} ms`);

    const description = [
      `Menus on the large data set (${MARKET}: 3,000 products, 200,000 batches), on PostgreSQL through the production server (pool of 20), signed in as the ${MARKET} Sales Manager.`,
      `**Listing**: POST /api/menu/listing, a page of ${PAGE_SIZE}: internal and external page 1 in the menu settings' order, an internal search (${fmt(terms.length)} pieces of the products' names, a different one each request) and an internal sort by expiry; autocannon at ${CONNECTIONS} connections for ${DURATION_S} s each, accepting gzip and brotli as a browser does. Bare cost: listMenuJson (the page statement the endpoint runs, with its check that the kept product ranks are current; a search's total is summed from the kept batch counts beside it (countMenuSearch, db/batch-search-totals.ts), other totals are kept per filter as menu-totals.ts explains) through postgres.js, one call at a time, ${BARE_CALLS} calls; the ratio is the endpoint's p50 at ${CONNECTIONS} connections over the bare p50. Load average (1 min) before each row: ${listResults.map((row) => row.load.toFixed(1)).join(', ')}. Target: p95 under ${TARGET.listP95Ms} ms.`,
      `**Export**: POST /api/menu/export, internal, ${COLUMNS.length} columns, ${fmt(exportSet.rows)} rows (${exportSet.brands.length} whole brands by a column filter) for ${EXPORT_MSOS} MSOs, one request timed from sending to the answer (the job runs on the server's queue, the request waits for it); server RSS sampled every 50 ms. Bare costs: the listing SQL for every row, and the ${EXPORT_MSOS} workbooks written in the bench's process. Load average before: ${loadBeforeExport.toFixed(1)}. Target: under ${TARGET.exportMs / 1000} s, RSS rising under ${TARGET.exportRssMb} MB.`,
    ].join('\n\n');
    const body = [
      '| listing (page of 100) | requests | p50 ms | p95 ms | p99 ms | errors | non-2xx | server peak RSS MB | bare p50 ms | bare p95 ms | ratio (p50) | meets target |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...listResults.map(
        ({ result: r, bare }) =>
          `| ${r.endpoint.replace('POST /api/menu/listing ', '')} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.peakRssMb} | ${bare.p50.toFixed(1)} | ${bare.p95.toFixed(1)} | ${(r.p50 / bare.p50).toFixed(1)} | ${yesNo(r.p95 < TARGET.listP95Ms && r.errors === 0 && r.non2xx === 0)} |`,
      ),
      '',
      '| export | rows | MSOs | ms | RSS before MB | RSS peak MB | rise MB | bare SQL ms | bare workbooks ms | meets target |',
      '|---|---|---|---|---|---|---|---|---|---|',
      `| internal, ${COLUMNS.length} columns | ${fmt(exportSet.rows)} | ${EXPORT_MSOS} | ${fmt(exportMs)} | ${fmt(rssBefore)} | ${fmt(rssPeak)} | ${fmt(rssRise)} | ${fmt(sqlMs)} | ${fmt(writeMs)} | ${yesNo(exportMs < TARGET.exportMs && rssRise < TARGET.exportRssMb)} |`,
    ].join('\n');
    if (problems.length > 0) console.log(`\n${description}\n\n${body}`);
    else await recordBenchmark('menus', description, body);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await running?.stop();
    await database?.close();
    await throwaway?.drop();
  }
  if (problems.length > 0 || misses.length > 0) {
    console.error(`\n${problems.length > 0 ? 'NOT AS EXPECTED (not recorded)' : 'MISSED TARGETS'}:\n${[...problems, ...misses].map((line) => `- ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
