// `npm run bench:overhead` (issue 16 item 5): what the production server adds to the code under three routes, in the
// same run at the same concurrency. On PostgreSQL holding the large data set, as the MN Market Admin:
//
// - GET /api/health (the database checked at most once a second),
// - GET /api/inventory/stat (the sidebar's counts, kept per market for STATS_CACHE_MS and forgotten on a change),
// - POST /api/order/{id}/details (an order drawn per request among 2,000 of MN, its first page of 10 items).
//
// Every request accepts gzip and brotli, as a browser's does: the API compresses answers over 1 KB, the bare server
// does not (what compression costs is part of what the API adds).
// API: autocannon at BENCH_CONNECTIONS (32) against the production server (pool of 20). Bare: the same, against a
// plain Fastify in a process of its own (bench/bare-server.ts) that runs the same code under each route on the same
// database with the same pool, without sign-in, the access check, rate limits, security headers, compression, the
// request log and the response schemas. Each row's API side and bare side run one after the other, each after
// PostgreSQL has no statement running and a second more. Target: the API's p95 within 1.5x the bare p95, no errors.
//
// Options (environment): BENCH_DURATION_S (10), BENCH_CONNECTIONS (32), BENCH_POSTGRES_URL, BENCH_DATABASE_URL (a
// database already holding the large set, kept), BENCH_TRIAL=1 (print, do not record).
import { spawn } from 'node:child_process';
import os from 'node:os';
import postgres from 'postgres';
import { CONNECTIONS, drive, withLargeDataSet, type BenchServer, type DrawnRequest, type Throughput } from './load-test';
import { recordBenchmark } from './record';
import { freePort, processCpuMs } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const TARGET_RATIO = 1.5;
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

/** The bare server on the same database, started as the production server is: a process of its own. */
async function startBare(databaseUrl: string): Promise<{ server: BenchServer; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: String(port) } });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (let i = 0; i < 120; i += 1) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return { server: { database: 'postgres', base, pid: child.pid!, token: '' }, stop };
    await sleep(500);
  }
  await stop();
  throw new Error('the bare server did not start');
}

/** Waits until PostgreSQL runs no client statement but this one (at most 60 s), then a second more. */
async function settle(db: postgres.Sql): Promise<void> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const [busy] = await db<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    if (busy!.n === 0) break;
    await sleep(250);
  }
  await sleep(1_000);
}

type Row = { name: string; api: DrawnRequest; bare: DrawnRequest };
/** A side's answers, and the CPU its server process spent per request (µs): steadier than latency on a shared machine. */
type Side = Throughput & { cpuUsPerRequest: number };
type Measured = { name: string; api: Side; bare: Side; loadApi: string; loadBare: string };

async function driveCounted(server: BenchServer, request: DrawnRequest): Promise<Side> {
  const before = processCpuMs(server.pid);
  const result = await drive([server], request, DURATION_S);
  return { ...result, cpuUsPerRequest: (1000 * (processCpuMs(server.pid) - before)) / Math.max(1, result.requests) };
}

