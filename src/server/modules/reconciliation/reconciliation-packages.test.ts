import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../../connectors/connector-error';
import type { PackagePageOptions, S2SPackage, SeedToSaleConnector, TimeWindow } from '../../connectors/types';
import { forEachLocationsPackages, forEachUnlistedActivePackage } from './reconciliation-packages';
import type { StagedPackage } from './reconciliation.repository';

const HOUR = 3_600_000;
const END = Date.parse('2026-11-25T12:00:00Z');
const WINDOW: TimeWindow = { start: new Date(END - 365 * 24 * HOUR), end: new Date(END) };

type Listed = { packageId: string; batchNumber: string; quantity: number; modifiedAt: number };

/** Packages a fake listing hands on at a time, as Metrc's pages of 20. */
const PAGE = 20;

/**
 * A seed-to-sale system that lists page by page, waiting for each page to be taken, and refuses, as
 * too-many-pages, any listing of more than `maxListed` packages. `events` tells what happened in which order.
 */
function connector(locations: Record<string, Listed[]>, maxListed: number, failure?: ConnectorError) {
  const windows: TimeWindow[] = [];
  const events: string[] = [];
  const asPackage = (item: Listed) =>
    ({ packageId: item.packageId, tag: `T-${item.packageId}`, batchNumber: item.batchNumber, itemName: `Item ${item.batchNumber}`, quantity: item.quantity, lastModified: new Date(item.modifiedAt).toISOString() }) as S2SPackage;
  const fake: SeedToSaleConnector = {
    system: 'metrc',
    kind: 'simulator',
    listLocations: async () => [],
    listLabResults: async () => [],
    listActivePackages: async () => expect.unreachable('a reconciliation lists page by page'),
    async eachActivePackagePage<T>(locationId: string, window: TimeWindow, options: PackagePageOptions<T>): Promise<void> {
      windows.push(window);
      if (failure) throw failure;
      const listed = locations[locationId]!.filter((item) => item.modifiedAt >= window.start.getTime() && item.modifiedAt < window.end.getTime());
      if (listed.length > maxListed) throw new ConnectorError('too-many-pages', `${listed.length} packages are too many`);
      for (let start = 0; start < listed.length; start += PAGE) {
        events.push(`${locationId} page ${start / PAGE + 1}`);
        const page = listed.slice(start, start + PAGE);
        await options.use(page.map((item) => options.keep(asPackage(item))));
      }
    },
    // Looked up by tag: whenever it changed, at its own location only.
    async findActivePackages(locationId: string, tags: readonly string[]) {
      events.push(`${locationId} lookup of ${tags.length}`);
      if (failure) throw failure;
      const wanted = new Set(tags);
      return locations[locationId]!.map(asPackage).filter((pkg) => wanted.has(pkg.tag));
    },
  };
  return { fake, windows, events };
}

/** `count` packages of batch B1 of one unit each, changed a minute apart within the last day. */
const recent = (count: number, prefix = 'P'): Listed[] => Array.from({ length: count }, (_, index) => ({ packageId: `${prefix}${index}`, batchNumber: 'B1', quantity: 1, modifiedAt: END - 10 * HOUR + index * 60_000 }));

/** The packages as a run stages them (a package staged again replaces its earlier row), summed per batch as its comparison sums them. */
async function s2sBatchesOf(fake: SeedToSaleConnector, locationIds: string[], window: TimeWindow) {
  const staged = new Map<string, StagedPackage>();
  let parts = 0;
  await forEachLocationsPackages(fake, locationIds, window, async (packages) => {
    parts += 1;
    for (const item of packages) staged.set(item.packageId, item);
  });
  const batches = new Map<string, { quantity: number; tags: string[] }>();
  for (const item of staged.values()) {
    const batch = batches.get(item.batchNumber) ?? { quantity: 0, tags: [] };
    batch.quantity += item.units;
    batch.tags.push(item.tag);
    batches.set(item.batchNumber, batch);
  }
  return Object.assign(batches, { parts });
}

