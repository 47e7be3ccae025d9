// Every call to the API goes through here: bearer token, Otc-Market header, 60 s timeout, and errors
// that carry the server's message, code and details.
import { endpointPath, endpointQuery, type Endpoint, type EndpointAnswer, type EndpointInput } from '../../shared/api/endpoint';
import { MARKET_HEADER, type ErrorDetail } from '../../shared/api/protocol';
import { clientSettings, REQUEST_TIMEOUT_MS } from './config';
import { currentMarket } from './market-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all: offline, server down, or timed out. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

const OFFLINE_MESSAGE = "You're offline or the server can't be reached.";
/** A call that needs a session made while there is none. */
export const SIGNED_OUT_MESSAGE = 'You are signed out. Sign in again to continue.';

type ApiHooks = {
  getToken: () => Promise<string | null>;
  /** A 401 from the server: the session is over (or the user is not registered). */
  onUnauthorized: (error: ApiError) => void;
  /** A 403: what the client believes the user may do is out of date (a Market Admin changed it). */
  onForbidden: (error: ApiError) => void;
};

let hooks: ApiHooks = { getToken: async () => null, onUnauthorized: () => {}, onForbidden: () => {} };

export function configureApiClient(next: ApiHooks): void {
  hooks = next;
}

type RequestOptions = {
  method?: Endpoint['method'];
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Overrides the current market (the outbox replays an edit in the market it was made in). */
  market?: string;
  /** Skip the Authorization header (sign-in calls). */
  anonymous?: boolean;
};

export type RawResponse<T> = { data: T; status: number; headers: Headers };

async function request<T>(path: string, options: RequestOptions): Promise<RawResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  headers[MARKET_HEADER] = options.market ?? currentMarket();
  if (!options.anonymous) {
    // Signed out: nothing goes out. A prefetch or a timer still running after the sign-out would only collect
    // 401s, and a waiting pick must never be sent without its user. The session hook is not told: the app
    // signed out itself (telling it would sign out and redirect again for every call still under way), and
    // the route guards send a screen without a session to sign-in.
    const token = await hooks.getToken();
    // With no signal a session cannot be renewed (Microsoft sign-in gives no token then): that is being
    // offline, not signed out, and is answered as such (the outbox keeps the pick, lists show saved rows).
    if (!token && !navigator.onLine) throw new ApiError(0, 'NETWORK_ERROR', OFFLINE_MESSAGE);
    if (!token) throw new ApiError(401, 'SIGNED_OUT', SIGNED_OUT_MESSAGE);
    headers.authorization = `Bearer ${token}`;
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(`${clientSettings.apiBaseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.');
    throw new ApiError(0, 'NETWORK_ERROR', OFFLINE_MESSAGE);
  }

  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const parsed = (body ?? {}) as { message?: string; code?: string; details?: ErrorDetail[] };
    const error = new ApiError(
      response.status,
      parsed.code ?? `HTTP_${response.status}`,
      parsed.message ?? `The request failed (${response.status}).`,
      Array.isArray(parsed.details) ? parsed.details : [],
      body,
    );
    if (response.status === 401 && !options.anonymous) hooks.onUnauthorized(error);
    if (response.status === 403) hooks.onForbidden(error);
    throw error;
  }
  return { data: body as T, status: response.status, headers: response.headers };
}

/** How a call is made beyond what it sends: cancellation, extra headers, another market, no token. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** One call of a declared endpoint, answered with its status and headers (the ETag of a picklist, say). */
export async function callApiRaw<E extends Endpoint>(endpoint: E, input: EndpointInput<E> & CallOptions): Promise<RawResponse<EndpointAnswer<E>>> {
  const { params, query, body, ...options } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } & CallOptions;
  const path = endpointPath(endpoint.path, params) + endpointQuery(query);
  return request<EndpointAnswer<E>>(path, { anonymous: endpoint.access.kind === 'public', ...options, method: endpoint.method, body });
}

/** One call of a declared endpoint: its answer, typed from the declaration the server registered. */
export async function callApi<E extends Endpoint>(endpoint: E, input: EndpointInput<E> & CallOptions): Promise<EndpointAnswer<E>> {
  return (await callApiRaw(endpoint, input)).data;
}
