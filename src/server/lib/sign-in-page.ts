// /login as the server sends it: index.html with the sign-in panel already in place of its first paint and
// the sign-in page's own small style sheet inline, so a new device paints the product name and the panel
// from the page alone, before any script and without another round trip. The panel is index.html's own
// <template id="sign-in-first-paint">, keeping the parts for this server's sign-in mode; its style sheet
// (src/client/styles-sign-in.css, built from the sign-in screen's files only) is linked in that template.
// The app's whole style sheet is not in the way of that first paint: it waits in <template id="app-styles">
// until boot.ts adds it, once the page has painted, and app.tsx draws no other screen before it is there.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { AuthMode } from '../../shared/api/auth-config';
import { SIGN_IN_DATA_ID, type SignInData } from '../../shared/api/sign-in-data';
import { BOOT_LOADER } from './boot-loader';
// Where boot.ts finds the app's style sheets to add after the first paint (src/client/app-styles.ts).
import { APP_STYLES_TEMPLATE_ID } from '../../shared/app-styles';

const FIRST_PAINT = /<!-- first-paint:[\s\S]*?<!-- \/first-paint -->/;
/** The template, with the comment that introduces it. */
const TEMPLATE = /\s*(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<template id="sign-in-first-paint">([\s\S]*?)<\/template>/;
const modeRegion = (mode: AuthMode) => new RegExp(`[ \\t]*<!-- ${mode} -->[\\s\\S]*?<!-- /${mode} -->\\n?`, 'g');
const MODE_MARKER = /[ \t]*<!-- \/?(demo|entra) -->\n?/g;
/** A link to a style sheet of the build. */
const BUILT_STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/;
const STYLESHEET = new RegExp(BUILT_STYLESHEET.source, 'g');
const STYLESHEET_LINE = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const MANIFEST_LINK = /<link rel="manifest"[^>]*>/;
/** The build's entry script (src/client/boot.ts), as Vite writes it into the head. */
const BOOT_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const ICON_LINE = /[ \t]*<link rel="(?:icon|apple-touch-icon)"[^>]*>\n?/g;
/** index.html's early request for GET /api/auth/config, with the comment above it. */
const CONFIG_PRELOAD = /(?:[ \t]*<!--(?:(?!-->)[^>])*-->\n)?[ \t]*<link rel="preload" href="\/api\/auth\/config"[^>]*>\n?/;

/**
 * index.html with the sign-in panel for `mode` as its first paint, and the panel's style sheet in the head
 * in place of the app's, which wait in a template; unchanged when it has no sign-in template.
 */
export function signInHtml(html: string, mode: AuthMode): string {
  const panel = TEMPLATE.exec(html)?.[1];
  if (panel === undefined || !FIRST_PAINT.test(html)) return html;
  const other: AuthMode = mode === 'demo' ? 'entra' : 'demo';
  const signInStyles = (panel.match(STYLESHEET_LINE) ?? []).map((link) => link.trim());
  const firstPaint = panel.replace(STYLESHEET_LINE, '').replace(modeRegion(other), '').replace(MODE_MARKER, '').trim();
  const page = html.replace(TEMPLATE, '').replace(FIRST_PAINT, () => firstPaint);
  if (signInStyles.length === 0) return page;
  const appStyles = page.match(STYLESHEET) ?? [];
  // The install manifest and the icons wait with them: asked for before the first paint, on a poor signal
  // each request stands in its way too.
  const manifest = page.match(MANIFEST_LINK) ?? [];
  const icons = (page.match(ICON_LINE) ?? []).map((line) => line.trim());
  const waiting = [...appStyles, ...manifest, ...icons];
  const deferred = waiting.length > 0 ? [`<template id="${APP_STYLES_TEMPLATE_ID}">${waiting.join('')}</template>`] : [];
  const head = [...signInStyles, ...deferred].map((line) => `  ${line}\n`).join('');
  return page
    // The page's script is asked for once its first paint is on the screen (boot-loader.ts).
    .replace(BOOT_SCRIPT, (_tag, src: string) => `<script data-boot="${src}">${BOOT_LOADER}</script>`)
    .replace(STYLESHEET_LINE, (line) => (BUILT_STYLESHEET.test(line) ? '' : line))
    .replace(MANIFEST_LINK, '')
    .replace(ICON_LINE, '')
    .replace(/[ \t]*<\/head>/, (end) => `${head}${end}`);
}

/**
 * The style sheets the page links (outside any template) written into it, so that its first paint waits
 * for nothing else. Those in a template (the app's, on /login) stay links, for later.
 */
export function inlineStyles(html: string, readAsset: (file: string) => string | null): string {
  const linkOrTemplate = new RegExp(`<template\\b[\\s\\S]*?<\\/template>|${STYLESHEET.source}`, 'g');
  return html.replace(linkOrTemplate, (match, file: string | undefined) => {
    if (file === undefined) return match;
    const css = readAsset(file);
    return css === null ? match : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

const readAssetIn = (root: string) => (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
};

/**
 * What the sign-in screen would otherwise ask the API for first (the sign-in mode, and the demo users in
 * demo mode), written into the page as JSON for src/client/lib/sign-in-data.ts: the screen is complete
 * with the page, with no round trip after it. `<` is escaped so that no text in it can end the script.
 */
export function withSignInData(html: string, data: SignInData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="${SIGN_IN_DATA_ID}">${json}</script>`;
  // The configuration is in the page: the head's early request for it would only cost a round trip.
  const page = html.replace(CONFIG_PRELOAD, '');
  return /<\/head>/.test(page) ? page.replace(/[ \t]*<\/head>/, (end) => `  ${script}\n${end}`) : `${page}${script}`;
}

type Encoded = { body: Buffer; encoding?: 'br' | 'gzip' };

const PAGES_KEPT = 4;

/**
 * The /login page of the build in `root` with the sign-in data, compressed once per build of index.html
 * and per change of the data (the demo users change when an admin changes one of them: rarely).
 */
export function createSignInPage(root: string, mode: AuthMode): (acceptEncoding: string | undefined, data: SignInData) => Encoded {
  const file = path.join(root, 'index.html');
  // A few versions per build: the page with the users and without them (a moment the database was busy)
  // take turns without being compressed again each time.
  let builtFor = -1;
  const pages = new Map<string, { plain: Buffer; br: Buffer; gzip: Buffer }>();
  return (acceptEncoding, data) => {
    const { mtimeMs } = statSync(file);
    if (builtFor !== mtimeMs) {
      pages.clear();
      builtFor = mtimeMs;
    }
    const dataKey = JSON.stringify(data);
    let built = pages.get(dataKey);
    if (!built) {
      const plain = Buffer.from(withSignInData(inlineStyles(signInHtml(readFileSync(file, 'utf8'), mode), readAssetIn(root)), data));
      built = { plain, br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(plain, { level: 9 }) };
      if (pages.size >= PAGES_KEPT) pages.delete(pages.keys().next().value!);
      pages.set(dataKey, built);
    }
    const accepted = acceptEncoding ?? '';
    if (/\bbr\b/.test(accepted)) return { body: built.br, encoding: 'br' };
    if (/\bgzip\b/.test(accepted)) return { body: built.gzip, encoding: 'gzip' };
    return { body: built.plain };
  };
}
