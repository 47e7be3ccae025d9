import { describe, expect, it, vi } from 'vitest';
import { createCountCache } from './count-cache';

describe('count cache', () => {
  it('counts once per key until the time to live passes, and shares concurrent asks', async () => {
    let clock = 0;
    const count = vi.fn().mockResolvedValueOnce(7).mockResolvedValueOnce(8);
    const cache = createCountCache(2_000, () => clock);
    expect(await Promise.all([cache.get(1, 'a', count), cache.get(1, 'a', count)])).toEqual([7, 7]);
    clock = 1_999;
    expect(await cache.get(1, 'a', count)).toBe(7);
    clock = 2_000;
    expect(await cache.get(1, 'a', count)).toBe(8);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('keeps keys and markets apart, and a write to a market forgets only its totals', async () => {
    const cache = createCountCache(60_000);
    cache.set(1, 'a', 1);
    cache.set(1, 'b', 2);
    cache.set(2, 'a', 3);
    const count = vi.fn(async () => 99);
    expect(await cache.get(1, 'b', count)).toBe(2);
    cache.invalidate(1);
    expect(await cache.get(1, 'a', count)).toBe(99);
    expect(await cache.get(2, 'a', count)).toBe(3);
  });

  it('does not keep a failed count, and keeps nothing with no time to live', async () => {
    const failing = createCountCache(60_000);
    await expect(failing.get(1, 'a', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await failing.get(1, 'a', async () => 5)).toBe(5);
    const uncached = createCountCache(0);
    uncached.set(1, 'a', 1);
    expect(await uncached.get(1, 'a', async () => 4)).toBe(4);
  });
});
