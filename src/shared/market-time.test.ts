import { describe, expect, it } from 'vitest';
import { addOneYear, deliveryWindow, marketDate } from './market-time';

describe('market time', () => {
  it("gives each market its own today: at 03:30 UTC it is still yesterday in Minnesota and Nevada", () => {
    const at = new Date('2026-11-23T03:30:00Z');
    expect(marketDate('MN', at)).toBe('2026-11-22');
    expect(marketDate('NV', at)).toBe('2026-11-22');
    expect(marketDate('NJ', at)).toBe('2026-11-22');
    expect(marketDate('NJ', new Date('2026-11-23T05:30:00Z'))).toBe('2026-11-23');
  });

  it('opens the delivery window today and closes it a year on', () => {
    expect(deliveryWindow('FL', new Date('2026-11-22T15:00:00Z'))).toEqual({ min: '2026-11-22', max: '2027-11-22' });
  });

  it('moves 29 February to 28 February a year later', () => {
    expect(addOneYear('2028-02-29')).toBe('2029-02-28');
    expect(addOneYear('2026-12-31')).toBe('2027-12-31');
  });
});
