// The API as a demo user calls it, for the fixtures that make a test's data and for the checks that read
// what the server holds: signed in through the demo sign-in endpoint, with the bearer token and the
// Otc-Market header on every call.
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { DemoUser } from '../../../src/shared/api/auth';
import type { MarketCode } from '../../../src/shared/enums';

export const MARKET: MarketCode = 'MN';

/**
 * The demo users the specs act as: Minnesota's, one per role (and Dana Brooks, also in New Jersey), and the
 * Market Admins of the markets the import and case-size specs bring stock into.
 */
export type DemoUserName = 'Alex Morgan' | 'Sam Rivera' | 'Jordan Lee' | 'Casey Nguyen' | 'Dana Brooks' | 'Marcus Bell' | 'Tom Okafor' | 'Elena Petrova' | 'Priya Shah' | 'Grace Kim';

export type ApiClient = {
  /** The answer's `data`; any answer other than 2xx throws, naming the call and what the server said. */
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  /** The answer as it came, for a check on its status or headers. */
  send(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<APIResponse>;
};

/** Tokens by server and user: a worker signs in once per user, not once per call. */
const tokens = new Map<string, { token: string; expiresAt: number }>();
/** A token this close to its expiry is replaced rather than sent. */
const EXPIRY_MARGIN_MS = 60_000;

async function tokenFor(request: APIRequestContext, baseURL: string, name: DemoUserName): Promise<string> {
  const key = `${baseURL} ${name}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
  const { token, expiresAt } = await demoLogin(request, name, baseURL);
  tokens.set(key, { token, expiresAt: Date.parse(expiresAt) });
  return token;
}

/** A new token for the demo user `name`, from the demo sign-in endpoint. */
async function demoLogin(request: APIRequestContext, name: DemoUserName, baseURL: string): Promise<{ userId: string; token: string; expiresAt: string }> {
  const users = (await ok(await request.get(`${baseURL}/api/auth/demo-users`), 'GET /auth/demo-users')) as DemoUser[];
  const user = users.find((candidate) => candidate.name === name);
  if (!user) throw new Error(`The server has no demo user ${name}`);
  const { token, expiresAt } = (await ok(await request.post(`${baseURL}/api/auth/demo-login`, { data: { userId: user.userId } }), 'POST /auth/demo-login')) as {
    token: string;
    expiresAt: string;
  };
  return { userId: user.userId, token, expiresAt };
}

/** Where the client's demo sign-in keeps its session (src/client/lib/auth/demo-auth-provider.ts). */
export const DEMO_SESSION_KEY = 'gv-demo-session';

/** The session the client's demo sign-in stores for `name` (a new token, and the account as /auth/me answers it), on the request context's server. */
export async function demoSession(request: APIRequestContext, name: DemoUserName) {
  const { userId, token, expiresAt } = await demoLogin(request, name, '');
  const me = (await ok(await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }), 'GET /auth/me')) as {
    azureUserId: string;
    name: string;
    email: string;
  };
  return { userId, token, expiresAt, account: { azureUserId: me.azureUserId, name: me.name, email: me.email } };
}

async function ok(response: APIResponse, call: string): Promise<unknown> {
  if (!response.ok()) throw new Error(`${call} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: unknown }).data;
}

/** The API as `user` in `market`, on the server at `baseURL`. */
export function apiAs(request: APIRequestContext, baseURL: string, user: DemoUserName, market: MarketCode = MARKET): ApiClient {
  const send: ApiClient['send'] = async (method, path, body) => {
    const token = await tokenFor(request, baseURL, user);
    return request.fetch(`${baseURL}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, 'otc-market': market }, data: body });
  };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => (await ok(await send(method, path, body), `${method} ${path} as ${user}`)) as T;
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    send,
  };
}
