// Renders an order screen for the client tests as the app would: in a router, with a query client and the
// toast viewport, and the API answered by the test (a request the test does not answer gets a 404).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeLayout, setViewport } from '../../components/ui/data-table/test-support';
import { dismissToast, Toaster } from '../../components/ui/toast';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown) => json({ success: true, message: 'OK', data });
export const listPage = (data: unknown[]) =>
  json({ success: true, message: 'OK', data, pagination: { pageSize: 100, totalRecords: data.length, totalPages: 1, currentPage: 1, recordsOnPage: data.length } });
export const failure = (status: number, message: string, code = 'CONFLICT') => json({ success: false, code, message }, status);

/** What the API answers, by method and path (without /api and the query string). */
export type ApiAnswers = Record<string, (body: unknown) => Response>;

const fetchMock = vi.fn();

/** Call in a describe: the fetch stand-in, a desktop viewport (768px and up) and a laid-out page for the virtualisers. */
export function useOrderScreenEnvironment(): void {
  let restoreLayout: () => void;
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // The router restores the scroll position, which jsdom does not implement.
    vi.stubGlobal('scrollTo', () => {});
    setViewport('desktop');
    restoreLayout = fakeLayout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    restoreLayout();
    dismissToast();
  });
}

export function renderOrderScreen(screen: ReactNode, answers: ApiAnswers) {
  fetchMock.mockImplementation((url: string, init: RequestInit = {}) => {
    const path = String(url).replace(/^\/api/, '').replace(/\?.*$/, '');
    const answer = answers[`${init.method ?? 'GET'} ${path}`];
    return Promise.resolve(answer ? answer(init.body ? JSON.parse(String(init.body)) : undefined) : failure(404, `There is no ${init.method ?? 'GET'} ${path}.`, 'NOT_FOUND'));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {screen}
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

/** The bodies of the calls made to one method and path. */
export function callsTo(method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/api${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, init]) => ((init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined));
}
