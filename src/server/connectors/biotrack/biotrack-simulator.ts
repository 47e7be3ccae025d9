// A BioTrack stand-in: answers login and the three sync actions in BioTrack's shapes (see biotrack-payloads.ts)
// from a vendor-neutral SimulatedSource, enforcing the session and paging, with faults a test can switch on.
// What it cannot render: a package's own id apart from its tag (BioTrack has one 16-digit id, the tag), holds
// (BioTrack holds stock by moving it to a quarantine room) and potency other than in percent (mg/g is divided by 10).
// A category that names a BioTrack inventory type is sent as its code; any other is sent as named.
import { randomUUID } from 'node:crypto';
import type { FetchLike } from '../http-json';
import type { S2SLabResult, S2SPackage, S2SPotency, SimulatedSource, SimulatorFault } from '../types';
import { INVENTORY_TYPES, POTENCY_TEST_TYPE, QA_RESULT, SYNC_TABLES, TERPENE_TEST_TYPE } from './biotrack-payloads';

type BiotrackSimulatorOptions = {
  source: SimulatedSource;
  faults?: SimulatorFault[];
  /** Records per sync page; BioTrack's own page size is not published. */
  pageSize?: number;
};

type VendorRecord = Record<string, unknown> & { transactionid: number };
type ArmedFault = SimulatorFault & { remaining: number };

const DEFAULT_PAGE_SIZE = 500;
const SIMULATED_LICENCE = '999000100';
const CALL_OF_ACTION: Record<string, SimulatorFault['on']> = {
  login: 'login',
  [SYNC_TABLES.rooms.action]: 'locations',
  [SYNC_TABLES.inventory.action]: 'packages',
  [SYNC_TABLES.qaSamples.action]: 'lab-results',
};
const CODE_OF_CATEGORY = new Map(Object.entries(INVENTORY_TYPES).map(([code, name]) => [name.toLowerCase(), code]));

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const refuse = (error: string) => json({ success: 0, error });
const unixSeconds = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? Math.floor(Date.parse(iso) / 1000) : 0);
const percent = (potency: S2SPotency | null) => (potency ? String(potency.unit === 'WeightRatio' ? potency.value / 10 : potency.value) : undefined);

function neverAnswer(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')), { once: true });
  });
}

function inventoryRow(pkg: S2SPackage, roomId: string): Record<string, unknown> {
  return {
    id: pkg.tag,
    inventoryparentid: pkg.batchNumber,
    inventorytype: pkg.category ? (CODE_OF_CATEGORY.get(pkg.category.toLowerCase()) ?? pkg.category) : '',
    productname: pkg.itemName,
    remaining_quantity: String(pkg.quantity),
    currentroom: roomId,
    location: SIMULATED_LICENCE,
    sessiontime: String(unixSeconds(pkg.lastModified)),
    deleted: '0',
    ...(pkg.unitOfMeasure ? { uom: pkg.unitOfMeasure } : {}),
    ...(pkg.packagedDate ? { packaged_date: pkg.packagedDate } : {}),
    ...(pkg.expirationDate ? { expiration_date: pkg.expirationDate } : {}),
  };
}

function qaRow(result: S2SLabResult, pkg: S2SPackage): Record<string, unknown> {
  const potency = { THC: percent(result.thc), CBD: percent(result.cbd), Total: percent(result.totalCannabinoids) };
  const tests: Record<string, unknown>[] = [];
  if (Object.values(potency).some((value) => value !== undefined)) tests.push({ type: POTENCY_TEST_TYPE, ...potency });
  if (result.terpenes.length > 0) tests.push({ type: TERPENE_TEST_TYPE, ...Object.fromEntries(result.terpenes.map((terpene) => [terpene.terpeneName, String(terpene.percentage)])) });
  const outcome = result.passed ? QA_RESULT.passed : result.status === 'failed' ? QA_RESULT.failed : QA_RESULT.pending;
  return {
    inventoryid: pkg.tag,
    parentid: pkg.batchNumber,
    transactionid_original: result.resultId,
    result: String(outcome),
    sessiontime: String(unixSeconds(result.testedAt ?? pkg.lastModified)),
    lab_license: '999977',
    deleted: '0',
    test: tests,
    ...(result.expiresAt ? { expiration_date: result.expiresAt } : {}),
  };
}

/** Transaction ids in the order the source lists things, so that every page of one sync sees the same ids. */
function numbered(rows: Record<string, unknown>[]): VendorRecord[] {
  return rows.map((row, index) => ({ ...row, transactionid: index + 1 }));
}

