import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineStyles, signInHtml } from './sign-in-page';

const indexHtml = readFileSync('index.html', 'utf8');
const root = (html: string) => /<div id="root">([\s\S]*?)\n {4}<\/div>\n/.exec(html)?.[1] ?? '';

describe("the sign-in page's first paint", () => {
  it('is the sign-in panel with the demo users loading and the ribbon, in demo mode', () => {
    const html = signInHtml(indexHtml, 'demo');
    expect(root(html)).toContain('>Welcome</h1>');
    expect(root(html)).toContain('Sign in as a demo user');
    expect(root(html)).toContain('Demo mode');
    expect(root(html)).toContain('/login-background-portrait.webp');
    expect(html).not.toContain('<template');
    expect(html).not.toContain('GreenVault Wholesale</span>');
  });

  it('has neither the demo users nor the ribbon with Microsoft sign-in', () => {
    const html = signInHtml(indexHtml, 'entra');
    expect(root(html)).toContain('>Welcome</h1>');
    expect(html).not.toContain('Sign in as a demo user');
    expect(html).not.toContain('Demo mode');
    expect(html).not.toContain('<!-- entra -->');
  });

  it("carries the sign-in page's own style sheet in its head, and keeps the app's aside for after the first paint", () => {
    const built = indexHtml
      .replace('</title>', '</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">')
      .replace('href="/src/client/styles-sign-in.css" vite-ignore', 'href="/assets/sign-in-def456.css"');
    const html = signInHtml(built, 'demo');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/sign-in-def456.css" />');
    expect(head).toContain('<template id="app-styles"><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></template>');
    expect(html.replace(/<template id="app-styles">.*?<\/template>/, '')).not.toContain('/assets/index-abc123.css');
    expect(root(html)).not.toContain('<link');
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
