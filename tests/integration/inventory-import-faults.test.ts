// Seed-to-sale failures during an import: whatever the system does, the import ends FAILED with the reason
// and no stock changes. The simulators answer with the faults SIMULATOR_FAULTS switches on per market.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ SIMULATOR_FAULTS: 'MD:server-error:packages,NJ:malformed:lab-results,FL:unauthorized:login,NV:endless-pages:packages' });
});
afterAll(async () => {
  await api.close();
});

async function stockOf(market: string) {
  const [row] = await queryRows<{ units: number; tags: number; batches: number }>(
    api.database.db,
    sql`select coalesce(sum(b.active_units), 0)::int as units, count(*)::int as batches,
               (select count(*)::int from batch_tags t join batches x on x.id = t.batch_id where x.market_id = m.id) as tags
        from markets m left join batches b on b.market_id = m.id where m.code = ${market} group by m.id`,
  );
  return row;
}

async function importThatFails(user: DemoUserKey, market: string) {
  const { body: locations } = await api.call(user, { method: 'POST', url: '/api/locations/query', market, body: {} });
  const before = await stockOf(market);
  const started = await api.call(user, { method: 'POST', url: '/api/inventory/import/initiate', market, body: { market_code: market, inventory_location_ids: [locations.data[0].inventory_location_id] } });
  expect(started.status).toBe(201);
  const deadline = Date.now() + 25_000;
  let latest: any;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    latest = (await api.call(user, { url: '/api/inventory/import/status', market })).body.data[0];
  } while (['DRAFT', 'IN_PROGRESS'].includes(latest.import_status) && Date.now() < deadline);
  expect(await stockOf(market)).toEqual(before);
  const [rows] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from import_rows where import_id = ${latest.import_id}`);
  expect(rows!.n).toBe(0);
  return latest;
}

describe('connector failures end the import FAILED with the reason and nothing changed', () => {
  it('Metrc answering 500 to every page', async () => {
    const latest = await importThatFails('mdAdmin', 'MD');
    expect(latest.import_status).toBe('FAILED');
    expect(latest.comments).toMatch(/Metrc .*HTTP 500/);
    expect(latest.comments).toContain('No changes were applied.');
    const stats = await api.call('mdAdmin', { url: '/api/inventory/stat', market: 'MD' });
    expect(stats.body.data).toMatchObject({ importStatus: 'FAILED', isSyncing: false });
  });

  it('lab results that are not JSON', async () => {
    const latest = await importThatFails('njAdmin', 'NJ');
    expect(latest.import_status).toBe('FAILED');
    expect(latest.comments).toMatch(/not JSON/);
  });

  it('a page that never ends', async () => {
    const latest = await importThatFails('nvAdmin', 'NV');
    expect(latest.import_status).toBe('FAILED');
    expect(latest.comments).toMatch(/pages?/i);
  });

  it('BioTrack refusing the login, without the password in the reason', async () => {
    const latest = await importThatFails('flAdmin', 'FL');
    expect(latest.import_status).toBe('FAILED');
    expect(latest.comments).toMatch(/BioTrack/);
    expect(latest.comments).not.toContain('simulated-password');
  });
});
