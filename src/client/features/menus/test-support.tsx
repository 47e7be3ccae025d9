// Renders the menu screens for the client tests as the app would: in a router (with a page to leave to), a
// query client and the toast viewport, the API answered by the test (anything it does not answer is a 404),
// at a desktop or phone width.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserHistory, createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MenuListingRow } from '../../../shared/api/menus';
import type { MenuType } from '../../../shared/enums';
import { fakeLayout, stubBrowserApis } from '../../components/ui/data-table/test-support';
import { DEFAULT_TABLE_STATE } from '../../components/ui/data-table/table-state';
import type { TableState } from '../../components/ui/data-table/types';
import { dismissToast, Toaster } from '../../components/ui/toast';
import { CreateMenuPage } from './components/create-menu-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => json({ success: true, message: 'OK', data, ...extra });
export const listPage = (data: unknown[], extra: Record<string, unknown> = {}) =>
  ok(data, { pagination: { pageSize: 100, totalRecords: data.length, totalPages: 1, currentPage: 1, recordsOnPage: data.length }, ...extra });
export const failure = (status: number, message: string, code = 'INTERNAL') => json({ success: false, code, message }, status);

/** What the API answers, by method and path (without /api and the query string). */
export type ApiAnswers = Record<string, (body: unknown, url: string) => Response | Promise<Response>>;

const fetchMock = vi.fn();

/** matchMedia for a browser of that width. */
export function setWidth(width: number): void {
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

/** Call in a describe: the fetch stand-in, a desktop width, a laid-out page and empty storage. */
export function useMenuScreenEnvironment(): void {
  let restoreLayout: () => void;
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('scrollTo', () => {});
    stubBrowserApis();
    setWidth(1440);
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

/** A screen at `path`, and a page at /elsewhere to leave to. */
export function renderScreen(path: string, screen: () => ReactNode, answers: ApiAnswers) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const bare = String(url)
      .replace(/^\/api/, '')
      .replace(/\?.*$/, '')
      .replace(/\/+$/, '');
    const answer = answers[`${init.method ?? 'GET'} ${bare}`];
    return answer ? answer(init.body ? JSON.parse(String(init.body)) : undefined, String(url)) : failure(404, `There is no ${init.method ?? 'GET'} ${bare}.`, 'NOT_FOUND');
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Link to={'/elsewhere' as '/'}>Go elsewhere</Link>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path, component: screen });
  const elsewhereRoute = createRoute({ getParentRoute: () => rootRoute, path: '/elsewhere', component: () => <h1>Elsewhere</h1> });
  window.history.replaceState(null, '', path);
  const router = createRouter({ routeTree: rootRoute.addChildren([screenRoute, elsewhereRoute]), history: createBrowserHistory() });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {}), router, queryClient };
}

function CreateMenuScreen({ initialTab }: { initialTab: MenuType }) {
  const [tab, setTab] = useState<MenuType>(initialTab);
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  return (
    <CreateMenuPage
      marketName="Minnesota"
      tab={tab}
      state={state}
      onTabChange={(next) => {
        setTab(next);
        setState(DEFAULT_TABLE_STATE);
      }}
      onStateChange={setState}
    />
  );
}

export function renderCreateMenu(answers: ApiAnswers, initialTab: MenuType = 'internal') {
  return renderScreen('/menus/create', () => <CreateMenuScreen initialTab={initialTab} />, answers);
}

/** The bodies of the calls made to one method and path. */
export function callsTo(method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '').replace(/\/+$/, '') === `/api${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ((init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : String(url)));
}

export function menuRow(overrides: Partial<MenuListingRow> = {}): MenuListingRow {
  return {
    batch_id: 101,
    batch_number: 'MN-B-000101',
    product_id: 7,
    category_id: 1,
    category_name: 'Flower',
    subcategory_id: 2,
    subcategory_name: 'Eighths',
    brand_id: 3,
    brand_name: 'Greenleaf',
    strain_id: 4,
    strain_name: 'Blue Dream',
    strain_type: 'Hybrid',
    item_size: 3.5,
    item_size_uom: 'g',
    thc_value: 24.5,
    thc_a: null,
    thc_total_uom: 'Percentage',
    cbd_value: null,
    cbd_a: null,
    cbd_total_uom: null,
    top_terpenes: [
      { terpeneName: 'Myrcene', percentage: 1.2 },
      { terpeneName: 'Limonene', percentage: 0.854 },
    ],
    expired_date: '2026-03-01',
    s2s_product_name: 'BD Flower 3.5g',
    product_name: 'Blue Dream 3.5g',
    case_size: 12,
    available_case_size: 4,
    base_price: 18.5,
    s2s_location_name: 'Main Vault',
    row_color: null,
    ...overrides,
  };
}

/** An external row: standard case size and units available instead of the internal case fields. */
export function externalRow(overrides: Partial<MenuListingRow> = {}): MenuListingRow {
  const { case_size: _caseSize, available_case_size: _cases, ...row } = menuRow(overrides);
  return { ...row, standard_case_size: 12, total_available_quantity: 48, ...overrides };
}
