// API answers over 1 KB travel compressed when the caller accepts it, and decode to the same JSON.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

async function orderHistory(acceptEncoding?: string) {
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/order/history',
    headers: {
      authorization: `Bearer ${await api.tokenFor('mnSalesManager')}`,
      'otc-market': 'MN',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    payload: { pagination: { page: 1, pageSize: 50 } },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('response compression', () => {
  it('sends a list page as brotli when the caller accepts it, and gzip when that is all it accepts', async () => {
    const plain = await orderHistory();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();
    expect(expected.data.length).toBeGreaterThan(0);

    const brotli = await orderHistory('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(expected);

    const gzip = await orderHistory('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);
  });

  it('compresses a page of 100 menu rows (~90 KB) in one go: its length is known and sent, not streamed in chunks', async () => {
    // A zlib stream made per answer cost 3.9 ms of server CPU for such a page, against 0.9 ms compressed in one call
    // (BENCHMARKS.md, 2026-11-29 fourth session): @fastify/compress streams anything over 8 KB on two cores unless told.
    const listing = async (acceptEncoding?: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/menu/listing',
        headers: { authorization: `Bearer ${await api.tokenFor('mnSalesManager')}`, 'otc-market': 'MN', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: { menuType: 'internal', pagination: { page: 1, pageSize: 100 } },
      });
    const plain = await listing();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const compressed = await listing(encoding);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['transfer-encoding']).toBeUndefined();
      expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
      expect(JSON.parse(decode(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves answers under 1 KB as they are', async () => {
    const health = await api.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
