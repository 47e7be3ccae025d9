import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabaseHealth } from './database-health';

afterEach(() => {
  vi.useRealTimers();
});

describe('database health', () => {
  it('shares one probe between concurrent checks and reuses its answer for a second', async () => {
    let clock = 0;
    const probe = vi.fn(async () => undefined);
    const health = createDatabaseHealth({ probe }, { now: () => clock });
    expect(await Promise.all([health.check(), health.check(), health.check()])).toEqual([true, true, true]);
    clock = 999;
    expect(await health.check()).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
    clock = 1_000;
    expect(await health.check()).toBe(true);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('answers without a probe when other work succeeded within the last second', async () => {
    const probe = vi.fn(async () => undefined);
    const succeededWithin = vi.fn(() => true);
    const health = createDatabaseHealth({ probe, succeededWithin });
    expect(await health.check()).toBe(true);
    expect(succeededWithin).toHaveBeenCalledWith(1_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it('probes when nothing succeeded lately, and reports a failed probe as unavailable', async () => {
    const health = createDatabaseHealth({ probe: () => Promise.reject(new Error('closed')), succeededWithin: () => false });
    expect(await health.check()).toBe(false);
  });

  it('gives up on a probe that does not answer in time, without starting another while it is still out', async () => {
    vi.useFakeTimers();
    let clock = 0;
    let answer!: () => void;
    const probe = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const health = createDatabaseHealth({ probe }, { timeoutMs: 2_000, now: () => clock });

    const first = health.check();
    clock = 2_000;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await first).toBe(false);

    // A second later the same probe is still out: the next check waits for it rather than piling up another.
    clock = 3_000;
    const second = health.check();
    answer();
    expect(await second).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