const measured = await withLargeDataSet('postgres', async (server) => {
  const db = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
  const bare = await startBare(server.databaseUrl!);
  try {
    const orderIds = (await db<{ id: number }[]>`select o.id from orders o join markets m on m.id = o.market_id where m.code = 'MN' order by random() limit 2000`).map((row) => row.id);
    const detailsBody = () => ({ pagination: { page: 1, pageSize: 10 } });
    // drive() asks as a browser does (BROWSER_ACCEPT_ENCODING): answers over 1 KB come compressed from the API, the bare server compresses nothing.
    const rows: Row[] = [
      { name: 'GET /api/health', api: { name: 'health', method: 'GET', path: () => '/api/health' }, bare: { name: 'health', method: 'GET', path: () => '/health' } },
      {
        name: 'GET /api/inventory/stat',
        api: { name: 'stat', method: 'GET', path: () => '/api/inventory/stat?marketCode=MN' },
        bare: { name: 'stat', method: 'GET', path: () => '/stat' },
      },
      {
        name: "POST /api/order/{id}/details (a drawn order's)",
        api: { name: 'details', method: 'POST', path: () => `/api/order/${pick(orderIds)}/details`, body: detailsBody },
        bare: { name: 'details', method: 'POST', path: () => `/order/${pick(orderIds)}/details`, body: detailsBody },
      },
    ];
    const results: Measured[] = [];
    for (const row of rows) {
      // Both warmed first (the code compiled, the caches and the pool filled).
      await drive([server], row.api, 2);
      await drive([bare.server], row.bare, 2);
      await settle(db);
      const api = await driveCounted(server, row.api);
      const loadApi = loadAverage();
      await settle(db);
      const bareSide = await driveCounted(bare.server, row.bare);
      const loadBare = loadAverage();
      results.push({ name: row.name, api, bare: bareSide, loadApi, loadBare });
      console.log(
        `${row.name.padEnd(48)} API ${api.perSecond.toFixed(0)} req/s p50 ${api.p50.toFixed(1)} p95 ${api.p95.toFixed(1)} ms | bare ${bareSide.perSecond.toFixed(0)} req/s p50 ${bareSide.p50.toFixed(1)} p95 ${bareSide.p95.toFixed(1)} ms | ratio (p95) ${(api.p95 / bareSide.p95).toFixed(2)} | CPU/request ${api.cpuUsPerRequest.toFixed(0)} vs ${bareSide.cpuUsPerRequest.toFixed(0)} us`,
      );
    }
    return results;
  } finally {
    await bare.stop();
    await db.end();
  }
});

const lines = [
  '| request | API req/s | API p50 ms | API p95 ms | bare req/s | bare p50 ms | bare p95 ms | API / bare (p95) | bare / API (req/s) | server CPU per request, API / bare (µs) | API / bare (CPU) | errors, non-2xx (API, bare) | load average (after API, after bare) | meets target |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];
let missing = 0;
for (const row of measured) {
  const ratio = row.api.p95 / row.bare.p95;
  const clean = row.api.errors + row.api.non2xx + row.bare.errors + row.bare.non2xx === 0;
  const meets = ratio <= TARGET_RATIO && clean;
  if (!meets) missing += 1;
  lines.push(
    `| ${row.name} | ${row.api.perSecond.toFixed(0)} | ${row.api.p50.toFixed(1)} | ${row.api.p95.toFixed(1)} | ${row.bare.perSecond.toFixed(0)} | ${row.bare.p50.toFixed(1)} | ${row.bare.p95.toFixed(1)} | ${ratio.toFixed(2)} | ${(row.bare.perSecond / row.api.perSecond).toFixed(2)} | ${row.api.cpuUsPerRequest.toFixed(0)} / ${row.bare.cpuUsPerRequest.toFixed(0)} | ${(row.api.cpuUsPerRequest / row.bare.cpuUsPerRequest).toFixed(2)} | ${row.api.errors + row.api.non2xx}, ${row.bare.errors + row.bare.non2xx} | ${row.loadApi}, ${row.loadBare} | ${meets ? 'yes' : '**no**'} |`,
  );
}
await recordBenchmark(
  'overhead',
  `What the production server adds to the code under three routes (issue 16 item 5), on PostgreSQL holding the large data set (MN: 120,300 orders), as the MN Market Admin. API: autocannon at ${CONNECTIONS} connections for ${DURATION_S} s against the production server (pool of 20). Bare: the same against a plain Fastify in a process of its own (bench/bare-server.ts) running the same code under each route on the same database and pool, without sign-in, the access check, rate limits, security headers, compression, the request log and the response schemas. The details draw an order per request among 2,000 of MN (its first 10 items). Every request says it accepts gzip and brotli, as a browser does: the API compresses answers over 1 KB (the details), the bare server nothing. Each row's two sides run one after the other, each after PostgreSQL has no statement running and a second more. Beside latency, the CPU time each side's server process spent per request (user and system, /proc; 10 ms ticks over the run), which the other processes on the machine disturb less. Target: API p95 within ${TARGET_RATIO}× the bare p95, no errors. ${missing} of ${measured.length} rows miss it.`,
  lines.join('\n'),
);
