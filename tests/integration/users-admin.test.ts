import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { DEMO_USERS } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

const list = (body: object, market = 'MN', user: 'mnAdmin' | 'nvAdmin' = 'mnAdmin') =>
  api.call(user, { method: 'POST', url: '/api/users/list', body: { marketCode: market, pagination: { page: 1, pageSize: 100 }, ...body }, market });

async function auditRows(entityId: string) {
  return queryRows<{ action: string; actor_user_id: string; before: any; after: any; market_id: number }>(
    api.database.db,
    sql`select action, actor_user_id, before, after, market_id from audit_log where entity_type = 'user' and entity_id = ${entityId} order by id`,
  );
}

describe('user list', () => {
  it("lists the market's users with their role here and in other markets", async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    const byName = Object.fromEntries(body.data.map((u: any) => [u.name, u]));
    expect(byName['Casey Nguyen'].role).toBe('Fulfilment Person');
    expect(byName['Dana Brooks'].markets).toEqual([
      { code: 'MN', role: 'Sales Manager' },
      { code: 'NJ', role: 'Fulfilment Person' },
    ]);
    expect(byName['Pat Quinn'].isActive).toBe(false);
    expect(byName['Priya Shah']).toBeUndefined();
    expect(body.pagination).toMatchObject({ currentPage: 1, pageSize: 100, totalRecords: body.data.length, recordsOnPage: body.data.length });
  });

  it("offers every user on the 'all' tab, with no role here for those from other markets", async () => {
    const { body } = await list({ tab: 'all', search: 'priya' });
    expect(body.data).toEqual([expect.objectContaining({ name: 'Priya Shah', role: null, markets: [{ code: 'NV', role: 'Market Admin' }] })]);
  });

  it('searches, filters, sorts and pages', async () => {
    const search = await list({ search: 'lee' });
    expect(search.body.data.map((u: any) => u.name)).toEqual(['Jordan Lee']);
    const filtered = await list({ columnFilter: [{ column: 'role', type: 'text', value: 'Sales' }], sort: { column: 'name', order: 'desc' } });
    expect(filtered.body.data.map((u: any) => u.name)).toEqual(['Sam Rivera', 'Pat Quinn', 'Jordan Lee', 'Dana Brooks']);
    const paged = await list({ pagination: { page: 2, pageSize: 2 }, sort: [{ column: 'name', order: 'asc' }] });
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.pagination).toMatchObject({ currentPage: 2, pageSize: 2, recordsOnPage: 2 });
    expect(paged.body.pagination.totalPages).toBe(Math.ceil(paged.body.pagination.totalRecords / 2));
  });

  it('treats a search for wildcards literally', async () => {
    expect((await list({ search: '%' })).body.data).toEqual([]);
  });

  it('refuses a sort or filter column the list does not have, naming the allowed ones', async () => {
    const sort = await list({ sort: { column: 'password', order: 'asc' } });
    expect(sort.status).toBe(400);
    expect(sort.body.details).toEqual([{ field: 'sort[0].column', message: "must be one of name, email, role, isActive, createdAt (got 'password')" }]);
    const filter = await list({ columnFilter: [{ column: 'azure_user_id', type: 'text', value: 'x' }] });
    expect(filter.status).toBe(400);
    expect(filter.body.details[0].field).toBe('columnFilter[0].column');
    const tab = await list({ tab: 'everyone' });
    expect(tab.status).toBe(400);
  });
});

