// What the API benchmarks share: the large data set in a throwaway database (PostgreSQL or PGlite), the
// real server on it, and autocannon runs that record p50/p95/p99, errors and the server's peak RSS.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { createThrowawayDatabase, demoLogin, processRssMb, startServer } from './support';

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

export type Endpoint = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** A new body for every request (for calls that change data, such as creating orders). */
  nextBody?: () => unknown;
  durationS?: number;
};

export type Result = { database: string; endpoint: string; requests: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; peakRssMb: number };

/** The server as a benchmark drives it: its address, its process id, a Market Admin's token for MN and its PostgreSQL database. */
export type BenchServer = { database: string; base: string; pid: number; token: string; databaseUrl?: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function seedLarge(env: Record<string, string>): void {
  console.log(`Loading the large data set (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})...`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed-cli.ts', '--scale', 'large', '--reset'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error('seeding the large data set failed');
}

/** What a browser sends: the API compresses answers over 1 KB for it, and that costs the server CPU a bench must count. */
const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br' } as const;

export function benchHeaders(server: BenchServer, json: boolean): Record<string, string> {
  return { authorization: `Bearer ${server.token}`, 'otc-market': 'MN', ...BROWSER_ACCEPT_ENCODING, ...(json ? { 'content-type': 'application/json' } : {}) };
}

/** Drives one endpoint with autocannon for its duration and summarises what the clients saw. */
export async function measure(server: BenchServer, endpoint: Endpoint): Promise<Result> {
  const times: number[] = [];
  let peakRss = processRssMb(server.pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, processRssMb(server.pid))), 250);
  const json = endpoint.body !== undefined || endpoint.nextBody !== undefined;
  const summary = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.base}${endpoint.path}`,
        method: endpoint.method,
        connections: CONNECTIONS,
        duration: endpoint.durationS ?? DURATION_S,
        headers: benchHeaders(server, json),
        body: endpoint.body ? JSON.stringify(endpoint.body) : undefined,
        requests: endpoint.nextBody ? [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(endpoint.nextBody!()) }) }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  const result = {
    database: server.database,
    endpoint: endpoint.name,
    requests: summary.requests.total,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: summary.errors + summary.timeouts,
    non2xx: summary.non2xx,
    peakRssMb: Math.round(peakRss),
  };
  console.log(
    `${result.database.padEnd(8)} ${result.endpoint.padEnd(48)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  errors ${result.errors}  non-2xx ${result.non2xx}  RSS ${result.peakRssMb} MB`,
  );
  return result;
}

/**
 * Loads the large data set into a new database of the given kind, starts the server on it, runs `use`, and
 * removes it all. BENCH_DATABASE_URL names a PostgreSQL database already holding the set, to profile with.
 */
export async function withLargeDataSet<T>(database: string, use: (server: BenchServer) => Promise<T>): Promise<T> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const reuse = database === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (reuse) {
    // Profiling: a database that already holds the large set is used as it is, and kept.
    env = { DATABASE_URL: reuse, DATABASE_POOL_SIZE: '20' };
    cleanup = async () => {};
  } else if (database === 'postgres') {
    const throwaway = await createThrowawayDatabase('wbo_bench');
    env = { DATABASE_URL: throwaway.url, DATABASE_POOL_SIZE: '20' };
    cleanup = throwaway.drop;
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-bench-'));
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    if (!reuse) seedLarge(env);
    const { child, base, stop } = await startServer({ ...env, CLIENT_DIST_DIR: './no-client' });
    try {
      const token = await demoLogin(base, DEMO_USERS.mnAdmin.id);
      return await use({ database, base, pid: child.pid!, token, databaseUrl: env.DATABASE_URL });
    } finally {
      await stop();
    }
  } finally {
    await cleanup();
  }
}

/** A request whose path and body may be drawn anew for every request (an order's id, a search), with headers of its own. */
export type DrawnRequest = { name: string; method: 'GET' | 'POST'; path: () => string; body?: () => unknown; headers?: Record<string, string> };
export type Throughput = { requests: number; perSecond: number; p50: number; p95: number; errors: number; non2xx: number; statuses: Record<number, number> };

/** One request driven at CONNECTIONS connections for `durationS` against the given servers, round-robin by connection. */
export async function drive(servers: BenchServer[], request: DrawnRequest, durationS: number, started?: (stop: () => void) => void): Promise<Throughput> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const json = request.body !== undefined;
  const summary = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        // More than one URL is allowed (autocannon README): each connection keeps one, in turn.
        url: servers.map((server) => `${server.base}${request.path()}`) as unknown as string,
        method: request.method,
        connections: CONNECTIONS,
        duration: durationS,
        headers: { ...benchHeaders(servers[0]!, json), ...request.headers },
        requests: [
          {
            setupRequest: (sent) => {
              // The path as drawn, its query string included.
              const url = new URL(`http://x${request.path()}`);
              return { ...sent, path: url.pathname + url.search, ...(json ? { body: JSON.stringify(request.body!()) } : {}) };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
    });
    started?.(() => instance.stop());
  });
  times.sort((a, b) => a - b);
  return {
    requests: summary.requests.total,
    perSecond: summary.requests.total / durationS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: summary.errors + summary.timeouts,
    non2xx: summary.non2xx,
    statuses,
  };
}

export function resultsTable(results: Result[]): string {
  return [
    '| database | endpoint | requests | p50 ms | p95 ms | p99 ms | errors | non-2xx | server peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) => `| ${r.database} | ${r.endpoint} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.peakRssMb} |`,
    ),
  ].join('\n');
}
