// A Metrc v2 server in a function: answers the four calls the client makes in Metrc's documented shapes
// (PascalCase, lists as { Data, Total, TotalPages, PageNumber, PageSize }) from a SimulatedSource, enforces
// what Metrc enforces (Basic auth, licenseNumber, pageSize at most 20, windows of at most 24 h), and fails on
// demand with the faults a test switches on. The embedded default runs the real client against it.
import type { FetchLike } from '../http-json';
import type { S2SLabResult, S2SPackage, S2SPotency, SimulatedSource, SimulatorFault } from '../types';
import { METRC_MAX_PAGE_SIZE, METRC_MAX_WINDOW_MS } from './metrc-client';

type Call = Exclude<SimulatorFault['on'], 'login' | 'any'>;
type ArmedFault = SimulatorFault & { remaining: number };

const ROUTES: Record<string, Call> = {
  '/facilities/v2': 'locations',
  '/packages/v2/active': 'packages',
  '/labtests/v2/results': 'lab-results',
};
/** GET /packages/v2/{label}: one package by its tag ('active' is the listing's own path). */
const PACKAGE_BY_LABEL = /^\/packages\/v2\/(?!active$)([^/]+)$/;
/** The format the description gives for lastModifiedStart and lastModifiedEnd. */
const METRC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const LAB = { LabFacilityLicenseNumber: 'LAB-SIM-0001', LabFacilityName: 'Simulated Analytical Laboratory' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const refuse = (status: number, message: string) => json(status, { Message: message });

class BadRequest extends Error {}

function hasBasicCredentials(header: string | null): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return false;
  const [vendorKey, ...userKey] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
  return Boolean(vendorKey) && userKey.join(':') !== '';
}

function positiveInteger(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new BadRequest(`The value '${raw}' is not valid for ${name}.`);
  return Number(raw);
}

/** [start, end) from the query, or null for no window; Metrc refuses half a window and more than a day. */
function windowOf(params: URLSearchParams): { start: number; end: number } | null {
  const start = params.get('lastModifiedStart');
  const end = params.get('lastModifiedEnd');
  if (start === null && end === null) return null;
  if (start === null || end === null) throw new BadRequest('lastModifiedStart and lastModifiedEnd must be given together.');
  if (!METRC_TIME.test(start) || !METRC_TIME.test(end)) throw new BadRequest('Dates must be in the format yyyy-mm-ddThh:mm:ssZ.');
  const window = { start: Date.parse(start), end: Date.parse(end) };
  if (window.end < window.start) throw new BadRequest('lastModifiedEnd must not be before lastModifiedStart.');
  if (window.end - window.start > METRC_MAX_WINDOW_MS) throw new BadRequest('The time span between lastModifiedStart and lastModifiedEnd must not exceed 24 hours.');
  return window;
}

function renderPackage(pkg: S2SPackage) {
  return {
    Id: Number(pkg.packageId),
    Label: pkg.tag,
    PackageType: 'Product',
    LocationId: null,
    LocationName: pkg.locationName,
    Quantity: pkg.quantity,
    UnitOfMeasureName: pkg.unitOfMeasure,
    PackagedDate: pkg.packagedDate,
    ExpirationDate: pkg.expirationDate,
    InitialLabTestingState: 'NotSubmitted',
    LabTestingState: pkg.labTestingState,
    LabTestResultExpirationDateTime: pkg.labExpiresAt,
    IsProductionBatch: true,
    ProductionBatchNumber: pkg.batchNumber,
    IsOnHold: pkg.onHold,
    IsFinished: false,
    ArchivedDate: null,
    FinishedDate: null,
    LastModified: pkg.lastModified,
    Item: { Name: pkg.itemName, ProductCategoryName: pkg.category, UnitOfMeasureName: pkg.unitOfMeasure },
  };
}

const unitSuffix = (potency: S2SPotency) => (potency.unit === 'WeightRatio' ? '(mg/g)' : '(%)');

