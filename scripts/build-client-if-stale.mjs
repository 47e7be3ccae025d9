// Part of `npm start`: builds the client when dist/ is missing or older than its sources, so a fresh
// clone needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const output = path.join(root, 'dist', 'index.html');
const sources = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(full).reduce((latest, entry) => Math.max(latest, newest(path.join(target, entry))), stats.mtimeMs);
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
if (builtAt > 0 && sources.every((source) => newest(source) <= builtAt)) process.exit(0);

console.log(builtAt === 0 ? 'Building the client (first start)...' : 'Client sources changed: rebuilding...');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
