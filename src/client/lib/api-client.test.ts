import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_HEADER } from '../../shared/api/protocol';
import { z } from 'zod';
import { defineEndpoint, publicAccess, signedIn } from '../../shared/api/endpoint';
import { callApi, callApiRaw, configureApiClient, ApiError, SIGNED_OUT_MESSAGE } from './api-client';
import { currentMarket, setCurrentMarket } from './market-store';

type FetchArgs = [input: string, init: RequestInit];

const base = { summary: 'test', tag: 'test', access: signedIn, responses: { 200: z.unknown() } } as const;
const getOrders = defineEndpoint({ ...base, operationId: 'getOrders', method: 'GET', path: '/orders' });
const getOrder = defineEndpoint({ ...base, operationId: 'getOrder', method: 'GET', path: '/orders/{id}', params: z.object({ id: z.string() }) });
const addCustomer = defineEndpoint({ ...base, operationId: 'addCustomer', method: 'POST', path: '/customers', body: z.object({ name: z.string() }) });
const patchOrder = defineEndpoint({ ...base, operationId: 'patchOrder', method: 'PUT', path: '/orders/{id}', params: z.object({ id: z.number() }), body: z.object({}) });
const findCustomers = defineEndpoint({
  ...base,
  operationId: 'findCustomers',
  method: 'GET',
  path: '/customers',
  query: z.object({ ids: z.array(z.number()).optional(), group: z.string().optional() }),
});
const publicConfig = defineEndpoint({ ...base, operationId: 'publicConfig', method: 'GET', path: '/config', access: publicAccess });

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A server that never answers: the call only ends when its signal aborts, as a real fetch does. */
function neverAnswers(_input: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = init.signal!;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function sentHeaders(call = 0): Record<string, string> {
  return fetchMock.mock.calls[call]![1].headers as Record<string, string>;
}

const hooks = { getToken: vi.fn(async () => 'token-abc' as string | null), onUnauthorized: vi.fn(), onForbidden: vi.fn() };
const startingMarket = currentMarket();

beforeEach(() => {
  fetchMock.mockReset();
  hooks.getToken.mockClear();
  hooks.onUnauthorized.mockClear();
  hooks.onForbidden.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient(hooks);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setCurrentMarket(startingMarket);
});

describe('callApi headers', () => {
  it('sends the bearer token from the configured hooks and the current market on every call', async () => {
    fetchMock.mockImplementation(async () => json({ ok: true }));

    setCurrentMarket('NV');
    await callApi(getOrders, {});
    setCurrentMarket('IL');
    await callApiRaw(addCustomer, { body: { name: 'Acme' } });

    expect(sentHeaders(0).authorization).toBe('Bearer token-abc');
    expect(sentHeaders(0)[MARKET_HEADER]).toBe('NV');
    expect(sentHeaders(1).authorization).toBe('Bearer token-abc');
    expect(sentHeaders(1)[MARKET_HEADER]).toBe('IL');
    expect(hooks.getToken).toHaveBeenCalledTimes(2);
  });

  it('uses the token the hooks give at the time of the call, not one cached earlier', async () => {
    fetchMock.mockImplementation(async () => json({}));
    hooks.getToken.mockResolvedValueOnce('first').mockResolvedValueOnce('refreshed');

    await callApi(getOrders, {});
    await callApi(getOrders, {});

    expect(sentHeaders(0).authorization).toBe('Bearer first');
    expect(sentHeaders(1).authorization).toBe('Bearer refreshed');
  });

  it('sends no token to a public endpoint, and the market a call names instead of the current one', async () => {
    fetchMock.mockImplementation(async () => json({}));
    setCurrentMarket('NV');

    await callApi(publicConfig, {});
    await callApi(getOrders, { market: 'NJ' });

    expect(sentHeaders(0)).not.toHaveProperty('authorization');
    expect(hooks.getToken).toHaveBeenCalledTimes(1);
    expect(sentHeaders(1)[MARKET_HEADER]).toBe('NJ');
  });

  it('sends nothing once signed out: the call fails as a 401 saying so, without signing out again', async () => {
    fetchMock.mockImplementation(async () => json({}));
    hooks.getToken.mockResolvedValueOnce(null);

    const failure = await callApi(getOrders, {}).catch((error: unknown) => error);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'SIGNED_OUT', message: SIGNED_OUT_MESSAGE });
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    // A public endpoint still goes out (it asks for no token).
    await callApi(publicConfig, {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('with no signal, a session that cannot give a token is offline, not signed out', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    hooks.getToken.mockResolvedValueOnce(null);

    const failure = await callApi(getOrders, {}).catch((error: unknown) => error);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(failure).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true });
  });

  it('returns the parsed body of a successful answer', async () => {
    fetchMock.mockImplementation(async () => json({ id: 7, status: 'Open' }));
    await expect(callApi(getOrder, { params: { id: '7' } })).resolves.toEqual({ id: 7, status: 'Open' });
  });
});

describe('callApi paths and queries', () => {
  it("puts each path param in its place, encoded, and the query's values in the query string", async () => {
    fetchMock.mockImplementation(async () => json({}));

    await callApi(getOrder, { params: { id: 'a/b c' } });
    await callApi(findCustomers, { query: { ids: [3, 4], group: undefined } });
    await callApi(findCustomers, { query: {} });

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/orders/a%2Fb%20c', '/api/customers?ids=3%2C4', '/api/customers']);
    expect(fetchMock.mock.calls[0]![1].method).toBe('GET');
  });

  it('sends the body as JSON with the declared method', async () => {
    fetchMock.mockImplementation(async () => json({}));

    await callApi(addCustomer, { body: { name: 'Acme' } });

    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ name: 'Acme' }) });
    expect(sentHeaders(0)['content-type']).toBe('application/json');
  });
});

describe('callApi timeout', () => {
  it('gives up on a call with no answer after 60 s with a clear timeout error', async () => {
    vi.useFakeTimers();
    // Node's AbortSignal.timeout runs on an internal clock that fake timers cannot reach; this stand-in
    // aborts the same way (a TimeoutError) but on the faked setTimeout, so the 60 s can be stepped through.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
      return controller.signal;
    });
    fetchMock.mockImplementation(neverAnswers);

    const settled = vi.fn();
    const call = callApi(getOrders, {}).then(settled, (error: unknown) => {
      settled();
      return error;
    });

    // getToken is awaited before fetch starts; let it run so the request is actually in flight.
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'The server took too long to answer. Please try again.' });
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});

describe('callApi errors', () => {
  it("turns an error answer into an ApiError carrying the server's message, code and status", async () => {
    fetchMock.mockImplementation(async () => json({ code: 'ORDER_LOCKED', message: 'This order is already invoiced.' }, 409));

    const error = await callApi(patchOrder, { params: { id: 7 }, body: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'ORDER_LOCKED', message: 'This order is already invoiced.' });
    expect((error as ApiError).isNetworkError).toBe(false);
  });

  it('still gives an ApiError with the status when the error answer has no JSON body', async () => {
    fetchMock.mockImplementation(async () => new Response('Bad Gateway', { status: 502 }));

    const error = await callApi(getOrders, {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'The request failed (502).' });
  });
});

describe('callApi cancellation', () => {
  it("cancels the call when the caller's AbortSignal fires, with an abort rather than an ApiError", async () => {
    fetchMock.mockImplementation(neverAnswers);
    const controller = new AbortController();

    const call = callApi(getOrders, { signal: controller.signal }).catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort();

    const error = await call;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fetchMock.mock.calls[0]![1].signal!.aborted).toBe(true);
  });
});
