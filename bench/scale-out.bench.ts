// `npm run bench:scale-out` (issue 16 item 8): two server instances on one PostgreSQL, behind a round-robin loop.
//
// 1. Throughput: each request is driven with autocannon at BENCH_CONNECTIONS (32) against one instance, then
//    against two (the same connections split between them, each new request of a connection going to its
//    instance in turn is what autocannon's list of URLs does: connection i keeps instance i mod 2). Requests: an
//    order's details (a different order each request), the sidebar's counts, the order list's page 1 and a
//    search of it drawn per request. Both instances are started before the first row, so the one-instance rows
//    run beside an idle second instance, as the two-instance rows do.
// 2. Nothing cached on one instance contradicts a change made through the other: while autocannon reads the
//    counts through both instances, a loop cancels Pending orders one at a time through one instance and, as
//    soon as the cancel has answered, reads through the other the badge's Pending count and the order list's
//    Pending total, which both instances have just counted and keep (STATS_CACHE_MS). Each must be one less than
//    before; a read that is not is stale, and fails the run. The instances alternate as writer and reader.
//
// Options (environment): BENCH_DURATION_S (10), BENCH_CONNECTIONS (32), BENCH_CHANGES (40), BENCH_POSTGRES_URL,
// BENCH_DATABASE_URL (a database already holding the large set, kept; its cancelled orders stay cancelled),
// BENCH_ONLY (a pattern of request names: only those, and nothing is recorded), BENCH_TRIAL=1 (print, do not record).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import postgres from 'postgres';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { benchHeaders, CONNECTIONS, drive, type BenchServer, type DrawnRequest as Request, type Throughput } from './load-test';
import { recordBenchmark } from './record';
import { createThrowawayDatabase, demoLogin, startServer, type RunningServer } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 40);
const MARKET = 'MN';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

const random = (below: number) => Math.floor(Math.random() * below);
const pick = <T>(values: readonly T[]): T => values[random(values.length)]!;
const load = () => os.loadavg()[0]!;

