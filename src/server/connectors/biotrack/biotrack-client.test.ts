import { afterEach, describe, expect, it } from 'vitest';
import { serveFetch, type ServedFetch } from '../../../../tests/support/serve-fetch';
import { ConnectorError, type ConnectorFailure } from '../connector-error';
import type { FetchLike } from '../http-json';
import type { S2SLabResult, S2SPackage, SimulatedSource, SimulatorFault } from '../types';
import { createBiotrackClient } from './biotrack-client';
import { createBiotrackSimulator } from './biotrack-simulator';

const PASSWORD = 'hunter2-Secret!';
const WINDOW = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-02T00:00:00Z') };
const PAGE_SIZE = 10;

const ROOMS = [
  { id: '101', name: 'Vault A' },
  { id: '102', name: 'Vault B' },
  { id: '103', name: 'Packaging' },
];

/** 25 packages in Vault A, 20 in Vault B, 15 in Packaging; every fifth changed before the window. */
function makePackages(): S2SPackage[] {
  const perRoom = [25, 20, 15];
  return ROOMS.flatMap((room, roomIndex) =>
    Array.from({ length: perRoom[roomIndex] ?? 0 }, (_, index): S2SPackage => {
      const tag = `60000${roomIndex}${String(index).padStart(10, '0')}`;
      return {
        packageId: tag,
        tag,
        batchNumber: `5000000000${roomIndex}${String(Math.floor(index / 3)).padStart(5, '0')}`,
        itemName: `Product ${roomIndex}-${index}`,
        category: index % 2 === 0 ? 'Usable Marijuana' : 'Marijuana Extract for Inhalation',
        quantity: index === 7 ? 12.5 : 10 + index,
        unitOfMeasure: index % 2 === 0 ? 'each' : 'g',
        locationId: room.id,
        locationName: room.name,
        packagedDate: '2026-02-01',
        expirationDate: '2027-02-01',
        labTestingState: null,
        labExpiresAt: null,
        onHold: false,
        lastModified: index % 5 === 4 ? '2026-02-27T10:00:00.000Z' : new Date(Date.UTC(2026, 2, 1, index % 24, 15)).toISOString(),
      };
    }),
  );
}

/** By the package's place in its room: passed with terpenes, passed, failed, none; and again. */
function makeLabResults(pkg: S2SPackage): S2SLabResult[] {
  const index = Number(pkg.tag.slice(-10));
  if (index % 4 === 3) return [];
  const failed = index % 4 === 2;
  return [
    {
      packageId: pkg.packageId,
      resultId: `QA-${pkg.tag}`,
      passed: !failed,
      status: failed ? 'failed' : 'passed',
      testedAt: '2026-02-10T12:00:00.000Z',
      expiresAt: '2027-02-10',
      thc: { value: 21.4, unit: 'Percentage' },
      cbd: { value: 0.3, unit: 'Percentage' },
      totalCannabinoids: { value: 24.1, unit: 'Percentage' },
      terpenes: index % 4 === 0 ? [{ terpeneName: 'Myrcene', percentage: 0.82 }, { terpeneName: 'Limonene', percentage: 0.41 }] : [],
    },
  ];
}

function makeSource(): SimulatedSource {
  const packages = makePackages();
  const results = new Map(packages.map((pkg) => [pkg.packageId, makeLabResults(pkg)]));
  return {
    locations: ROOMS,
    packagesOf: (locationId) => packages.filter((pkg) => pkg.locationId === locationId),
    labResultsOf: (packageId) => results.get(packageId) ?? [],
  };
}

type Setup = {
  client: ReturnType<typeof createBiotrackClient>;
  simulator: ReturnType<typeof createBiotrackSimulator>;
  /** The action of every request, in order. */
  actions: string[];
  sessionIds: Set<string>;
};

let served: ServedFetch | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
});

