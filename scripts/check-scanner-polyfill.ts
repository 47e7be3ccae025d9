// Checks the scanner's fallback in a real Chromium, which has no BarcodeDetector on Linux: the
// barcode-detector polyfill must decode a tag with its WebAssembly fetched from our own origin, under the
// production CSP; the .wasm must stay out of the service worker's precache, and be cached once used. Not
// part of the test suite (the e2e spec scan-camera.spec.ts covers the scanner's behaviour); run it after
// changing the scanner, barcode-detector, the CSP or the build: `node --import tsx scripts/check-scanner-polyfill.ts`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, demoLogin, launchChromium, startServer } from '../bench/support';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import { writeCameraVideo } from '../tests/e2e/support/fake-camera';

type RegisterRow = { picklist_id: number; picklist_reference_id: string; status: string };
type PicklistItem = { product_name: string; tag_numbers: string[] };

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
  console.log(`ok: ${message}`);
}

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'otc-market': 'MN', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** An open picklist of the demo data and the first tag of one of its items. */
async function pickTag(base: string): Promise<{ picklist: RegisterRow; item: PicklistItem; tag: string }> {
  const token = await demoLogin(base, DEMO_USERS.mnFulfilment.id);
  const rows = await api<RegisterRow[]>(base, token, 'POST', '/picklist/register', { pagination: { page: 1, pageSize: 50 } });
  for (const picklist of rows.filter((row) => !/picked/i.test(row.status) || /partial/i.test(row.status))) {
    const detail = await api<{ items: PicklistItem[] }>(base, token, 'GET', `/picklist/${picklist.picklist_id}/detail`);
    const item = detail.items.find((candidate) => candidate.tag_numbers.length > 0);
    if (item) return { picklist, item, tag: item.tag_numbers[0]! };
  }
  throw new Error('no open picklist of the demo data has an item with a tag');
}

async function main(): Promise<void> {
  buildIfStale();
  const assets = readdirSync('dist/assets');
  const wasm = assets.find((file) => file.endsWith('.wasm'));
  check(wasm !== undefined, `the build emits the polyfill's WebAssembly (dist/assets/${wasm})`);
  check(!readFileSync('dist/sw.js', 'utf8').includes(wasm!), 'the service worker does not precache it');

  const folder = mkdtempSync(path.join(os.tmpdir(), 'wbo-scanner-'));
  const server = await startServer({ DATA_DIR: path.join(folder, 'data') });
  try {
    const { picklist, item, tag } = await pickTag(server.base);
    const video = path.join(folder, 'tag.y4m');
    writeCameraVideo(video, [
      { tag: null, seconds: 1 },
      { tag, seconds: 3 },
    ]);
    const browser = await launchChromium(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    try {
      const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1440, height: 900 }, permissions: ['camera'] });
      await context.addInitScript(() => {
        const violations: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = violations;
        document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} (${location.pathname})`));
      });
      const elsewhere: string[] = [];
      const wasmRequests: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== server.base) elsewhere.push(request.url());
        if (url.pathname.endsWith('.wasm')) wasmRequests.push(request.url());
      });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });

      await page.goto('/login');
      await page.getByRole('button', { name: /^Casey Nguyen/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      check(await page.evaluate(() => !('BarcodeDetector' in window)), 'this Chromium has no native BarcodeDetector, so the polyfill reads');
      // The page must be the service worker's before the scanner fetches the .wasm, for it to be cached.
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await page.goto(`/orders/picklists/${picklist.picklist_id}`);
      await page.getByRole('heading', { level: 1, name: picklist.picklist_reference_id }).waitFor();
      // zod probes for eval once per page, before the scanner opens (a violation of its own, not the scanner's).
      const cspViolations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      const before = (await cspViolations()).length;
      const consoleBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      const scanner = page.getByRole('dialog', { name: 'Scan a tag' });
      await scanner.getByLabel('Camera view').waitFor();
      // The scanner closes when it has read a tag of the picklist, and ticks that item.
      await scanner.waitFor({ state: 'detached', timeout: 30_000 });
      const row = page.getByRole('checkbox', { name: `Select ${item.product_name}` }).first();
      check(await row.isChecked(), `the polyfill decoded tag ${tag} from the camera and the item "${item.product_name}" is ticked`);
      // The page's request, and the service worker's on its behalf.
      check(wasmRequests.length > 0 && wasmRequests.every((url) => new URL(url).origin === server.base), `the WebAssembly came from our origin (${wasmRequests.join(', ')})`);
      check(elsewhere.length === 0, `no request left our origin${elsewhere.length ? `: ${elsewhere.join(', ')}` : ''}`);
      const violations = (await cspViolations()).slice(before);
      const cspErrors = consoleErrors.slice(consoleBefore).filter((text) => /content security policy/i.test(text));
      check(violations.length === 0 && cspErrors.length === 0, `no CSP violation while scanning${violations.length + cspErrors.length ? `: ${[...violations, ...cspErrors].join('; ')}` : ''}`);
      const cached = await page.evaluate(async () => (await (await caches.open('scanner-wasm')).keys()).map((request) => request.url));
      check(cached.length === 1 && cached[0] === wasmRequests[0], 'the service worker kept it for the next scan offline (runtime cache, not precache)');
      await context.close();
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