/** Metrc lists one row per test of a result; the potency rows are informational, the safety row decides. */
function renderLabRows(result: S2SLabResult) {
  const common = {
    PackageId: Number(result.packageId),
    LabTestResultId: Number(result.resultId),
    ...LAB,
    TestPerformedDate: result.testedAt,
    OverallPassed: result.passed,
    RevokedDate: null,
    ResultReleased: true,
    ResultReleaseDateTime: result.testedAt,
    ExpirationDateTime: result.expiresAt,
    LabTestDetailRevokedDate: null,
  };
  const potencies: [string, S2SPotency | null][] = [
    ['Total THC', result.thc],
    ['Total CBD', result.cbd],
    ['Total Cannabinoids', result.totalCannabinoids],
  ];
  return [
    ...potencies.flatMap(([name, potency]) =>
      potency ? [{ ...common, TestTypeName: `${name} ${unitSuffix(potency)}`, TestPassed: true, TestResultLevel: potency.value, TestInformationalOnly: true }] : [],
    ),
    ...result.terpenes.map((terpene) => ({ ...common, TestTypeName: `${terpene.terpeneName} (%)`, TestPassed: true, TestResultLevel: terpene.percentage, TestInformationalOnly: true })),
    { ...common, TestTypeName: 'Pesticides', TestPassed: result.passed, TestResultLevel: 0, TestInformationalOnly: false },
  ];
}