async function setup(options: { faults?: SimulatorFault[]; retry?: Parameters<typeof createBiotrackClient>[0]['retry']; maxPages?: number; intercept?: (action: string) => Response | null } = {}): Promise<Setup> {
  const simulator = createBiotrackSimulator({ source: makeSource(), faults: options.faults, pageSize: PAGE_SIZE });
  const actions: string[] = [];
  const sessionIds = new Set<string>();
  // Reads each request on its way to the simulator, and each login's answer, to see what travelled.
  const recording: FetchLike = async (input, init) => {
    const text = await new Response(init.body).text();
    const body = JSON.parse(text) as { action: string; sessionid?: string };
    actions.push(body.action);
    if (body.sessionid) sessionIds.add(body.sessionid);
    const intercepted = options.intercept?.(body.action);
    if (intercepted) return intercepted;
    const response = await simulator.fetch(input, { ...init, body: text });
    if (body.action === 'login' && response.ok) {
      const answer = (await response.clone().json().catch(() => ({}))) as { sessionid?: string };
      if (answer.sessionid) sessionIds.add(answer.sessionid);
    }
    return response;
  };
  served = await serveFetch(recording);
  const client = createBiotrackClient({
    baseUrl: `${served.baseUrl}/serverjson.asp`,
    licenseNumber: '999000100',
    username: 'api@example.com',
    password: PASSWORD,
    retry: { timeoutMs: 2_000, deadlineMs: 10_000, retries: 2, minBackoffMs: 10, ...options.retry },
    maxPages: options.maxPages,
  });
  return { client, simulator, actions, sessionIds };
}

async function expectFailure(setupDone: Setup, call: Promise<unknown>, failure: ConnectorFailure): Promise<ConnectorError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  const connectorError = error as ConnectorError;
  expect(connectorError.failure).toBe(failure);
  expect(connectorError.message).not.toContain(PASSWORD);
  for (const sessionId of setupDone.sessionIds) expect(connectorError.message).not.toContain(sessionId);
  return connectorError;
}

const count = (actions: string[], action: string) => actions.filter((each) => each === action).length;

