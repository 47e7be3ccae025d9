import { describe, expect, it } from 'vitest';
import { fileTimestamp, neutraliseFormula } from './export-text';

describe('neutraliseFormula', () => {
  it('prefixes an apostrophe to text a spreadsheet would read as a formula', () => {
    expect(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'].map(neutraliseFormula)).toEqual(["'=SUM(A1)", "'+1", "'-2+3", "'@cmd", "'\tx", "'\rx"]);
  });

  it('leaves any other text as it is', () => {
    expect(['Blue Dream 3.5g', 'B-123', ' =x', ''].map(neutraliseFormula)).toEqual(['Blue Dream 3.5g', 'B-123', ' =x', '']);
  });
});

describe('fileTimestamp', () => {
  it("is yyyy_MM_dd_HHmm on the market's clock, not UTC's", () => {
    // 05:09 UTC on the 29th is still the evening of the 28th in Minnesota and 00:09 on the 29th in New Jersey.
    const at = new Date('2026-11-29T05:09:00Z');
    expect(fileTimestamp(at, 'America/Chicago')).toBe('2026_11_28_2309');
    expect(fileTimestamp(at, 'America/New_York')).toBe('2026_11_29_0009');
  });

  it('writes midnight as 00, on a 24-hour clock', () => {
    expect(fileTimestamp(new Date('2026-07-01T05:00:00Z'), 'America/Chicago')).toBe('2026_07_01_0000');
    expect(fileTimestamp(new Date('2026-07-01T18:30:00Z'), 'America/Chicago')).toBe('2026_07_01_1330');
  });
});
