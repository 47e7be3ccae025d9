// `npm test`: every check and every test, stopping at the first that fails.
//
// On one Node (the one running npm) it runs, in order: the TypeScript check, ESLint, knip, Vitest (every
// project) and Playwright (every project). With TEST_SECOND_NODE set to another Node binary (CI sets it
// to Node 24, see .ci/run), the slow suites are split between the two so that nothing runs twice: the
// second Node takes the server tests on PostgreSQL (or on PGlite when no PostgreSQL is configured), the
// client unit tests, and the end-to-end specs of the PostgreSQL desktop project (or the desktop one);
// the first keeps the rest. Both Nodes then run unit, integration and end-to-end tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (relative) => path.join(root, 'node_modules', relative);
const secondNode = process.env.TEST_SECOND_NODE;
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withPostgresE2e = Boolean(process.env.E2E_DATABASE_URL);

if (secondNode && !existsSync(secondNode)) fail(`TEST_SECOND_NODE is set to ${secondNode}, which does not exist.`);

function fail(message) {
  process.stderr.write(`\n${message}\n`);
  process.exit(1);
}

function version(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

/** Runs one step; a second Node also comes first on PATH, so the servers the step starts run on it. */
function step(title, node, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title} (Node ${version(node)})\n`);
  const pathEnv = node === process.execPath ? process.env.PATH : `${path.dirname(node)}${path.delimiter}${process.env.PATH}`;
  const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PATH: pathEnv, ...env } });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) fail(`✗ ${title} failed after ${seconds} s.`);
  process.stdout.write(`✓ ${title} passed in ${seconds} s\n`);
}

const projects = (flag, names) => names.flatMap((name) => [flag, name]);
const node = process.execPath;
const vitest = bin('vitest/vitest.mjs');
const playwright = bin('@playwright/test/cli.js');

step('TypeScript', node, [bin('typescript/bin/tsc'), '--noEmit']);
step('ESLint', node, [bin('eslint/bin/eslint.js'), '.']);
step('knip (unused files, exports, dependencies)', node, [bin('knip/bin/knip.js')]);

if (!secondNode) {
  step('Vitest', node, [vitest, 'run']);
  step('Playwright', node, [playwright, 'test']);
} else {
  const serverOnSecond = withPostgres ? 'postgres' : 'pglite';
  const vitestSecond = ['client', serverOnSecond];
  const vitestFirst = ['shared', 'tooling', ...(withPostgres ? ['pglite'] : [])];
  // With PostgreSQL, the tablet project runs the order specs on it (playwright.config.ts).
  const e2eSecond = withPostgresE2e ? ['desktop-postgres', 'tablet'] : ['desktop'];
  const e2eFirst = withPostgresE2e ? ['phone', 'desktop'] : ['phone', 'tablet'];
  step(`Vitest: ${vitestFirst.join(', ')}`, node, [vitest, 'run', ...projects('--project', vitestFirst)]);
  step(`Vitest: ${vitestSecond.join(', ')}`, secondNode, [vitest, 'run', ...projects('--project', vitestSecond)]);
  // The first Node's run needs no PostgreSQL server: its projects do not use it. When the second Node's run holds
  // desktop-postgres, the desktop leaves it the specs that project runs (E2E_POSTGRES_ELSEWHERE, playwright.config.ts).
  step(`Playwright: ${e2eFirst.join(', ')}`, node, [playwright, 'test', ...projects('--project', e2eFirst)], { E2E_DATABASE_URL: '', E2E_POSTGRES_ELSEWHERE: withPostgresE2e ? '1' : '' });
  step(`Playwright: ${e2eSecond.join(', ')}`, secondNode, [playwright, 'test', ...projects('--project', e2eSecond)], withPostgresE2e ? { E2E_ONLY_POSTGRES: '1' } : {});
}
