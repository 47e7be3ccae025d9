import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListQuery } from '../../../../shared/api/common';
import { dismissToast, Toaster } from '../toast';
import { DEFAULT_TABLE_STATE } from './table-state';
import type { TableState } from './types';
import { useTableQuery, type ListPage } from './use-table-query';

afterEach(() => {
  cleanup();
  dismissToast();
});

type Row = { id: string };

function setup(fetchPage: (query: ListQuery) => Promise<ListPage<Row>>, initialState: TableState = DEFAULT_TABLE_STATE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return renderHook(({ state }) => useTableQuery({ queryKey: ['orders', 'history'], fetchPage, state }), { wrapper, initialProps: { state: initialState } });
}

const page = (ids: string[], totalRecords = 500): ListPage<Row> => ({ data: ids.map((id) => ({ id })), pagination: { totalRecords } });

describe('useTableQuery', () => {
  it('fetches the list query of the current market and state', async () => {
    const fetchPage = vi.fn(async () => page(['a', 'b']));
    const { result } = setup(fetchPage, { ...DEFAULT_TABLE_STATE, search: 'acme', filters: [{ column: 'customer', type: 'text', value: '' }] });

    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.totalRecords).toBe(500);
    expect(fetchPage).toHaveBeenCalledWith({ pagination: { page: 1, pageSize: 100 }, search: 'acme' }, { signal: expect.any(AbortSignal), market: 'MN' });
  });

  it('keeps the last rows, toasts and reports a stale error when the next page fails', async () => {
    const fetchPage = vi.fn(async (query: ListQuery) => {
      if (query.pagination?.page === 2) throw new Error('offline');
      return page(['a', 'b']);
    });
    const { result, rerender } = setup(fetchPage);
    await waitFor(() => expect(result.current.rows).toHaveLength(2));

    rerender({ state: { ...DEFAULT_TABLE_STATE, page: 2 } });
    await waitFor(() => expect(result.current.staleError).toBeInstanceOf(Error));
    expect(result.current.rows.map((row) => row.id)).toEqual(['a', 'b']);
    expect(result.current.error).toBeUndefined();
    expect(screen.getByText('Failed to load data')).toBeTruthy();
    expect(screen.getByText('Using cached data if available')).toBeTruthy();

    fetchPage.mockResolvedValueOnce(page(['c']));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.rows.map((row) => row.id)).toEqual(['c']));
    expect(result.current.staleError).toBeUndefined();
  });

  it('returns the error for the page to show when nothing is cached', async () => {
    const { result } = setup(async () => {
      throw new Error('server down');
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.rows).toEqual([]);
    expect(result.current.staleError).toBeUndefined();
    expect(result.current.isLoading).toBe(false);
  });
});

describe('useTableQuery with the toast shown', () => {
  it('shows the toast for 3 seconds', async () => {
    let fail = false;
    const { result, rerender } = setup(async () => {
      if (fail) throw new Error('offline');
      return page(['a']);
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(screen.queryByText('Failed to load data')).toBeNull();
    fail = true;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      rerender({ state: { ...DEFAULT_TABLE_STATE, page: 2 } });
      await waitFor(() => expect(screen.queryByText('Failed to load data')).not.toBeNull());
      act(() => vi.advanceTimersByTime(3_100));
      expect(screen.queryByText('Failed to load data')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('with no signal', () => {
    let offlineSpy: { mockRestore(): void } | null = null;
    afterEach(() => {
      offlineSpy?.mockRestore();
      offlineSpy = null;
      // TanStack Query's own online state follows these events.
      window.dispatchEvent(new Event('online'));
    });
    const goOffline = () => {
      offlineSpy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
    };
    const byId = (rows: Row[], query: ListQuery) =>
      rows.filter((row) => !query.search || row.id.includes(query.search)).sort((a, b) => a.id.localeCompare(b.id));

    function setupOffline(fetchPage: (query: ListQuery) => Promise<ListPage<Row>>, saved?: boolean) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
      const offline = { noun: 'orders', ...(saved ? { saved: { idOf: (row: Row) => row.id, select: byId } } : {}) };
      return renderHook(({ state }) => useTableQuery({ queryKey: ['orders', 'history'], fetchPage, state, offline }), { wrapper, initialProps: { state: DEFAULT_TABLE_STATE } });
    }

    it('shows a view saved earlier as saved, with when, and asks the server nothing (no endless progress)', async () => {
      const fetchPage = vi.fn(async () => page(['a', 'b'], 2));
      const { result, rerender } = setupOffline(fetchPage);
      await waitFor(() => expect(result.current.rows).toHaveLength(2));
      goOffline();
      rerender({ state: { ...DEFAULT_TABLE_STATE } });
      expect(result.current.offline).toMatchObject({ noun: 'orders', local: false, savedCount: 2 });
      expect(result.current.offline!.savedAt).toBeGreaterThan(0);
      expect(result.current.isFetching).toBe(false);
      expect(result.current.rows.map((row) => row.id)).toEqual(['a', 'b']);
    });

    it('answers a view never fetched from every saved row when the list can, else says nothing is saved, never a made-up 0', async () => {
      const fetchPage = vi.fn(async (query: ListQuery) => (query.pagination?.page === 2 ? page(['ab', 'c'], 500) : page(['b', 'aa'], 500)));
      const searching = setupOffline(fetchPage, true);
      await waitFor(() => expect(searching.result.current.rows).toHaveLength(2));
      searching.rerender({ state: { ...DEFAULT_TABLE_STATE, page: 2 } });
      await waitFor(() => expect(searching.result.current.rows.map((row) => row.id)).toEqual(['ab', 'c']));
      goOffline();
      // Even the page fetched before is answered from every saved row, so pages and totals agree.
      searching.rerender({ state: { ...DEFAULT_TABLE_STATE } });
      expect(searching.result.current.rows.map((row) => row.id)).toEqual(['aa', 'ab', 'b', 'c']);
      expect(searching.result.current.totalRecords).toBe(4);
      searching.rerender({ state: { ...DEFAULT_TABLE_STATE, search: 'a' } });
      expect(searching.result.current.rows.map((row) => row.id)).toEqual(['aa', 'ab']);
      expect(searching.result.current.totalRecords).toBe(2);
      expect(searching.result.current.offline).toMatchObject({ local: true, savedCount: 4 });
      expect(fetchPage).toHaveBeenCalledTimes(2);

      const plain = setupOffline(fetchPage);
      plain.rerender({ state: { ...DEFAULT_TABLE_STATE, page: 3 } });
      expect(plain.result.current.isLoading).toBe(false);
      expect(plain.result.current.rows).toEqual([]);
      expect(plain.result.current.offline).toMatchObject({ savedAt: null, local: false });
      expect(fetchPage).toHaveBeenCalledTimes(2);
    });
  });
});
