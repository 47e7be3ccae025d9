import { describe, expect, it } from 'vitest';
import { listQuerySchema } from '../../../../shared/api/common';
import { tableSearchSchema, toListQuery } from './table-search';
import { DEFAULT_TABLE_STATE, withSortToggled } from './table-state';

describe('toListQuery', () => {
  it('sends pagination, sort and the non-empty filters, and leaves a blank search and the market out', () => {
    const query = toListQuery(
      {
        page: 2,
        pageSize: 50,
        search: '   ',
        sort: [{ column: 'created_ts', order: 'desc' }],
        filters: [
          { column: 'customer_name', type: 'text', value: '  ' },
          { column: 'created_ts', type: 'dateRange', value: {} },
          { column: 'approved_date', type: 'dateRange', value: { from: '', to: '2024-03-31' } },
          { column: 'metadata_label', type: 'select', value: [] },
          { column: 'reference_id', type: 'text', value: ' SO-12 ' },
        ],
      },
    );
    expect(query).toEqual({
      pagination: { page: 2, pageSize: 50 },
      sort: [{ column: 'created_ts', order: 'desc' }],
      columnFilter: [
        { column: 'approved_date', type: 'dateRange', value: { to: '2024-03-31' } },
        { column: 'reference_id', type: 'text', value: 'SO-12' },
      ],
    });
    expect(listQuerySchema.safeParse(query).success).toBe(true);
  });

  it('trims the search and omits sort and filters when there are none', () => {
    expect(toListQuery({ ...DEFAULT_TABLE_STATE, search: ' acme ' })).toEqual({ pagination: { page: 1, pageSize: 100 }, search: 'acme' });
  });

  it('adds endpoint extras but leaves a blank tab out', () => {
    expect(toListQuery(DEFAULT_TABLE_STATE, { tab: ' ', status: 'COMMITTED' })).toEqual({ pagination: { page: 1, pageSize: 100 }, status: 'COMMITTED' });
  });
});

/** What the router hands validateSearch: whatever the URL held. */
const readUrl = (search: Record<string, unknown>) => tableSearchSchema(search as Parameters<typeof tableSearchSchema>[0]);

describe('tableSearchSchema', () => {
  it('gives the defaults for an empty or mangled URL', () => {
    const defaults = { page: 1, pageSize: 100, sort: [], filters: [] };
    expect(readUrl({})).toEqual(defaults);
    expect(readUrl({ page: 'two', pageSize: 30, sort: 'created', filters: { column: 'x' } })).toEqual(defaults);
  });

  it('keeps the valid sort and filter entries of a partly broken URL', () => {
    const parsed = readUrl({
      page: '3',
      pageSize: 25,
      search: '  acme ',
      sort: [{ column: 'customer', order: 'asc' }, { column: 'status', order: 'sideways' }],
      filters: [{ column: 'status', type: 'select', value: ['Pending'] }, { column: 'customer', type: 'text', value: '' }, { type: 'dateRange' }],
    });
    expect(parsed).toEqual({ page: 3, pageSize: 25, search: 'acme', sort: [{ column: 'customer', order: 'asc' }], filters: [{ column: 'status', type: 'select', value: ['Pending'] }] });
  });
});

describe('withSortToggled', () => {
  it('cycles a column ascending, descending, none, and resets the page', () => {
    const asc = withSortToggled({ ...DEFAULT_TABLE_STATE, page: 4 }, 'customer', false);
    expect(asc).toMatchObject({ page: 1, sort: [{ column: 'customer', order: 'asc' }] });
    const desc = withSortToggled(asc, 'customer', false);
    expect(desc.sort).toEqual([{ column: 'customer', order: 'desc' }]);
    expect(withSortToggled(desc, 'customer', false).sort).toEqual([]);
  });

  it('adds columns with shift and replaces the whole sort on a plain click', () => {
    const two = withSortToggled(withSortToggled(DEFAULT_TABLE_STATE, 'customer', false), 'status', true);
    expect(two.sort).toEqual([
      { column: 'customer', order: 'asc' },
      { column: 'status', order: 'asc' },
    ]);
    expect(withSortToggled(two, 'customer', true).sort).toEqual([
      { column: 'customer', order: 'desc' },
      { column: 'status', order: 'asc' },
    ]);
    expect(withSortToggled(two, 'created', false).sort).toEqual([{ column: 'created', order: 'asc' }]);
  });
});