describe('forEachLocationsPackages', () => {
  it('counts a package the connector lists twice once, as last listed', async () => {
    const twice = [...recent(3), { packageId: 'P1', batchNumber: 'B1', quantity: 5, modifiedAt: END - HOUR }];
    const { fake } = connector({ L1: twice }, 100);
    const batches = await s2sBatchesOf(fake, ['L1'], WINDOW);
    expect(batches.get('B1')?.quantity).toBe(1 + 5 + 1);
    expect(batches.get('B1')?.tags.sort()).toEqual(['T-P0', 'T-P1', 'T-P2']);
  });

  it('sums the batches of several locations', async () => {
    const { fake } = connector({ L1: recent(3, 'A'), L2: [{ packageId: 'C1', batchNumber: 'B2', quantity: 7, modifiedAt: END - HOUR }, ...recent(2, 'B')] }, 100);
    const batches = await s2sBatchesOf(fake, ['L1', 'L2'], WINDOW);
    expect(batches.get('B1')?.quantity).toBe(5);
    expect(batches.get('B2')?.quantity).toBe(7);
    // One location at a time: a part never holds two locations' packages.
    expect(batches.parts).toBe(2);
  });

  it('counts a fractional or negative package for the whole units it holds', async () => {
    const odd = [
      { packageId: 'F1', batchNumber: 'B1', quantity: 10.5, modifiedAt: END - HOUR },
      { packageId: 'F2', batchNumber: 'B1', quantity: -4, modifiedAt: END - HOUR },
    ];
    const { fake } = connector({ L1: odd }, 100);
    expect((await s2sBatchesOf(fake, ['L1'], WINDOW)).get('B1')?.quantity).toBe(10);
  });

  it('hands a long listing on in parts of 10,000 as it lists, each package of a part once', async () => {
    const many = Array.from({ length: 25_000 }, (_, index): Listed => ({ packageId: `P${index}`, batchNumber: `B${index % 7}`, quantity: 1, modifiedAt: END - HOUR }));
    // P3 changes while the listing pages: listed again within its part, and again in the last part.
    many.splice(9_000, 0, { ...many[3]!, quantity: 4 });
    many.push({ ...many[3]!, quantity: 9 });
    const { fake, events } = connector({ L1: many }, 100_000);
    const parts: StagedPackage[][] = [];
    await forEachLocationsPackages(fake, ['L1'], WINDOW, async (packages) => {
      events.push(`part of ${packages.length}`);
      parts.push(packages);
    });

    // A part goes once a page brings it to 10,000 packages: page 501 (P3's second listing made page 500 one short).
    expect(parts.map((part) => part.length)).toEqual([10_019, 10_000, 4_982]);
    // The first part was staged while the listing was at page 501 of 1,251, and before it went on.
    expect(events.indexOf('part of 10019')).toBe(events.indexOf('L1 page 501') + 1);
    expect(events.at(-1)).toBe('part of 4982');
    // Within its part, P3 is once, as last listed, where it was first listed; the last part lists it again.
    expect(parts[0]![3]).toMatchObject({ packageId: 'P3', units: 4 });
    expect(parts[0]!.filter((item) => item.packageId === 'P3')).toHaveLength(1);
    expect(parts[2]!.at(-1)).toMatchObject({ packageId: 'P3', units: 9 });
  });

  it('stages every field as listed, a NUL inside one as U+FFFD (PostgreSQL text refuses NUL)', async () => {
    const fake: SeedToSaleConnector = {
      ...connector({}, 100).fake,
      async eachActivePackagePage<T>(_locationId: string, _window: TimeWindow, options: PackagePageOptions<T>): Promise<void> {
        await options.use([
          options.keep({ packageId: 'P1', tag: 'TAG\u0000ONE', batchNumber: 'B\u00001', itemName: 'Blue Dream – 3.5g', quantity: 7.9 } as S2SPackage),
          options.keep({ packageId: 'P2', tag: 'TAG-TWO', batchNumber: 'B2', itemName: '', quantity: 3 } as S2SPackage),
        ]);
      },
    };
    const staged: StagedPackage[] = [];
    await forEachLocationsPackages(fake, ['L1'], WINDOW, async (packages) => void staged.push(...packages));
    expect(staged).toEqual([
      { packageId: 'P1', batchNumber: 'B\ufffd1', tag: 'TAG\ufffdONE', itemName: 'Blue Dream – 3.5g', units: 7 },
      { packageId: 'P2', batchNumber: 'B2', tag: 'TAG-TWO', itemName: '', units: 3 },
    ]);
  });

  it('fails with the connector’s reason, asking once, when a listing is too long or the connector fails', async () => {
    const crowded = connector({ L1: recent(5) }, 4);
    await expect(s2sBatchesOf(crowded.fake, ['L1'], WINDOW)).rejects.toThrow('5 packages are too many');
    expect(crowded.windows).toHaveLength(1);
    const down = connector({ L1: recent(1) }, 10, new ConnectorError('server', 'Metrc answered 500'));
    await expect(s2sBatchesOf(down.fake, ['L1'], WINDOW)).rejects.toThrow('Metrc answered 500');
    expect(down.windows).toHaveLength(1);
  });
});

