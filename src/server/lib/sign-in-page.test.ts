import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOT_LOADER_CSP_HASH } from './boot-loader';
import { inlineStyles, signInHtml, withSignInData } from './sign-in-page';

const indexHtml = readFileSync('index.html', 'utf8');
const root = (html: string) => /<div id="root">([\s\S]*?)\n {4}<\/div>\n/.exec(html)?.[1] ?? '';

describe("the sign-in page's first paint", () => {
  it('is the sign-in panel with the demo users loading and the ribbon, in demo mode', () => {
    const html = signInHtml(indexHtml, 'demo');
    expect(root(html)).toContain('>Welcome</h1>');
    expect(root(html)).toContain('Sign in as a demo user');
    expect(root(html)).toContain('Demo mode');
    // The photo comes with the app's drawing of the page, not before the first paint.
    expect(root(html)).not.toContain('/login-background');
    expect(html).not.toContain('<template id="sign-in-first-paint"');
    expect(html).not.toContain('GreenVault Wholesale</span>');
  });

  it('has neither the demo users nor the ribbon with Microsoft sign-in', () => {
    const html = signInHtml(indexHtml, 'entra');
    expect(root(html)).toContain('>Welcome</h1>');
    expect(html).not.toContain('Sign in as a demo user');
    expect(html).not.toContain('Demo mode');
    expect(html).not.toContain('<!-- entra -->');
  });

  it("carries the sign-in page's own style sheet in its head, and keeps the app's and the manifest aside for after the first paint", () => {
    const built = indexHtml
      .replace('</title>', '</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">')
      .replace('</head>', '  <link rel="manifest" href="/manifest.webmanifest"></head>')
      .replace('href="/src/client/styles-sign-in.css" vite-ignore', 'href="/assets/sign-in-def456.css"');
    const html = signInHtml(built, 'demo');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/sign-in-def456.css" />');
    // The install manifest waits with the app's styles: nothing but the page stands before its first paint.
    expect(head).toContain('<template id="app-styles"><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"><link rel="manifest" href="/manifest.webmanifest">');
    const outside = html.replace(/<template id="app-styles">.*?<\/template>/, '');
    expect(outside).not.toContain('/assets/index-abc123.css');
    expect(outside).not.toContain('manifest');
    expect(outside).not.toMatch(/rel="(icon|apple-touch-icon)"/);
    expect(head).toMatch(/<template id="app-styles">.*<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml" \/>.*<\/template>/);
    expect(root(html)).not.toContain('<link');
  });

  it('asks for its script once it has painted, by an inline loader that the content security policy allows by its hash', () => {
    const built = indexHtml.replace('</title>', '</title>\n    <script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    const html = signInHtml(built, 'demo');
    expect(html).not.toContain('src="/assets/index-abc123.js"');
    const loader = /<script data-boot="\/assets\/index-abc123\.js">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(loader).toContain("getEntriesByName('first-contentful-paint')");
    expect(`'sha256-${createHash('sha256').update(loader!).digest('base64')}'`).toBe(BOOT_LOADER_CSP_HASH);
  });

  it('leaves a page without the template as it is', () => {
    const html = '<!doctype html><title>x</title><div id="root"></div>';
    expect(signInHtml(html, 'demo')).toBe(html);
  });
});

describe("the sign-in page's styles", () => {
  it('are written into the page, so that its first paint needs no other request', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head>';
    expect(inlineStyles(html, (file) => (file === 'assets/index-abc123.css' ? 'h1{color:red}' : null))).toBe('<head><style>h1{color:red}</style></head>');
  });

  it("leave the links waiting in a template alone: the app's style sheet on /login is not for the first paint", () => {
    const html = '<link rel="stylesheet" href="/assets/sign-in-a.css"><template id="app-styles"><link rel="stylesheet" crossorigin href="/assets/index-b.css"></template>';
    expect(inlineStyles(html, (file) => `/* ${file} */`)).toBe('<style>/* assets/sign-in-a.css */</style><template id="app-styles"><link rel="stylesheet" crossorigin href="/assets/index-b.css"></template>');
  });

  it('stay a link when the file cannot be read, and cannot close the style element early', () => {
    const html = '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">';
    expect(inlineStyles(html, () => null)).toBe(html);
    expect(inlineStyles(html, () => 'a{}</style><script>')).toBe('<style>a{}<\\/style><script></style>');
  });
});

describe("the sign-in page's data", () => {
  const data = { config: { mode: 'demo' as const }, demoUsers: [{ userId: 'u1', name: '</script><script>alert(1)</script>', email: 'a@b.example', markets: [] }] };

  it('is written into the head as JSON, in place of the early request for the configuration', () => {
    const html = withSignInData(signInHtml(indexHtml, 'demo'), data);
    const head = html.slice(0, html.indexOf('</head>'));
    const json = /<script type="application\/json" id="sign-in-data">(.*?)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(json!)).toEqual(data);
    expect(indexHtml).toContain('href="/api/auth/config"');
    expect(html).not.toContain('/api/auth/config');
    expect(html).not.toContain('Asked for while the scripts download');
  });

  it('cannot end its script early, whatever a name holds', () => {
    const html = withSignInData('<head></head>', data);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
  });
});
