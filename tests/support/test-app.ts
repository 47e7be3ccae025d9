// The server as tests use it: createApp() on a private copy of the demo database, with helpers to
// call it as any demo user through app.inject().
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { DEMO_USERS, type DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { parseEnv } from '../../src/server/env';
import { createTestDatabase } from './test-database';

export type ApiResponse<T = any> = { status: number; body: T; headers: Record<string, string | string[] | number | undefined> };

export type CallOptions = {
  method?: InjectOptions['method'];
  url: string;
  body?: unknown;
  /** Sent as Otc-Market; omitted when undefined. */
  market?: string;
  headers?: Record<string, string>;
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** A fresh demo token for the user. */
  tokenFor(user: DemoUserKey): Promise<string>;
  /** Calls the API as the user (null: without a token). */
  call<T = any>(user: DemoUserKey | null, options: CallOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
};

export async function createTestApp(
  settings: Record<string, string> = {},
  options: { database?: Database; entraKeys?: JWTVerifyGetKey; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const env = parseEnv({ NODE_ENV: 'test', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', CLIENT_DIST_DIR: './no-client-in-tests', ...settings });
  const app = await createApp({ env, database, entraKeys: options.entraKeys, logger: options.logger });
  await app.ready();
  const tokens = new Map<DemoUserKey, string>();

  async function tokenFor(user: DemoUserKey): Promise<string> {
    const cached = tokens.get(user);
    if (cached) return cached;
    const response = await app.inject({ method: 'POST', url: '/api/auth/demo-login', payload: { userId: DEMO_USERS[user].id } });
    if (response.statusCode !== 200) throw new Error(`demo-login for ${user} answered ${response.statusCode}: ${response.body}`);
    const token = (response.json() as { data: { token: string } }).data.token;
    tokens.set(user, token);
    return token;
  }

  async function call<T>(user: DemoUserKey | null, { method = 'GET', url, body, market, headers = {} }: CallOptions): Promise<ApiResponse<T>> {
    const allHeaders: Record<string, string> = { ...headers };
    if (user) allHeaders.authorization = `Bearer ${await tokenFor(user)}`;
    if (market !== undefined) allHeaders['otc-market'] = market;
    const response = await app.inject({ method, url, headers: allHeaders, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
    let parsed: unknown = response.body;
    try {
      parsed = response.json();
    } catch {
      // Not JSON (the docs page, say): keep the text.
    }
    return { status: response.statusCode, body: parsed as T, headers: response.headers };
  }

  return {
    app,
    database,
    tokenFor,
    call,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
