// The seed-to-sale side of a reconciliation: the active packages of some locations, location by location, as the
// run stages them in the database (reconciliation.repository.ts, stagePackages): a market's hundreds of thousands
// of packages are never all held at once, and one location's only until they are staged.
import type { S2SPackage, SeedToSaleConnector, TimeWindow } from '../../connectors/types';
import { wholeUnits } from './reconciliation-rules';
import type { StagedPackage } from './reconciliation.repository';

type KeptPackage = StagedPackage & { packageId: string };

/** A NUL inside a text (which PostgreSQL text refuses) becomes U+FFFD: such a tag or batch can match nothing of ours either way. */
const clean = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\ufffd') : text);

/** Packages handed on at a time: one statement's worth of rows to stage. */
const STAGE_PART = 10_000;

/**
 * The locations' active packages changed within the window, one location at a time, each package once (as last
 * listed), handed to `use` in parts before the next location is listed. A listing too long for the connector
 * fails the run with the connector's reason: the Metrc client already asks a crowded day again in halves, and
 * BioTrack's page limit does not depend on the window, so asking again here would only repeat it.
 */
export async function forEachLocationsPackages(
  connector: SeedToSaleConnector,
  locationIds: readonly string[],
  window: TimeWindow,
  use: (packages: StagedPackage[]) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  for (const locationId of locationIds) {
    // Only what the comparison reads is kept of each package.
    const listed = await connector.listActivePackages(locationId, window, {
      signal,
      keep: (item: S2SPackage): KeptPackage => ({
        packageId: item.packageId,
        batchNumber: clean(item.batchNumber),
        tag: clean(item.tag),
        itemName: clean(item.itemName),
        units: wholeUnits(item.quantity),
      }),
    });
    // A package listed twice (BioTrack repeats a record changed while its sync pages) counts once, as last listed.
    const found = new Map<string, KeptPackage>();
    for (const item of listed) found.set(item.packageId, item);
    listed.length = 0;
    // Handed on as kept (no copies: a location's 128,000 packages held twice over set the run's peak memory), in parts.
    let part: StagedPackage[] = [];
    for (const item of found.values()) {
      part.push(item);
      if (part.length === STAGE_PART) {
        await use(part);
        part = [];
      }
    }
    found.clear();
    if (part.length > 0) await use(part);
  }
}
