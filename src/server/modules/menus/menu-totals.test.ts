import { describe, expect, it } from 'vitest';
import { createMenuTotals, MENU_TOTAL_FRESH_MS, MENU_TOTAL_STALE_MS } from './menu-totals';

function counter(values: number[]) {
  let calls = 0;
  return { count: () => Promise.resolve(values[Math.min(calls++, values.length - 1)]!), calls: () => calls };
}

describe('menu totals', () => {
  it('counts once, answers the kept total while fresh, then answers it once more while one recount runs', async () => {
    let clock = 0;
    const totals = createMenuTotals(true, () => clock);
    const source = counter([10, 12]);
    expect(await totals.get(1, 'k', source.count)).toBe(10);
    clock += MENU_TOTAL_FRESH_MS - 1;
    expect(await totals.get(1, 'k', source.count)).toBe(10);
    expect(source.calls()).toBe(1);
    clock += 2;
    // Stale: answered at once, recounted behind it (one recount however many ask).
    expect(await Promise.all([totals.get(1, 'k', source.count), totals.get(1, 'k', source.count)])).toEqual([10, 10]);
    expect(source.calls()).toBe(2);
    expect(await totals.get(1, 'k', source.count)).toBe(12);
  });

  it('counts first once a total is older than the stale limit, and keeps markets and keys apart', async () => {
    let clock = 0;
    const totals = createMenuTotals(true, () => clock);
    const source = counter([5, 7]);
    await totals.get(1, 'k', source.count);
    clock += MENU_TOTAL_STALE_MS;
    expect(await totals.get(1, 'k', source.count)).toBe(7);
    expect(await totals.get(2, 'k', () => Promise.resolve(99))).toBe(99);
    expect(await totals.get(1, 'other', () => Promise.resolve(3))).toBe(3);
  });

  it('forgets a failed count, and counts every time when disabled', async () => {
    const totals = createMenuTotals(true, () => 0);
    await expect(totals.get(1, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await totals.get(1, 'k', () => Promise.resolve(4))).toBe(4);
    const off = createMenuTotals(false);
    const source = counter([1, 2]);
    off.set(1, 'k', 50);
    expect(await off.get(1, 'k', source.count)).toBe(1);
    expect(await off.get(1, 'k', source.count)).toBe(2);
  });
});
