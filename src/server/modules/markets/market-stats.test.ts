import { describe, expect, it, vi } from 'vitest';
import { createMarketStats } from './market-stats';

const counts = (pendingOrders: number) => ({ issueCount: 0, pendingOrders, pendingPicklists: 0, isSyncing: false, importStatus: 'IDLE' as const, lastImportAt: null });

describe('market stats cache', () => {
  it('answers concurrent and repeated asks with one count until the time to live passes', async () => {
    let clock = 0;
    const count = vi.fn().mockResolvedValueOnce(counts(3)).mockResolvedValueOnce(counts(4));
    const stats = createMarketStats(count, 2_000, () => clock);
    const [a, b] = await Promise.all([stats.get(1), stats.get(1)]);
    expect([a.pendingOrders, b.pendingOrders]).toEqual([3, 3]);
    clock = 1_999;
    expect((await stats.get(1)).pendingOrders).toBe(3);
    clock = 2_000;
    expect((await stats.get(1)).pendingOrders).toBe(4);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('counts again at once after a write invalidates the market, and keeps markets apart', async () => {
    const count = vi.fn(async (marketId: number) => counts(marketId * 10));
    const stats = createMarketStats(count, 60_000);
    expect((await stats.get(1)).pendingOrders).toBe(10);
    expect((await stats.get(2)).pendingOrders).toBe(20);
    stats.invalidate(1);
    await stats.get(1);
    await stats.get(2);
    expect(count).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed count', async () => {
    const count = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValueOnce(counts(1));
    const stats = createMarketStats(count, 60_000);
    await expect(stats.get(1)).rejects.toThrow('database gone');
    expect((await stats.get(1)).pendingOrders).toBe(1);
  });
});
