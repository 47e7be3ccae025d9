// `npm run bench:client`: what a user's device pays for the client.
//  1. JavaScript (gzip) the login page loads before it is interactive (target under 150 KB).
//  2. Lighthouse, mobile profile, on /login and on the signed-in home (targets: performance 90,
//     accessibility 95, best practices 95).
//  3. The DataTable with 10,000 rows, scrolled end to end at a desktop and a phone viewport: the most row
//     elements ever in the DOM (target under 100) and the frame times while scrolling.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { recordBenchmark } from './record';
import { CHROMIUM_ARGS } from '../playwright.config';
import { buildIfStale, CHROMIUM_PATH, freePort, launchChromium, startServer } from './support';

const DIST = path.resolve('dist');

async function loginJavaScript(base: string): Promise<{ files: { file: string; gzipKb: number }[]; totalKb: number }> {
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
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
  const files = [...scripts].map((file) => ({ file, gzipKb: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024 }));
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzipKb, 0) };
}

type Scores = { page: string; performance: number; accessibility: number; bestPractices: number; lcpMs: number; tbtMs: number };

async function lighthouseScores(base: string): Promise<Scores[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wbo-lh-'));
  // One persistent profile: Lighthouse opens its tab in the same browser, so the signed-in state is shared.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    viewport: { width: 390, height: 844 },
  });
  const results: Scores[] = [];
  const audit = async (label: string, url: string) => {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    });
    const lhr = runner!.lhr;
    results.push({
      page: label,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    });
  };
  try {
    await audit('/login', `${base}/login`);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: /^Alex Morgan/ }).click();
    await page.waitForURL(/\/inventory$/);
    await page.getByRole('heading', { name: 'Minnesota Inventory' }).waitFor();
    await audit('/inventory (signed in, Market Admin)', `${base}/inventory`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
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
const server = await startServer({ DATA_DIR: dataDir });
try {
  const js = await loginJavaScript(server.base);
  console.log(`Login JavaScript before interactive: ${js.totalKb.toFixed(1)} KB gzip`);
  const scores = await lighthouseScores(server.base);
  for (const s of scores) console.log(`Lighthouse ${s.page}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}`);
  const scroll = await dataTableScroll();
  for (const s of scroll) console.log(`DataTable 10,000 rows, ${s.viewport}: at most ${s.maxRowElements} row elements, frame p50 ${s.p50FrameMs} ms, p95 ${s.p95FrameMs} ms`);

  await recordBenchmark(
    'client',
    'What the client costs a device. JavaScript is the gzip size (level 9) of every script the login page requested before its first demo user could be chosen. Lighthouse 12 runs its default mobile profile (simulated slow 4G, 4× CPU slowdown) in Debian Chromium. The DataTable harness (bench/datatable-harness) holds 10,000 rows and is scrolled end to end and back, a screen per frame.',
    [
      `**Login page JavaScript before interactive: ${js.totalKb.toFixed(1)} KB gzip** (target under 150 KB)`,
      '',
      '| script | KB gzip |',
      '|---|---|',
      ...js.files.map((f) => `| ${f.file.replace(/-[\w-]{8}\.js$/, '.js')} | ${f.gzipKb.toFixed(1)} |`),
      '',
      '| Lighthouse (mobile) | performance | accessibility | best practices | LCP ms | TBT ms |',
      '|---|---|---|---|---|---|',
      ...scores.map((s) => `| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.lcpMs} | ${s.tbtMs} |`),
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
