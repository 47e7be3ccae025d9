// The server the end-to-end tests drive: the production build on a throwaway embedded database,
// removed again when Playwright stops it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const build = spawnSync(process.execPath, ['scripts/build-client-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
});

function stop() {
  server.kill('SIGTERM');
}
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
