// /login as the server sends it: index.html with the sign-in panel already in place of its first paint and
// the style sheet inline, so a new device paints the product name and the panel from the page alone, before
// any script and without another round trip. The panel is index.html's own <template
// id="sign-in-first-paint">, keeping the parts for this server's sign-in mode.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { AuthMode } from '../../shared/api/auth-config';

const FIRST_PAINT = /<!-- first-paint:[\s\S]*?<!-- \/first-paint -->/;
/** The template, with the comment that introduces it. */
const TEMPLATE = /\s*(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<template id="sign-in-first-paint">([\s\S]*?)<\/template>/;
const modeRegion = (mode: AuthMode) => new RegExp(`[ \\t]*<!-- ${mode} -->[\\s\\S]*?<!-- /${mode} -->\\n?`, 'g');
const MODE_MARKER = /[ \t]*<!-- \/?(demo|entra) -->\n?/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/** index.html with the sign-in panel for `mode` as its first paint; unchanged when it has no template. */
export function signInHtml(html: string, mode: AuthMode): string {
  const panel = TEMPLATE.exec(html)?.[1];
  if (panel === undefined || !FIRST_PAINT.test(html)) return html;
  const other: AuthMode = mode === 'demo' ? 'entra' : 'demo';
  const firstPaint = panel.replace(modeRegion(other), '').replace(MODE_MARKER, '').trim();
  return html.replace(TEMPLATE, '').replace(FIRST_PAINT, () => firstPaint);
}

/** The build's style sheets written into the page, so that its first paint waits for nothing else. */
export function inlineStyles(html: string, readAsset: (file: string) => string | null): string {
  return html.replace(STYLESHEET, (link, file: string) => {
    const css = readAsset(file);
    return css === null ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

const readAssetIn = (root: string) => (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
};

type Encoded = { body: Buffer; encoding?: 'br' | 'gzip' };

/** The /login page of the build in `root`, compressed once per build of index.html. */
export function createSignInPage(root: string, mode: AuthMode): (acceptEncoding: string | undefined) => Encoded {
  const file = path.join(root, 'index.html');
  let built: { mtimeMs: number; plain: Buffer; br: Buffer; gzip: Buffer } | null = null;
  return (acceptEncoding) => {
    const { mtimeMs } = statSync(file);
    if (built?.mtimeMs !== mtimeMs) {
      const plain = Buffer.from(inlineStyles(signInHtml(readFileSync(file, 'utf8'), mode), readAssetIn(root)));
      built = { mtimeMs, plain, br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(plain, { level: 9 }) };
    }
    const accepted = acceptEncoding ?? '';
    if (/\bbr\b/.test(accepted)) return { body: built.br, encoding: 'br' };
    if (/\bgzip\b/.test(accepted)) return { body: built.gzip, encoding: 'gzip' };
    return { body: built.plain };
  };
}
