// `npm test`: every check and every test, stopping at the first that fails.
//
// On one Node (the one running npm) it runs, in order: the TypeScript check, ESLint and knip (side by side), Vitest
// (every project) and Playwright (every project). With TEST_SECOND_NODE set to another Node binary (CI sets it
// to Node 24, see .ci/run), the slow suites are split between the two so that nothing runs twice: the
// second Node takes the server tests on PostgreSQL (or on PGlite when no PostgreSQL is configured), the
// client unit tests, and the end-to-end specs of the PostgreSQL desktop project (or the desktop one);
// the first keeps the rest. Both Nodes then run unit, integration and end-to-end tests.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs steps at once, each on the running Node, and prints each one's output whole when all have ended. The static
 * checks each keep one core busy (TypeScript 40 s, ESLint 27 s in a CI run): side by side on two cores they end
 * together in about the time of the longest.
 */
async function stepsTogether(steps) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${steps.map(({ title }) => title).join(', ')}, side by side (Node ${version(node)})\n`);
  const results = await Promise.all(
    steps.map(
      ({ title, args }) =>
        new Promise((resolve) => {
          const child = spawn(node, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => resolve({ title, status, output, seconds: Math.round((Date.now() - started) / 1000) }));
        }),
    ),
  );
  for (const { title, status, output, seconds } of results) {
    if (output.trim()) process.stdout.write(`\n${title}:\n${output}`);
    process.stdout.write(status === 0 ? `✓ ${title} passed in ${seconds} s\n` : `✗ ${title} failed after ${seconds} s\n`);
  }
  const failed = results.filter(({ status }) => status !== 0);
  if (failed.length > 0) fail(`✗ ${failed.map(({ title }) => title).join(', ')} failed.`);
}

await stepsTogether([
  { title: 'TypeScript', args: [bin('typescript/bin/tsc'), '--noEmit'] },
  { title: 'ESLint', args: [bin('eslint/bin/eslint.js'), '.'] },
  { title: 'knip (unused files, exports, dependencies)', args: [bin('knip/bin/knip.js')] },
]);

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
