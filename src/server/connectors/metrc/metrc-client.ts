// The Metrc v2 client. Every request matches an operation of the community OpenAPI description
// (shared/reference/metrc-v2.openapi.yaml): GET /facilities/v2 (GetFacilities) for the licences the keys
// reach, GET /packages/v2/active (GetPackageActive), GET /packages/v2/{label} (GetPackageByLabel) and
// GET /labtests/v2/results (GetLabTestResults), the last three per licence with `licenseNumber`. /locations/v2/active is not used: it lists the rooms inside
// one licence, while our inventory locations are the licences themselves.
import { ConnectorError } from '../connector-error';
import { fetchJson, type FetchLike, type HttpJsonOptions } from '../http-json';
import { packagesListedOnce, type CallOptions, type PackagePageOptions, type S2SLabResult, type S2SLocation, type S2SPackage, type SeedToSaleConnector, type TimeWindow } from '../types';
import { isActivePackage, readPage, toLabResults, toLocation, toPackage } from './metrc-payloads';

/** Metrc refuses a larger page; lists page only when pageSize is given. */
export const METRC_MAX_PAGE_SIZE = 20;
/** Metrc refuses a lastModified window longer than a day. */
export const METRC_MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A listing whose TotalPages grows while we read it is one whose packages change meanwhile; growing on more
 * than this share of the pages read (and more than three times) it is not converging.
 */
const MAX_PAGE_COUNT_GROWTH = { times: 3, shareOfPages: 0.1 };

export type MetrcClientConfig = {
  baseUrl: string;
  vendorKey: string;
  userKey: string;
  fetch?: FetchLike;
  /** Pages of one listing requested at once, within Metrc's rate limits. */
  pageConcurrency?: number;
  /** Pages one listing may have before the client gives up. */
  maxPages?: number;
  retry?: Partial<Pick<HttpJsonOptions, 'timeoutMs' | 'deadlineMs' | 'retries' | 'minBackoffMs' | 'maxRetryAfterMs'>>;
  /** When set, listLocations offers only these licences: keys may reach facilities the market does not import. */
  licenseNumbers?: string[];
  /** 'simulator' when the transport is the embedded Metrc simulator. */
  kind?: SeedToSaleConnector['kind'];
};

/** yyyy-mm-ddThh:mm:ssZ, the format the description gives for lastModifiedStart and lastModifiedEnd. */
function metrcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A span of lastModified times, in ms on whole seconds (the format has no fraction). */
type Span = { start: number; end: number };

/** A span holding more pages than a listing may follow is asked again in halves, down to this. */
const MIN_SPAN_MS = 60_000;

/** Spans of at most a day, on whole seconds, covering the window. */
function splitWindow(window: TimeWindow): Span[] {
  const start = Math.floor(window.start.getTime() / 1000) * 1000;
  const end = Math.ceil(window.end.getTime() / 1000) * 1000;
  const spans: Span[] = [];
  for (let from = start; from < end; from += METRC_MAX_WINDOW_MS) spans.push({ start: from, end: Math.min(end, from + METRC_MAX_WINDOW_MS) });
  return spans;
}

/** A span's first page said it holds more pages than a listing follows (not yet fetched further). */
class SpanTooLong extends Error {}

