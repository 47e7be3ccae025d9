// What the server answers besides the API's data: health, docs, security headers and the built client.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { parseEnv } from '../../src/server/env';
import { GENERIC_ERROR_MESSAGE } from '../../src/server/lib/error-handler';
import { createTestDatabase } from '../support/test-database';
import { BOOT_LOADER_CSP_HASH } from '../../src/server/lib/boot-loader';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Wholesale</title><div id="root"><!-- first-paint: brand --><p>Brand</p><!-- /first-paint --></div>' +
      '<template id="sign-in-first-paint"><h1>Welcome</h1><!-- demo --><h2>Sign in as a demo user</h2><!-- /demo --><!-- entra --><b>Microsoft</b><!-- /entra --></template>',
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  api = await createTestApp({ CLIENT_DIST_DIR: dist });
});
afterAll(async () => {
  await api.close();
  await rm(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers ok with the database it checked', async () => {
    const { status, body } = await api.call(null, { url: '/api/health' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: 'ok', databaseKind: process.env.TEST_DB_KIND });
  });

  it('answers 503 when the database is gone', async () => {
    const database = await createTestDatabase();
    const broken = await createTestApp({}, { database });
    await database.close();
    const { status, body } = await broken.call(null, { url: '/api/health' });
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'degraded', database: 'unavailable' });
    await broken.app.close();
  });
});

