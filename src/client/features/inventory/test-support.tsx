// Renders an inventory screen for the client tests as the app would: in a router, with a query client and
// the toast viewport, and the API answered by the test (a request the test does not answer gets a 404).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ImportDetailRow, ImportMeta, ImportState } from '../../../shared/api/inventory-import';
import { fakeLayout, setViewport } from '../../components/ui/data-table/test-support';
import { dismissToast, Toaster } from '../../components/ui/toast';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => json({ success: true, message: 'OK', data, ...extra });
export const listPage = (data: unknown[], extra: Record<string, unknown> = {}) =>
  ok(data, { pagination: { pageSize: 100, totalRecords: data.length, totalPages: 1, currentPage: 1, recordsOnPage: data.length }, ...extra });
export const failure = (status: number, message: string, code = 'CONFLICT', details?: unknown[]) => json({ success: false, code, message, ...(details ? { details } : {}) }, status);

/** What the API answers, by method and path (without /api and the query string). */
export type ApiAnswers = Record<string, (body: unknown) => Response>;

const fetchMock = vi.fn();

/** Call in a describe: the fetch stand-in, a desktop viewport, a laid-out page and empty storage. */
export function useInventoryScreenEnvironment(): void {
  let restoreLayout: () => void;
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // The router restores the scroll position, which jsdom does not implement.
    vi.stubGlobal('scrollTo', () => {});
    setViewport('desktop');
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

export function renderInventoryScreen(screen: ReactNode, answers: ApiAnswers) {
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
  // Under fake timers user-event's own delays must advance them, or every click waits forever.
  return { user: userEvent.setup(vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {}), router };
}

/** The calls made to one method and path: their query strings and bodies. */
export function callsTo(method: string, path: string): { search: string; body: unknown }[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/api${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ search: String(url).replace(/^[^?]*/, ''), body: (init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined }));
}

export function testImportState(overrides: Partial<ImportState> = {}): ImportState {
  return {
    import_id: 12,
    reference_id: 'IMP-MN-000012',
    import_status: 'COMMITTED',
    comments: null,
    created_ts: '2026-03-02T15:00:00.000Z',
    updated_ts: '2026-03-02T15:04:00.000Z',
    created_user: '7',
    created_user_name: 'Avery Admin',
    inventory_location_id: 1,
    s2s_location_name: 'MN Cultivation',
    inventory_location: [{ id: 1, displayName: 'Minneapolis Vault', name: 'MPLS-01' }],
    record_count: 40,
    records_fetched: 40,
    last_committed_ts: '2026-03-01T18:30:00.000Z',
    ...overrides,
  };
}

export function testDetailRow(overrides: Partial<ImportDetailRow> = {}): ImportDetailRow {
  return {
    id: 1,
    product_name: 'Sour Diesel 1g',
    s2s_product_name: 'SD Flower 1g',
    batch_id: 'MN-B-100',
    total_quantity: 240,
    s2s_location_name: 'Minneapolis Vault',
    category_name: 'flower',
    reason_code: null,
    metadata_label: null,
    created_ts: '2026-03-02T15:00:00.000Z',
    top_terpenes: [],
    thc_value: 21.5,
    thc_total_uom: 'Percentage',
    cbd_value: null,
    cbd_total_uom: null,
    case_size: null,
    standard_case_sizes: [],
    held_back: false,
    change: 'new_batch',
    previous_quantity: null,
    tag_number: null,
    tag_count: 2,
    ...overrides,
  };
}

export function testImportMeta(overrides: Partial<ImportMeta> = {}): ImportMeta {
  return {
    importId: 'IMP-MN-000012',
    userId: '7',
    importStatus: 'FETCH_COMPLETED',
    importStartTime: '2026-03-02T15:00:00.000Z',
    tabCounts: { inventory_updates: 3, item_issues: 120, lab_data_warnings: 0, case_size_errors: 1 },
    canAct: true,
    ...overrides,
  };
}