export function createMetrcClient(config: MetrcClientConfig): SeedToSaleConnector {
  const transport = config.fetch ?? ((input, init) => fetch(input, init));
  const pageConcurrency = Math.max(1, config.pageConcurrency ?? 4);
  const maxPages = config.maxPages ?? 2000;
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const headers = {
    authorization: `Basic ${Buffer.from(`${config.vendorKey}:${config.userKey}`).toString('base64')}`,
    accept: 'application/json',
  };

  const get = (path: string, query: Record<string, string>, label: string, signal?: AbortSignal) => {
    const url = new URL(path.replace(/^\//, ''), base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return fetchJson(url, { method: 'GET', headers }, { ...config.retry, fetch: transport, label, signal });
  };

  /**
   * Page 1 first (it tells how many pages there are), then the rest `pageConcurrency` at a time. Each page
   * repeats the count; a count that grows (packages changed while we read) extends the listing, within limits.
   * Pages go to `onRows` one at a time, as they arrive; a page's worker waits for it before it asks for another.
   */
  async function eachPage(
    path: string,
    query: Record<string, string>,
    label: string,
    signal: AbortSignal | undefined,
    onRows: (rows: unknown[]) => Promise<void> | void,
    splittable = false,
  ) {
    const pageLabel = (page: number) => `${label} page ${page}`;
    const fetchPage = async (page: number, pageSignal?: AbortSignal) => {
      const body = await get(path, { ...query, pageNumber: String(page), pageSize: String(METRC_MAX_PAGE_SIZE) }, pageLabel(page), pageSignal);
      return readPage(body, pageLabel(page), METRC_MAX_PAGE_SIZE);
    };
    const tooMany = (totalPages: number) => new ConnectorError('too-many-pages', `${label} reports ${totalPages} pages, more than the ${maxPages} an import follows.`);

    const first = await fetchPage(1, signal);
    let totalPages = first.totalPages;
    if (totalPages > maxPages) throw splittable ? new SpanTooLong() : tooMany(totalPages);
    await onRows(first.rows);
    // Most lab listings are one page: no signals for siblings that will not exist.
    if (totalPages < 2) return;
    let growth = 0;
    let read = 1;
    let next = 2;
    // The workers' pages are handed on in turn: `onRows` never runs twice at once. A failed hand-on fails every
    // later one, and so the listing.
    let handing: Promise<void> = Promise.resolve();
    const handOn = (rows: unknown[]) => (handing = handing.then(() => onRows(rows)));

    // One failed page stops the others: their answers would be thrown away.
    const siblings = new AbortController();
    const pageSignal = signal ? AbortSignal.any([signal, siblings.signal]) : siblings.signal;
    const worker = async () => {
      while (next <= totalPages) {
        const page = next++;
        const answer = await fetchPage(page, pageSignal);
        read += 1;
        if (answer.totalPages > totalPages) {
          growth += 1;
          if (growth > Math.max(MAX_PAGE_COUNT_GROWTH.times, read * MAX_PAGE_COUNT_GROWTH.shareOfPages)) throw new ConnectorError('too-many-pages', `${label} kept adding pages while they were read (${answer.totalPages} after ${page}).`);
          if (answer.totalPages > maxPages) throw tooMany(answer.totalPages);
          totalPages = answer.totalPages;
        }
        await handOn(answer.rows);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(pageConcurrency, Math.max(0, totalPages - 1)) }, worker));
    } catch (error) {
      siblings.abort();
      throw error;
    }
  }

  async function eachActivePackagePage<T>(locationId: string, window: TimeWindow, options: PackagePageOptions<T>): Promise<void> {
    const label = `Metrc GET /packages/v2/active for licence ${locationId}`;
    let fetched = 0;
    // A span whose first page says it holds more than maxPages pages (a licence whose 50,000 packages all changed
    // that day) is asked again as its two halves, before any of its pages is handed on: only that span is asked again.
    const listSpan = async (span: Span): Promise<void> => {
      const end = metrcTime(span.end);
      const query = { licenseNumber: locationId, lastModifiedStart: metrcTime(span.start), lastModifiedEnd: end };
      const onRows = async (rows: unknown[]) => {
        const items = rows.map((row) => options.keep(toPackage(row, label, locationId, end)));
        fetched += rows.length;
        options.onProgress?.({ fetched });
        await options.use(items);
      };
      try {
        await eachPage('/packages/v2/active', query, label, options.signal, onRows, span.end - span.start > MIN_SPAN_MS);
      } catch (error) {
        if (!(error instanceof SpanTooLong)) throw error;
        const middle = Math.floor((span.start + span.end) / 2000) * 1000;
        await listSpan({ start: span.start, end: middle });
        await listSpan({ start: middle, end: span.end });
      }
    };
    for (const span of splitWindow(window)) await listSpan(span);
  }

  /**
   * Each tag asked for by label at the licence, `pageConcurrency` at a time. Metrc answers 404 for a label it does
   * not know and 401 for one that is not valid for the licence given (the description's words): neither is active
   * there. But 401 is also its answer to keys it no longer accepts, so when any lookup got one, one listing call at
   * the licence checks the keys: refused too, the lookup fails as unauthorized instead of calling every tag inactive.
   * A finished or archived package is not active, whatever else it lacks. Any other failure stops the other lookups
   * and fails the whole.
   */
  async function findActivePackages(locationId: string, tags: readonly string[], options: CallOptions = {}): Promise<S2SPackage[]> {
    const found: S2SPackage[] = [];
    const siblings = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, siblings.signal]) : siblings.signal;
    let refused = 0;
    let next = 0;
    const worker = async () => {
      while (next < tags.length) {
        const tag = tags[next++]!;
        const label = `Metrc GET /packages/v2/{label} for package ${tag} of licence ${locationId}`;
        let body: unknown;
        try {
          body = await get(`/packages/v2/${encodeURIComponent(tag)}`, { licenseNumber: locationId }, label, signal);
        } catch (error) {
          if (error instanceof ConnectorError && error.status === 404) continue;
          if (error instanceof ConnectorError && error.status === 401) {
            refused += 1;
            continue;
          }
          throw error;
        }
        if (!isActivePackage(body)) continue;
        const pkg = toPackage(body, label, locationId, metrcTime(Date.now()));
        if (pkg.tag === tag) found.push(pkg);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(pageConcurrency, tags.length) }, worker));
    } catch (error) {
      siblings.abort();
      throw error;
    }
    if (refused > 0) {
      // Throws 'unauthorized' when the keys (or their right to the licence) are what Metrc refused.
      const end = Math.floor(Date.now() / 1000) * 1000;
      const query = { licenseNumber: locationId, lastModifiedStart: metrcTime(end - 60_000), lastModifiedEnd: metrcTime(end), pageNumber: '1', pageSize: String(METRC_MAX_PAGE_SIZE) };
      await get('/packages/v2/active', query, `Metrc GET /packages/v2/active for licence ${locationId} (checking the keys after ${refused} refused lookups)`, options.signal);
    }
    return found;
  }

  return {
    system: 'metrc',
    kind: config.kind ?? 'http',

    async listLocations(options: CallOptions = {}): Promise<S2SLocation[]> {
      const label = 'Metrc GET /facilities/v2';
      const body = await get('/facilities/v2', {}, label, options.signal);
      // The description answers a bare array; accept the list wrapper too, as other Metrc lists use it.
      const rows = Array.isArray(body) ? body : readPage(body, label, METRC_MAX_PAGE_SIZE).rows;
      const locations = rows.map((row) => toLocation(row, label));
      options.onProgress?.({ fetched: locations.length });
      const wanted = config.licenseNumbers && new Set(config.licenseNumbers);
      return wanted ? locations.filter((location) => wanted.has(location.id)) : locations;
    },

    eachActivePackagePage,
    listActivePackages: (locationId: string, window: TimeWindow, options?: CallOptions) => packagesListedOnce(eachActivePackagePage, locationId, window, options),
    findActivePackages,

    async listLabResults(locationId: string, packageId: string, options: CallOptions = {}): Promise<S2SLabResult[]> {
      const label = `Metrc GET /labtests/v2/results for package ${packageId}`;
      const rows: unknown[] = [];
      await eachPage('/labtests/v2/results', { packageId, licenseNumber: locationId }, label, options.signal, (page) => {
        rows.push(...page);
        options.onProgress?.({ fetched: rows.length });
      });
      return toLabResults(rows, label, packageId);
    },
  };
}