export function createMetrcSimulator(options: { source: SimulatedSource; faults?: SimulatorFault[] }): {
  fetch: FetchLike;
  setFaults(faults: SimulatorFault[]): void;
  requestCount(): number;
} {
  const { source } = options;
  const licences = new Set(source.locations.map((location) => location.id));
  let faults: ArmedFault[] = [];
  let requests = 0;
  const setFaults = (next: SimulatorFault[]) => {
    faults = next.map((fault) => ({ ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY }));
  };
  setFaults(options.faults ?? []);

  /** The first armed fault for this call; a list fault (endless pages) never applies to the unpaged facilities call. */
  const takeFault = (call: Call): SimulatorFault['kind'] | null => {
    const fault = faults.find(
      (candidate) => candidate.remaining > 0 && (candidate.on === call || candidate.on === 'any') && !(candidate.kind === 'endless-pages' && call === 'locations'),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    return fault.kind;
  };

  // A listing is asked for page after page of the same window: the window's packages (their places in the
  // licence's list, in its order) are found once and kept for the next page, and only a page's 20 rows are
  // rendered. Filtering the whole licence for every page made a reconciliation of 500,000 packages
  // (25,000 pages) spend minutes here.
  const modifiedOf = new Map<string, Float64Array>();
  const lastWindow = new Map<string, { key: string; places: Uint32Array }>();
  const placesIn = (licence: string, window: { start: number; end: number } | null): Uint32Array => {
    const all = source.packagesOf(licence);
    const key = window ? `${window.start}-${window.end}` : 'all';
    const kept = lastWindow.get(licence);
    if (kept?.key === key) return kept.places;
    let modified = modifiedOf.get(licence);
    if (!modified) {
      modified = Float64Array.from(all, (pkg) => Date.parse(pkg.lastModified));
      modifiedOf.set(licence, modified);
    }
    const found: number[] = [];
    for (let place = 0; place < modified.length; place += 1) {
      if (!window || (modified[place]! >= window.start && modified[place]! < window.end)) found.push(place);
    }
    const places = Uint32Array.from(found);
    lastWindow.set(licence, { key, places });
    return places;
  };

  /** The page asked of `total` rows (`rowAt` renders one): Metrc's list wrapper; without pageSize, one page of all. */
  const page = (total: number, rowAt: (index: number) => unknown, params: URLSearchParams, endless: boolean) => {
    const pageSize = positiveInteger(params, 'pageSize');
    if (pageSize !== null && pageSize > METRC_MAX_PAGE_SIZE) throw new BadRequest(`The value of pageSize must not exceed ${METRC_MAX_PAGE_SIZE}.`);
    const pageNumber = positiveInteger(params, 'pageNumber') ?? 1;
    // Without pageSize Metrc does not page: everything comes as one page.
    const size = pageSize ?? Math.max(1, total);
    const from = pageSize === null ? 0 : Math.min(total, (pageNumber - 1) * size);
    const to = pageSize === null ? total : Math.min(total, pageNumber * size);
    return json(200, {
      Data: Array.from({ length: to - from }, (_, offset) => rowAt(from + offset)),
      Total: total,
      TotalPages: endless ? pageNumber + 1 : Math.ceil(total / size),
      PageNumber: pageNumber,
      PageSize: size,
    });
  };

  // Where each tag is, found once on the first lookup by label.
  let byLabel: Map<string, { licence: string; pkg: S2SPackage }> | null = null;
  const packageByLabel = (tag: string) => {
    if (!byLabel) {
      byLabel = new Map();
      for (const licence of licences) for (const pkg of source.packagesOf(licence)) byLabel.set(pkg.tag, { licence, pkg });
    }
    return byLabel.get(tag) ?? null;
  };

  /** A package by label, validated against the licence as the description says: 401 when it is not valid there. */
  const answerLabel = (tag: string, params: URLSearchParams): Response => {
    const licence = params.get('licenseNumber');
    const found = packageByLabel(tag);
    if (!found) return refuse(404, `Package ${tag} was not found.`);
    if (licence !== null && licence !== found.licence) return new Response(null, { status: 401 });
    return json(200, renderPackage(found.pkg));
  };

  const answer = (call: Call, params: URLSearchParams, endless: boolean): Response => {
    if (call === 'locations') {
      return json(
        200,
        source.locations.map((location) => ({
          Name: location.name,
          DisplayName: location.name,
          FacilityType: { IsMedical: false, IsRetail: false, IsHemp: false, CanGrowPlants: false },
          License: { Number: location.id, StartDate: '2020-01-01', EndDate: null, LicenseType: 'Adult-Use Wholesale' },
        })),
      );
    }
    const licence = params.get('licenseNumber');
    if (!licence) throw new BadRequest('licenseNumber is required.');
    if (!licences.has(licence)) return refuse(403, `No valid license found for ${licence}.`);
    if (call === 'packages') {
      const places = placesIn(licence, windowOf(params));
      const all = source.packagesOf(licence);
      return page(places.length, (index) => renderPackage(all[places[index]!]!), params, endless);
    }
    const packageId = params.get('packageId');
    if (!packageId || !/^\d+$/.test(packageId)) throw new BadRequest('packageId is required and must be a number.');
    const rows = source.labResultsOf(packageId).flatMap(renderLabRows);
    return page(rows.length, (index) => rows[index], params, endless);
  };

  const handle: FetchLike = async (input, init) => {
    requests += 1;
    // Answer as a network would, after the event loop has run: in process, answers made of microtasks alone let a
    // listing of thousands of pages hold the server (no request answered, no timer fired) until it ended.
    await new Promise((resolve) => setImmediate(resolve));
    const url = new URL(String(input));
    const path = url.pathname.replace(/\/+$/, '');
    const label = PACKAGE_BY_LABEL.exec(path)?.[1];
    const call = label === undefined ? ROUTES[path] : 'packages';
    if (!call) return refuse(404, 'No HTTP resource was found that matches the request URI.');
    if ((init.method ?? 'GET').toUpperCase() !== 'GET') return refuse(405, 'The requested resource does not support this method.');

    const fault = takeFault(call);
    if (fault === 'timeout') {
      // Never answers: the caller's timeout (the request's signal) ends the wait.
      return new Promise<Response>((_, reject) => {
        const signal = init.signal;
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (fault === 'rate-limit') return json(429, { Message: 'Too Many Requests' }, { 'retry-after': '1' });
    if (fault === 'server-error') return refuse(500, 'An error has occurred.');
    if (fault === 'unauthorized') return new Response(null, { status: 401 });
    if (fault === 'malformed') return new Response('{"Data":[{"Id":1,"Label":', { status: 200, headers: { 'content-type': 'application/json' } });

    if (!hasBasicCredentials(new Headers(init.headers).get('authorization'))) return new Response(null, { status: 401 });
    try {
      return label === undefined ? answer(call, url.searchParams, fault === 'endless-pages') : answerLabel(decodeURIComponent(label), url.searchParams);
    } catch (error) {
      if (error instanceof BadRequest) return refuse(400, error.message);
      throw error;
    }
  };

  return { fetch: handle, setFaults, requestCount: () => requests };
}
