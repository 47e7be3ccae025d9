import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles with each failed attempt, between half and all of 1 s, 2 s, 4 s…', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits more than a minute', () => {
    expect(retryDelayMs(7, () => 1)).toBe(60_000);
    expect(retryDelayMs(50, () => 1)).toBe(60_000);
    expect(retryDelayMs(50, () => 0)).toBe(30_000);
  });
});
