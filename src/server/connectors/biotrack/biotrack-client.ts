// The BioTrack seed-to-sale connector (Florida): one session per client, logged in lazily and renewed once when
// BioTrack says it lapsed; every sync followed page by page. Errors name the action, never our password or session.
import type { z } from 'zod';
import { ConnectorError } from '../connector-error';
import { fetchJson, type FetchLike, type HttpJsonOptions } from '../http-json';
import { packagesListedOnce, type CallOptions, type PackagePageOptions, type S2SPackage, type SeedToSaleConnector, type TimeWindow } from '../types';
import { latestSamples, toLabResult, toLocation, toPackage } from './biotrack-mapping';
import { loginAnswer, refusal, SYNC_TABLES, type QaSampleRecord } from './biotrack-payloads';

type BiotrackClientConfig = {
  baseUrl: string;
  licenseNumber: string;
  username: string;
  password: string;
  /** The transport: global fetch by default, a simulator's handler in the embedded default. */
  fetch?: FetchLike;
  kind?: 'http' | 'simulator';
  retry?: Pick<HttpJsonOptions, 'timeoutMs' | 'deadlineMs' | 'retries' | 'minBackoffMs' | 'maxRetryAfterMs'>;
  /** A sync that still says `more` after this many pages fails as too-many-pages. */
  maxPages?: number;
  /**
   * BioTrack has no per-package lab query: one pass over the licence's QA samples answers every package, and is
   * reused for this long so that an import asks once, not once per package.
   */
  labResultsMaxAgeMs?: number;
};

const API_VERSION = '4.0';
const DEFAULT_MAX_PAGES = 1_000;
const DEFAULT_LAB_RESULTS_MAX_AGE_MS = 60_000;
/** BioTrack's wording for a lapsed session is undocumented; any refusal that names the session means "log in again". */
const SESSION_REFUSED = /session/i;

type SyncSpec<S extends z.ZodType> = { action: string; key: string; record: S };
type QaIndex = Map<string, QaSampleRecord[]>;

const isSuccess = (value: unknown) => value === 1 || value === '1';