describe('BioTrack client against the simulator over HTTP', () => {
  it('logs in once, reuses the session and lists the licence rooms as locations', async () => {
    const run = await setup();
    expect(await run.client.listLocations()).toEqual(ROOMS);
    await run.client.listActivePackages('101', WINDOW);
    await run.client.listLabResults('101', '600000000000000');
    expect(count(run.actions, 'login')).toBe(1);
    expect(run.sessionIds.size).toBe(1);
    expect(run.simulator.requestCount()).toBe(run.actions.length);
    expect(run.client.system).toBe('biotrack');
  });

  it('is refused by the simulator without a session or without API 4.0', async () => {
    const { fetch } = createBiotrackSimulator({ source: makeSource() });
    const post = async (body: Record<string, unknown>) => (await fetch('http://biotrack.test/', { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
    expect(await post({ action: 'sync_inventory', API: '4.0', sessionid: 'made-up' })).toMatchObject({ success: 0, error: expect.stringMatching(/session/i) as unknown });
    const { sessionid } = (await post({ action: 'login', license_number: '999000100', username: 'api@example.com', password: PASSWORD })) as { sessionid: string };
    expect(await post({ action: 'sync_inventory', sessionid })).toMatchObject({ success: 0, error: 'Unsupported API version.' });
    expect(await post({ action: 'sync_inventory_room', sessionid, API: '4.0' })).toMatchObject({ success: 1, more: 0, inventory_room: [{ roomid: '101', name: 'Vault A' }, {}, {}] });
  });

  it('answers after the event loop has run, as a network would: an embedded listing never holds the server', async () => {
    const { fetch } = createBiotrackSimulator({ source: makeSource() });
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    await fetch('http://biotrack.test/', { method: 'POST', body: JSON.stringify({ action: 'login', license_number: '999000100', username: 'api@example.com', password: PASSWORD }) }).then(() => order.push('answer'));

    expect(order).toEqual(['other work', 'answer']);
  });

  it('stops when the caller cancels, without a connector failure', async () => {
    const run = await setup({ faults: [{ kind: 'timeout', on: 'locations' }] });
    const controller = new AbortController();
    const call = run.client.listLocations({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('import cancelled')), 100);
    await expect(call).rejects.toThrow('import cancelled');
  });

  it('logs in again once when BioTrack says the session expired', async () => {
    const run = await setup();
    await run.client.listLocations();
    run.simulator.expireSessions();
    expect(await run.client.listLocations()).toEqual(ROOMS);
    expect(count(run.actions, 'login')).toBe(2);
    expect(run.sessionIds.size).toBe(2);
  });

  it('gives up as unauthorized when a fresh session is refused too', async () => {
    const run = await setup({ faults: [{ kind: 'unauthorized', on: 'locations' }] });
    const error = await expectFailure(run, run.client.listLocations(), 'unauthorized');
    expect(error.message).toContain('sync_inventory_room');
    expect(count(run.actions, 'login')).toBe(2);
  });

  it('follows every page and keeps only the room and the window asked for', async () => {
    const run = await setup();
    const progress: number[] = [];
    const packages = await run.client.listActivePackages('101', WINDOW, { onProgress: ({ fetched }) => progress.push(fetched) });
    // 60 inventory records at 10 a page: 6 pages, all read.
    expect(count(run.actions, 'sync_inventory')).toBe(6);
    const expected = makePackages().filter((pkg) => pkg.locationId === '101' && pkg.lastModified.startsWith('2026-03-01'));
    expect(expected).toHaveLength(20);
    expect(packages.map((pkg) => pkg.tag).sort()).toEqual(expected.map((pkg) => pkg.tag).sort());
    expect(packages.every((pkg) => pkg.locationId === '101' && pkg.locationName === 'Vault A')).toBe(true);
    expect(progress.at(-1)).toBe(20);
  });

  it('finds tags by listing the room without a window: old ones too, none of another room, none unknown', async () => {
    const run = await setup();
    const all = makePackages();
    const old = all.find((pkg) => pkg.locationId === '101' && pkg.lastModified.startsWith('2026-02-27'))!;
    const recent = all.find((pkg) => pkg.locationId === '101' && pkg.lastModified.startsWith('2026-03-01'))!;
    const elsewhere = all.find((pkg) => pkg.locationId !== '101')!;
    const found = await run.client.findActivePackages('101', [old.tag, recent.tag, elsewhere.tag, '600009999999999']);
    expect(found.map((pkg) => pkg.tag).sort()).toEqual([old.tag, recent.tag].sort());
  });

  it('hands the room’s packages on page by page, asking for a page only once the one before is taken', async () => {
    const run = await setup();
    const taken: { items: number; pagesAsked: number }[] = [];
    await run.client.eachActivePackagePage('101', WINDOW, {
      keep: (pkg) => pkg.tag,
      use: async (items) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        taken.push({ items: items.length, pagesAsked: count(run.actions, 'sync_inventory') });
      },
    });
    expect(taken.map((page) => page.pagesAsked)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(taken.reduce((sum, page) => sum + page.items, 0)).toBe(20);
  });

  it('takes a package changed exactly at the window start and leaves one changed exactly at its end', async () => {
    const base = makeSource();
    const [first, second] = base.packagesOf('102');
    const edges = [
      { ...first!, lastModified: WINDOW.start.toISOString() },
      { ...second!, lastModified: WINDOW.end.toISOString() },
    ];
    const simulator = createBiotrackSimulator({ source: { ...base, packagesOf: (id) => (id === '102' ? edges : []) } });
    served = await serveFetch(simulator.fetch);
    const client = createBiotrackClient({ baseUrl: served.baseUrl, licenseNumber: '999000100', username: 'api@example.com', password: PASSWORD });
    const packages = await client.listActivePackages('102', WINDOW);
    expect(packages.map((pkg) => pkg.tag)).toEqual([first!.tag]);
  });

  it('maps every field of an inventory record', async () => {
    const run = await setup();
    const packages = await run.client.listActivePackages('102', WINDOW);
    const source = makePackages().find((pkg) => pkg.locationId === '102' && pkg.quantity === 12.5)!;
    const mapped = packages.find((pkg) => pkg.tag === source.tag);
    expect(mapped).toEqual({
      packageId: source.tag,
      tag: source.tag,
      batchNumber: source.batchNumber,
      itemName: source.itemName,
      category: 'Marijuana Extract for Inhalation',
      quantity: 12.5,
      unitOfMeasure: 'g',
      locationId: '102',
      locationName: 'Vault B',
      packagedDate: '2026-02-01',
      expirationDate: '2027-02-01',
      // Index 7 of the room: 7 % 4 === 3, no lab result.
      labTestingState: 'NotSubmitted',
      labExpiresAt: null,
      onHold: false,
      lastModified: source.lastModified,
    });
    const states = new Map(packages.map((pkg) => [pkg.tag, pkg.labTestingState]));
    const all = makePackages();
    const byIndex = (index: number) => all.find((pkg) => pkg.locationId === '102' && pkg.tag.endsWith(String(index).padStart(10, '0')))!;
    expect(states.get(byIndex(0).tag)).toBe('TestPassed');
    expect(states.get(byIndex(2).tag)).toBe('TestFailed');
    expect(packages.find((pkg) => pkg.tag === byIndex(0).tag)?.labExpiresAt).toBe('2027-02-10');
  });

  it('reads lab results passed, failed and missing, with potency in percent and terpenes when reported', async () => {
    const run = await setup();
    const tags = makePackages()
      .filter((pkg) => pkg.locationId === '103')
      .map((pkg) => pkg.tag);
    const [passedWithTerpenes, passed, failed, missing] = await Promise.all(tags.slice(0, 4).map((tag) => run.client.listLabResults('103', tag)));
    expect(passedWithTerpenes).toEqual([
      {
        packageId: tags[0],
        resultId: `QA-${tags[0]}`,
        passed: true,
        status: 'passed',
        testedAt: '2026-02-10T12:00:00.000Z',
        expiresAt: '2027-02-10',
        thc: { value: 21.4, unit: 'Percentage' },
        cbd: { value: 0.3, unit: 'Percentage' },
        totalCannabinoids: { value: 24.1, unit: 'Percentage' },
        terpenes: [
          { terpeneName: 'Myrcene', percentage: 0.82 },
          { terpeneName: 'Limonene', percentage: 0.41 },
        ],
      },
    ]);
    expect(passed?.[0]).toMatchObject({ passed: true, status: 'passed', terpenes: [] });
    expect(failed?.[0]).toMatchObject({ passed: false, status: 'failed', thc: { value: 21.4, unit: 'Percentage' } });
    expect(missing).toEqual([]);
    expect(count(run.actions, 'login')).toBe(1);
    // One pass over the licence's QA samples (46 of them, 10 a page) answers all four packages.
    expect(count(run.actions, 'sync_inventory_qa_sample')).toBe(5);
  });

  it('waits out a 429 and then succeeds', async () => {
    const run = await setup({ faults: [{ kind: 'rate-limit', on: 'locations', times: 1 }] });
    const startedAt = Date.now();
    expect(await run.client.listLocations()).toEqual(ROOMS);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(count(run.actions, 'sync_inventory_room')).toBe(2);
  });

  it('retries two 500s and then succeeds', async () => {
    const run = await setup({ faults: [{ kind: 'server-error', on: 'packages', times: 2 }] });
    const packages = await run.client.listActivePackages('101', WINDOW);
    expect(packages).toHaveLength(20);
    expect(count(run.actions, 'sync_inventory')).toBe(8);
  });

  it('fails as server when BioTrack keeps answering 500', async () => {
    const run = await setup({ faults: [{ kind: 'server-error', on: 'packages' }] });
    const error = await expectFailure(run, run.client.listActivePackages('101', WINDOW), 'server');
    expect(error.message).toContain('BioTrack sync_inventory');
    expect(count(run.actions, 'sync_inventory')).toBe(3);
  });

  it('fails as timeout when BioTrack never answers', async () => {
    const run = await setup({ faults: [{ kind: 'timeout', on: 'lab-results' }], retry: { timeoutMs: 150, retries: 1 } });
    await expectFailure(run, run.client.listLabResults('101', '600000000000000'), 'timeout');
  });

  it('fails as malformed on an answer that is not JSON', async () => {
    const run = await setup({ faults: [{ kind: 'malformed', on: 'packages', times: 1 }] });
    await expectFailure(run, run.client.listActivePackages('101', WINDOW), 'malformed');
  });

  it('fails as too-many-pages when BioTrack says more forever', async () => {
    const run = await setup({ faults: [{ kind: 'endless-pages', on: 'packages' }], maxPages: 12 });
    const error = await expectFailure(run, run.client.listActivePackages('101', WINDOW), 'too-many-pages');
    expect(error.message).toContain('12 pages');
    expect(count(run.actions, 'sync_inventory')).toBe(12);
  });

  it('fails as unauthorized when the login is refused, and asks no more', async () => {
    const run = await setup({ faults: [{ kind: 'unauthorized', on: 'login' }] });
    const error = await expectFailure(run, run.client.listLocations(), 'unauthorized');
    expect(error.message).toContain('Invalid username or password.');
    expect(run.actions).toEqual(['login']);
  });

  it('fails as rejected with BioTrack’s reason, never our password even when BioTrack echoes it', async () => {
    const run = await setup({ intercept: (action) => (action === 'sync_inventory_room' ? Response.json({ success: 0, error: `Licence suspended for ${PASSWORD}.`, errorcode: '602' }) : null) });
    const error = await expectFailure(run, run.client.listLocations(), 'rejected');
    expect(error.message).toContain('Licence suspended');
  });

  it('answers not-found for a room the licence does not have', async () => {
    const run = await setup();
    await expectFailure(run, run.client.listActivePackages('999', WINDOW), 'not-found');
  });
});
