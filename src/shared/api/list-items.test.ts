import { describe, expect, it } from 'vitest';
import { columnFilterSchema, readColumnFilter, readSortItem, sortItemSchema } from './list-items';

const long = (length: number) => 'x'.repeat(length);

const SORT_ITEMS: unknown[] = [
  { column: 'customer', order: 'asc' },
  { column: 'customer', order: 'desc', extra: true },
  { column: '', order: 'asc' },
  { column: long(64), order: 'asc' },
  { column: long(65), order: 'asc' },
  { column: 'customer', order: 'sideways' },
  { column: 7, order: 'asc' },
  { order: 'asc' },
  ['customer', 'asc'],
  'customer',
  null,
  undefined,
];

const FILTERS: unknown[] = [
  { column: 'customer', type: 'text', value: 'acme' },
  { column: 'customer', type: 'text', value: '' },
  { column: 'customer', type: 'text', value: long(200) },
  { column: 'customer', type: 'text', value: long(201) },
  { column: 'customer', type: 'text', value: 5 },
  { column: 'created', type: 'dateRange', value: { from: '2026-01-01', to: '2026-02-01' } },
  { column: 'created', type: 'dateRange', value: { from: '2026-01-01' } },
  { column: 'created', type: 'dateRange', value: {} },
  { column: 'created', type: 'dateRange', value: { from: '01/02/2026' } },
  { column: 'created', type: 'dateRange', value: { from: null } },
  { column: 'created', type: 'dateRange', value: { to: '2026-02-01', other: 1 } },
  { column: 'created', type: 'dateRange', value: ['2026-01-01'] },
  { column: 'created', type: 'dateRange' },
  { column: 'status', type: 'select', value: ['Pending', 'Picked'] },
  { column: 'status', type: 'select', value: [] },
  { column: 'status', type: 'select', value: Array.from({ length: 50 }, (_, i) => `s${i}`) },
  { column: 'status', type: 'select', value: Array.from({ length: 51 }, (_, i) => `s${i}`) },
  { column: 'status', type: 'select', value: ['Pending', 3] },
  { column: 'status', type: 'select', value: [long(201)] },
  { column: 'status', type: 'select', value: 'Pending' },
  { column: 'status', type: 'range', value: [1, 2] },
  { column: '', type: 'text', value: 'a' },
  { type: 'text', value: 'a' },
  { column: 'status', value: ['Pending'] },
  [],
  null,
];

describe('the plain readers of URL list state', () => {
  it('accept and return exactly what the sort item schema does', () => {
    for (const item of SORT_ITEMS) {
      const parsed = sortItemSchema.safeParse(item);
      expect(readSortItem(item), JSON.stringify(item)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('accept and return exactly what the column filter schema does', () => {
    for (const filter of FILTERS) {
      const parsed = columnFilterSchema.safeParse(filter);
      expect(readColumnFilter(filter), JSON.stringify(filter)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
