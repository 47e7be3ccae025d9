// The seed-to-sale side of a reconciliation: the active packages of some locations, summed per batch location by
// location, so that a market's hundreds of thousands of packages are never all held at once.
import type { S2SPackage, SeedToSaleConnector, TimeWindow } from '../../connectors/types';
import { sumPerBatch, type S2SBatch, type S2SBatchPackage } from './reconciliation-rules';

type KeptPackage = S2SBatchPackage & { packageId: string };

/**
 * The locations' active packages changed within the window, summed per batch. A listing too long for the
 * connector fails the run with the connector's reason: the Metrc client already asks a crowded day again in
 * halves, and BioTrack's page limit does not depend on the window, so asking again here would only repeat it.
 */
export async function s2sBatchesOf(connector: SeedToSaleConnector, locationIds: readonly string[], window: TimeWindow, signal?: AbortSignal): Promise<Map<string, S2SBatch>> {
  const batches = new Map<string, S2SBatch>();
  for (const locationId of locationIds) {
    // Only what the comparison reads is kept of each package.
    const listed = await connector.listActivePackages(locationId, window, {
      signal,
      keep: (item: S2SPackage): KeptPackage => ({ packageId: item.packageId, batchNumber: item.batchNumber, tag: item.tag, itemName: item.itemName, quantity: item.quantity }),
    });
    // A package listed twice (BioTrack repeats a record changed while its sync pages) counts once, as last listed.
    const found = new Map<string, KeptPackage>();
    for (const item of listed) found.set(item.packageId, item);
    sumPerBatch(found.values(), batches);
  }
  return batches;
}