export function createBiotrackClient(config: BiotrackClientConfig): SeedToSaleConnector {
  const url = new URL(config.baseUrl);
  const transport = config.fetch ?? fetch;
  const maxPages = config.maxPages ?? DEFAULT_MAX_PAGES;
  const labResultsMaxAgeMs = config.labResultsMaxAgeMs ?? DEFAULT_LAB_RESULTS_MAX_AGE_MS;
  let session: Promise<string> | null = null;
  /** Every session BioTrack gave us: a late error from an older one must not leak it either. */
  const issuedSessions = new Set<string>();
  let qa: { at: number; index: Promise<QaIndex> } | null = null;

  /** BioTrack's error texts carry no secrets, but should one ever echo ours, it is cut out before it can travel. */
  function redact(vendorText: string | undefined): string {
    let safe = vendorText?.trim() || 'no reason given';
    for (const secret of [config.password, ...issuedSessions]) if (secret) safe = safe.split(secret).join('***');
    return safe;
  }

  async function post(action: string, body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    const answer = await fetchJson(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ action, ...body }) },
      { ...config.retry, fetch: transport, label: `BioTrack ${action}`, signal },
    );
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new ConnectorError('malformed', `BioTrack ${action} answered with something other than a JSON object.`);
    return answer as Record<string, unknown>;
  }

  async function login(signal: AbortSignal | undefined): Promise<string> {
    const answer = await post('login', { license_number: config.licenseNumber, username: config.username, password: config.password }, signal);
    const refused = refusal.safeParse(answer);
    if (refused.success) throw new ConnectorError('unauthorized', `BioTrack login refused our credentials: ${redact(refused.data.error)}`);
    const accepted = loginAnswer.safeParse(answer);
    if (!accepted.success) throw new ConnectorError('malformed', 'BioTrack login answered without a session.');
    issuedSessions.add(accepted.data.sessionid);
    return accepted.data.sessionid;
  }

  /** Concurrent calls share one login; a failed login is forgotten so that the next call tries again. */
  function currentSession(signal: AbortSignal | undefined): Promise<string> {
    if (session) return session;
    const attempt = login(signal);
    session = attempt;
    attempt.catch(() => {
      if (session === attempt) session = null;
    });
    return attempt;
  }

  async function call(action: string, params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    for (let renewed = false; ; renewed = true) {
      const used = currentSession(signal);
      const answer = await post(action, { ...params, sessionid: await used, API: API_VERSION }, signal);
      const refused = refusal.safeParse(answer);
      if (!refused.success) {
        if (!isSuccess(answer.success)) throw new ConnectorError('malformed', `BioTrack ${action} answered without saying whether it succeeded.`);
        return answer;
      }
      if (!SESSION_REFUSED.test(refused.data.error ?? '')) throw new ConnectorError('rejected', `BioTrack ${action} refused the request: ${redact(refused.data.error)}`);
      if (session === used) session = null;
      if (renewed) throw new ConnectorError('unauthorized', `BioTrack ${action} refused a fresh session: ${redact(refused.data.error)}`);
    }
  }

  /**
   * A table's records page by page, each page handed to `onPage` (and waited for) before the next is asked for:
   * each page starts after the highest transaction id of the one before.
   */
  async function syncEach<S extends z.ZodType>(spec: SyncSpec<S>, signal: AbortSignal | undefined, onPage: (rows: z.output<S>[]) => Promise<void> | void): Promise<void> {
    let start = 0;
    for (let page = 1; ; page += 1) {
      if (page > maxPages) throw new ConnectorError('too-many-pages', `BioTrack ${spec.action} still had more records after ${maxPages} pages.`);
      const answer = await call(spec.action, { transaction_start: start }, signal);
      const list = answer[spec.key] ?? [];
      const parsed = spec.record.array().safeParse(list);
      if (!parsed.success) throw new ConnectorError('malformed', `BioTrack ${spec.action} answered records in a shape we do not know.`);
      const pageRows = parsed.data as z.output<S>[];
      await onPage(pageRows);
      if (!isSuccess(answer.more)) return;
      for (const row of pageRows) start = Math.max(start, (row as { transactionid: number }).transactionid + 1);
    }
  }

  /** Every record of a table. */
  async function syncAll<S extends z.ZodType>(spec: SyncSpec<S>, signal: AbortSignal | undefined): Promise<z.output<S>[]> {
    const rows: z.output<S>[] = [];
    await syncEach(spec, signal, (page) => {
      for (const row of page) rows.push(row);
    });
    return rows;
  }

  function qaIndex(signal: AbortSignal | undefined): Promise<QaIndex> {
    if (qa && Date.now() - qa.at <= labResultsMaxAgeMs) return qa.index;
    const index = syncAll(SYNC_TABLES.qaSamples, signal).then((samples) => {
      const byInventory: QaIndex = new Map();
      for (const sample of samples) {
        if (sample.deleted) continue;
        const list = byInventory.get(sample.inventoryid) ?? [];
        list.push(sample);
        byInventory.set(sample.inventoryid, list);
      }
      for (const list of byInventory.values()) list.sort((a, b) => a.transactionid - b.transactionid);
      return byInventory;
    });
    const entry = { at: Date.now(), index };
    qa = entry;
    index.catch(() => {
      if (qa === entry) qa = null;
    });
    return index;
  }

  async function rooms(signal: AbortSignal | undefined) {
    return (await syncAll(SYNC_TABLES.rooms, signal)).filter((room) => !room.deleted);
  }

  async function eachActivePackagePage<T>(locationId: string, window: TimeWindow, options: PackagePageOptions<T>): Promise<void> {
    const signal = options.signal;
    const room = (await rooms(signal)).find((candidate) => candidate.roomid === locationId);
    if (!room) throw new ConnectorError('not-found', `BioTrack has no inventory room ${locationId} for this licence.`);
    const samples = latestSamples([...(await qaIndex(signal)).values()].flat());
    const from = window.start.getTime();
    const to = window.end.getTime();
    const active = (record: { deleted: boolean; currentroom: string; sessiontime: number }) =>
      !record.deleted && record.currentroom === locationId && record.sessiontime * 1000 >= from && record.sessiontime * 1000 < to;
    let fetched = 0;
    await syncEach(SYNC_TABLES.inventory, signal, async (page) => {
      const items = page.filter(active).map((record) => options.keep(toPackage(record, room, samples.get(record.id))));
      fetched += items.length;
      options.onProgress?.({ fetched });
      await options.use(items);
    });
  }

  return {
    system: 'biotrack',
    kind: config.kind ?? 'http',

    async listLocations(options?: CallOptions) {
      return (await rooms(options?.signal)).map(toLocation);
    },

    eachActivePackagePage,
    listActivePackages: (locationId: string, window: TimeWindow, options?: CallOptions) => packagesListedOnce(eachActivePackagePage, locationId, window, options),

    /** BioTrack has no lookup by id worth its cost: its inventory sync lists everything, here without a window. */
    async findActivePackages(locationId: string, tags: readonly string[], options?: CallOptions) {
      const wanted = new Set(tags);
      const found = new Map<string, S2SPackage>();
      await eachActivePackagePage(locationId, { start: new Date(0), end: new Date(8.64e15) }, {
        signal: options?.signal,
        keep: (pkg) => pkg,
        use: (items) => {
          for (const item of items) if (wanted.has(item.tag)) found.set(item.packageId, item);
        },
      });
      return [...found.values()];
    },

    async listLabResults(_locationId: string, packageId: string, options?: CallOptions) {
      return ((await qaIndex(options?.signal)).get(packageId) ?? []).map(toLabResult);
    },
  };
}
