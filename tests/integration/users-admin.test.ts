import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { DEMO_USERS, type DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { FEATURES, PERMISSION_CATALOGUE } from '../../src/shared/permissions';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

const list = (body: object, market = 'MN', user: DemoUserKey = 'mnAdmin') =>
  api.call(user, { method: 'POST', url: '/api/users/list', body: { marketCode: market, pagination: { page: 1, pageSize: 100 }, ...body }, market });

const setRole = (admin: DemoUserKey, market: string, target: DemoUserKey, role: string) =>
  api.call(admin, { method: 'PUT', url: `/api/users/${DEMO_USERS[target].id}/role`, body: { role }, market });
const setStatus = (admin: DemoUserKey, market: string, target: DemoUserKey, isActive: boolean) =>
  api.call(admin, { method: 'PUT', url: `/api/users/${DEMO_USERS[target].id}/status`, body: { isActive }, market });
const removeRole = (admin: DemoUserKey, market: string, target: DemoUserKey) =>
  api.call(admin, { method: 'DELETE', url: `/api/users/${DEMO_USERS[target].id}/role`, market });
const addToMarket = (admin: DemoUserKey, market: string, target: DemoUserKey, role: string) =>
  api.call(admin, { method: 'POST', url: `/api/users/${DEMO_USERS[target].id}/markets`, body: { role }, market });

/** Each member of the market, by name, with their role and whether they are active there. */
async function membersOf(code: string) {
  const rows = await queryRows<{ name: string; role: string; is_active: boolean }>(
    api.database.db,
    sql`select u.name, r.role, r.is_active from user_market_roles r join users u on u.id = r.user_id join markets m on m.id = r.market_id
        where m.code = ${code} order by u.name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, { role: row.role, isActive: row.is_active }]));
}

async function auditRows(entityId: string) {
  return queryRows<{ action: string; actor_user_id: string; before: any; after: any; market_id: number }>(
    api.database.db,
    sql`select action, actor_user_id, before, after, market_id from audit_log where entity_type = 'user' and entity_id = ${entityId} order by id`,
  );
}

describe('user list', () => {
  it("lists the market's users with their role and status here, and no market the caller does not administer", async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    const byName = Object.fromEntries(body.data.map((u: any) => [u.name, u]));
    expect(byName['Casey Nguyen'].role).toBe('Fulfilment Person');
    // Dana also works in NJ, which Alex does not administer: that is none of Alex's business.
    expect(byName['Dana Brooks'].markets).toEqual([{ code: 'MN', role: 'Sales Manager', isActive: true }]);
    expect(byName['Pat Quinn']).toMatchObject({ isActive: false, markets: [{ code: 'MN', role: 'Sales Person', isActive: false }] });
    expect(byName['Priya Shah']).toBeUndefined();
    expect(body.pagination).toMatchObject({ currentPage: 1, pageSize: 100, totalRecords: body.data.length, recordsOnPage: body.data.length });
  });

  it("shows on the 'all' tab only users of markets the caller administers, with their roles in those markets only", async () => {
    const everyone = await list({ tab: 'all' });
    expect(everyone.status).toBe(200);
    expect(everyone.body.data.map((u: any) => u.name)).toEqual((await list({})).body.data.map((u: any) => u.name));
    expect((await list({ tab: 'all', search: 'priya' })).body.data).toEqual([]);

    // Tom administers NJ; Priya makes him Market Admin of NV too. His 'all' tab then holds both markets' users.
    expect((await addToMarket('nvAdmin', 'NV', 'njAdmin', 'Market Admin')).status).toBe(201);
    const tom = await list({ tab: 'all' }, 'NJ', 'njAdmin');
    const byName = Object.fromEntries(tom.body.data.map((u: any) => [u.name, u]));
    expect(Object.keys(byName).sort()).toEqual(['Dana Brooks', 'Priya Shah', 'Tom Okafor']);
    expect(byName['Priya Shah']).toMatchObject({ role: null, isActive: null, markets: [{ code: 'NV', role: 'Market Admin', isActive: true }] });
    expect(byName['Dana Brooks'].markets).toEqual([{ code: 'NJ', role: 'Fulfilment Person', isActive: true }]);
    expect(byName['Tom Okafor'].markets.map((m: any) => m.code)).toEqual(['NV', 'NJ']);
    expect((await removeRole('nvAdmin', 'NV', 'njAdmin')).status).toBe(200);
  });

  it('filters and sorts by the status in the current market', async () => {
    const inactive = await list({ columnFilter: [{ column: 'isActive', type: 'text', value: 'false' }] });
    expect(inactive.body.data.map((u: any) => u.name)).toEqual(['Pat Quinn']);
    const sorted = await list({ sort: { column: 'isActive', order: 'asc' } });
    expect(sorted.body.data[0].name).toBe('Pat Quinn');
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
    const changed = await setRole('mnAdmin', 'MN', 'mnFulfilment', 'Sales Manager');
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('Sales Manager');
    const permissions = await api.call('mnFulfilment', { url: `/api/user/${casey.azureUserId}/permissions` });
    expect(permissions.body.data.MN.role).toBe('Sales Manager');
    expect(permissions.body.data.MN.Permission['orders-order_detail'].approve).toBe(true);
    const [entry] = (await auditRows(casey.id)).slice(-1);
    expect(entry).toMatchObject({
      action: 'set_role',
      actor_user_id: DEMO_USERS.mnAdmin.id,
      before: { market: 'MN', role: 'Fulfilment Person', isActive: true },
      after: { market: 'MN', role: 'Sales Manager', isActive: true },
    });
    await setRole('mnAdmin', 'MN', 'mnFulfilment', 'Fulfilment Person');
  });

  it('never gives a role to someone outside the market: adding them is a separate, explicit step', async () => {
    const refused = await setRole('mnAdmin', 'MN', 'nvAdmin', 'Sales Person');
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('User not found');
    expect(await membersOf('MN')).not.toHaveProperty(['Priya Shah']);
    const priya = await api.call('nvAdmin', { url: `/api/user/${DEMO_USERS.nvAdmin.azureUserId}/permissions` });
    expect(Object.keys(priya.body.data).sort()).toEqual(['NV', 'azure_user_id', 'user_id']);
  });

  it('adds an existing account to the market with its first role, once, and removes it again', async () => {
    const priya = DEMO_USERS.nvAdmin;
    const added = await addToMarket('mnAdmin', 'MN', 'nvAdmin', 'Sales Person');
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('User added to market');
    // Alex sees Priya's role in MN, not that she administers NV.
    expect(added.body.data).toMatchObject({ userId: priya.id, role: 'Sales Person', isActive: true, markets: [{ code: 'MN', role: 'Sales Person', isActive: true }] });
    const own = await api.call('nvAdmin', { url: `/api/user/${priya.azureUserId}/permissions` });
    expect(own.body.data.MN.role).toBe('Sales Person');
    expect(own.body.data.NV.role).toBe('Market Admin');

    const again = await addToMarket('mnAdmin', 'MN', 'nvAdmin', 'Market Admin');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Priya Shah already has a role in Minnesota (Sales Person). Change it from the list instead.');
    expect((await membersOf('MN'))['Priya Shah']).toEqual({ role: 'Sales Person', isActive: true });

    const removed = await removeRole('mnAdmin', 'MN', 'nvAdmin');
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ role: null, isActive: null, markets: [] });
    expect((await auditRows(priya.id)).map((row) => [row.action, row.before.role, row.after.role])).toEqual([
      ['add_to_market', null, 'Sales Person'],
      ['remove_role', 'Sales Person', null],
    ]);
  });

  it('refuses to add an account that does not exist, or with a role that does not exist', async () => {
    const unknown = await api.call('mnAdmin', { method: 'POST', url: '/api/users/00000000-0000-4000-8000-00000000ffff/markets', body: { role: 'Sales Person' }, market: 'MN' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const badRole = await addToMarket('mnAdmin', 'MN', 'nvAdmin', 'Owner');
    expect(badRole.status).toBe(400);
    expect(badRole.body.details[0]).toMatchObject({ field: 'role' });
    expect(await membersOf('MN')).not.toHaveProperty(['Priya Shah']);
  });

  it('finds accounts to add by name or email, showing who they are and nothing of their other markets', async () => {
    const found = await api.call('mnAdmin', { url: '/api/users/accounts?search=PRIYA', market: 'MN' });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([{ userId: DEMO_USERS.nvAdmin.id, name: 'Priya Shah', email: 'priya.shah@demo.greenvault.example', inMarket: false }]);
    const member = await api.call('mnAdmin', { url: '/api/users/accounts?search=jordan.lee@', market: 'MN' });
    expect(member.body.data).toEqual([expect.objectContaining({ name: 'Jordan Lee', inMarket: true })]);
    const wildcard = await api.call('mnAdmin', { url: '/api/users/accounts?search=%25%25', market: 'MN' });
    expect(wildcard.body.data).toEqual([]);
    const short = await api.call('mnAdmin', { url: '/api/users/accounts?search=p', market: 'MN' });
    expect(short.status).toBe(400);
    expect(short.body.details[0]).toMatchObject({ field: 'search', message: 'must be at least 2 characters' });
  });

  it('deactivates a user, whose next request answers 401, and reactivates them', async () => {
    const jordan = DEMO_USERS.mnSalesPerson;
    expect((await api.call('mnSalesPerson', { url: '/api/markets' })).status).toBe(200);
    const off = await setStatus('mnAdmin', 'MN', 'mnSalesPerson', false);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('User deactivated');
    // Minnesota is Jordan's only market: deactivated in all of theirs, they are refused everywhere.
    const refused = await api.call('mnSalesPerson', { url: '/api/markets' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/deactivated/);
    await setStatus('mnAdmin', 'MN', 'mnSalesPerson', true);
    expect((await api.call('mnSalesPerson', { url: '/api/markets' })).status).toBe(200);
    expect((await auditRows(jordan.id)).map((row) => [row.action, row.after.isActive])).toEqual([
      ['deactivate', false],
      ['activate', true],
    ]);
  });

  it("holds an operator's change made in SQL, outside the app, from the user's next request on", async () => {
    const stat = async () => (await api.call('mnSalesPerson', { url: '/api/inventory/stat', market: 'MN' })).status;
    const setMembership = (isActive: boolean) => api.database.db.execute(sql`update user_market_roles set is_active = ${isActive} where user_id = ${DEMO_USERS.mnSalesPerson.id}`);
    expect(await stat()).toBe(200);
    await setMembership(false);
    try {
      // The change's notice reaches the app on commit (PGlite: before the update returns; PostgreSQL: moments later).
      await expect.poll(stat, { timeout: 1_000, interval: 20 }).toBe(401);
    } finally {
      await setMembership(true);
    }
    await expect.poll(stat, { timeout: 1_000, interval: 20 }).toBe(200);
  });

  it('deactivates a user in one market only: they keep working in their other markets', async () => {
    const dana = DEMO_USERS.twoMarkets;
    // Dana has just worked in Minnesota: the access check keeps what it read of her there (auth/caller-cache.ts).
    expect((await api.call('twoMarkets', { url: '/api/inventory/stat', market: 'MN' })).status).toBe(200);
    const off = await setStatus('mnAdmin', 'MN', 'twoMarkets', false);
    expect(off.status).toBe(200);

    expect((await api.call('twoMarkets', { url: '/api/inventory/stat', market: 'NJ' })).status).toBe(200);
    expect((await api.call('twoMarkets', { method: 'POST', url: '/api/picklist/register', body: {}, market: 'NJ' })).status).toBe(200);
    const inMn = await api.call('twoMarkets', { url: '/api/inventory/stat', market: 'MN' });
    expect(inMn.status).toBe(403);
    expect(inMn.body.message).toBe('Your account has been deactivated in Minnesota. Contact its Market Admin, or switch to one of your other markets.');
    expect(off.body.data).toMatchObject({ isActive: false, markets: [{ code: 'MN', role: 'Sales Manager', isActive: false }] });

    // Nothing offers Minnesota to Dana any more: not the markets, the permissions, the profile or sign-in.
    expect((await api.call('twoMarkets', { url: '/api/markets' })).body.data.map((m: any) => m.code)).toEqual(['NJ']);
    const permissions = await api.call('twoMarkets', { url: `/api/user/${dana.azureUserId}/permissions` });
    expect(Object.keys(permissions.body.data).sort()).toEqual(['NJ', 'azure_user_id', 'user_id']);
    expect((await api.call('twoMarkets', { url: '/api/auth/me' })).body.data.markets).toEqual([{ code: 'NJ', name: 'New Jersey', role: 'Fulfilment Person' }]);
    const demoUsers = await api.call(null, { url: '/api/auth/demo-users' });
    expect(demoUsers.body.data.find((u: any) => u.userId === dana.id).markets.map((m: any) => m.code)).toEqual(['NJ']);
    expect((await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: dana.id } })).status).toBe(200);

    // New Jersey's admin still sees Dana active there, and cannot see her Minnesota membership.
    const tom = await list({ search: 'dana' }, 'NJ', 'njAdmin');
    expect(tom.body.data).toEqual([expect.objectContaining({ isActive: true, markets: [{ code: 'NJ', role: 'Fulfilment Person', isActive: true }] })]);

    expect((await setStatus('mnAdmin', 'MN', 'twoMarkets', true)).status).toBe(200);
    expect((await api.call('twoMarkets', { url: '/api/inventory/stat', market: 'MN' })).status).toBe(200);
  });

  it('never lets an admin lock themselves out', async () => {
    const role = await setRole('mnAdmin', 'MN', 'mnAdmin', 'Sales Person');
    expect(role.status).toBe(409);
    const status = await setStatus('mnAdmin', 'MN', 'mnAdmin', false);
    expect(status.status).toBe(409);
    expect(status.body.message).toBe('You cannot deactivate or reactivate your own account.');
  });

  it("treats another market's user as not found, and changes nothing", async () => {
    const fromNv = await setStatus('nvAdmin', 'NV', 'mnSalesPerson', false);
    expect(fromNv.status).toBe(404);
    expect(fromNv.body.message).toBe('User not found');
    expect((await removeRole('nvAdmin', 'NV', 'mnSalesPerson')).status).toBe(404);
    expect((await setRole('nvAdmin', 'NV', 'mnSalesPerson', 'Market Admin')).status).toBe(404);
    expect((await api.call('mnSalesPerson', { url: '/api/markets' })).body.data.map((m: any) => m.code)).toEqual(['MN']);
    expect((await membersOf('MN'))['Jordan Lee']).toEqual({ role: 'Sales Person', isActive: true });
  });
});

describe('the last active Market Admin', () => {
  const lastAdminMessage = 'Alex Morgan is the last active Market Admin of Minnesota. Make someone else Market Admin here first.';

  it('cannot be demoted, removed or deactivated', async () => {
    // Only someone who is not a Market Admin can try: Sam, once Sales Manager holds users admin in MN.
    const grants = (await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' })).body.data['Sales Manager'];
    const url = `/api/roles/${encodeURIComponent('Sales Manager')}/permissions`;
    await api.call('mnAdmin', { method: 'PUT', url, body: { Permission: { ...grants, users: { admin: true } } }, market: 'MN' });

    for (const attempt of [
      () => setRole('mnSalesManager', 'MN', 'mnAdmin', 'Sales Person'),
      () => removeRole('mnSalesManager', 'MN', 'mnAdmin'),
      () => setStatus('mnSalesManager', 'MN', 'mnAdmin', false),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(lastAdminMessage);
    }
    expect((await membersOf('MN'))['Alex Morgan']).toEqual({ role: 'Market Admin', isActive: true });

    // With a second active admin, the first may go.
    expect((await setRole('mnSalesManager', 'MN', 'mnFulfilment', 'Market Admin')).status).toBe(200);
    expect((await setStatus('mnSalesManager', 'MN', 'mnAdmin', false)).status).toBe(200);
    // A deactivated admin does not count: Casey is now the last active one.
    expect((await setRole('mnSalesManager', 'MN', 'mnFulfilment', 'Fulfilment Person')).status).toBe(409);
    expect((await setStatus('mnSalesManager', 'MN', 'mnAdmin', true)).status).toBe(200);
    expect((await setRole('mnAdmin', 'MN', 'mnFulfilment', 'Fulfilment Person')).status).toBe(200);
    await api.call('mnAdmin', { method: 'PUT', url, body: { Permission: grants }, market: 'MN' });
  });

  // Elena and Luis are Maryland's two admins. Each tries, at the same moment, to take the other out.
  const rounds = [
    { name: 'demote', change: (admin: DemoUserKey, target: DemoUserKey) => setRole(admin, 'MD', target, 'Sales Manager') },
    { name: 'deactivate', change: (admin: DemoUserKey, target: DemoUserKey) => setStatus(admin, 'MD', target, false) },
    { name: 'remove', change: (admin: DemoUserKey, target: DemoUserKey) => removeRole(admin, 'MD', target) },
  ];

  it.each(rounds)('survives two admins who $name each other at once: one wins, and the market keeps an active admin', async ({ change }) => {
    const [elena, luis] = await Promise.all([change('mdAdmin', 'mdSecondAdmin'), change('mdSecondAdmin', 'mdAdmin')]);
    const statuses = [elena.status, luis.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const loser = elena.status === 200 ? luis : elena;
    // The loser is refused by the last-admin rule, or, if the winner committed before the loser's
    // request was let in, by having lost their admin rights already.
    expect([401, 403, 409]).toContain(loser.status);
    if (loser.status === 409) expect(loser.body.message).toMatch(/is the last active Market Admin of Maryland\./);
    const admins = Object.values(await membersOf('MD')).filter((member) => member.role === 'Market Admin' && member.isActive);
    expect(admins).toHaveLength(1);

    // Put Maryland back as it was: the winner restores the other admin.
    const [winner, other] = elena.status === 200 ? (['mdAdmin', 'mdSecondAdmin'] as const) : (['mdSecondAdmin', 'mdAdmin'] as const);
    const members = await membersOf('MD');
    const otherName = DEMO_USERS[other].name;
    if (!members[otherName]) expect((await addToMarket(winner, 'MD', other, 'Market Admin')).status).toBe(201);
    else {
      expect((await setRole(winner, 'MD', other, 'Market Admin')).status).toBe(200);
      expect((await setStatus(winner, 'MD', other, true)).status).toBe(200);
    }
    expect(await membersOf('MD')).toEqual({
      'Elena Petrova': { role: 'Market Admin', isActive: true },
      'Luis Ortega': { role: 'Market Admin', isActive: true },
    });
  });
});

describe('role grants', () => {
  it("edits a role's grants for one market, which its users then hold", async () => {
    const current = await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' });
    const salesPerson = current.body.data['Sales Person'];
    expect(salesPerson['standard-case-sizes'].view).toBe(false);
    const caseSizes = () => api.call('mnSalesPerson', { method: 'POST', url: '/api/products/case-sizes', market: 'MN', body: { marketCode: 'MN', pagination: { page: 1, pageSize: 5 } } });
    expect((await caseSizes()).status).toBe(403);
    const updated = await api.call('mnAdmin', {
      method: 'PUT',
      url: `/api/roles/${encodeURIComponent('Sales Person')}/permissions`,
      body: { Permission: { ...salesPerson, 'standard-case-sizes': { view: true, update: false } } },
      market: 'MN',
    });
    expect(updated.status).toBe(200);
    const jordan = await api.call('mnSalesPerson', { url: `/api/user/${DEMO_USERS.mnSalesPerson.azureUserId}/permissions` });
    expect(jordan.body.data.MN.Permission['standard-case-sizes'].view).toBe(true);
    // The grant holds from Jordan's very next request, though his refusal a moment ago was read with the old grants.
    expect((await caseSizes()).status).toBe(200);
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

describe('concurrent saves of grants', () => {
  it('answers 200 to eight saves of the same grants at once, and stores exactly those grants', async () => {
    const current = (await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' })).body.data['Sales Person'];
    const body = { Permission: { ...current, 'inventory-history': { view: true } } };
    const url = `/api/roles/${encodeURIComponent('Sales Person')}/permissions`;
    const responses = await Promise.all(Array.from({ length: 8 }, () => api.call('mnAdmin', { method: 'PUT', url, body, market: 'MN' })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect((await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' })).body.data['Sales Person']).toEqual(body.Permission);
    const [stored] = await queryRows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from role_permissions where market_id = 1 and role = 'Sales Person'`,
    );
    expect(stored!.n).toBe(FEATURES.reduce((total, feature) => total + PERMISSION_CATALOGUE[feature].length, 0));
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
