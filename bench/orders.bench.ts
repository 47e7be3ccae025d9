// `npm run bench:orders`: the orders list and order creation on the large data set (MN: 120,000 orders,
// 1,000,000 order lines, 200,000 batches), on PostgreSQL, with autocannon at 32 connections.
//
// The list is read with no filter, with a search, with each kind of column filter, and sorted by every
// sortable column both ways, each a page of 100 as the screen asks. Creation posts orders of three lines
// for rotating customers and batches, each a new order that reserves stock.
//
// Options (environment): BENCH_DURATION_S (10 here), BENCH_CONNECTIONS (32), BENCH_DATABASES ('postgres'),
// BENCH_POSTGRES_URL, BENCH_DATABASE_URL (a database already holding the large set), BENCH_ONLY (a
// pattern: only the rows whose name matches, and nothing is recorded).
import { addDays, format } from 'date-fns';
import { ORDER_HISTORY_SORT_COLUMNS, type OrderListRow } from '../src/shared/api/orders';
import { benchHeaders, CONNECTIONS, measure, resultsTable, withLargeDataSet, type BenchServer, type Endpoint, type Result } from './load-test';
import { recordBenchmark } from './record';

const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres').split(',').map((d) => d.trim());
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

async function call<T>(server: BenchServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { method, headers: benchHeaders(server, body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const page = { pagination: { page: 1, pageSize: 100 } };

/** The unfiltered list's number of pages of 100. */
async function totalPages(server: BenchServer): Promise<number> {
  const response = await fetch(`${server.base}/api/order/history`, { method: 'POST', headers: benchHeaders(server, true), body: JSON.stringify(page) });
  if (!response.ok) throw new Error(`POST /api/order/history answered ${response.status}`);
  return ((await response.json()) as { pagination: { totalPages: number } }).pagination.totalPages;
}

/** Real values to search and filter by, read from the data set: a customer, a sales person, an order's reference. */
async function listEndpoints(server: BenchServer): Promise<Endpoint[]> {
  const [sample] = await call<OrderListRow[]>(server, 'POST', '/api/order/history', { pagination: { page: 40, pageSize: 25 } });
  if (!sample) throw new Error('the large data set has no orders');
  const customerWord = sample.customer_name.split(' ')[0]!;
  const history = (name: string, body: object): Endpoint => ({ name: `POST /api/order/history ${name}`, method: 'POST', path: '/api/order/history', body: { ...page, ...body }, durationS: DURATION_S });
  const today = new Date();
  const pages = await totalPages(server);
  const deep = (at: number, label: string, sort?: object) => history(`${label} (page ${at} of ${pages})${sort ? ` sort ${Object.values(sort).join(' ')}` : ''}`, { pagination: { page: at, pageSize: 100 }, ...(sort ? { sort } : {}) });
  return [
    history('(newest first)', {}),
    deep(Math.ceil(pages / 2), 'middle page'),
    deep(pages, 'last page'),
    deep(Math.ceil(pages / 2), 'middle page', { column: 'approved_date', order: 'asc' }),
    deep(pages, 'last page', { column: 'approved_date', order: 'asc' }),
    history(`search "${customerWord}"`, { search: customerWord }),
    history('search a whole order reference', { search: sample.reference_id }),
    history('status Pending', { status: 'Pending' }),
    history('filter customer_name contains', { columnFilter: [{ column: 'customer_name', type: 'text', value: customerWord.slice(0, 4) }] }),
    history('filter sales_person_name contains', { columnFilter: [{ column: 'sales_person_name', type: 'text', value: (sample.sales_person_name ?? 'a').slice(0, 3) }] }),
    history('filter metadata_label select', { columnFilter: [{ column: 'metadata_label', type: 'select', value: ['Approved', 'Shipped'] }] }),
    history('filter created_ts last 30 days', {
      columnFilter: [{ column: 'created_ts', type: 'dateRange', value: { from: format(addDays(today, -30), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') } }],
    }),
    ...ORDER_HISTORY_SORT_COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((order) => history(`sort ${column} ${order}`, { sort: { column, order } }))),
  ];
}

type InventoryRow = { batch_id: number; available_case_size: number };
type Customer = { customer_id: number };

/** New orders of three lines, one case each, for rotating customers and the batches with the most stock. */
async function createEndpoint(server: BenchServer): Promise<Endpoint> {
  const customers = await call<Customer[]>(server, 'GET', '/api/customer?marketCode=MN');
  const batches: InventoryRow[] = [];
  for (let number = 1; number <= 10; number += 1) {
    batches.push(
      ...(await call<InventoryRow[]>(server, 'POST', '/api/order/inventory', { pagination: { page: number, pageSize: 100 }, sort: { column: 'available_case_size', order: 'desc' } })),
    );
  }
  if (customers.length === 0 || batches.length < 3) throw new Error('the large data set has no customers or stock to order');
  const requestedDeliveryDate = format(addDays(new Date(), 7), 'yyyy-MM-dd');
  let next = 0;
  return {
    name: 'POST /api/order/create (3 lines)',
    method: 'POST',
    path: '/api/order/create',
    durationS: DURATION_S,
    nextBody: () => {
      next += 1;
      const lines = [0, 1, 2].map((offset) => batches[(next * 3 + offset) % batches.length]!);
      return {
        customerId: customers[next % customers.length]!.customer_id,
        requestedDeliveryDate,
        items: lines.map((batch) => ({ batchId: batch.batch_id, noOfCases: 1 })),
      };
    },
  };
}

const results: Result[] = [];
for (const database of DATABASES) {
  results.push(
    ...(await withLargeDataSet(database, async (server) => {
      const measured: Result[] = [];
      const endpoints = [...(await listEndpoints(server)), await createEndpoint(server)];
      for (const endpoint of endpoints.filter((e) => !ONLY || ONLY.test(e.name))) measured.push(await measure(server, endpoint));
      return measured;
    })),
  );
}

if (ONLY) process.exit(0);
// Matched by the whole path: 'sort created_ts' and 'sort created_user_name' contain 'create' too.
const targetMs = (endpoint: string) => (endpoint.startsWith('POST /api/order/create') ? 100 : 50);
const slow = results.filter((r) => r.p95 >= targetMs(r.endpoint) || r.errors > 0 || r.non2xx > 0);
await recordBenchmark(
  'orders',
  `The orders list and order creation on the large data set (120,000 orders and 1,000,000 order lines in MN): autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per row, as the MN Market Admin, a page of 100 per list call. Targets on PostgreSQL: list p95 under 50 ms, create p95 under 100 ms, no errors. ${slow.length === 0 ? 'Every row meets its target.' : `Rows missing the target: ${slow.map((r) => `${r.database} ${r.endpoint}`).join('; ')}.`}`,
  resultsTable(results),
);
