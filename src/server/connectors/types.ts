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
 * What a listing keeps of each package. A reconciliation lists hundreds of thousands of packages and needs four
 * of their fields: kept whole until the listing ends, they cost ~100 MB per location.
 */
export type PackageListOptions<T> = CallOptions & { keep?: (pkg: S2SPackage) => T };

/** Whole packages, or what `keep` takes of each: a type argument alone never changes what comes back. */
type ListActivePackages = {
  (locationId: string, window: TimeWindow, options?: CallOptions): Promise<S2SPackage[]>;
  <T>(locationId: string, window: TimeWindow, options: CallOptions & { keep: (pkg: S2SPackage) => T }): Promise<T[]>;
};

/** The one implementation behind ListActivePackages: without `keep`, T is S2SPackage. */
export function keeper<T>(options: PackageListOptions<T> | undefined): (pkg: S2SPackage) => T {
  return options?.keep ?? ((pkg) => pkg as T);
}

export type SeedToSaleConnector = {
  /** 'metrc' or 'biotrack', and whether this is a simulator (shown in logs, never credentials). */
  readonly system: 'metrc' | 'biotrack';
  readonly kind: 'http' | 'simulator';
  listLocations(options?: CallOptions): Promise<S2SLocation[]>;
  /** Every active package of one location changed within the window, across every page, each once (what `keep` takes of each). */
  listActivePackages: ListActivePackages;
  /** The lab results of one package; an empty list when the lab has reported nothing. */
  listLabResults(locationId: string, packageId: string, options?: CallOptions): Promise<S2SLabResult[]>;
};

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
