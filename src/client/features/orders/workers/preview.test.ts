import { describe, expect, it } from 'vitest';
import { buildPreview, missingColumnsMessage } from './preview';

const REQUIRED = ['Batch#', 'Dispensary Location(s)', 'Case Size'];

describe('buildPreview', () => {
  it('finds the header under a title, ignoring case and spaces, and shows the first rows', () => {
    const rows = [['Week 12 orders'], [], ['batch #', 'Dispensary Location(s)', 'CASE SIZE', ''], ...Array.from({ length: 7 }, (_, i) => [`MN-${i}`, 'Store', String(i + 1), 'x'])];
    const preview = buildPreview(rows, REQUIRED);
    expect(preview.header).toEqual(['batch #', 'Dispensary Location(s)', 'CASE SIZE']);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]).toEqual(['MN-0', 'Store', '1']);
    expect(preview.missing).toEqual([]);
    expect(preview.more).toBe(true);
  });

  it('names the missing columns', () => {
    expect(buildPreview([['Batch#', 'Dispensary Location(s)', 'Qty']], REQUIRED).missing).toEqual(['Case Size']);
    expect(buildPreview([['a', 'b']], REQUIRED).missing).toEqual(REQUIRED);
    expect(missingColumnsMessage(['Case Size'])).toBe('The file is missing the column Case Size.');
    expect(missingColumnsMessage(['Batch#', 'Case Size'])).toBe('The file is missing the columns Batch# and Case Size.');
    expect(missingColumnsMessage([])).toBeNull();
  });
});
