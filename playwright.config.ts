// End-to-end tests in Debian's Chromium (never a downloaded browser), at a phone and a desktop viewport,
// against the production build served by the real server on a throwaway embedded database.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
/** Debian's full Chromium (`chromium`): the camera spec's browser, and the specs' when the headless shell is not installed. */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
// The specs drive Debian's Chromium headless shell (`chromium-headless-shell`, the build Playwright itself runs
// headless): the full browser's headless mode runs its window's WebUI renderers and a GPU process beside every
// page, and the shell spec took 392 s of CPU and 209 s at the phone with it, against 237 s and 131 s with the shell
// (the whole phone project: 595 s against 990 s). It has no camera: scan-camera.spec.ts launches FULL_CHROMIUM.
const E2E_CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// With E2E_DATABASE_URL (a PostgreSQL server), every spec runs once more at the desktop viewport against a
// second server on that PostgreSQL, as the server tests do.
const postgresUrl = process.env.E2E_DATABASE_URL;
const postgresPort = port + 1;
// Set by `npm test` when a run holds only the desktop-postgres project: the PGlite server would start for nothing.
const onlyPostgres = Boolean(postgresUrl) && process.env.E2E_ONLY_POSTGRES === '1';
// Set by `npm test` on the run that leaves the desktop-postgres project to another run.
const postgresElsewhere = process.env.E2E_POSTGRES_ELSEWHERE === '1';
// The desktop project has an embedded-database server of its own: PGlite answers one statement at a time, and with
// one server for both, the phone's and the desktop's specs waited on each other's statements.
const desktopPort = port + 2;
const desktop = { viewport: { width: 1440, height: 900 }, baseURL: `http://127.0.0.1:${desktopPort}` };
// A sales rep's tablet: the desktop's table layout, on a touch screen with the sidebar collapsed to icons.
const tablet = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };
const UI_ONLY_SPECS = /\/(shell|pwa|first-load|scan-camera)\.spec\.ts$/;
// Sales reps place and check orders on tablets: these specs run at the tablet's viewport as well.
const ORDER_SPECS = /\/(orders|orders-list|order-upload)\.spec\.ts$/;
// Stopped with SIGTERM (Playwright's default is SIGKILL), so that scripts/e2e-server.mjs drops the run's
// PostgreSQL database and removes its embedded one's folder before it exits.
const serverDefaults = { reuseExistingServer: false, timeout: 240_000, stdout: 'ignore', stderr: 'pipe', gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 } } as const;

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: E2E_CHROMIUM, args: CHROMIUM_ARGS },
    // Pages open under reduced motion: the desktop's sign-in page otherwise plays its background video on every
    // sign-in, decoded in software (the shell spec at the desktop: 330 s of CPU, 243 s under reduced motion). The tests
    // of the video and of motion ask for the preference they test (page.emulateMedia).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // A test of one layout only is tagged @phone-only, @tablet-only or @desktop-only and runs in those projects
  // alone (rather than being skipped in the others); the tablet has the desktop's layout, so it runs
  // @desktop-only tests too.
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }, grepInvert: /@desktop-only|@tablet-only/ },
    // With PostgreSQL (here, or in another run of the same suite: `npm test` runs desktop-postgres in a run of its
    // own), the desktop on PGlite runs only the specs that desktop-postgres leaves out: every other spec runs on
    // PGlite at the phone and on PostgreSQL at the desktop, once per viewport and once per database.
    { name: 'desktop', use: desktop, ...(postgresUrl || postgresElsewhere ? { testMatch: [UI_ONLY_SPECS, ORDER_SPECS] } : {}), grepInvert: /@phone-only|@tablet-only/ },
    // The order specs at the tablet's viewport: on PostgreSQL when there is one, where they stand for the
    // desktop-postgres run of those specs (the desktop's layout runs them on PGlite), so that the third
    // viewport adds no third run of them to CI.
    { name: 'tablet', use: { ...tablet, ...(postgresUrl ? { baseURL: `http://127.0.0.1:${postgresPort}` } : {}) }, testMatch: ORDER_SPECS, grepInvert: /@phone-only/ },
    // On PostgreSQL, the specs whose outcome depends on the database: the shell, the service worker, the first
    // load and the camera are the same on either database and run once, at both viewports, on PGlite.
    ...(postgresUrl
      ? [{ name: 'desktop-postgres', use: { ...desktop, baseURL: `http://127.0.0.1:${postgresPort}` }, testIgnore: [UI_ONLY_SPECS, ORDER_SPECS], grepInvert: /@phone-only|@tablet-only/ }]
      : []),
  ],
  webServer: [
    ...(onlyPostgres
      ? []
      : [
          {
            command: 'node scripts/e2e-server.mjs',
            url: `http://127.0.0.1:${port}/api/health`,
            env: { PORT: String(port) },
            ...serverDefaults,
          },
          {
            command: 'node scripts/e2e-server.mjs',
            url: `http://127.0.0.1:${desktopPort}/api/health`,
            // Beside the first server, it waits for that one's build of the client and the server.
            env: { PORT: String(desktopPort), E2E_START_AFTER: `http://127.0.0.1:${port}/api/health` },
            ...serverDefaults,
          },
        ]),
    ...(postgresUrl
      ? [
          {
            command: 'node scripts/e2e-server.mjs',
            url: `http://127.0.0.1:${postgresPort}/api/health`,
            // Beside the PGlite server, it waits for that one's build of the client and the server.
            env: { PORT: String(postgresPort), E2E_POSTGRES_URL: postgresUrl, ...(onlyPostgres ? {} : { E2E_START_AFTER: `http://127.0.0.1:${port}/api/health` }) },
            ...serverDefaults,
          },
        ]
      : []),
  ],
});
