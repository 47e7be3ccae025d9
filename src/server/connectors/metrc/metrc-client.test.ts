import { afterEach, describe, expect, it } from 'vitest';
import { serveFetch, type ServedFetch } from '../../../../tests/support/serve-fetch';
import { ConnectorError, type ConnectorFailure } from '../connector-error';
import type { S2SLabResult, S2SPackage, SimulatedSource, SimulatorFault } from '../types';
import { createMetrcClient, type MetrcClientConfig } from './metrc-client';
import { createMetrcSimulator } from './metrc-simulator';

const VENDOR_KEY = 'vendor-KEY-7f3a9c';
const USER_KEY = 'user-KEY-b41d22';
const BASIC = `Basic ${Buffer.from(`${VENDOR_KEY}:${USER_KEY}`).toString('base64')}`;
const LICENCE = 'MN-LIC-011234';
const NOW = Date.parse('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const FAST_RETRY = { retries: 2, minBackoffMs: 10, timeoutMs: 2_000, deadlineMs: 10_000 };

function testPackage(index: number, lastModified: number): S2SPackage {
  return {
    packageId: String(5000 + index),
    tag: `1A4000000000000000${String(index).padStart(6, '0')}`,
    batchNumber: `MN-B26${String(index).padStart(5, '0')}`,
    itemName: `Item ${index}`,
    category: 'flower',
    quantity: 12,
    unitOfMeasure: 'Each',
    locationId: LICENCE,
    locationName: 'GREENVAULT MN - MINNEAPOLIS',
    packagedDate: '2026-10-01',
    expirationDate: '2027-10-01',
    labTestingState: 'TestPassed',
    labExpiresAt: '2027-06-01T00:00:00.000Z',
    onHold: false,
    lastModified: new Date(lastModified).toISOString(),
  };
}

const passedResult: S2SLabResult = {
  packageId: '5000',
  resultId: '900001',
  passed: true,
  status: 'passed',
  testedAt: '2026-10-05T10:00:00.000Z',
  expiresAt: '2027-10-05T10:00:00.000Z',
  thc: { value: 24.5, unit: 'Percentage' },
  cbd: { value: 0.4, unit: 'Percentage' },
  totalCannabinoids: { value: 26.1, unit: 'Percentage' },
  terpenes: [
    { terpeneName: 'Myrcene', percentage: 1.2 },
    { terpeneName: 'Limonene', percentage: 0.8 },
  ],
};

function sourceOf(packages: S2SPackage[], labResults: S2SLabResult[] = []): SimulatedSource {
  return {
    locations: [
      { id: LICENCE, name: 'GREENVAULT MN - MINNEAPOLIS' },
      { id: 'MN-LIC-025555', name: 'GREENVAULT MN - ST. PAUL' },
    ],
    packagesOf: (locationId) => packages.filter((pkg) => pkg.locationId === locationId),
    labResultsOf: (packageId) => labResults.filter((result) => result.packageId === packageId),
  };
}

/** 95 packages modified within the last 12 hours. */
const ninetyFive = Array.from({ length: 95 }, (_, index) => testPackage(index, NOW - HOUR - index * 60_000));
const lastHalfDay = { start: new Date(NOW - 12 * HOUR), end: new Date(NOW) };

let served: ServedFetch | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function start(source: SimulatedSource, faults: SimulatorFault[] = [], config: Partial<MetrcClientConfig> = {}) {
  const simulator = createMetrcSimulator({ source, faults });
  served = await serveFetch(simulator.fetch);
  const client = createMetrcClient({ baseUrl: served.baseUrl, vendorKey: VENDOR_KEY, userKey: USER_KEY, retry: FAST_RETRY, ...config });
  return { client, simulator, requests: served.requests };
}

const queryOf = (url: string) => new URL(url, 'http://local').searchParams;

/** The call fails with this kind, and its message carries neither key nor the header made from them. */
async function expectFailure(call: Promise<unknown>, failure: ConnectorFailure): Promise<ConnectorError> {
  const error = await call.then(
    () => expect.unreachable('the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  const connectorError = error as ConnectorError;
  expect(connectorError.failure).toBe(failure);
  for (const secret of [VENDOR_KEY, USER_KEY, BASIC.slice('Basic '.length)]) expect(connectorError.message).not.toContain(secret);
  expect(JSON.stringify(connectorError)).not.toContain(VENDOR_KEY);
  return connectorError;
}

describe('Metrc client against the Metrc simulator over HTTP', () => {
  it('follows every page of active packages, 20 at a time, with Basic auth and the licence on each request', async () => {
    const { client, requests } = await start(sourceOf(ninetyFive));
    const progress: number[] = [];

    const packages = await client.listActivePackages(LICENCE, lastHalfDay, { onProgress: ({ fetched }) => progress.push(fetched) });

    expect(packages.map((pkg) => pkg.tag).sort()).toEqual(ninetyFive.map((pkg) => pkg.tag).sort());
    const pageRequests = requests.filter((request) => request.url.startsWith('/packages/v2/active'));
    expect(pageRequests).toHaveLength(5);
    expect(pageRequests.map((request) => Number(queryOf(request.url).get('pageNumber'))).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const request of pageRequests) {
      const query = queryOf(request.url);
      expect(query.get('pageSize')).toBe('20');
      expect(query.get('licenseNumber')).toBe(LICENCE);
      expect(query.get('lastModifiedStart')).toBe('2026-11-20T00:00:00Z');
      expect(query.get('lastModifiedEnd')).toBe('2026-11-20T12:00:00Z');
      expect(request.headers.authorization).toBe(BASIC);
    }
    expect(progress.at(-1)).toBe(95);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('maps each package to our shape, reading the vendor fields', async () => {
    const { client } = await start(sourceOf([{ ...ninetyFive[0]!, quantity: -2.5, onHold: true }]));

    const [pkg] = await client.listActivePackages(LICENCE, lastHalfDay);

    expect(pkg).toEqual({ ...ninetyFive[0]!, quantity: -2.5, onHold: true });
  });

  it('hands each page on as it arrives, one at a time, asking for no more pages while the first is taken', async () => {
    const { client, requests } = await start(sourceOf(ninetyFive));
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const pages: string[][] = [];
    let taking = 0;
    let mostAtOnce = 0;
    let requestsWhileFirstTaken = -1;

    const listing = client.eachActivePackagePage(LICENCE, lastHalfDay, {
      keep: (pkg) => `${pkg.tag}:${pkg.quantity}`,
      use: async (items) => {
        taking += 1;
        mostAtOnce = Math.max(mostAtOnce, taking);
        pages.push(items);
        if (pages.length === 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          requestsWhileFirstTaken = requests.length;
          await gate;
        }
        taking -= 1;
      },
    });
    await expect.poll(() => requestsWhileFirstTaken).toBeGreaterThanOrEqual(0);
    openGate();
    await listing;

    // Page 1 tells how many pages there are; none was asked for while it was being taken.
    expect(requestsWhileFirstTaken).toBe(1);
    expect(mostAtOnce).toBe(1);
    expect(pages.map((page) => page.length).sort((a, b) => b - a)).toEqual([20, 20, 20, 20, 15]);
    expect(pages.flat().sort()).toEqual(ninetyFive.map((pkg) => `${pkg.tag}:12`).sort());
  });

  it('splits a three-day window into spans of at most 24 hours and keeps every package', async () => {
    const spread = Array.from({ length: 30 }, (_, index) => testPackage(index, NOW - 3 * HOUR - index * 2 * HOUR));
    const { client, requests } = await start(sourceOf(spread));

    const packages = await client.listActivePackages(LICENCE, { start: new Date(NOW - 72 * HOUR), end: new Date(NOW) });

    expect(packages).toHaveLength(30);
    const spans = requests.map((request) => queryOf(request.url)).map((query) => [query.get('lastModifiedStart'), query.get('lastModifiedEnd')]);
    expect(spans).toEqual([
      ['2026-11-17T12:00:00Z', '2026-11-18T12:00:00Z'],
      ['2026-11-18T12:00:00Z', '2026-11-19T12:00:00Z'],
      ['2026-11-19T12:00:00Z', '2026-11-20T12:00:00Z'],
    ]);
  });

  it('fetches pages concurrently, never more at once than pageConcurrency', async () => {
    const simulator = createMetrcSimulator({ source: sourceOf(ninetyFive) });
    let inFlight = 0;
    let peak = 0;
    const client = createMetrcClient({
      baseUrl: 'http://metrc.test',
      vendorKey: VENDOR_KEY,
      userKey: USER_KEY,
      pageConcurrency: 2,
      fetch: async (input, init) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        try {
          return await simulator.fetch(input, init);
        } finally {
          inFlight -= 1;
        }
      },
    });

    expect(await client.listActivePackages(LICENCE, lastHalfDay)).toHaveLength(95);
    expect(peak).toBe(2);
  });

  it('lists the licences the keys reach from the facilities call, optionally only the configured ones', async () => {
    const { client, requests } = await start(sourceOf([]));
    expect(await client.listLocations()).toEqual([
      { id: LICENCE, name: 'GREENVAULT MN - MINNEAPOLIS' },
      { id: 'MN-LIC-025555', name: 'GREENVAULT MN - ST. PAUL' },
    ]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/facilities/v2', headers: { authorization: BASIC } });

    const only = createMetrcClient({ baseUrl: served!.baseUrl, vendorKey: VENDOR_KEY, userKey: USER_KEY, licenseNumbers: ['MN-LIC-025555'] });
    expect(await only.listLocations()).toEqual([{ id: 'MN-LIC-025555', name: 'GREENVAULT MN - ST. PAUL' }]);
  });

  it('reads a package lab results: THC, CBD, total cannabinoids and terpenes from the test names', async () => {
    const failed: S2SLabResult = { ...passedResult, packageId: '5001', resultId: '900002', passed: false, status: 'failed', terpenes: [] };
    const { client, requests } = await start(sourceOf(ninetyFive, [passedResult, failed]));

    expect(await client.listLabResults(LICENCE, '5000')).toEqual([passedResult]);
    expect(await client.listLabResults(LICENCE, '5001')).toEqual([failed]);
    expect(await client.listLabResults(LICENCE, '5002')).toEqual([]);
    const query = queryOf(requests[0]!.url);
    expect(requests[0]!.url).toMatch(/^\/labtests\/v2\/results\?/);
    expect([query.get('packageId'), query.get('licenseNumber'), query.get('pageSize'), query.get('pageNumber')]).toEqual(['5000', LICENCE, '20', '1']);
  });

  it('waits out a 429 for its Retry-After, then succeeds', async () => {
    const { client, requests } = await start(sourceOf(ninetyFive.slice(0, 10)), [{ kind: 'rate-limit', on: 'packages', times: 1 }]);
    const startedAt = Date.now();

    expect(await client.listActivePackages(LICENCE, lastHalfDay)).toHaveLength(10);

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(950);
    expect(requests).toHaveLength(2);
  });

  it('retries a 500 twice and then succeeds', async () => {
    const { client, requests } = await start(sourceOf(ninetyFive.slice(0, 10)), [{ kind: 'server-error', on: 'packages', times: 2 }]);

    expect(await client.listActivePackages(LICENCE, lastHalfDay)).toHaveLength(10);
    expect(requests).toHaveLength(3);
  });

  it("fails as 'server' when Metrc answers 500 on every attempt", async () => {
    const { client, requests } = await start(sourceOf(ninetyFive), [{ kind: 'server-error', on: 'any' }]);

    const error = await expectFailure(client.listActivePackages(LICENCE, lastHalfDay), 'server');

    expect(error.message).toContain('/packages/v2/active');
    expect(requests).toHaveLength(FAST_RETRY.retries + 1);
  });

  it("fails as 'timeout' when Metrc never answers", async () => {
    const { client } = await start(sourceOf(ninetyFive), [{ kind: 'timeout', on: 'lab-results' }], { retry: { ...FAST_RETRY, retries: 1, timeoutMs: 200 } });

    await expectFailure(client.listLabResults(LICENCE, '5000'), 'timeout');
  });

  it("fails as 'malformed' on a body that is not JSON", async () => {
    const { client } = await start(sourceOf(ninetyFive), [{ kind: 'malformed', on: 'packages', times: 1 }]);

    await expectFailure(client.listActivePackages(LICENCE, lastHalfDay), 'malformed');
  });

  it("fails as 'too-many-pages' when TotalPages keeps growing, after a few pages", async () => {
    const { client, requests } = await start(sourceOf(ninetyFive), [{ kind: 'endless-pages', on: 'packages' }]);

    await expectFailure(client.listActivePackages(LICENCE, lastHalfDay), 'too-many-pages');
    expect(requests.length).toBeLessThan(10);
  });

  it('follows pages added while the listing is read (packages changed meanwhile)', async () => {
    const client = createMetrcClient({
      baseUrl: 'http://metrc.test',
      vendorKey: VENDOR_KEY,
      userKey: USER_KEY,
      fetch: async (input) => {
        const pageNumber = Number(new URL(String(input)).searchParams.get('pageNumber'));
        const rows = Array.from({ length: 20 }, (_, index) => ({ Id: pageNumber * 100 + index, Label: `TAG-${pageNumber}-${index}`, Quantity: 1 }));
        return Response.json({ Data: rows, Total: 60, TotalPages: Math.min(3, pageNumber + 1), PageNumber: pageNumber, PageSize: 20 });
      },
    });

    expect(await client.listActivePackages(LICENCE, lastHalfDay)).toHaveLength(60);
  });

  it('asks a span holding more pages than maxPages again in halves, reading no page twice, and keeps every package', async () => {
    const { client, requests } = await start(sourceOf(ninetyFive), [], { maxPages: 3 });
    const progress: number[] = [];

    const packages = await client.listActivePackages(LICENCE, lastHalfDay, { onProgress: ({ fetched }) => progress.push(fetched) });

    expect(packages.map((pkg) => pkg.tag).sort()).toEqual(ninetyFive.map((pkg) => pkg.tag).sort());
    // Only the rows of spans that fit are taken: 95 rows in all, none twice.
    expect(progress.at(-1)).toBe(95);
    const firstPages = requests.map((request) => queryOf(request.url)).filter((query) => query.get('pageNumber') === '1');
    const spans = firstPages.map((query) => `${query.get('lastModifiedStart')} to ${query.get('lastModifiedEnd')}`);
    expect(spans.slice(0, 2)).toEqual(['2026-11-20T00:00:00Z to 2026-11-20T12:00:00Z', '2026-11-20T00:00:00Z to 2026-11-20T06:00:00Z']);
    expect(new Set(spans).size).toBe(spans.length);
  });

  it("fails as 'too-many-pages' when a minute alone holds more pages than maxPages", async () => {
    const sameMinute = Array.from({ length: 95 }, (_, index) => testPackage(index, NOW - HOUR));
    const { client } = await start(sourceOf(sameMinute), [], { maxPages: 3 });

    await expectFailure(client.listActivePackages(LICENCE, lastHalfDay), 'too-many-pages');
  });

  it('looks tags up by label at a licence: finds the active ones however old, leaves out unknown tags and those of another licence', async () => {
    const yearsOld = testPackage(1, NOW - 900 * 24 * HOUR);
    const elsewhere = { ...testPackage(2, NOW - HOUR), locationId: 'MN-LIC-025555' };
    const { client, requests } = await start(sourceOf([yearsOld, elsewhere, testPackage(3, NOW - HOUR)]), [], { pageConcurrency: 2 });

    const found = await client.findActivePackages(LICENCE, [yearsOld.tag, elsewhere.tag, '1A40000000000000UNKNOWN1', 'tag/with?odd#characters']);

    expect(found).toEqual([yearsOld]);
    const lookups = requests.filter((request) => request.url.startsWith('/packages/v2/') && !request.url.startsWith('/packages/v2/active'));
    expect(lookups).toHaveLength(4);
    expect(lookups.map((request) => decodeURIComponent(new URL(request.url, 'http://local').pathname.slice('/packages/v2/'.length))).sort()).toEqual(
      [yearsOld.tag, elsewhere.tag, '1A40000000000000UNKNOWN1', 'tag/with?odd#characters'].sort(),
    );
    for (const request of lookups) expect(queryOf(request.url).get('licenseNumber')).toBe(LICENCE);
  });

  it('fails a lookup by label as unauthorized when Metrc refuses the keys, not only the tags', async () => {
    // Every request is refused from now on: the lookups' 401s are checked with one listing call, refused too.
    const { client, requests } = await start(sourceOf(ninetyFive), [{ kind: 'unauthorized', on: 'any' }]);

    const error = await expectFailure(client.findActivePackages(LICENCE, ninetyFive.slice(0, 3).map((pkg) => pkg.tag)), 'unauthorized');

    expect(error.message).toContain('checking the keys');
    expect(requests.filter((request) => request.url.startsWith('/packages/v2/active'))).toHaveLength(1);
  });

  it('fails a lookup by label as a whole when one lookup fails for good', async () => {
    const { client } = await start(sourceOf(ninetyFive), [{ kind: 'server-error', on: 'packages' }]);

    const error = await expectFailure(client.findActivePackages(LICENCE, ninetyFive.slice(0, 6).map((pkg) => pkg.tag)), 'server');

    expect(error.message).toContain('/packages/v2/{label}');
  });

  it("fails as 'unauthorized' on a 401, without retrying", async () => {
    const { client, requests } = await start(sourceOf(ninetyFive), [{ kind: 'unauthorized', on: 'locations' }]);

    await expectFailure(client.listLocations(), 'unauthorized');
    expect(requests).toHaveLength(1);
  });

  it('stops the other pages when one page fails', async () => {
    const simulator = createMetrcSimulator({ source: sourceOf(Array.from({ length: 400 }, (_, index) => testPackage(index, NOW - HOUR))) });
    let calls = 0;
    const client = createMetrcClient({
      baseUrl: 'http://metrc.test',
      vendorKey: VENDOR_KEY,
      userKey: USER_KEY,
      retry: FAST_RETRY,
      fetch: async (input, init) => {
        calls += 1;
        if (new URL(String(input)).searchParams.get('pageNumber') === '3') return new Response(null, { status: 401 });
        await new Promise((resolve) => setTimeout(resolve, 5));
        return simulator.fetch(input, init);
      },
    });

    await expectFailure(client.listActivePackages(LICENCE, lastHalfDay), 'unauthorized');
    expect(calls).toBeLessThan(20);
  });
});

describe('Metrc simulator', () => {
  const simulator = createMetrcSimulator({ source: sourceOf(ninetyFive) });
  const get = (path: string, authorization: string | null = BASIC) =>
    simulator.fetch(`http://metrc.test${path}`, { method: 'GET', headers: authorization ? { authorization } : {} });
  const window = 'lastModifiedStart=2026-11-20T00:00:00Z&lastModifiedEnd=2026-11-20T12:00:00Z';

  it('answers 401 without Basic credentials', async () => {
    expect((await get(`/packages/v2/active?licenseNumber=${LICENCE}`, null)).status).toBe(401);
    expect((await get('/facilities/v2', 'Bearer token')).status).toBe(401);
  });

  it('refuses a page size above 20, a window over 24 hours and a missing licence with 400', async () => {
    expect((await get(`/packages/v2/active?licenseNumber=${LICENCE}&pageSize=21&pageNumber=1&${window}`)).status).toBe(400);
    expect((await get(`/packages/v2/active?licenseNumber=${LICENCE}&lastModifiedStart=2026-11-19T00:00:00Z&lastModifiedEnd=2026-11-20T00:00:01Z`)).status).toBe(400);
    expect((await get(`/packages/v2/active?pageSize=20&${window}`)).status).toBe(400);
    expect((await get(`/labtests/v2/results?licenseNumber=${LICENCE}`)).status).toBe(400);
  });

  it("pages in Metrc's documented shape", async () => {
    const response = await get(`/packages/v2/active?licenseNumber=${LICENCE}&pageSize=20&pageNumber=5&${window}`);
    const body = (await response.json()) as { Data: { Label: string; Item: { Name: string } }[]; Total: number; TotalPages: number; PageNumber: number; PageSize: number };

    expect({ ...body, Data: body.Data.length }).toEqual({ Data: 15, Total: 95, TotalPages: 5, PageNumber: 5, PageSize: 20 });
    expect(body.Data[0]).toMatchObject({ Label: ninetyFive[80]!.tag, Item: { Name: 'Item 80' } });
  });

  it('pages two windows asked in turn, each with its own packages', async () => {
    // ninetyFive[i] changed at NOW - 1 h - i min; a window takes its start and not its end: [NOW - 2 h, NOW - 1 h)
    // holds 1..60, [NOW - 3 h, NOW - 2 h) holds 61..94.
    const hourOf = (hours: number) => `lastModifiedStart=${new Date(NOW - (hours + 1) * HOUR).toISOString().slice(0, 19)}Z&lastModifiedEnd=${new Date(NOW - hours * HOUR).toISOString().slice(0, 19)}Z`;
    const labels = async (query: string) => ((await (await get(`/packages/v2/active?licenseNumber=${LICENCE}&pageSize=20&${query}`)).json()) as { Data: { Label: string }[]; Total: number });
    const recent = await labels(`pageNumber=2&${hourOf(1)}`);
    const older = await labels(`pageNumber=1&${hourOf(2)}`);
    const recentAgain = await labels(`pageNumber=3&${hourOf(1)}`);

    expect(recent.Total).toBe(60);
    expect(recent.Data.map((row) => row.Label)).toEqual(ninetyFive.slice(21, 41).map((pkg) => pkg.tag));
    expect(older.Total).toBe(34);
    expect(older.Data.map((row) => row.Label)).toEqual(ninetyFive.slice(61, 81).map((pkg) => pkg.tag));
    expect(recentAgain.Data.map((row) => row.Label)).toEqual(ninetyFive.slice(41, 61).map((pkg) => pkg.tag));
  });

  it('answers after the event loop has run, as a network would: an embedded listing never holds the server', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    await get(`/packages/v2/active?licenseNumber=${LICENCE}&pageSize=20&pageNumber=1&${window}`).then(() => order.push('answer'));

    expect(order).toEqual(['other work', 'answer']);
  });

  it('counts requests and takes new faults', async () => {
    const fresh = createMetrcSimulator({ source: sourceOf([]) });
    fresh.setFaults([{ kind: 'server-error', on: 'locations', times: 1 }]);
    const call = () => fresh.fetch('http://metrc.test/facilities/v2', { method: 'GET', headers: { authorization: BASIC } });

    expect((await call()).status).toBe(500);
    expect((await call()).status).toBe(200);
    expect(fresh.requestCount()).toBe(2);
  });
});
