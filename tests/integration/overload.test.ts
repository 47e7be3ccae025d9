// Under more work than the database can take, the server sheds load instead of collapsing: PGlite's queue is
// bounded (503 with Retry-After past it), health answers without queuing behind the flood, work whose client
// has left is dropped or cancelled, and a PostgreSQL statement past its timeout is a 503, not a 500.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { SERVER_BUSY_MESSAGE } from '../../src/server/lib/error-handler';
import { createTestDatabase } from '../support/test-database';
import { createTestApp, type ApiResponse, type TestApp } from '../support/test-app';

type LogLine = { level: number; msg?: string; reqId?: string; err?: { message?: string } };
type LoggedApp = TestApp & { logs: LogLine[] };

const opened: TestApp[] = [];
afterEach(async () => {
  for (const api of opened.splice(0)) await api.close();
});

/** The test app, keeping what its server logs (from info up). */
async function openApp(database?: Database): Promise<LoggedApp> {
  const logs: LogLine[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } };
  const api = await createTestApp({}, { logger, ...(database ? { database } : {}) });
  opened.push(api);
  return Object.assign(api, { logs });
}

const CLIENT_LEFT_LOG = 'client left before the answer: its work was dropped or cancelled';
const clientLeftLines = (api: LoggedApp) => api.logs.filter((line) => line.msg === CLIENT_LEFT_LOG);
/** pino's error level and above: what an operator is paged for. A client that left is not one of them. */
const errorLines = (api: LoggedApp) => api.logs.filter((line) => line.level >= 50);

const orderHistory = (page: number) => ({ method: 'POST' as const, url: '/api/order/history', market: 'MN', body: { pagination: { page, pageSize: 25 } } });

/** The market's last page of orders: the deep-page request whose flood took PGlite down (issue 16). */
async function lastOrdersPage(api: TestApp): Promise<number> {
  const first = await api.call('mnAdmin', orderHistory(1));
  expect(first.status).toBe(200);
  return first.body.pagination.totalPages as number;
}

function expectBusyAnswer(response: ApiResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(response.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: SERVER_BUSY_MESSAGE, requestId: expect.any(String) });
}

