import { describe, expect, it } from 'vitest';
import { findHeader } from './header';

const REQUIRED = ['Batch#', 'Dispensary Location(s)', 'Case Size'] as const;
const rows = (...lines: string[][]) => lines.map((cells, index) => ({ row: index + 1, cells }));

describe('findHeader', () => {
  it('finds the columns ignoring case and spaces, below a title row', () => {
    const match = findHeader(rows(['Orders for week 12'], ['Notes', ' batch # ', 'DISPENSARY LOCATION(S)', 'case size', 'Cases']), REQUIRED, ['Cases', 'Quantity']);
    expect(match).toEqual({ found: true, headerRow: 2, headerIndex: 1, required: { 'Batch#': 1, 'Dispensary Location(s)': 2, 'Case Size': 3 }, optional: { Cases: 4 } });
  });

  it('names the required columns the header row lacks', () => {
    expect(findHeader(rows(['Batch#', 'Dispensary Location(s)', 'Cases per store']), REQUIRED)).toEqual({ found: false, missing: ['Case Size'], headerRow: 1 });
  });

  it('names all of them when no row looks like a header', () => {
    expect(findHeader(rows(['a', 'b'], ['1', '2']), REQUIRED)).toEqual({ found: false, missing: [...REQUIRED], headerRow: null });
    expect(findHeader([], REQUIRED)).toMatchObject({ found: false, missing: [...REQUIRED] });
  });

  it('looks only at the first rows for the header', () => {
    const filler = Array.from({ length: 12 }, (_, index) => [`line ${index}`]);
    expect(findHeader(rows(...filler, ['Batch#', 'Dispensary Location(s)', 'Case Size']), REQUIRED).found).toBe(false);
  });
});
