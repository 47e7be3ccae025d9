// Renders the case-size screen for the client tests as the app would: in a router (with a second page to
// leave to), a query client and the toast viewport, the API answered by the test (a request the test does
// not answer gets a 404), and a viewport that is a desktop, a tablet or a phone.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserHistory, createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { CaseSizeRow } from '../../../shared/api/case-sizes';
import { fakeLayout } from '../../components/ui/data-table/test-support';
import { DEFAULT_TABLE_STATE } from '../../components/ui/data-table/table-state';
import type { TableState } from '../../components/ui/data-table/types';
import { dismissToast, Toaster } from '../../components/ui/toast';
import { CaseSizesPage } from './components/case-sizes-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => json({ success: true, message: 'OK', data, ...extra });
export const listPage = (data: unknown[], totalRecords = data.length) =>
  ok(data, { pagination: { pageSize: 100, totalRecords, totalPages: Math.ceil(totalRecords / 100), currentPage: 1, recordsOnPage: data.length } });
export const failure = (status: number, message: string, code = 'INTERNAL', details?: unknown[]) =>
  json({ success: false, code, message, ...(details ? { details } : {}) }, status);

/** What the API answers, by method and path (without /api and the query string). */
export type ApiAnswers = Record<string, (body: unknown) => Response | Promise<Response>>;

const fetchMock = vi.fn();

type Viewport = 'desktop' | 'tablet' | 'phone';
const WIDTHS: Record<Viewport, number> = { desktop: 1440, tablet: 820, phone: 390 };

/** matchMedia for a viewport of that width: min-width queries answer as a browser of that width would. */
export function setWidth(viewport: Viewport): void {
  const width = WIDTHS[viewport];
  window.matchMedia = vi.fn((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}

/** Call in a describe: the fetch stand-in, a desktop viewport, a laid-out page and empty storage. */
export function useCaseSizeScreenEnvironment(): void {
  let restoreLayout: () => void;
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // The router restores the scroll position, which jsdom does not implement.
    vi.stubGlobal('scrollTo', () => {});
    setWidth('desktop');
    restoreLayout = fakeLayout();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    restoreLayout();
    dismissToast();
  });
}

function Screen({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  return <CaseSizesPage marketName="Minnesota" canEdit={canEdit} state={state} onStateChange={setState} />;
}

/** The screen at /config/standard-case-sizes, and a page at /elsewhere to leave to. */
export function renderCaseSizes(answers: ApiAnswers, options: { canEdit?: boolean } = {}) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const path = String(url)
      .replace(/^\/api/, '')
      .replace(/\?.*$/, '');
    const answer = answers[`${init.method ?? 'GET'} ${path}`];
    return answer ? answer(init.body ? JSON.parse(String(init.body)) : undefined) : failure(404, `There is no ${init.method ?? 'GET'} ${path}.`, 'NOT_FOUND');
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {/* The app's sidebar, in short: a way to leave. The path is this harness's, not one of the app's routes. */}
        <Link to={'/elsewhere' as '/'}>Go elsewhere</Link>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path: '/config/standard-case-sizes', component: () => <Screen canEdit={options.canEdit ?? true} /> });
  const elsewhereRoute = createRoute({ getParentRoute: () => rootRoute, path: '/elsewhere', component: () => <h1>Elsewhere</h1> });
  // The browser's history (jsdom's), as the app's: it is the one that asks before a reload or close.
  window.history.replaceState(null, '', '/config/standard-case-sizes');
  const router = createRouter({ routeTree: rootRoute.addChildren([screenRoute, elsewhereRoute]), history: createBrowserHistory() });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // Under fake timers user-event's own delays must advance them, or every click waits forever.
  return { user: userEvent.setup(vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {}), router, queryClient };
}

/** The bodies of the calls made to one method and path. */
export function callsTo(method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/api${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, init]) => ((init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined));
}

export function caseSizeRow(overrides: Partial<CaseSizeRow> = {}): CaseSizeRow {
  return {
    productId: 7,
    productName: 'Blue Dream 3.5g',
    s2sItemName: 'BD Flower 3.5g',
    aliasNames: [],
    categoryName: 'Flower',
    subcategoryName: 'Eighths',
    brandName: 'Greenleaf',
    case_sizes_1: 12,
    case_sizes_2: 24,
    case_sizes_3: null,
    case_sizes_4: null,
    case_sizes_5: null,
    ...overrides,
  };
}