describe('forEachUnlistedActivePackage', () => {
  it('looks our unlisted tags up per location in calls of 1,000 and stages those still active, however old', async () => {
    const old = Array.from({ length: 2_500 }, (_, index): Listed => ({ packageId: `O${index}`, batchNumber: `B${index % 3}`, quantity: 2, modifiedAt: END - 800 * 24 * HOUR }));
    const L2: Listed[] = [
      { packageId: 'Q1', batchNumber: 'B9', quantity: 5, modifiedAt: END - 500 * 24 * HOUR },
      // Changed within the window yet not listed: not in the active listing (in transit, say), so not active.
      { packageId: 'W1', batchNumber: 'B9', quantity: 7, modifiedAt: END - 10 * HOUR },
      // Changed after the window's end, while the run listed: current, so active.
      { packageId: 'A1', batchNumber: 'B8', quantity: 3, modifiedAt: END + HOUR },
    ];
    const { fake, events } = connector({ L1: old, L2 }, 100);
    // Our tags: every old one of L1 plus two the system no longer has; L2's, and L1's O0 asked at L2 (where it is not).
    const ours = new Map([
      ['L1', [...old.map((item) => `T-${item.packageId}`), 'T-GONE-1', 'T-GONE-2']],
      ['L2', ['T-Q1', 'T-W1', 'T-A1', 'T-O0']],
    ]);
    const staged: StagedPackage[] = [];
    await forEachUnlistedActivePackage(fake, ours, WINDOW, async (packages) => {
      staged.push(...packages);
    });
    expect(events).toEqual(['L1 lookup of 1000', 'L1 lookup of 1000', 'L1 lookup of 502', 'L2 lookup of 4']);
    expect(staged).toHaveLength(2_502);
    expect(staged.map((item) => item.packageId)).not.toContain('W1');
    expect(staged.map((item) => item.packageId)).toContain('A1');
    expect(staged.find((item) => item.packageId === 'Q1')).toEqual({ packageId: 'Q1', batchNumber: 'B9', tag: 'T-Q1', itemName: 'Item B9', units: 5 });
    expect(staged.filter((item) => item.packageId === 'O0')).toHaveLength(1);
  });

  it('fails with the connector when a lookup fails', async () => {
    const failure = new ConnectorError('server', 'Metrc GET /packages/v2/{label} failed with HTTP 500 after 3 attempts.');
    const { fake } = connector({ L1: [] }, 100, failure);
    await expect(forEachUnlistedActivePackage(fake, new Map([['L1', ['T-1']]]), WINDOW, async () => {})).rejects.toBe(failure);
  });
});