async function call<T>(server: BenchServer, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.base}/api${path}`, { method, headers: benchHeaders(server, body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

const pendingBadge = async (server: BenchServer) => (await call<{ data: { pendingOrders: number } }>(server, 'GET', '/inventory/stat')).body.data.pendingOrders;
const pendingTotal = async (server: BenchServer) =>
  (
    await call<{ pagination: { totalRecords: number } }>(server, 'POST', '/order/history', {
      marketCode: MARKET,
      columnFilter: [{ column: 'metadata_label', type: 'select', value: ['Pending'] }],
      pagination: { page: 1, pageSize: 10 },
    })
  ).body.pagination.totalRecords;

type Change = { writer: number; staleBadge: boolean; staleTotal: boolean; freshAfterMs: number };

/**
 * Cancels `orderIds` one at a time, each through the other instance than the one before, and reads right after
 * each cancel, through the instance that did not make it, the counts that both instances had just counted.
 */
async function changeAndRead(servers: [BenchServer, BenchServer], orderIds: number[]): Promise<Change[]> {
  const changes: Change[] = [];
  for (const [index, orderId] of orderIds.entries()) {
    const writer = servers[index % 2]!;
    const reader = servers[(index + 1) % 2]!;
    // Both instances count now and keep what they counted (the cache the change must clear on the other).
    const [badge, total] = [await pendingBadge(reader), await pendingTotal(reader)];
    await pendingBadge(writer);
    await pendingTotal(writer);
    const cancel = await call(writer, 'PUT', `/order/${orderId}/status`, { status: 'cancelled' });
    if (cancel.status !== 200) throw new Error(`cancelling order ${orderId} answered ${cancel.status}: ${JSON.stringify(cancel.body)}`);
    const started = performance.now();
    const [badgeAfter, totalAfter] = [await pendingBadge(reader), await pendingTotal(reader)];
    const change: Change = { writer: index % 2, staleBadge: badgeAfter !== badge - 1, staleTotal: totalAfter !== total - 1, freshAfterMs: 0 };
    // How long a stale read stays stale, for the record (the run fails either way).
    while ((change.staleBadge || change.staleTotal) && (await pendingBadge(reader)) !== badge - 1 && performance.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    change.freshAfterMs = change.staleBadge || change.staleTotal ? performance.now() - started : 0;
    changes.push(change);
  }
  return changes;
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_DATABASE_URL;
  const throwaway = reuse ? null : await createThrowawayDatabase('wbo_bench_scale_out');
  const url = reuse ?? throwaway!.url;
  const running: RunningServer[] = [];
  const problems: string[] = [];
  try {
    if (!reuse) {
      console.log('Loading the large data set...');
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed-cli.ts', '--scale', 'large', '--reset'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
      if (seeded.status !== 0) throw new Error('seeding the large data set failed');
    }
    const db = postgres(url, { max: 1, onnotice: () => {} });
    const orderIds = (await db<{ id: number }[]>`select o.id from orders o join markets m on m.id = o.market_id where m.code = ${MARKET} order by random() limit 2000`).map((row) => row.id);
    const pendingIds = (
      await db<{ id: number }[]>`select o.id from orders o join markets m on m.id = o.market_id where m.code = ${MARKET} and o.status = 'Pending' order by o.id desc limit ${CHANGES}`
    ).map((row) => row.id);
    const names = (await db<{ name: string }[]>`select c.name from customers c join markets m on m.id = c.market_id where m.code = ${MARKET}`).map((row) => row.name);
    await db.end();
    if (pendingIds.length < CHANGES) throw new Error(`${MARKET} has ${pendingIds.length} Pending orders, ${CHANGES} needed`);

    // Two instances, as a deployment behind a load balancer would run them (each with its pool of 20).
    for (let i = 0; i < 2; i += 1) running.push(await startServer({ DATABASE_URL: url, DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20', CLIENT_DIST_DIR: './no-client' }));
    const servers = (await Promise.all(running.map(async (server) => ({ database: 'postgres', base: server.base, pid: server.child.pid!, token: await demoLogin(server.base, DEMO_USERS.mnAdmin.id) })))) as [BenchServer, BenchServer];

    const requests: Request[] = [
      {
        name: "POST /api/order/{id}/details (a drawn order's)",
        method: 'POST',
        path: () => `/api/order/${pick(orderIds)}/details`,
        body: () => ({ marketCode: MARKET, pagination: { page: 1, pageSize: 25 } }),
      },
      { name: 'GET /api/inventory/stat', method: 'GET', path: () => '/api/inventory/stat' },
      { name: 'POST /api/order/history page 1', method: 'POST', path: () => '/api/order/history', body: () => ({ marketCode: MARKET, pagination: { page: 1, pageSize: 100 } }) },
      {
        name: 'POST /api/order/history, a drawn search',
        method: 'POST',
        path: () => '/api/order/history',
        // A 3-5 letter piece of a customer's name at a random place: thousands of searches, so that a kept count
        // seldom answers (the market's customers' first words alone are 13, and the count cache answered most).
        body: () => {
          const name = pick(names);
          const length = 3 + random(3);
          const start = random(Math.max(1, name.length - length + 1));
          return { marketCode: MARKET, search: name.slice(start, start + length).trim() || name.slice(0, 3), pagination: { page: 1, pageSize: 100 } };
        },
      },
    ];
    const rows: { name: string; one: Throughput; two: Throughput; loadOne: number; loadTwo: number }[] = [];
    for (const request of requests.filter((candidate) => !ONLY || ONLY.test(candidate.name))) {
      await drive(servers, request, 2); // warm both instances
      const loadOne = load();
      const one = await drive([servers[0]], request, DURATION_S);
      const loadTwo = load();
      const two = await drive(servers, request, DURATION_S);
      for (const [label, result] of [['one instance', one], ['two instances', two]] as const) {
        if (result.errors > 0 || result.non2xx > 0) problems.push(`${request.name}, ${label}: ${result.errors} errors, ${result.non2xx} non-2xx ${JSON.stringify(result.statuses)}`);
      }
      console.log(`${request.name.padEnd(48)} one: ${one.perSecond.toFixed(0)} req/s p95 ${one.p95.toFixed(1)} ms; two: ${two.perSecond.toFixed(0)} req/s p95 ${two.p95.toFixed(1)} ms`);
      rows.push({ name: request.name, one, two, loadOne, loadTwo });
    }

    // 2. Changes through one instance, read through the other, under a round-robin load of reads.
    const loadChanges = load();
    let stopBackground = () => {};
    const background = drive(servers, requests[1]!, 3_600, (stop) => (stopBackground = stop));
    const changed = await changeAndRead(servers, pendingIds);
    stopBackground();
    const backgroundReads = await background;
    if (backgroundReads.errors > 0 || backgroundReads.non2xx > 0) problems.push(`the reads beside the changes: ${backgroundReads.errors} errors, ${backgroundReads.non2xx} non-2xx`);
    const stale = changed.filter((change) => change.staleBadge || change.staleTotal);
    if (stale.length > 0) problems.push(`${stale.length} of ${changed.length} reads through the other instance were stale (longest until fresh: ${Math.max(...stale.map((change) => change.freshAfterMs)).toFixed(0)} ms)`);

    const description = [
      `Two instances of the production server (each with a pool of 20) on one PostgreSQL holding the large data set (${MARKET}: 120,000 orders), as the ${MARKET} Market Admin. Throughput: autocannon at ${CONNECTIONS} connections for ${DURATION_S} s against one instance, then the same connections split between the two (autocannon's list of URLs: each connection keeps one instance, in turn), with an order drawn per request for the details and a 3-5 letter piece of a customer's name at a random place drawn per request for the search. Both instances run throughout, on this machine's 2 cores beside PostgreSQL and autocannon: what Node spends rises with a second process, what the database spends (the drawn search's count) cannot. Load average (1 min) before each side is in the table.`,
      `Consistency: under a round-robin load of GET /api/inventory/stat at ${CONNECTIONS} connections, ${changed.length} Pending orders cancelled one at a time, alternately through each instance; right after each cancel answered, the other instance's badge count of Pending orders and its order list's Pending total (both counted by both instances just before, and kept by them for STATS_CACHE_MS) were read. A read that is not one less than before is stale and fails the run. Load average before: ${loadChanges.toFixed(1)}.`,
    ].join('\n\n');
    const table = [
      '| request | one instance req/s | p50 ms | p95 ms | two instances req/s | p50 ms | p95 ms | throughput two / one | load before (one, two) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${row.one.perSecond.toFixed(0)} | ${row.one.p50.toFixed(1)} | ${row.one.p95.toFixed(1)} | ${row.two.perSecond.toFixed(0)} | ${row.two.p50.toFixed(1)} | ${row.two.p95.toFixed(1)} | ${(row.two.perSecond / row.one.perSecond).toFixed(2)} | ${row.loadOne.toFixed(1)}, ${row.loadTwo.toFixed(1)} |`,
      ),
      '',
      '| changes through one instance, read through the other | stale badge counts | stale list totals | meets |',
      '|---|---|---|---|',
      `| ${changed.length} cancels (${changed.filter((change) => change.writer === 0).length} through each) | ${changed.filter((change) => change.staleBadge).length} | ${changed.filter((change) => change.staleTotal).length} | ${stale.length === 0 ? 'yes' : '**no**'} |`,
    ].join('\n');
    if (ONLY) process.env.BENCH_TRIAL = '1';
    await recordBenchmark('scale-out', description, problems.length === 0 ? table : `${table}\n\nPROBLEMS:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    if (problems.length > 0) {
      console.error(`\nPROBLEMS:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const server of running) await server.stop();
    await throwaway?.drop();
  }
  process.exit();
}

await main();
