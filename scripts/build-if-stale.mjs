// Part of `npm start`: builds the client (dist/) and the server (dist-server/) when either is missing or
// older than its sources, so a fresh clone needs only `npm install && npm start`. Arguments `client` or
// `server` limit it to one of them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, PROJECT_ROOT as root, SERVER_OUTPUT, SERVER_SOURCES } from './build-server.mjs';

const CLIENT_SOURCES = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'scripts/client-contract.ts', 'scripts/precache-scope.ts', 'scripts/sign-in-styles.ts', 'package.json'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(full).reduce((latest, entry) => Math.max(latest, newest(path.join(target, entry))), stats.mtimeMs);
}

/** 'missing', 'stale' or 'fresh', from the output file's time against its newest source. */
function stateOf(output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (builtAt === 0) return 'missing';
  return sources.every((source) => newest(source) <= builtAt) ? 'fresh' : 'stale';
}

function buildClient() {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const parts = [
  { name: 'client', output: path.join(root, 'dist', 'index.html'), sources: CLIENT_SOURCES, build: buildClient },
  { name: 'server', output: path.join(SERVER_OUTPUT, 'main.js'), sources: SERVER_SOURCES, build: buildServer },
];
const wanted = process.argv.slice(2);
for (const part of parts.filter(({ name }) => wanted.length === 0 || wanted.includes(name))) {
  const state = stateOf(part.output, part.sources);
  if (state === 'fresh') continue;
  console.log(state === 'missing' ? `Building the ${part.name} (first start)...` : `The ${part.name}'s sources changed: rebuilding...`);
  await part.build();
}