export function createBiotrackSimulator(options: BiotrackSimulatorOptions) {
  const { source } = options;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const sessions = new Set<string>();
  let faults: ArmedFault[] = [];
  let requests = 0;

  const setFaults = (next: SimulatorFault[]) => {
    faults = next.map((fault) => ({ ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY }));
  };
  setFaults(options.faults ?? []);

  function takeFault(call: SimulatorFault['on'] | undefined): ArmedFault | undefined {
    const fault = faults.find((candidate) => candidate.remaining > 0 && (candidate.on === 'any' || candidate.on === call) && !(candidate.kind === 'endless-pages' && call === 'login'));
    if (fault) fault.remaining -= 1;
    return fault;
  }

  const tables = new Map<string, { key: string; rows: () => VendorRecord[] }>([
    [
      SYNC_TABLES.rooms.action,
      {
        key: SYNC_TABLES.rooms.key,
        rows: () => numbered(source.locations.map((location) => ({ roomid: location.id, name: location.name, location: SIMULATED_LICENCE, quarantine: '0', deleted: '0' }))),
      },
    ],
    [
      SYNC_TABLES.inventory.action,
      {
        key: SYNC_TABLES.inventory.key,
        rows: () => numbered(source.locations.flatMap((location) => source.packagesOf(location.id).map((pkg) => inventoryRow(pkg, location.id)))),
      },
    ],
    [
      SYNC_TABLES.qaSamples.action,
      {
        key: SYNC_TABLES.qaSamples.key,
        rows: () =>
          numbered(source.locations.flatMap((location) => source.packagesOf(location.id).flatMap((pkg) => source.labResultsOf(pkg.packageId).map((result) => qaRow(result, pkg))))),
      },
    ],
  ]);

  /**
   * A sync that starts from the beginning renders the table afresh; its later pages read that same rendering, so
   * the source is walked once per sync rather than once per page, and transaction ids hold still while paging.
   */
  const rendered = new Map<string, VendorRecord[]>();

  function sync(action: string, table: { key: string; rows: () => VendorRecord[] }, body: Record<string, unknown>, endless: boolean): Response {
    const start = Number(body.transaction_start ?? 0);
    const end = body.transaction_end === undefined ? Number.POSITIVE_INFINITY : Number(body.transaction_end);
    if (!Number.isInteger(start) || !(Number.isInteger(end) || end === Number.POSITIVE_INFINITY)) return refuse('transaction_start and transaction_end must be whole numbers.');
    let rows = rendered.get(action);
    if (!rows || start <= 1) {
      rows = table.rows();
      rendered.set(action, rows);
    }
    // Rows are numbered from 1 in order, so a range is a slice.
    const first = Math.max(start, 1) - 1;
    const last = Math.min(end, rows.length);
    const page = rows.slice(first, Math.min(last, first + pageSize)).map((row) => ({ ...row, transactionid: String(row.transactionid) }));
    return json({ success: 1, [table.key]: page, more: endless || first + pageSize < last ? 1 : 0 });
  }

  function login(body: Record<string, unknown>): Response {
    for (const field of ['license_number', 'username', 'password']) if (typeof body[field] !== 'string' || body[field] === '') return refuse('Invalid username or password.');
    const sessionid = randomUUID().replaceAll('-', '');
    sessions.add(sessionid);
    return json({ success: 1, admin: 1, sessionid, time: Math.floor(Date.now() / 1000) });
  }

  const handle: FetchLike = async (_input, init) => {
    requests += 1;
    // Answer as a network would, after the event loop has run: in process, answers made of microtasks alone let a
    // listing of thousands of pages hold the server (no request answered, no timer fired) until it ended.
    await new Promise((resolve) => setImmediate(resolve));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await new Response(init.body).text()) as Record<string, unknown>;
    } catch {
      return refuse('The request is not valid JSON.');
    }
    const action = typeof body.action === 'string' ? body.action : '';
    const call = CALL_OF_ACTION[action];
    const fault = takeFault(call);
    if (fault?.kind === 'timeout') return neverAnswer(init.signal);
    if (fault?.kind === 'rate-limit') return json({ success: 0, error: 'Too many requests.' }, 429, { 'retry-after': '1' });
    if (fault?.kind === 'server-error') return new Response('Internal Server Error', { status: 500 });
    if (fault?.kind === 'malformed') return new Response('{"success": 1, "inventory": [', { status: 200, headers: { 'content-type': 'application/json' } });
    if (fault?.kind === 'unauthorized') {
      if (typeof body.sessionid === 'string') sessions.delete(body.sessionid);
      return refuse(call === 'login' ? 'Invalid username or password.' : 'Session expired. Please log in again.');
    }
    if (!call) return refuse(`Unknown action: ${action || '(none)'}.`);
    if (call === 'login') return login(body);
    if (typeof body.sessionid !== 'string' || !sessions.has(body.sessionid)) return refuse('Session expired. Please log in again.');
    if (body.API !== '4.0') return refuse('Unsupported API version.');
    const table = tables.get(action);
    if (!table) return refuse(`Unknown action: ${action}.`);
    return sync(action, table, body, fault?.kind === 'endless-pages');
  };

  return {
    fetch: handle,
    setFaults,
    requestCount: () => requests,
    /** Ends every session, as BioTrack does after a while, so that the client has to log in again. */
    expireSessions: () => sessions.clear(),
  };
}