/** Sends a request to a listening server and hangs up once `hangUpWhen` holds, without reading any answer. */
async function requestThenHangUp(port: number, token: string, hangUpWhen: () => Promise<void>): Promise<void> {
  const body = JSON.stringify(orderHistory(1).body);
  const sent = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/order/history',
    headers: { authorization: `Bearer ${token}`, 'otc-market': 'MN', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  // The socket is destroyed on purpose: its reset is expected.
  sent.on('error', () => undefined);
  sent.end(body);
  await hangUpWhen();
  sent.destroy();
}

async function listen(api: TestApp): Promise<number> {
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  return (api.app.server.address() as AddressInfo).port;
}

if (process.env.TEST_DB_KIND !== 'postgres') {
  describe('the embedded database under a flood', () => {
    it('refuses what it cannot queue with 503 and Retry-After, answers health meanwhile, and serves normally afterwards', async () => {
      const api = await openApp();
      const gate = api.database.gate!;
      const lastPage = await lastOrdersPage(api);
      await api.tokenFor('mnAdmin');

      let answered = 0;
      const flood = Array.from({ length: 200 }, () =>
        api.call('mnAdmin', orderHistory(lastPage)).finally(() => {
          answered += 1;
        }),
      );
      // A queue has built up in front of the single connection.
      await expect.poll(() => gate.waiting, { interval: 5 }).toBeGreaterThanOrEqual(8);

      const queuedAhead = gate.waiting;
      const finishedWhenAsked = gate.finished;
      let finishedMeanwhile = -1;
      let floodOutstandingWhenHealthAnswered = -1;
      const health = await api.call(null, { url: '/api/health' }).finally(() => {
        finishedMeanwhile = gate.finished - finishedWhenAsked;
        floodOutstandingWhenHealthAnswered = flood.length - answered;
      });
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', database: 'ok' });
      // Health did not wait for the operations queued ahead of it, nor for the flood to be answered.
      expect(finishedMeanwhile).toBeLessThan(queuedAhead);
      expect(floodOutstandingWhenHealthAnswered).toBeGreaterThan(0);

      const answers = await Promise.all(flood);
      const refused = answers.filter((response) => response.status !== 200);
      expect(refused.length).toBeGreaterThan(0);
      for (const response of refused) expectBusyAnswer(response);
      expect(answers.filter((response) => response.status === 200).length).toBeGreaterThan(0);

      const afterwards = [
        await api.call('mnAdmin', orderHistory(1)),
        await api.call('mnAdmin', orderHistory(lastPage)),
        await api.call('mnAdmin', { url: '/api/inventory/stat', market: 'MN' }),
        await api.call(null, { url: '/api/health' }),
      ];
      expect(afterwards.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      // Shedding load is the server working as meant: warned about, not logged as a failure.
      expect(errorLines(api)).toEqual([]);
    });

    it('serves 32 requests at once that each run several statements together, refusing none', async () => {
      // The inventory issues list reads its page, its tab counts and the last import time at once: five statements a
      // request. Counted statement by statement, 32 of them passed the queue's limit and 13 were answered 503.
      const api = await openApp();
      await api.tokenFor('mnAdmin');
      const body = { tab: 'item_issues', pagination: { page: 1, pageSize: 100 } };
      const answers = await Promise.all(Array.from({ length: 32 }, () => api.call('mnAdmin', { method: 'POST', url: '/api/inventory/issues', market: 'MN', body })));
      expect(answers.map((response) => response.status)).toEqual(Array.from({ length: 32 }, () => 200));
      expect(new Set(answers.map((response) => JSON.stringify(response.body.data))).size).toBe(1);
    });

    it('drops the waiting work of a request whose client hung up, before it starts', async () => {
      const api = await openApp();
      const gate = api.database.gate!;
      const token = await api.tokenFor('mnAdmin');
      const port = await listen(api);

      // A transaction holds the single connection, so the request's first statement (its sign-in lookup) waits.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const holds = new Promise<void>((resolve) => (holding = resolve));
      const blocker = api.database.db.transaction(async () => {
        holding();
        await held;
      });
      try {
        await holds;
        const waitingBefore = gate.waiting;
        await requestThenHangUp(port, token, () => expect.poll(() => gate.waiting, { interval: 5 }).toBeGreaterThan(waitingBefore));
        // The request ends for its client having left while the connection is still held: its statement never ran.
        await expect
          .poll(() => clientLeftLines(api), { interval: 5 })
          .toEqual([expect.objectContaining({ err: expect.objectContaining({ message: expect.stringContaining('The client closed the connection before the answer was sent.') }) })]);
      } finally {
        release();
        await blocker;
      }
      expect((await api.call('mnAdmin', orderHistory(1))).status).toBe(200);
      expect(errorLines(api)).toEqual([]);
    });
  });
}

if (process.env.TEST_DB_KIND === 'postgres') {
  describe('PostgreSQL under load', () => {
    /** Holds an exclusive lock on orders until released: any statement reading orders waits meanwhile. */
    async function lockOrders(database: Database): Promise<{ release(): Promise<void> }> {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table orders in access exclusive mode`);
        locked();
        await held;
      });
      await Promise.race([isLocked, transaction]);
      return {
        release: async () => {
          release();
          await transaction;
        },
      };
    }

    /** Statements of this database waiting for the lock on orders. */
    async function blockedOnOrders(database: Database): Promise<number[]> {
      const rows = await queryRows<{ pid: number }>(
        database.db,
        sql`select pid from pg_stat_activity
            where datname = current_database() and state = 'active' and wait_event_type = 'Lock' and query ilike '%orders%'`,
      );
      return rows.map((row) => row.pid);
    }

    it('answers a statement past the statement timeout with 503 and Retry-After, not 500', async () => {
      const api = await openApp(await createTestDatabase({ statementTimeoutMs: 300 }));
      await api.tokenFor('mnAdmin');
      const lock = await lockOrders(api.database);
      try {
        expectBusyAnswer(await api.call('mnAdmin', orderHistory(1)));
      } finally {
        await lock.release();
      }
      expect((await api.call('mnAdmin', orderHistory(1))).status).toBe(200);
    });

    it('cancels the running query of a request whose client hung up', async () => {
      // No statement timeout here: only the cancel can end the blocked query while the lock is held.
      const api = await openApp();
      const token = await api.tokenFor('mnAdmin');
      const port = await listen(api);
      const lock = await lockOrders(api.database);
      try {
        let blocked: number[] = [];
        await requestThenHangUp(port, token, async () => {
          await expect.poll(async () => (blocked = await blockedOnOrders(api.database)).length, { interval: 20, timeout: 10_000 }).toBeGreaterThan(0);
        });
        // Gone while the lock is still held: only a cancel ends it, and the request's end says so (query_canceled).
        await expect.poll(() => blockedOnOrders(api.database), { interval: 20, timeout: 10_000 }).toEqual([]);
        expect(blocked.length).toBeGreaterThan(0);
        await expect
          .poll(() => clientLeftLines(api), { interval: 20 })
          .toEqual([expect.objectContaining({ err: expect.objectContaining({ message: expect.stringContaining('canceling statement due to user request') }) })]);
      } finally {
        await lock.release();
      }
      expect((await api.call('mnAdmin', orderHistory(1))).status).toBe(200);
      expect(errorLines(api)).toEqual([]);
    });
  });
}
