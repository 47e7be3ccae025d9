// The production build as a phone first meets it (issue 17): what the sign-in page loads before it can be
// used, and what the service worker precaches. Builds the client once, into a folder of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInPage } from '../../src/server/lib/sign-in-page';

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'first-load-build-'));
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  // As npm run build makes it: the test runner's NODE_ENV=test would give an unminified service worker.
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { encoding: 'utf8', env });
  if (build.status !== 0) throw new Error(`the build failed: ${build.stderr}`);
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length / 1024;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The source files (project paths, or node_modules/<package>/...) a built chunk was made from. */
function sourcesOf(file: string): string[] {
  const mapFile = path.join(out, `${file}.map`);
  // Rolldown's own helpers (its runtime, the preload helper) come without a map.
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => path.relative(process.cwd(), path.resolve(path.dirname(path.join(out, file)), source)).replace(/^.*node_modules\//, 'node_modules/'));
}

/**
 * The scripts the sign-in page runs: the one index.html loads (boot.ts), and the client it starts with
 * everything that imports statically, as the preload list of that dynamic import names them.
 */
function signInScripts(): string[] {
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  const boot = /<script type="module"[^>]*src="\/([^"]+\.js)"/.exec(html)![1]!;
  const preloads = /m\.f=\[([^\]]*)\]/.exec(readFileSync(path.join(out, boot), 'utf8'))?.[1] ?? '';
  return [boot, ...[...preloads.matchAll(/"([^"]+\.js)"/g)].map((match) => match[1]!)];
}

function precached(): string[] {
  const worker = readFileSync(path.join(out, 'sw.js'), 'utf8');
  return [...worker.matchAll(/url:\s*"([^"]+)"/g)].map((match) => match[1]!);
}

describe('the first load', () => {
  it('gives the sign-in page under 100 KB gzip of script: React and its own code, without zod, the router or the query cache', () => {
    const scripts = signInScripts();
    const sources = scripts.flatMap(sourcesOf);
    expect(sources).toContain('src/client/features/auth/components/login-page.tsx');
    for (const later of ['node_modules/zod/', 'node_modules/@tanstack/react-router/', 'node_modules/@tanstack/router-core/', 'node_modules/@tanstack/query-core/']) {
      expect(sources.filter((source) => source.startsWith(later)), later).toEqual([]);
    }
    expect(sum(scripts.map(gzipKb))).toBeLessThan(100);
  });

  it('precaches the shell and the picker’s screens, under 600 KB gzip, and none of the heavy parts', () => {
    const files = precached();
    expect(files.filter((file) => /\.(webm|jpg|webp|wasm)$/.test(file))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    const sources = scripts.flatMap(sourcesOf);
    // (The scanner imports its WebAssembly's address, a one-line module, not the WebAssembly.)
    const code = sources.filter((source) => !/\.wasm(\?url)?$/.test(source));
    for (const heavy of ['node_modules/@azure/msal-browser/', 'node_modules/xlsx/', 'node_modules/barcode-detector/', 'node_modules/zxing-wasm/']) {
      expect(code.filter((source) => source.startsWith(heavy)), heavy).toEqual([]);
    }
    for (const screen of [
      'src/client/features/shell/components/app-shell.tsx',
      'src/client/features/picklists/components/picklists-page.tsx',
      'src/client/features/picklists/components/picklist-detail-page.tsx',
      'src/client/lib/outbox/picklist-cache.ts',
    ]) {
      expect(sources, screen).toContain(screen);
    }
    expect(sum(files.map(gzipKb))).toBeLessThan(600);
  });

  it('paints /login with the sign-in page’s own styles, under 32 KB, and asks for the app’s after that paint', () => {
    const appStyles = /<link rel="stylesheet"[^>]*href="\/(assets\/index-[\w-]+\.css)"/.exec(readFileSync(path.join(out, 'index.html'), 'utf8'))![1]!;
    const page = createSignInPage(out, 'demo')(undefined, { config: { mode: 'demo' } }).body.toString();
    const inline = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join('');
    expect(inline.length / 1024).toBeLessThan(32);
    expect(inline.length).toBeLessThan(readFileSync(path.join(out, appStyles)).length / 2);
    // The app's style sheet waits in a template, out of the way of the first paint (boot.ts adds it).
    const waiting = /<template id="app-styles">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? '';
    expect(waiting).toContain(`href="/${appStyles}"`);
    expect(page.replace(waiting, '')).not.toContain(appStyles);
    expect(page).not.toContain('styles-sign-in.css');
  });

  it('links the app’s whole style sheet in the head of every other address, before any script runs, and never precaches the sign-in subset', () => {
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-[\w-]+\.css"/);
    expect(precached().filter((file) => file.endsWith('.css'))).toEqual([expect.stringMatching(/^assets\/index-[\w-]+\.css$/)]);
  });

  it('builds the sign-in styles from every component the sign-in page’s scripts hold', () => {
    const listed = [...readFileSync('src/client/styles-sign-in.css', 'utf8').matchAll(/^@source '([^']+)';$/gm)].map((match) => path.join('src/client', match[1]!));
    // The update offer is drawn on the sign-in page too, from a chunk of its own.
    const updatePrompt = readdirSync(path.join(out, 'assets')).find((file) => /^update-prompt-[\w-]+\.js$/.test(file))!;
    const components = [...signInScripts(), `assets/${updatePrompt}`].flatMap(sourcesOf).filter((source) => source.startsWith('src/client/') && source.endsWith('.tsx'));
    expect(components.length).toBeGreaterThan(5);
    expect(components.filter((component) => !listed.includes(component))).toEqual([]);
    expect(listed).toContain('index.html');
  });
});
