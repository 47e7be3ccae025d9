// A request's abort signal is made only when its work asks for one: it must still say that the client left when it
// is first asked after the client went, abort when the client goes after it was asked, and never abort for a client
// that waited for its answer.
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientGoneError, clientLeft, currentRequestSignal, registerRequestAbort } from './request-abort';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Seen = { aborted?: boolean; reason?: unknown; left?: boolean };

/** A server whose one route waits `waitMs`, asking for its signal before (`ask: 'before'`) or after the wait. */
async function serve(ask: 'before' | 'after', waitMs: number, seen: Seen): Promise<string> {
  app = Fastify();
  registerRequestAbort(app);
  app.get('/work', async (request) => {
    const early = ask === 'before' ? currentRequestSignal() : undefined;
    await sleep(waitMs);
    const signal = early ?? currentRequestSignal();
    seen.aborted = signal?.aborted;
    seen.reason = signal?.reason;
    seen.left = clientLeft(request);
    return { ok: true };
  });
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** Asks for /work and hangs up after `leaveAfterMs`, or waits for the answer when undefined. */
function ask(base: string, leaveAfterMs?: number): Promise<void> {
  return new Promise((resolve) => {
    const sent = httpRequest(`${base}/work`, (response) => {
      response.resume();
      response.on('end', () => resolve());
    });
    sent.on('error', () => resolve());
    sent.end();
    if (leaveAfterMs !== undefined) setTimeout(() => (sent.destroy(), resolve()), leaveAfterMs);
  });
}

describe('a request’s abort signal', () => {
  it('is aborted with ClientGoneError when first asked for after the client left', async () => {
    const seen: Seen = {};
    const base = await serve('after', 300, seen);
    await ask(base, 50);
    await expect.poll(() => seen.aborted, { timeout: 5_000 }).toBe(true);
    expect(seen.reason).toBeInstanceOf(ClientGoneError);
    expect(seen.left).toBe(true);
  });

  it('aborts when the client leaves after it was asked for', async () => {
    const seen: Seen = {};
    const base = await serve('before', 300, seen);
    await ask(base, 50);
    await expect.poll(() => seen.aborted, { timeout: 5_000 }).toBe(true);
    expect(seen.reason).toBeInstanceOf(ClientGoneError);
    expect(seen.left).toBe(true);
  });

  it('does not abort for a client that waits for its answer, asked for before or after the work', async () => {
    for (const when of ['before', 'after'] as const) {
      const seen: Seen = {};
      const base = await serve(when, 50, seen);
      await ask(base);
      expect(seen, when).toEqual({ aborted: false, reason: undefined, left: false });
      await app.close();
    }
    app = Fastify(); // closed again by afterEach
  });

  it('is not there outside a request', () => {
    expect(currentRequestSignal()).toBeUndefined();
  });
});