describe('server errors', () => {
  it('answers a failure inside the server generically, with the request id that its log line carries', async () => {
    const database = await createTestDatabase();
    const logLines: string[] = [];
    const env = parseEnv({ NODE_ENV: 'test', CLIENT_DIST_DIR: './no-client-in-tests' });
    const app = await createApp({ env, database, logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } } });
    await app.ready();
    await database.close();

    const response = await app.inject({ method: 'GET', url: '/api/auth/demo-users' });
    const body = response.json() as { success: boolean; message: string; requestId: string };
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(body).toMatchObject({ success: false, message: GENERIC_ERROR_MESSAGE });
    // The caller learns nothing of the inside (no stack, no SQL), only an id to quote to support.
    expect(response.body).not.toMatch(/stack|select |at \w+ \(/i);
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: unknown });
    expect(logged).toContainEqual(expect.objectContaining({ reqId: body.requestId, msg: 'request failed', err: expect.anything() }));
    await app.close();
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the shared schemas', async () => {
    const { status, body } = await api.call(null, { url: '/api/docs/json' });
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    // Paths are relative to the one server entry, so generated clients call /api/users/list.
    expect(body.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/users/list', '/inventory/stat', '/user/{id}/permissions']));
    const listBody = body.paths['/users/list'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(listBody)).toContain('pageSize');
  });

  it('serves the documentation page', async () => {
    const response = await api.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('security headers', () => {
  it('sends a content security policy that allows only the app itself', async () => {
    const response = await api.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Scripts from this origin only, and /login's one inline loader by its hash; WebAssembly may be compiled
    // (the scanner's fallback), nothing else evaluated.
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${BOOT_LOADER_CSP_HASH};`);
    expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Every answer carries them: a refusal, a route that does not exist, the app's pages.
    for (const url of ['/api/markets', '/api/no-such-route', '/login']) {
      const other = await api.app.inject({ url });
      expect([url, other.headers['content-security-policy'], other.headers['x-frame-options']]).toEqual([url, csp, 'SAMEORIGIN']);
    }
  });

  it('turns HSTS on in production only', async () => {
    expect((await api.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await production.close();
    }
  });

  it('never logs or echoes the bearer token in errors', async () => {
    const response = await api.app.inject({ url: '/api/markets', headers: { authorization: 'Bearer secret-token-value' } });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('secret-token-value');
  });
});

describe('the built client', () => {
  it('answers deep links with index.html, never cached, so the router takes over', async () => {
    for (const url of ['/', '/orders/preview/ORD-MN-000001', '/orders/picklists?page=2', '/orders/preview/12.5']) {
      const response = await api.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers /login with the sign-in panel already painted, carrying the sign-in mode and the demo users', async () => {
    const response = await api.app.inject({ url: '/login?redirect=%2Forders', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(response.rawPayload).toString();
    expect(html).toContain('<div id="root"><h1>Welcome</h1><h2>Sign in as a demo user</h2></div>');
    expect(html).not.toContain('Microsoft');
    expect(response.headers['cache-control']).toBe('no-cache');
    // What GET /api/auth/config and /api/auth/demo-users answer, in the page: no round trip before the screen.
    const data = JSON.parse(/<script type="application\/json" id="sign-in-data">(.*?)<\/script>/.exec(html)![1]!);
    const demoUsers = (await api.app.inject({ url: '/api/auth/demo-users' })).json().data;
    expect(data).toEqual({ config: { mode: 'demo' }, demoUsers });
    expect(demoUsers.map((user: { name: string }) => user.name)).toContain('Casey Nguyen');
    expect(response.headers.link).toBeUndefined();
    // Every other screen starts from the brand, whatever the signed-in user is about to see.
    const other = await api.app.inject({ url: '/orders', headers: { accept: 'text/html' } });
    expect(other.body).toContain('<p>Brand</p>');
    expect(other.headers.link).toBeUndefined();
  });

  it('serves hashed assets for a year and the service worker never cached', async () => {
    const asset = await api.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await api.app.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers robots.txt with the file, and other files it does not have with a 404, never with index.html', async () => {
    const robots = await api.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    // A chunk of an older build, well-known URIs and the files crawlers and browsers guess at.
    for (const url of ['/assets/index-old999.js', '/assets/gone', '/.well-known/security.txt', '/.well-known/assetlinks.json', '/sitemap.xml', '/favicon.ico', '/apple-touch-icon.png']) {
      const response = await api.app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('keeps API paths out of the fallback: an unknown API path is a JSON 404', async () => {
    const response = await api.app.inject({ url: '/api/orders/unknown', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('does not serve files outside the build folder', async () => {
    const response = await api.app.inject({ url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(response.body).not.toContain('root:');
  });
});

describe('slow clients', () => {
  it('cuts off a request whose body trickles in slower than the request timeout, before any sign-in', async () => {
    const slow = await createTestApp({ HTTP_REQUEST_TIMEOUT_SECONDS: '1' });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as AddressInfo;

      // A body of 200 bytes sent one byte every 100 ms would take 20 s; the server must not wait for it.
      const declared = 200;
      const outcome = await new Promise<{ answer: string; bytesSent: number; closed: boolean }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        let bytesSent = 0;
        const finish = (closed: boolean) => {
          clearInterval(drip);
          clearTimeout(deadline);
          socket.destroy();
          resolve({ answer, bytesSent, closed });
        };
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('close', () => finish(true));
        socket.on('error', () => {});
        socket.write(`POST /api/auth/demo-login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
        const drip = setInterval(() => {
          if (bytesSent < declared && socket.writable) {
            socket.write(' ');
            bytesSent += 1;
          }
        }, 100);
        const deadline = setTimeout(() => finish(false), 15_000);
      });
      expect(outcome.closed, `still open after 15 s; answer so far: ${outcome.answer}`).toBe(true);
      expect(outcome.bytesSent).toBeLessThan(declared);
      expect(outcome.answer === '' || outcome.answer.startsWith('HTTP/1.1 408 '), outcome.answer).toBe(true);
    } finally {
      await slow.close();
    }
  }, 30_000);

  it('keeps an idle connection open for the configured time, so that a load balancer in front closes it first', async () => {
    const server = await createTestApp({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '61' });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.headers.get('keep-alive')).toBe('timeout=61');
    } finally {
      await server.close();
    }
  });
});

describe('unknown paths', () => {
  it('answers 429 once a client has asked for too many paths that do not exist, and still serves everything else', async () => {
    const limited = await createTestApp({ CLIENT_DIST_DIR: dist, NOT_FOUND_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      for (let i = 0; i < 5; i += 1) expect((await limited.app.inject({ url: `/api/guess-${i}` })).statusCode).toBe(404);
      const blocked = await limited.app.inject({ method: 'POST', url: '/wp-login.php' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests for addresses that do not exist\. Try again in \d+ seconds\.$/) });

      // The app's own routes and its pages are not what the client was guessing at.
      expect((await limited.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const page = await limited.app.inject({ url: '/orders/preview/ORD-MN-000001', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
    } finally {
      await limited.close();
    }
  });

  it('allows many reloads of the app pages but not an endless flood of them', async () => {
    const limited = await createTestApp({ CLIENT_DIST_DIR: dist, NOT_FOUND_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 20; i += 1) expect((await limited.app.inject({ url: `/orders/${i}` })).statusCode).toBe(200);
      expect((await limited.app.inject({ url: '/orders/21' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

