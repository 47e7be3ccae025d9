// What the benchmarks share: a free port, a throwaway PostgreSQL database, the real server started as
// `npm start` starts it, a demo sign-in, the server's RSS, and Chromium.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import postgres from 'postgres';

import { CHROMIUM_ARGS } from '../playwright.config';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Builds the client and/or the compiled server when their sources changed, as `npm start` does. */
export function buildIfStale(...parts: ('client' | 'server')[]): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', ...parts], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build of ${parts.join(' and ') || 'client and server'} failed`);
}

export type RunningServer = { child: ChildProcess; base: string; stop: () => Promise<void> };

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  buildIfStale('server');
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', ...env, PORT: String(port) },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (let i = 0; i < 240; i += 1) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { child, base, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A new, empty database on BENCH_POSTGRES_URL's server, named `${prefix}_<time>`, and how to drop it. */
export async function createThrowawayDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = postgres(BENCH_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // BENCH_KEEP_DATABASE=1 leaves it for looking into afterwards (drop it by hand).
      if (process.env.BENCH_KEEP_DATABASE) console.log(`Kept database ${name}.`);
      else await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Signs in as a demo user and returns the bearer token. */
export async function demoLogin(base: string, userId: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/demo-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
  if (!login.ok) throw new Error(`demo login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** A process's resident set size in MB (VmRSS of /proc/<pid>/status), 0 once it has gone. */
export function processRssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The CPU time a process has used so far, user and system, in ms (/proc/<pid>/stat, in clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
