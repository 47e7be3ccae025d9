// The server the end-to-end tests drive: the production build (the client and the compiled server, as
// `npm start` runs them) on a throwaway database, removed again when Playwright stops it. The database is
// embedded (PGlite) unless E2E_POSTGRES_URL names a PostgreSQL server, where a database of its own is made
// for the run and dropped after it.
// E2E_START_AFTER (a health URL): wait until that server answers before starting. The first server builds
// the client and the server; a second one must not read the build folders before the build is complete.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const START_AFTER_TIMEOUT_MS = 240_000;

async function waitUntilUp(url) {
  const deadline = Date.now() + START_AFTER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const up = await fetch(url).then((response) => response.ok, () => false);
    if (up) return;
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${START_AFTER_TIMEOUT_MS / 1000} s`);
}

async function throwawayPostgres(baseUrl) {
  const { default: postgres } = await import('postgres');
  const name = `wbo_e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    remove: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function throwawayDataDir() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-e2e-'));
  return { env: { DATA_DIR: dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

if (process.env.E2E_START_AFTER) {
  await waitUntilUp(process.env.E2E_START_AFTER);
} else {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = process.env.E2E_POSTGRES_URL ? await throwawayPostgres(process.env.E2E_POSTGRES_URL) : throwawayDataDir();
const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, ...database.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // The import specs' failure case: Metrc answers 500 to every package request in these two markets (one per viewport).
    SIMULATOR_FAULTS: 'MD:server-error:packages,NV:server-error:packages',
  },
});

function stop() {
  server.kill('SIGTERM');
}
server.on('exit', (code) => {
  database.remove().then(
    () => process.exit(code ?? 0),
    (error) => {
      console.error('Could not remove the end-to-end database:', error);
      process.exit(code || 1);
    },
  );
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
