import { describe, expect, it } from 'vitest';
import { packagesListedOnce, type PackagePageOptions, type S2SPackage, type TimeWindow } from './types';

const WINDOW: TimeWindow = { start: new Date('2026-11-24T00:00:00Z'), end: new Date('2026-11-25T00:00:00Z') };
const pkg = (packageId: string, quantity: number) => ({ packageId, tag: `T-${packageId}`, quantity }) as S2SPackage;

describe('packagesListedOnce', () => {
  it('lists a package that comes again on a later page once, as last listed, where it was first listed', async () => {
    const pages = [[pkg('A', 1), pkg('B', 2)], [pkg('C', 3), pkg('A', 7)]];
    const each = async <T>(_locationId: string, _window: TimeWindow, options: PackagePageOptions<T>) => {
      for (const page of pages) await options.use(page.map(options.keep));
    };

    const listed = await packagesListedOnce(each, 'L1', WINDOW);

    expect(listed.map((item) => [item.packageId, item.quantity])).toEqual([
      ['A', 7],
      ['B', 2],
      ['C', 3],
    ]);
  });
});
