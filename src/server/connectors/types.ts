// What the import needs from the outside systems, in our own words. Each seed-to-sale client (Metrc,
// BioTrack) and each simulator turns its vendor's payloads into these shapes, so the import rules never
// see a vendor field name. Every call takes a signal: a cancelled import stops its requests.
import type { LabStatus } from '../../shared/enums';

/** A licensed facility (Metrc location or BioTrack room) as the seed-to-sale system names it. */
export type S2SLocation = {
  /** Metrc: the facility's licence number; BioTrack: the room id. Matches inventory_locations.s2s_location_id. */
  id: string;
  name: string;
};

/** A potency figure as the lab reports it; WeightRatio is shown as mg/g, Percentage as %. */
export type S2SPotency = { value: number; unit: 'Percentage' | 'WeightRatio' };

/** One active package (Metrc) or inventory item (BioTrack): a tag carrying units of one item. */
export type S2SPackage = {
  /** The vendor's own id of the package, used to ask for its lab results. */
  packageId: string;
  /** The tag printed on the case: Metrc Label, BioTrack 16-digit id. */
  tag: string;
  /** Our batch number for the package: Metrc ProductionBatchNumber, BioTrack inventory parent id; the tag when absent. */
  batchNumber: string;
  /** The item name in the seed-to-sale system, matched to an ERP product by S2S name or alias. */
  itemName: string;
  category: string | null;
  /**
   * Units on the tag as the system reports them. Not checked here: a fractional, negative or absurd value is
   * the import rules' to report (reason 007), not a connector failure.
   */
  quantity: number;
  unitOfMeasure: string | null;
  locationId: string;
  locationName: string;
  packagedDate: string | null;
  expirationDate: string | null;
  /** Metrc LabTestingState or its BioTrack equivalent, as sent (TestPassed, TestFailed, NotSubmitted, ...). */
  labTestingState: string | null;
  labExpiresAt: string | null;
  onHold: boolean;
  lastModified: string;
};

/** A lab result of a package, in our words. */
export type S2SLabResult = {
  packageId: string;
  resultId: string;
  passed: boolean;
  /** Summary of the state the results put the batch in: failed when any test failed, missing when none. */
  status: LabStatus;
  testedAt: string | null;
  expiresAt: string | null;
  thc: S2SPotency | null;
  cbd: S2SPotency | null;
  totalCannabinoids: S2SPotency | null;
  terpenes: { terpeneName: string; percentage: number }[];
};

/** Packages changed in [start, end); Metrc allows at most 24 hours per request, so clients split longer windows. */
export type TimeWindow = { start: Date; end: Date };

/** How far a fetch has got, for the import's status (records fetched). */
type FetchProgress = { fetched: number };

export type CallOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: FetchProgress) => void;
};

/**
 * A listing handed on page by page. A reconciliation lists hundreds of thousands of packages and needs a few of
 * their fields: `keep` takes those of each package, and `use` takes each page's before the listing goes on (the
 * next pages wait for it), so that nothing holds a location's packages. A package that changes while it is being
 * listed may come again on a later page: the later is the newer.
 */
export type PackagePageOptions<T> = CallOptions & { keep: (pkg: S2SPackage) => T; use: (items: T[]) => Promise<void> | void };

export type SeedToSaleConnector = {
  /** 'metrc' or 'biotrack', and whether this is a simulator (shown in logs, never credentials). */
  readonly system: 'metrc' | 'biotrack';
  readonly kind: 'http' | 'simulator';
  listLocations(options?: CallOptions): Promise<S2SLocation[]>;
  /** Every active package of one location changed within the window, across every page, each once (as last listed). */
  listActivePackages(locationId: string, window: TimeWindow, options?: CallOptions): Promise<S2SPackage[]>;
  /** The same packages page by page as they are listed (see PackagePageOptions): a package may come twice. */
  eachActivePackagePage<T>(locationId: string, window: TimeWindow, options: PackagePageOptions<T>): Promise<void>;
  /**
   * Those of `tags` that are active at the location now, however long they have been unchanged: what a listing
   * by a window of last changes cannot see. Tags unknown to the system, inactive (finished, archived) or at another
   * location are left out; a failed call fails the whole lookup.
   */
  findActivePackages(locationId: string, tags: readonly string[], options?: CallOptions): Promise<S2SPackage[]>;
  /** The lab results of one package; an empty list when the lab has reported nothing. */
  listLabResults(locationId: string, packageId: string, options?: CallOptions): Promise<S2SLabResult[]>;
};

/**
 * listActivePackages on top of eachActivePackagePage: each package once, as last listed, where it was first
 * listed (a package that changed while the listing paged is not counted twice).
 */
export async function packagesListedOnce(
  each: SeedToSaleConnector['eachActivePackagePage'],
  locationId: string,
  window: TimeWindow,
  options: CallOptions = {},
): Promise<S2SPackage[]> {
  const packages = new Map<string, S2SPackage>();
  await each(locationId, window, {
    ...options,
    keep: (pkg) => pkg,
    use: (items) => {
      for (const item of items) packages.set(item.packageId, item);
    },
  });
  return [...packages.values()];
}

/** An ERP product with what matching and case-size checks need: its S2S names and aliases, and standard case sizes. */
export type ErpProduct = {
  productId: number;
  name: string;
  categoryName: string | null;
  isActive: boolean;
  itemSize: number | null;
  caseSizes: number[];
  /** S2S names and aliases. */
  names: string[];
};

export type ErpConnector = {
  readonly kind: 'database' | 'http';
  /** Every product of the market, active or not (a discontinued product is reported, not skipped). */
  listProducts(options?: CallOptions): Promise<ErpProduct[]>;
};

/** Lab results of a package; in every market we serve the labs report through the seed-to-sale system. */
export type LabConnector = Pick<SeedToSaleConnector, 'listLabResults'>;

/**
 * What a simulator serves, in our own words; the Metrc and BioTrack simulators render it in their vendor's
 * payload shapes, so that the embedded default runs the real clients' parsing.
 */
export type SimulatedSource = {
  locations: S2SLocation[];
  packagesOf(locationId: string): S2SPackage[];
  labResultsOf(packageId: string): S2SLabResult[];
};

/** Faults a test (or a demo) switches on in a simulator: each fails `times` requests of the given call, then stops. */
export type SimulatorFault = {
  kind: 'timeout' | 'rate-limit' | 'server-error' | 'malformed' | 'endless-pages' | 'unauthorized';
  on: 'locations' | 'packages' | 'lab-results' | 'login' | 'any';
  /** How many matching requests fail; unlimited when absent. */
  times?: number;
};
