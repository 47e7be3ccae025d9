// The real server process, as `npm start` runs it (compiled into dist-server/): first start, the data-folder
// lock, graceful shutdown, and (on PostgreSQL) several instances starting at once against one database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { DEMO_USERS } from '../../src/server/db/demo-data/demo-users';
import { databaseUrl } from '../support/postgres-admin';

type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', CLIENT_DIST_DIR: './no-client', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitHealthy(server: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy in time: ${server.output()}`);
}

/** Calls the running server as a demo user in a market. */
function signedInCaller(port: number, userId: string, market: string) {
  let token: string | null = null;
  return async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ data: unknown }> => {
    if (!token) {
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/demo-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
      token = ((await login.json()) as { data: { token: string } }).data.token;
    }
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'otc-market': market, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { data: unknown };
  };
}

async function demoUserCount(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/demo-users`);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

async function healthVersion(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return ((await response.json()) as { version: string }).version;
}

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

if (process.env.TEST_DB_KIND !== 'postgres') {
  describe('the server process on the embedded database', () => {
    it('loads demo data on first start, refuses a second server on the same folder, and stops cleanly', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wbo-data-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

      const first = await startServer({ DATA_DIR: dataDir });
      cleanups.push(async () => void first.child.kill('SIGKILL'));
      await waitHealthy(first);
      expect(await demoUserCount(first.port)).toBeGreaterThan(5);
      const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
      expect(await healthVersion(first.port)).toBe(version);

      const second = await startServer({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The data folder ${path.resolve(dataDir)} is in use by another server (process ${first.child.pid})`);
      expect(second.output()).toContain(`If no server is running on this folder, delete ${path.resolve(dataDir, 'server.lock')} and start again.`);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      await expect(stat(path.join(dataDir, 'server.lock'))).rejects.toThrow();

      const again = await startServer({ DATA_DIR: dataDir });
      cleanups.push(async () => void again.child.kill('SIGKILL'));
      await waitHealthy(again);
      expect(again.output()).not.toContain('Loading demo data');
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
      // Three server starts, the first loading the demo data: waitHealthy allows each 90 s on a loaded machine, and the
      // default 30 s for the whole test ran out once under CI's load.
    }, 120_000);

    it('finishes an import whose server was killed mid-fetch: after a restart its job is taken again once the lease lapses', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wbo-data-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      // Metrc never answers the first server's package requests, so the import is mid-fetch when it dies.
      const first = await startServer({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: '2', SIMULATOR_FAULTS: 'MN:timeout:packages' });
      cleanups.push(async () => void first.child.kill('SIGKILL'));
      await waitHealthy(first);
      const api = signedInCaller(first.port, DEMO_USERS.mnAdmin.id, 'MN');
      const locations = (await api('POST', '/api/locations/query', {})).data as { inventory_location_id: number }[];
      const started = await api('POST', '/api/inventory/import/initiate', { market_code: 'MN', inventory_location_ids: [locations[0]!.inventory_location_id] });
      const referenceId = (started.data as { reference_id: string }).reference_id;
      const stuck = Date.now() + 2_500;
      while (Date.now() < stuck) {
        const latest = ((await api('GET', '/api/inventory/import/status')).data as { import_status: string }[])[0]!;
        expect(latest.import_status).toBe('IN_PROGRESS');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      first.child.kill('SIGKILL');
      await first.exited;

      const second = await startServer({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: '2' });
      cleanups.push(async () => void second.child.kill('SIGKILL'));
      await waitHealthy(second);
      const again = signedInCaller(second.port, DEMO_USERS.mnAdmin.id, 'MN');
      const deadline = Date.now() + 30_000;
      let latest: { reference_id: string; import_status: string };
      do {
        await new Promise((resolve) => setTimeout(resolve, 250));
        latest = ((await again('GET', '/api/inventory/import/status')).data as (typeof latest)[])[0]!;
      } while (latest.import_status === 'IN_PROGRESS' && Date.now() < deadline);
      expect(latest).toEqual(expect.objectContaining({ reference_id: referenceId, import_status: 'FETCH_COMPLETED' }));
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }, 120_000);

    it('stops at once with a message naming a bad setting', async () => {
      const server = await startServer({ PORT: 'eighty' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('PORT must be a port number');
    });
  });
} else {
  describe('the server process on PostgreSQL', () => {
    it('lets two instances start together on an empty database: one migrates and loads, both serve', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `wbo_test_process_${randomBytes(4).toString('hex')}`;
      const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      await admin.db.execute(sql.raw(`create database "${name}"`));
      cleanups.push(async () => {
        await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        await admin.close();
      });
      const env = { DATABASE_URL: databaseUrl(url, name) };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      cleanups.push(async () => {
        a.child.kill('SIGKILL');
        b.child.kill('SIGKILL');
      });
      await Promise.all([waitHealthy(a), waitHealthy(b)]);
      expect(await demoUserCount(a.port)).toBe(await demoUserCount(b.port));
      const check = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 });
      const [markets] = await queryRows<{ n: string }>(check.db, sql`select count(*) as n from markets`);
      await check.close();
      expect(Number(markets!.n)).toBe(6);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    });
  });
}
