// The seed-to-sale side of a reconciliation: the active packages of some locations, summed per batch location by
// location, so that a market's hundreds of thousands of packages are never all held at once.
import { ConnectorError } from '../../connectors/connector-error';
import type { SeedToSaleConnector, TimeWindow } from '../../connectors/types';
import { sumPerBatch, type S2SBatch, type S2SBatchPackage } from './reconciliation-rules';

/** A window is halved no further than this: a listing still too long for the connector then fails the run. */
const MIN_SPLIT_MS = 60_000;

type KeptPackage = S2SBatchPackage & { packageId: string };

/**
 * One location's packages changed within the window, by package id. A listing longer than the connector follows
 * (too-many-pages: a Metrc licence whose 40,000 packages all changed on one day) is asked again as the two halves
 * of its window, on whole seconds as Metrc's times are; a package seen in both (it changed in between) counts once,
 * as last seen.
 */
async function listWindow(connector: SeedToSaleConnector, locationId: string, window: TimeWindow, signal: AbortSignal | undefined): Promise<readonly KeptPackage[]> {
  try {
    // Only what the comparison reads is kept of each package (the connector counts each package once).
    return await connector.listActivePackages(locationId, window, {
      signal,
      keep: (item): KeptPackage => ({ packageId: item.packageId, batchNumber: item.batchNumber, tag: item.tag, itemName: item.itemName, quantity: item.quantity }),
    });
  } catch (error) {
    const span = window.end.getTime() - window.start.getTime();
    if (!(error instanceof ConnectorError && error.failure === 'too-many-pages') || span <= MIN_SPLIT_MS) throw error;
    const middle = new Date(Math.floor((window.start.getTime() + span / 2) / 1000) * 1000);
    const found = new Map<string, KeptPackage>();
    for (const half of [{ start: window.start, end: middle }, { start: middle, end: window.end }]) {
      for (const item of await listWindow(connector, locationId, half, signal)) found.set(item.packageId, item);
    }
    return [...found.values()];
  }
}

/** The locations' active packages changed within the window, summed per batch. */
export async function s2sBatchesOf(connector: SeedToSaleConnector, locationIds: readonly string[], window: TimeWindow, signal?: AbortSignal): Promise<Map<string, S2SBatch>> {
  const batches = new Map<string, S2SBatch>();
  for (const locationId of locationIds) {
    sumPerBatch(await listWindow(connector, locationId, window, signal), batches);
  }
  return batches;
}
