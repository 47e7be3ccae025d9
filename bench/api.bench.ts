// `npm run bench:api`: loads the large data set, starts the real server, and drives it with autocannon
// (32 connections, 20 s per endpoint) on PostgreSQL and on PGlite. p50/p95/p99, errors and the server's
// peak RSS go into BENCHMARKS.md with the date and the machine.
//
// Options (environment): BENCH_DURATION_S (20), BENCH_CONNECTIONS (32), BENCH_DATABASES ('postgres,pglite'),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test: where the benchmark database is created).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { recordBenchmark } from './record';
import { startServer } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((d) => d.trim());
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Endpoint = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown };

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

type Result = { database: string; endpoint: string; requests: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; peakRssMb: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function seed(env: Record<string, string>): void {
  console.log(`Loading the large data set (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})...`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed-cli.ts', '--scale', 'large', '--reset'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error('seeding the large data set failed');
}

async function run(database: string, base: string, pid: number, token: string, endpoint: Endpoint): Promise<Result> {
  const times: number[] = [];
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250);
  const summary = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${endpoint.path}`,
        method: endpoint.method,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { authorization: `Bearer ${token}`, 'otc-market': 'MN', ...(endpoint.body ? { 'content-type': 'application/json' } : {}) },
        body: endpoint.body ? JSON.stringify(endpoint.body) : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return {
    database,
    endpoint: endpoint.name,
    requests: summary.requests.total,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: summary.errors + summary.timeouts,
    non2xx: summary.non2xx,
    peakRssMb: Math.round(peakRss),
  };
}

async function benchDatabase(database: string): Promise<Result[]> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (database === 'postgres') {
    const name = `wbo_bench_${Date.now().toString(36)}`;
    const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20' };
    cleanup = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-bench-'));
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    seed(env);
    const { child, base, stop } = await startServer({ ...env, CLIENT_DIST_DIR: './no-client' });
    try {
      const login = await fetch(`${base}/api/auth/demo-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: DEMO_USERS.mnAdmin.id }),
      });
      const { data } = (await login.json()) as { data: { token: string } };
      const results: Result[] = [];
      for (const endpoint of ENDPOINTS) {
        const result = await run(database, base, child.pid!, data.token, endpoint);
        console.log(`${database.padEnd(8)} ${endpoint.name.padEnd(26)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  errors ${result.errors}  non-2xx ${result.non2xx}  RSS ${result.peakRssMb} MB`);
        results.push(result);
      }
      return results;
    } finally {
      await stop();
    }
  } finally {
    await cleanup();
  }
}

const results: Result[] = [];
for (const database of DATABASES) results.push(...(await benchDatabase(database)));

const table = [
  '| database | endpoint | requests | p50 ms | p95 ms | p99 ms | errors | non-2xx | server peak RSS MB |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.database} | ${r.endpoint} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.peakRssMb} |`,
  ),
].join('\n');
await recordBenchmark(
  'api',
  `API latency on the large data set (200,000 batches, 1,000,000 order items in MN): autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, as the MN Market Admin. Target on PostgreSQL: p95 under 50 ms, no errors, RSS under 400 MB.`,
  table,
);
