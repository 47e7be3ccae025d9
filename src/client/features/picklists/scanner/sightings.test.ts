import { describe, expect, it } from 'vitest';
import { createSightingFilter } from './sightings';

const FRAME_MS = 200;

function sightings(filter: (code: string, now: number) => boolean, code: string, fromMs: number, toMs: number): number[] {
  const counted: number[] = [];
  for (let now = fromMs; now < toMs; now += FRAME_MS) if (filter(code, now)) counted.push(now);
  return counted;
}

describe('createSightingFilter', () => {
  it('counts a case held in front of the camera for 8 seconds once', () => {
    const filter = createSightingFilter(2_500);
    expect(sightings(filter, 'TAG-A', 0, 8_000)).toEqual([0]);
  });

  it('counts the same case again once it has been out of view for the repeat time', () => {
    const filter = createSightingFilter(2_500);
    sightings(filter, 'TAG-A', 0, 1_000);
    expect(sightings(filter, 'TAG-A', 3_600, 4_000)).toEqual([3_600]);
  });

  it('counts another case at once, and the first again when it comes back', () => {
    const filter = createSightingFilter(2_500);
    expect(filter('TAG-A', 0)).toBe(true);
    expect(filter('TAG-B', 200)).toBe(true);
    expect(filter('TAG-A', 400)).toBe(true);
  });
});
