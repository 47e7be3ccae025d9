// `npm run bench:startup`: how long `npm start` takes on a fresh clone (no dist/, dist-server/ or data/;
// npm packages installed) until /api/health answers 200 and until a first real request (demo sign-in, then
// GET /api/markets) has its answer; beside a second start, the compiled server alone (also on Node 24), the
// old tsx start, and the bare cost of starting Node (`node -e 0`). Each run works in a copy of the project's files made by
// the benchmark, with node_modules linked, so this checkout's builds and database are never touched.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { recordBenchmark } from './record';
import { demoLogin, freePort } from './support';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const TIMEOUT_MS = 300_000;

type Timing = { healthMs: number; firstRequestMs: number };
type Case = { name: string; runs: Timing[] };

/** A fresh-clone-like copy: the files git knows (tracked, and new ones not ignored), and node_modules linked. */
function freshCopy(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'wbo-startup-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(path.join(folder, path.dirname(file)), { recursive: true });
    cpSync(file, path.join(folder, file), { dereference: false, errorOnExist: false, force: true });
  }
  symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'));
  return folder;
}

/** What an interrupted run leaves behind: the server running and the copy's folder. */
const running = { child: null as ChildProcess | null, folder: null as string | null };
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (running.child?.pid && running.child.exitCode === null) process.kill(-running.child.pid, 'SIGTERM');
    // The server needs a moment to close its database before its folder goes.
    setTimeout(() => {
      if (running.folder) rmSync(running.folder, { recursive: true, force: true });
      process.exit(130);
    }, 2_000);
  });
}

/** Starts a command in its own process group (so that `npm start`'s shell and server stop together). */
function launch(command: string, args: string[], cwd: string, port: number): ChildProcess {
  return (running.child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
  }));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** Time from launch to the first 200 of /api/health, and to the answer of a signed-in GET /api/markets. */
async function timeStart(command: string, args: string[], cwd: string): Promise<Timing> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = launch(command, args, cwd, port);
  try {
    while (!(await fetch(`${base}/api/health`).then((response) => response.ok, () => false))) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - startedAt > TIMEOUT_MS) throw new Error(`${command} ${args.join(' ')} did not answer in time`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const healthMs = performance.now() - startedAt;
    const token = await demoLogin(base, DEMO_USERS.mnAdmin.id);
    const markets = await fetch(`${base}/api/markets`, { headers: { authorization: `Bearer ${token}` } });
    if (!markets.ok) throw new Error(`GET /api/markets answered ${markets.status}`);
    await markets.arrayBuffer();
    return { healthMs, firstRequestMs: performance.now() - startedAt };
  } finally {
    await stop(child);
  }
}

function timeBareNode(): Timing {
  const startedAt = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  const ms = performance.now() - startedAt;
  return { healthMs: ms, firstRequestMs: ms };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const spread = (values: number[]) => `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const node = process.execPath;
  const node24Binary = execFileSync('bash', ['scripts/node-binary.sh', '24'], { encoding: 'utf8' }).trim();
  const cases: Case[] = [
    { name: '`npm start`, fresh clone (builds client and server, new database with demo data)', runs: [] },
    { name: '`npm start`, second start (builds up to date, database exists)', runs: [] },
    { name: '`node dist-server/main.js`, new database', runs: [] },
    { name: '`node dist-server/main.js`, database exists', runs: [] },
    { name: '`node --import tsx src/server/main.ts` (the old start), database exists', runs: [] },
    { name: '`node dist-server/main.js` on Node 24 (scripts/node-binary.sh), database exists', runs: [] },
    { name: 'bare cost: `node -e 0` (start and exit)', runs: [] },
  ];
  const [fresh, second, compiledNew, compiled, tsx, node24, bare] = cases as [Case, Case, Case, Case, Case, Case, Case];
  for (let run = 0; run < RUNS; run += 1) {
    const folder = (running.folder = freshCopy());
    try {
      fresh.runs.push(await timeStart('npm', ['start'], folder));
      second.runs.push(await timeStart('npm', ['start'], folder));
      compiled.runs.push(await timeStart(node, ['--enable-source-maps', 'dist-server/main.js'], folder));
      tsx.runs.push(await timeStart(node, ['--import', 'tsx', 'src/server/main.ts'], folder));
      node24.runs.push(await timeStart(node24Binary, ['--enable-source-maps', 'dist-server/main.js'], folder));
      rmSync(path.join(folder, 'data'), { recursive: true, force: true });
      compiledNew.runs.push(await timeStart(node, ['--enable-source-maps', 'dist-server/main.js'], folder));
      bare.runs.push(timeBareNode());
      console.log(`run ${run + 1}/${RUNS}: ${cases.map((item) => seconds(item.runs.at(-1)!.healthMs)).join(' / ')} s to health`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const bareMs = median(bare.runs.map((timing) => timing.healthMs));
  const rows = cases.map(({ name, runs }) => {
    const health = runs.map((timing) => timing.healthMs);
    const first = runs.map((timing) => timing.firstRequestMs);
    return `| ${name} | ${runs.length} | ${spread(health)} | ${spread(first)} | ${Math.round(median(health) / bareMs)}× |`;
  });
  const loadAfter = os.loadavg()[0]!;
  await recordBenchmark(
    'startup',
    `Start-up: seconds from launching the command to the first 200 of GET /api/health, and to the answer of the first real request (demo sign-in as the MN Market Admin, then GET /api/markets), median (min–max) of ${RUNS} runs, each in a fresh copy of the project (tracked files, node_modules linked). Ratio: median time to health over the bare cost of starting Node. Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
    ['| command | runs | to health, s | to first request, s | ratio to bare node |', '|---|---|---|---|---|', ...rows].join('\n'),
  );
}

await main();
