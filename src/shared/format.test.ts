import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatItemSize,
  formatPotency,
  formatTopTerpenes,
  formatUsd,
  toApiDate,
} from './format';
import { capBadge, capCartBadge, initials, percentComplete } from './labels';

describe('dates', () => {
  it('formats timestamps as MMM d, yyyy h:mm a', () => {
    expect(formatDateTime(new Date(2026, 10, 3, 14, 5))).toBe('Nov 3, 2026 2:05 PM');
  });
  it('says Invalid date for values it cannot read', () => {
    expect(formatDateTime('not a date')).toBe('Invalid date');
    expect(formatDateTime(null)).toBe('Invalid date');
    expect(formatDate('2026-13-45')).toBe('Invalid date');
  });
  it('formats calendar days as MM/dd/yyyy without shifting the day', () => {
    expect(formatDate('2027-01-09')).toBe('01/09/2027');
    expect(formatDate('2026-12-31')).toBe('12/31/2026');
  });
  it('lets a screen choose its own fallback for an empty date', () => {
    expect(formatDate(null, '-')).toBe('-');
  });
  it('sends dates as yyyy-MM-dd', () => {
    expect(toApiDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('money and sizes', () => {
  it('formats USD with a dollar sign and two decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd('7')).toBe('$7.00');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(null)).toBe('-');
  });
  it('shows item size in g for grams and mg otherwise', () => {
    expect(formatItemSize(3.5, 'g')).toBe('3.5 g');
    expect(formatItemSize('100', 'Grams')).toBe('100 g');
    expect(formatItemSize(100, 'mg')).toBe('100 mg');
    expect(formatItemSize(10, 'each')).toBe('10 mg');
    expect(formatItemSize(null, 'g')).toBe('Missing');
  });
});

describe('lab values', () => {
  it("shows 'Missing' for absent values", () => {
    expect(formatPotency(null, 'Percentage')).toBe('Missing');
    expect(formatPotency('', 'Percentage')).toBe('Missing');
  });
  it('shows WeightRatio as mg/g and Percentage as %', () => {
    expect(formatPotency(21.4, 'Percentage')).toBe('21.4%');
    expect(formatPotency('180', 'WeightRatio')).toBe('180 mg/g');
  });
  it('lists the top three terpenes to two decimals', () => {
    expect(
      formatTopTerpenes([
        { terpeneName: 'Pinene', percentage: 0.3 },
        { terpeneName: 'Myrcene', percentage: 1.2 },
        { terpeneName: 'Linalool', percentage: 0.1 },
        { terpeneName: 'Limonene', percentage: 0.854 },
      ]),
    ).toBe('Myrcene 1.20%, Limonene 0.85%, Pinene 0.30%');
    expect(formatTopTerpenes([])).toBe('Missing');
  });
});

describe('badges and initials', () => {
  it('caps sidebar badges at 99+', () => {
    expect(capBadge(99)).toBe('99');
    expect(capBadge(100)).toBe('99+');
  });
  it('caps the cart badge at 20+', () => {
    expect(capCartBadge(20)).toBe('20');
    expect(capCartBadge(21)).toBe('20+');
  });
  it('takes at most two initials, first and last word', () => {
    expect(initials('Maria Lopez Garcia')).toBe('MG');
    expect(initials('prince')).toBe('P');
    expect(initials('  ')).toBe('GV');
    expect(initials(undefined)).toBe('GV');
    expect(initials('Ólafur Arnalds')).toBe('ÓA');
  });
  it('rounds percent complete and gives 0 for nothing to do', () => {
    expect(percentComplete(1, 3)).toBe(33);
    expect(percentComplete(2, 3)).toBe(67);
    expect(percentComplete(0, 0)).toBe(0);
  });
});

describe('dates and times in a market time zone', () => {
  // 7:48 PM in Chicago on Nov 23 is already Nov 24 in UTC.
  const placed = '2026-11-24T01:48:00.000Z';

  it('reads an instant as the zone’s clock and calendar, wherever the code runs', () => {
    expect(formatDateTime(placed, 'America/Chicago')).toBe('Nov 23, 2026 7:48 PM');
    expect(formatDate(placed, undefined, 'America/Chicago')).toBe('11/23/2026');
    expect(formatDateTime(placed, 'America/New_York')).toBe('Nov 23, 2026 8:48 PM');
  });

  it('leaves a calendar day the day it names', () => {
    expect(formatDate('2026-11-24', undefined, 'America/Los_Angeles')).toBe('11/24/2026');
  });
});
