// Unit tests run once; server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'];
// PostgreSQL only: several server instances on one database (PGlite is held by one instance), and what the
// PostgreSQL driver does on its connections.
const postgresOnlyTests = ['tests/integration/instances/**', 'tests/integration/postgres/**'];
// PGlite only: what the embedded database lacks and the server does for it (its autovacuum).
const embeddedOnlyTests = ['tests/integration/embedded/**'];

function serverProject(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: kind,
      include: serverTests,
      exclude: [...configDefaults.exclude, ...(kind === 'pglite' ? postgresOnlyTests : embeddedOnlyTests)],
      environment: 'node',
      globalSetup: ['tests/support/global-setup.ts'],
      env: { TEST_DB_KIND: kind },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1), and a test file spends about half its
    // time importing modules and restoring its database, not computing: two workers cut the server suite on
    // PGlite from 136 to 93 s here. The time limits below are guards against hanging, with room for that.
    maxWorkers: 2,
    // Test files run in worker threads rather than child processes: the server suite on PGlite took 307 s and 566 s
    // of CPU here against 394 s and 751 s in forks (Vitest's default), whose every file starts a Node process of its own.
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'tooling', include: ['tests/tooling/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A screen of 200 order lines renders in about a second alone; beside the server suites on two cores
          // it has taken over five. The time limit is a guard against hanging, not a speed target.
          testTimeout: 20_000,
          setupFiles: ['tests/support/client-setup.ts'],
          // The PWA plugin's service worker registration, which only the build provides: tests get the
          // same module (and can fake workbox-window under it, hence inlined).
          alias: { 'virtual:pwa-register/react': 'vite-plugin-pwa/dist/client/build/react.js' },
          server: { deps: { inline: ['vite-plugin-pwa'] } },
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