describe('roles and status', () => {
  it('sets a role in the current market, and the user then has those permissions', async () => {
    const casey = DEMO_USERS.mnFulfilment;
    const changed = await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${casey.id}/role`, body: { role: 'Sales Manager' }, market: 'MN' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('Sales Manager');
    const permissions = await api.call('mnFulfilment', { url: `/api/user/${casey.azureUserId}/permissions` });
    expect(permissions.body.data.MN.role).toBe('Sales Manager');
    expect(permissions.body.data.MN.Permission['orders-order_detail'].approve).toBe(true);
    const [entry] = (await auditRows(casey.id)).slice(-1);
    expect(entry).toMatchObject({ action: 'set_role', actor_user_id: DEMO_USERS.mnAdmin.id, before: { roles: { MN: 'Fulfilment Person' } }, after: { roles: { MN: 'Sales Manager' } } });
    await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${casey.id}/role`, body: { role: 'Fulfilment Person' }, market: 'MN' });
  });

  it('gives a user from another market a role here, and removes it again', async () => {
    const priya = DEMO_USERS.nvAdmin;
    const added = await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${priya.id}/role`, body: { role: 'Sales Person' }, market: 'MN' });
    expect(added.body.data.markets).toEqual([
      { code: 'MN', role: 'Sales Person' },
      { code: 'NV', role: 'Market Admin' },
    ]);
    const removed = await api.call('mnAdmin', { method: 'DELETE', url: `/api/users/${priya.id}/role`, market: 'MN' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.markets).toEqual([{ code: 'NV', role: 'Market Admin' }]);
    expect((await auditRows(priya.id)).map((row) => row.action)).toEqual(['set_role', 'remove_role']);
  });

  it('refuses a role that does not exist, naming the roles', async () => {
    const { status, body } = await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${DEMO_USERS.mnSalesPerson.id}/role`, body: { role: 'admin' }, market: 'MN' });
    expect(status).toBe(400);
    expect(body.details[0]).toMatchObject({ field: 'role', message: 'must be one of Market Admin, Sales Manager, Sales Person, Fulfilment Person' });
  });

  it('deactivates a user, whose next request answers 401, and reactivates them', async () => {
    const jordan = DEMO_USERS.mnSalesPerson;
    expect((await api.call('mnSalesPerson', { url: '/api/markets' })).status).toBe(200);
    const off = await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${jordan.id}/status`, body: { isActive: false }, market: 'MN' });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('User deactivated');
    const refused = await api.call('mnSalesPerson', { url: '/api/markets' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/deactivated/);
    await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${jordan.id}/status`, body: { isActive: true }, market: 'MN' });
    expect((await api.call('mnSalesPerson', { url: '/api/markets' })).status).toBe(200);
    expect((await auditRows(jordan.id)).map((row) => row.action)).toEqual(['deactivate', 'activate']);
  });

  it('never lets an admin lock themselves out', async () => {
    const me = DEMO_USERS.mnAdmin.id;
    const role = await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${me}/role`, body: { role: 'Sales Person' }, market: 'MN' });
    expect(role.status).toBe(409);
    const status = await api.call('mnAdmin', { method: 'PUT', url: `/api/users/${me}/status`, body: { isActive: false }, market: 'MN' });
    expect(status.status).toBe(409);
    expect(status.body.message).toBe('You cannot deactivate or reactivate your own account.');
  });

  it("treats another market's user as not found, and changes nothing", async () => {
    const jordan = DEMO_USERS.mnSalesPerson;
    const fromNv = await api.call('nvAdmin', { method: 'PUT', url: `/api/users/${jordan.id}/status`, body: { isActive: false }, market: 'NV' });
    expect(fromNv.status).toBe(404);
    expect(fromNv.body.message).toBe('User not found');
    const removing = await api.call('nvAdmin', { method: 'DELETE', url: `/api/users/${jordan.id}/role`, market: 'NV' });
    expect(removing.status).toBe(404);
    expect((await api.call('mnSalesPerson', { url: '/api/markets' })).status).toBe(200);
  });
});

describe('role grants', () => {
  it("edits a role's grants for one market, which its users then hold", async () => {
    const current = await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' });
    const salesPerson = current.body.data['Sales Person'];
    expect(salesPerson['standard-case-sizes'].view).toBe(false);
    const updated = await api.call('mnAdmin', {
      method: 'PUT',
      url: `/api/roles/${encodeURIComponent('Sales Person')}/permissions`,
      body: { Permission: { ...salesPerson, 'standard-case-sizes': { view: true, update: false } } },
      market: 'MN',
    });
    expect(updated.status).toBe(200);
    const jordan = await api.call('mnSalesPerson', { url: `/api/user/${DEMO_USERS.mnSalesPerson.azureUserId}/permissions` });
    expect(jordan.body.data.MN.Permission['standard-case-sizes'].view).toBe(true);
    const nv = await api.call('nvAdmin', { url: '/api/roles/permissions', market: 'NV' });
    expect(nv.body.data['Sales Person']['standard-case-sizes'].view).toBe(false);
  });

  it('refuses unknown features or actions, and a Market Admin without users admin', async () => {
    const unknown = await api.call('mnAdmin', { method: 'PUT', url: '/api/roles/Sales%20Person/permissions', body: { Permission: { reports: { view: true } } }, market: 'MN' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].field).toBe('Permission.reports');
    const lockout = await api.call('mnAdmin', { method: 'PUT', url: '/api/roles/Market%20Admin/permissions', body: { Permission: { users: { admin: false } } }, market: 'MN' });
    expect(lockout.status).toBe(400);
    expect(lockout.body.message).toBe('Market Admin must keep users admin, or nobody could administer this market.');
    const still = await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' });
    expect(still.body.data['Market Admin'].users.admin).toBe(true);
  });
});

describe('permissions of a user', () => {
  it("answers one's own permissions in the spec's shape, one entry per market", async () => {
    const dana = DEMO_USERS.twoMarkets;
    const { status, body } = await api.call('twoMarkets', { url: `/api/user/${dana.azureUserId}/permissions` });
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['MN', 'NJ', 'azure_user_id', 'user_id']);
    expect(body.data.azure_user_id).toBe(dana.azureUserId);
    expect(body.data.user_id).toBe(dana.id);
    expect(body.data.MN.role).toBe('Sales Manager');
    expect(body.data.NJ.role).toBe('Fulfilment Person');
    expect(body.data.NJ.Permission['orders-picklist_details'].picked).toBe(true);
  });

  it("shows a Market Admin another user's permissions only in the admin's markets", async () => {
    const dana = DEMO_USERS.twoMarkets;
    const asMn = await api.call('mnAdmin', { url: `/api/user/${dana.azureUserId}/permissions` });
    expect(asMn.status).toBe(200);
    expect(Object.keys(asMn.body.data).sort()).toEqual(['MN', 'azure_user_id', 'user_id']);
    const asNv = await api.call('nvAdmin', { url: `/api/user/${dana.azureUserId}/permissions` });
    expect(asNv.status).toBe(404);
  });

  it("refuses anyone else's permissions to a user who is not a Market Admin", async () => {
    const { status, body } = await api.call('mnSalesPerson', { url: `/api/user/${DEMO_USERS.mnAdmin.azureUserId}/permissions` });
    expect(status).toBe(403);
    expect(body.message).toBe('You can only view your own permissions.');
  });
});
