import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadStaggered, exportBody, exportedColumns } from './menu-export';

describe('the menu export', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('writes the visible columns in their order, never select, actions or total_available_quantity', () => {
    const labels = new Map([
      ['brand_name', 'Brand'],
      ['batch_number', 'Batch#'],
    ]);
    const layout = {
      order: ['select', 'brand_name', 'total_available_quantity', 'strain_name', 'actions', 'batch_number'],
      visibility: { select: true, brand_name: true, total_available_quantity: true, strain_name: false, actions: true, batch_number: true },
    };
    expect(exportedColumns(layout, labels)).toEqual([
      { index: 0, field: 'brand_name', label: 'Brand' },
      { index: 1, field: 'batch_number', label: 'Batch#' },
    ]);
    expect(exportedColumns({ order: ['select', 'total_available_quantity'], visibility: { select: true, total_available_quantity: true } }, labels)).toEqual([]);
  });

  it('sends excludedBatches only for the external menu', () => {
    const input = {
      columns: [{ index: 0, field: 'batch_number' as const, label: 'Batch#' }],
      people: { salesPersons: [], buyers: [{ id: 5, name: 'GreenVault Retail', salesPerson: null }] },
      excludedBatches: new Set([3]),
      listQuery: { pagination: { page: 2, pageSize: 100 as const }, columnFilter: [{ column: 'brand_name', value: 'Green', type: 'text' as const }] },
    };
    expect(exportBody({ ...input, menuType: 'internal' })).toEqual({
      menuType: 'internal',
      selectedColumns: input.columns,
      msoDetails: [{ id: 5, name: 'GreenVault Retail' }],
      columnFilter: input.listQuery.columnFilter,
    });
    expect(exportBody({ ...input, menuType: 'external' }).excludedBatches).toEqual([3]);
  });

  it('downloads each file 200 ms after the one before', async () => {
    vi.useFakeTimers();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const done = vi.fn();
    void downloadStaggered([{ presignedUrl: '/a', fileName: 'a.xlsx' }, { presignedUrl: '/b', fileName: 'b.xlsx' }, { presignedUrl: '/c' }]).then(done);

    await vi.advanceTimersByTimeAsync(0);
    expect(clicked).toEqual(['/a a.xlsx']);
    await vi.advanceTimersByTimeAsync(199);
    expect(clicked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(clicked).toEqual(['/a a.xlsx', '/b b.xlsx']);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(clicked).toEqual(['/a a.xlsx', '/b b.xlsx', '/c ']);
    expect(done).toHaveBeenCalled();
    // No link is left behind in the page.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });
});
