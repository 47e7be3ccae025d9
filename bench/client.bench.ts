// `npm run bench:client`: what a user's device pays for the client (issue 17 for the first two).
//  1. The first load on a phone: JavaScript (gzip) the login page loads before a demo user can be chosen
//     (target under 100 KB), and the service worker's precache (target under 600 KB gzip).
//  2. Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), three runs each of /login (a new
//     device) and of the picker's picklist screen (signed in, shell from the service worker), each run
//     alternated with a minimal static page carrying the same heading and buttons (or picklist cards):
//     the bare cost of showing that content on this machine. Targets: performance at least 95, LCP within
//     1.5× the minimal page's.
//  3. The DataTable with 10,000 rows, scrolled end to end at a desktop and a phone viewport: the most row
//     elements ever in the DOM (target under 100) and the frame times while scrolling.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { build } from 'vite';
import type { DemoUser } from '../src/shared/api/auth';
import type { PicklistRow } from '../src/shared/api/picklists';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { recordBenchmark } from './record';
import { CHROMIUM_ARGS } from '../playwright.config';
import { buildIfStale, CHROMIUM_PATH, demoLogin, freePort, launchChromium, startServer } from './support';

const DIST = path.resolve('dist');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PICKER = DEMO_USERS.mnFulfilment;
const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;
const loadAverage = () => os.loadavg()[0]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function loginJavaScript(base: string): Promise<{ files: { file: string; gzipKb: number }[]; totalKb: number }> {
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
  const scripts = new Set<string>();
  let interactive = false;
  page.on('request', (request) => {
    if (!interactive && request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${base}/login`);
  // Interactive: a demo user can be chosen.
  await page.getByRole('list', { name: 'Demo users' }).getByRole('button').first().waitFor({ state: 'visible' });
  interactive = true;
  await browser.close();
  const files = [...scripts].map((file) => ({ file, gzipKb: gzipKb(readFileSync(path.join(DIST, file))) }));
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzipKb, 0) };
}

/** The service worker's precache, from the manifest in dist/sw.js. */
function precache(): { files: number; gzipKb: number; rawKb: number; largest: { url: string; gzipKb: number }[] } {
  const worker = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/url:\s*"([^"]+)"/g)].map((match) => match[1]!);
  const entries = urls.map((url) => {
    const content = readFileSync(path.join(DIST, url));
    return { url, gzipKb: gzipKb(content), rawKb: content.length / 1024 };
  });
  return {
    files: entries.length,
    gzipKb: entries.reduce((sum, e) => sum + e.gzipKb, 0),
    rawKb: entries.reduce((sum, e) => sum + e.rawKb, 0),
    largest: [...entries].sort((a, b) => b.gzipKb - a.gzipKb).slice(0, 5),
  };
}

// ---- the minimal pages: the same content as static HTML, as small as it can be ---------------------------

const MINIMAL_HEAD = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Orders, picklists and inventory for GreenVault wholesale staff."><title>${title}</title>` +
  '<style>body{font-family:system-ui,sans-serif;margin:0;background:#052e16}main{max-width:28rem;margin:2.5rem auto;padding:1.5rem;background:#fff;border-radius:1rem}button,article{display:block;width:100%;min-height:4.25rem;text-align:left;padding:.6rem .75rem;margin:.25rem 0;border:0;border-radius:.75rem;background:#f0fdf4;font:inherit}small{display:block;color:#475569}</style></head><body>';
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

function minimalLogin(users: DemoUser[]): string {
  const buttons = users.map((user) => `<button type="button">${escapeHtml(user.name)}<small>${escapeHtml(user.markets.map((m) => `${m.role} · ${m.code}`).join(', '))}</small></button>`);
  return `${MINIMAL_HEAD('GreenVault Wholesale')}<main><p>GreenVault · Wholesale back office</p><h1>Welcome</h1><p>Orders, picklists and inventory for every market, on any device.</p><h2>Sign in as a demo user</h2>${buttons.join('')}</main></body></html>`;
}

function minimalPicklists(rows: PicklistRow[]): string {
  const cards = rows.map(
    (row) =>
      `<article><strong>${escapeHtml(row.picklist_reference_id)}</strong><small>${escapeHtml(row.customer_name)} · ${escapeHtml(row.reference_id)} · ${row.picked_cases}/${row.total_cases} cases · ${escapeHtml(row.pick_status_label)} · ${row.requested_delivery_date ?? ''}</small></article>`,
  );
  return `${MINIMAL_HEAD('Picklists · GreenVault Wholesale')}<main><h1>Picklists</h1><p>Market: Minnesota • One Order ID can have multiple Picklist IDs</p>${cards.join('')}</main></body></html>`;
}

async function serveMinimalPages(pages: Record<string, string>): Promise<{ base: string; close: () => void }> {
  const server = createServer((request, response) => {
    const body = pages[request.url ?? ''];
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

// ---- Lighthouse ---------------------------------------------------------------------------------------

type Run = { performance: number; accessibility: number; bestPractices: number; seo: number; fcpMs: number; lcpMs: number; tbtMs: number; kb: number; load: number };

async function audit(port: number, url: string, keepStorage: boolean, attempt = 1): Promise<Run> {
  const load = loadAverage();
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: keepStorage,
  });
  const lhr = runner!.lhr;
  // BENCH_LIGHTHOUSE_DUMP=<folder>: each run's whole report is kept there, to read what priced the LCP.
  const dump = process.env.BENCH_LIGHTHOUSE_DUMP;
  if (dump) writeFileSync(path.join(dump, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  // A run Lighthouse could not complete (it says why) is run again rather than counted as a score of 0.
  const failure = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : lhr.categories.performance?.score == null ? 'no performance score' : null;
  if (failure) {
    console.log(`Lighthouse could not complete ${url} (${failure}); ${attempt < 3 ? 'running it again' : 'giving up'}`);
    if (attempt < 3) return audit(port, url, keepStorage, attempt + 1);
    throw new Error(`Lighthouse failed three times on ${url}: ${failure}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    kb: Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
    load,
  };
}

/** A Chromium that Lighthouse drives on its debugging port, with its own profile. */
async function lighthouseBrowser(): Promise<{ port: number; context: BrowserContext; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wbo-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    viewport: { width: 390, height: 844 },
  });
  return {
    port,
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

type Comparison = { page: string; app: Run[]; minimal: Run[] };

/** RUNS audits of the app's page, each followed by one of the minimal page. */
async function alternate(page: string, port: number, appUrl: string, minimalUrl: string, keepStorage: boolean): Promise<Comparison> {
  const comparison: Comparison = { page, app: [], minimal: [] };
  for (let run = 1; run <= RUNS; run += 1) {
    comparison.app.push(await audit(port, appUrl, keepStorage));
    comparison.minimal.push(await audit(port, minimalUrl, false));
    const [app, minimal] = [comparison.app.at(-1)!, comparison.minimal.at(-1)!];
    console.log(`${page} run ${run}: app ${app.performance} (LCP ${app.lcpMs} ms, TBT ${app.tbtMs} ms, ${app.kb} KB), minimal ${minimal.performance} (LCP ${minimal.lcpMs} ms), load ${app.load.toFixed(1)}`);
  }
  return comparison;
}

async function lighthouseComparisons(base: string): Promise<Comparison[]> {
  const users = ((await (await fetch(`${base}/api/auth/demo-users`)).json()) as { data: DemoUser[] }).data;
  const token = await demoLogin(base, PICKER.id);
  const register = await fetch(`${base}/api/picklist/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'otc-market': 'MN' },
    body: JSON.stringify({ pagination: { page: 1, pageSize: 100 } }),
  });
  const rows = ((await register.json()) as { data: PicklistRow[] }).data;
  const minimal = await serveMinimalPages({ '/login': minimalLogin(users), '/picklists': minimalPicklists(rows) });
  const comparisons: Comparison[] = [];
  try {
    // A new device: Lighthouse clears the origin's storage and cache before each run.
    const fresh = await lighthouseBrowser();
    try {
      comparisons.push(await alternate('/login (new device)', fresh.port, `${base}/login`, `${minimal.base}/login`, false));
    } finally {
      await fresh.close();
    }
    // The picker's phone: signed in once, the service worker installed and in control, the open picklists
    // put on the phone; Lighthouse keeps that state between runs.
    const picker = await lighthouseBrowser();
    try {
      const page = picker.context.pages()[0] ?? (await picker.context.newPage());
      await page.goto(`${base}/login`);
      await page.getByRole('button', { name: new RegExp(`^${PICKER.name}`) }).click();
      await page.waitForURL(/\/orders\/picklists$/);
      await page.getByRole('heading', { name: 'Picklists' }).waitFor();
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      comparisons.push(await alternate('/orders/picklists (picker, signed in, service worker)', picker.port, `${base}/orders/picklists`, `${minimal.base}/picklists`, true));
    } finally {
      await picker.close();
    }
  } finally {
    minimal.close();
  }
  return comparisons;
}

type ScrollResult = { viewport: string; maxRowElements: number; p50FrameMs: number; p95FrameMs: number; droppedFramesPct: number };

async function dataTableScroll(): Promise<ScrollResult[]> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-harness-'));
  await build({
    configFile: false,
    root: path.resolve('bench/datatable-harness'),
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((request, response) => {
    const file = path.join(outDir, request.url === '/' ? 'index.html' : decodeURIComponent(request.url!.split('?')[0]!));
    try {
      if (!file.startsWith(outDir) || !statSync(file).isFile()) throw new Error('missing');
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
      response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const browser = await launchChromium();
  const results: ScrollResult[] = [];
  try {
    for (const [viewport, width, height] of [['desktop 1440×900', 1440, 900], ['phone 390×844', 390, 844]] as const) {
      const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      const rowSelector = width >= 768 ? 'tbody tr' : '[role="listitem"]';
      await page.waitForSelector(rowSelector);
      const measured = await page.evaluate(async (selector) => {
        const scroller =
          [...document.querySelectorAll<HTMLElement>('div')].find((el) => el.scrollHeight > el.clientHeight + 10 && getComputedStyle(el).overflowY === 'auto') ??
          (document.scrollingElement as HTMLElement);
        const frames: number[] = [];
        let maxRows = document.querySelectorAll(selector).length;
        let last = performance.now();
        const end = scroller.scrollHeight - scroller.clientHeight;
        // Scroll to the end and back in steps of a screen a frame, as a fast fling would.
        const step = scroller.clientHeight * 0.9;
        for (const direction of [1, -1]) {
          for (let moved = 0; moved < end; moved += step) {
            scroller.scrollTop = direction === 1 ? moved : end - moved;
            await new Promise(requestAnimationFrame);
            const now = performance.now();
            frames.push(now - last);
            last = now;
            maxRows = Math.max(maxRows, document.querySelectorAll(selector).length);
          }
        }
        return { frames, maxRows };
      }, rowSelector);
      const sorted = measured.frames.sort((a, b) => a - b);
      const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
      results.push({
        viewport,
        maxRowElements: measured.maxRows,
        p50FrameMs: at(50),
        p95FrameMs: at(95),
        droppedFramesPct: Math.round((sorted.filter((f) => f > 1000 / 60 + 1).length / sorted.length) * 1000) / 10,
      });
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  return results;
}

buildIfStale('client');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wbo-bench-client-'));
const loadBefore = loadAverage();
const server = await startServer({ DATA_DIR: dataDir });
try {
  const js = await loginJavaScript(server.base);
  console.log(`Login JavaScript before interactive: ${js.totalKb.toFixed(1)} KB gzip in ${js.files.length} files`);
  const cache = precache();
  console.log(`Precache: ${cache.files} files, ${cache.gzipKb.toFixed(1)} KB gzip (${cache.rawKb.toFixed(0)} KB)`);
  const comparisons = await lighthouseComparisons(server.base);
  const scroll = await dataTableScroll();
  for (const s of scroll) console.log(`DataTable 10,000 rows, ${s.viewport}: at most ${s.maxRowElements} row elements, frame p50 ${s.p50FrameMs} ms, p95 ${s.p95FrameMs} ms`);
  const loads = [loadBefore, ...comparisons.flatMap((c) => [...c.app, ...c.minimal].map((run) => run.load)), loadAverage()];

  const runRows = comparisons.flatMap((c) =>
    c.app.map((app, i) => {
      const minimal = c.minimal[i]!;
      return `| ${c.page} | ${i + 1} | ${app.performance} | ${app.fcpMs} | ${app.lcpMs} | ${app.tbtMs} | ${app.kb} | ${minimal.performance} | ${minimal.lcpMs} | ${minimal.tbtMs} | ${minimal.kb} | ${(app.lcpMs / minimal.lcpMs).toFixed(2)} | ${app.load.toFixed(1)} |`;
    }),
  );
  const summaryRows = comparisons.map((c) => {
    const appLcp = median(c.app.map((r) => r.lcpMs));
    const minimalLcp = median(c.minimal.map((r) => r.lcpMs));
    const last = c.app.at(-1)!;
    return `| ${c.page} | ${c.app.map((r) => r.performance).join(' / ')} | ${appLcp} | ${minimalLcp} | **${(appLcp / minimalLcp).toFixed(2)}×** | ${median(c.app.map((r) => r.tbtMs))} | ${last.accessibility} | ${last.bestPractices} | ${last.seo} |`;
  });

  await recordBenchmark(
    'client',
    `What the client costs a device. JavaScript is the gzip size (level 9) of every script the login page requested on a phone before its first demo user could be chosen; the precache is every file in the service worker's manifest, gzip level 9. Lighthouse 12 runs its default mobile profile (simulated slow 4G, 4× CPU slowdown) in Debian Chromium, ${RUNS} runs of each page, each followed by a run of a minimal static page with the same content (the same heading, text and buttons, or the same picklist cards) served by a bare Node server: the ratio is the app's LCP over the minimal page's. /login runs as a new device (Lighthouse clears storage); the picklist screen as the picker's phone, signed in, with the service worker in control (Lighthouse's simulation still prices what the worker serves as network transfers). Load average (1 min) ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} during the run, on a machine whose 2 cores other work shares. The DataTable harness (bench/datatable-harness) holds 10,000 rows and is scrolled end to end and back, a screen per frame.`,
    [
      `**Login page JavaScript before interactive: ${js.totalKb.toFixed(1)} KB gzip** in ${js.files.length} files (target under 100 KB)`,
      '',
      `**Precache: ${cache.files} files, ${cache.gzipKb.toFixed(0)} KB gzip** (${cache.rawKb.toFixed(0)} KB uncompressed; target under 600 KB gzip). Largest: ${cache.largest.map((e) => `${e.url.replace(/-[\w-]{8}\.js$/, '.js')} ${e.gzipKb.toFixed(1)} KB`).join(', ')}.`,
      '',
      '| Lighthouse (mobile) | performance (runs) | LCP ms (median) | minimal page LCP ms | LCP ratio (target ≤ 1.5×) | TBT ms (median) | accessibility | best practices | SEO |',
      '|---|---|---|---|---|---|---|---|---|',
      ...summaryRows,
      '',
      '| page | run | performance | FCP ms | LCP ms | TBT ms | KB | minimal: performance | LCP ms | TBT ms | KB | LCP ratio | load average |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...runRows,
      '',
      '| login script | KB gzip |',
      '|---|---|',
      ...js.files.map((f) => `| ${f.file.replace(/-[\w-]{8}\.js$/, '.js')} | ${f.gzipKb.toFixed(1)} |`),
      '',
      '| DataTable, 10,000 rows | most row elements in the DOM | frame p50 ms | frame p95 ms | frames over 17.7 ms |',
      '|---|---|---|---|---|',
      ...scroll.map((s) => `| ${s.viewport} | ${s.maxRowElements} | ${s.p50FrameMs} | ${s.p95FrameMs} | ${s.droppedFramesPct}% |`),
    ].join('\n'),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
