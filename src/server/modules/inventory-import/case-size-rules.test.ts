import { describe, expect, it } from 'vitest';
import { checkCaseSize, standardCaseSizes } from './case-size-rules';

describe('checking a quantity against standard case sizes', () => {
  it.each([
    [48, [6, 12, 24], 24],
    [36, [6, 12, 24], 12],
    [30, [6, 12, 24], 6],
    [24, [24, 12, 6], 24],
    [100, [10, 20, 25, 50, 100], 100],
    [0, [6, 12], 12],
    [40, [0, 10, -20, 2.5], 10],
  ])('%i units in cases of %j fit the largest dividing size, %i', (quantity, sizes, caseSize) => {
    expect(checkCaseSize(quantity, sizes)).toEqual({ ok: true, caseSize });
  });

  it.each([
    ['a quantity no size divides', 25, [6, 12, 24]],
    ['no case size at all', 24, []],
    ['only unusable sizes', 24, [0, -6, 1.5]],
    ['a fractional quantity', 12.5, [6, 12]],
    ['a negative quantity', -12, [6, 12]],
    ['a quantity that is not a number', Number.NaN, [6, 12]],
    ['an infinite quantity', Number.POSITIVE_INFINITY, [6, 12]],
  ])('refuses %s', (_case, quantity, sizes) => {
    expect(checkCaseSize(quantity, sizes)).toEqual({ ok: false });
  });

  it('lists the usable standard sizes once each, smallest first', () => {
    expect(standardCaseSizes([24, 6, 0, 12, 6, -1, 2.5])).toEqual([6, 12, 24]);
    expect(standardCaseSizes([])).toEqual([]);
  });
});
