// The seed-to-sale side of a reconciliation: the active packages of some locations, location by location, as the
// run stages them in the database (reconciliation.repository.ts, stagePackages): a market's hundreds of thousands
// of packages are never all held at once, nor a location's: they are staged in parts as the listing goes on.
import type { S2SPackage, SeedToSaleConnector, TimeWindow } from '../../connectors/types';
import { wholeUnits } from './reconciliation-rules';
import type { StagedPackage } from './reconciliation.repository';

/** A NUL inside a text (which PostgreSQL text refuses) becomes U+FFFD: such a tag or batch can match nothing of ours either way. */
const clean = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\ufffd') : text);

/** Only what the comparison reads is kept of each package. */
const kept = (item: S2SPackage): StagedPackage => ({
  packageId: item.packageId,
  batchNumber: clean(item.batchNumber),
  tag: clean(item.tag),
  itemName: clean(item.itemName),
  units: wholeUnits(item.quantity),
});

/** Packages handed on at a time: one statement's worth of rows to stage. */
const STAGE_PART = 10_000;

/**
 * The locations' active packages changed within the window, one location at a time, handed to `use` in parts as
 * they are listed (the listing waits while a part is staged). A package listed twice within a part is in it once,
 * as last listed, where it was first listed; one listed again in a later part comes again, and staging keeps the
 * later (stagePackages). A listing too long for the connector fails the run with the connector's reason: the
 * Metrc client already asks a crowded day again in halves, and BioTrack's page limit does not depend on the
 * window, so asking again here would only repeat it.
 */
export async function forEachLocationsPackages(
  connector: SeedToSaleConnector,
  locationIds: readonly string[],
  window: TimeWindow,
  use: (packages: StagedPackage[]) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  for (const locationId of locationIds) {
    let part = new Map<string, StagedPackage>();
    await connector.eachActivePackagePage(locationId, window, {
      signal,
      keep: kept,
      use: async (items) => {
        for (const item of items) part.set(item.packageId, item);
        if (part.size < STAGE_PART) return;
        const full = [...part.values()];
        part = new Map();
        await use(full);
      },
    });
    if (part.size > 0) await use([...part.values()]);
  }
}

/** Tags looked up in one call: a part of staged rows, and a call that a cancelled run stops within seconds. */
const LOOKUP_PART = 1_000;

/**
 * The packages among `tags` (per location) that are active now, found by looking each up: the tags of our active
 * batches that the windowed listing did not list, because they have been unchanged for longer than its window.
 * A package found that changed within the window was not listed although it changed then, so it is not in the active
 * listing (in transit, say) and is left out; one that changed after the window's end (during the run) is current.
 * Handed to `use` as they are found, a part at a time. (Metrc's lookup asks per tag; BioTrack has no reason to be
 * asked, its listing having no window.)
 */
export async function forEachUnlistedActivePackage(
  connector: SeedToSaleConnector,
  tags: ReadonlyMap<string, readonly string[]>,
  window: TimeWindow,
  use: (packages: StagedPackage[]) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const outsideWindow = (pkg: S2SPackage) => {
    const modified = Date.parse(pkg.lastModified);
    return !(modified >= window.start.getTime() && modified < window.end.getTime());
  };
  for (const [locationId, locationTags] of tags) {
    for (let start = 0; start < locationTags.length; start += LOOKUP_PART) {
      const found = (await connector.findActivePackages(locationId, locationTags.slice(start, start + LOOKUP_PART), { signal })).filter(outsideWindow);
      if (found.length > 0) await use(found.map(kept));
    }
  }
}
