import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../../connectors/connector-error';
import { keeper, type PackageListOptions, type S2SPackage, type SeedToSaleConnector, type TimeWindow } from '../../connectors/types';
import { forEachLocationsPackages } from './reconciliation-packages';
import type { StagedPackage } from './reconciliation.repository';

const HOUR = 3_600_000;
const END = Date.parse('2026-11-25T12:00:00Z');
const WINDOW: TimeWindow = { start: new Date(END - 365 * 24 * HOUR), end: new Date(END) };

type Listed = { packageId: string; batchNumber: string; quantity: number; modifiedAt: number };

/** A seed-to-sale system that refuses, as too-many-pages, any listing of more than `maxListed` packages. */
function connector(locations: Record<string, Listed[]>, maxListed: number, failure?: ConnectorError) {
  const windows: TimeWindow[] = [];
  const fake: SeedToSaleConnector = {
    system: 'metrc',
    kind: 'simulator',
    listLocations: async () => [],
    listLabResults: async () => [],
    async listActivePackages<T = S2SPackage>(locationId: string, window: TimeWindow, options?: PackageListOptions<T>): Promise<T[]> {
      windows.push(window);
      if (failure) throw failure;
      const listed = locations[locationId]!.filter((item) => item.modifiedAt >= window.start.getTime() && item.modifiedAt < window.end.getTime());
      if (listed.length > maxListed) throw new ConnectorError('too-many-pages', `${listed.length} packages are too many`);
      const keep = keeper(options);
      return listed.map((item) => keep({ packageId: item.packageId, tag: `T-${item.packageId}`, batchNumber: item.batchNumber, itemName: `Item ${item.batchNumber}`, quantity: item.quantity } as S2SPackage));
    },
  };
  return { fake, windows };
}

/** `count` packages of batch B1 of one unit each, changed a minute apart within the last day. */
const recent = (count: number, prefix = 'P'): Listed[] => Array.from({ length: count }, (_, index) => ({ packageId: `${prefix}${index}`, batchNumber: 'B1', quantity: 1, modifiedAt: END - 10 * HOUR + index * 60_000 }));

/** The packages as a run stages them, summed per batch as its comparison sums them. */
async function s2sBatchesOf(fake: SeedToSaleConnector, locationIds: string[], window: TimeWindow) {
  const staged: StagedPackage[][] = [];
  await forEachLocationsPackages(fake, locationIds, window, async (packages) => void staged.push(packages));
  const batches = new Map<string, { quantity: number; tags: string[] }>();
  for (const item of staged.flat()) {
    const batch = batches.get(item.batchNumber) ?? { quantity: 0, tags: [] };
    batch.quantity += item.units;
    batch.tags.push(item.tag);
    batches.set(item.batchNumber, batch);
  }
  return Object.assign(batches, { locations: staged.length });
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
    // One location at a time.
    expect(batches.locations).toBe(2);
  });

  it('counts a fractional or negative package for the whole units it holds', async () => {
    const odd = [
      { packageId: 'F1', batchNumber: 'B1', quantity: 10.5, modifiedAt: END - HOUR },
      { packageId: 'F2', batchNumber: 'B1', quantity: -4, modifiedAt: END - HOUR },
    ];
    const { fake } = connector({ L1: odd }, 100);
    expect((await s2sBatchesOf(fake, ['L1'], WINDOW)).get('B1')?.quantity).toBe(10);
  });

  it('stages every field as listed, a NUL inside one as U+FFFD (PostgreSQL text refuses NUL)', async () => {
    const fake: SeedToSaleConnector = {
      ...connector({}, 100).fake,
      async listActivePackages<T = S2SPackage>(_locationId: string, _window: TimeWindow, options?: PackageListOptions<T>): Promise<T[]> {
        const keep = keeper(options);
        return [
          keep({ packageId: 'P1', tag: 'TAG\u0000ONE', batchNumber: 'B\u00001', itemName: 'Blue Dream – 3.5g', quantity: 7.9 } as S2SPackage),
          keep({ packageId: 'P2', tag: 'TAG-TWO', batchNumber: 'B2', itemName: '', quantity: 3 } as S2SPackage),
        ];
      },
    };
    const staged: StagedPackage[] = [];
    await forEachLocationsPackages(fake, ['L1'], WINDOW, async (packages) => void staged.push(...packages));
    expect(staged.map(({ batchNumber, tag, itemName, units }) => ({ batchNumber, tag, itemName, units }))).toEqual([
      { batchNumber: 'B\ufffd1', tag: 'TAG\ufffdONE', itemName: 'Blue Dream – 3.5g', units: 7 },
      { batchNumber: 'B2', tag: 'TAG-TWO', itemName: '', units: 3 },
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
