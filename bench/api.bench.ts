// `npm run bench:api`: loads the large data set, starts the real server, and drives it with autocannon
// (32 connections, 20 s per endpoint) on PostgreSQL and on PGlite. p50/p95/p99, errors and the server's
// peak RSS go into BENCHMARKS.md with the date and the machine.
//
// Options (environment): BENCH_DURATION_S (20), BENCH_CONNECTIONS (32), BENCH_DATABASES ('postgres,pglite'),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test: where the benchmark database is created).
import { CONNECTIONS, DURATION_S, measure, resultsTable, withLargeDataSet, type Endpoint, type Result } from './load-test';
import { recordBenchmark } from './record';

const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((d) => d.trim());

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/inventory/stat', method: 'GET', path: '/api/inventory/stat?marketCode=MN' },
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  {
    name: 'POST /api/users/list',
    method: 'POST',
    path: '/api/users/list',
    body: { marketCode: 'MN', pagination: { page: 1, pageSize: 100 }, sort: { column: 'name', order: 'asc' } },
  },
];

const results: Result[] = [];
for (const database of DATABASES) {
  results.push(
    ...(await withLargeDataSet(database, async (server) => {
      const measured: Result[] = [];
      for (const endpoint of ENDPOINTS) measured.push(await measure(server, endpoint));
      return measured;
    })),
  );
}

await recordBenchmark(
  'api',
  `API latency on the large data set (200,000 batches, 1,000,000 order items in MN): autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, as the MN Market Admin. Target on PostgreSQL: p95 under 50 ms, no errors, RSS under 400 MB.`,
  resultsTable(results),
);
