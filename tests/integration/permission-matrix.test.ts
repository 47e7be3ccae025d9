// Walks every registered /api route for every role and checks the server's answer against the grant
// table of ARCHITECTURE section 3, written out here independently of the code. A route added without
// an entry below fails the first test; a route guarded wrongly fails the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/enums';
import { DEMO_USERS, type DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

type Expected = 'public' | 'signed-in' | 'any-role' | `${string}:${string}`;

/** What each route needs, as the design says. */
const ROUTES: Record<string, Expected> = {
  'GET /api/health': 'public',
  'GET /api/auth/config': 'public',
  'GET /api/auth/demo-users': 'public',
  'POST /api/auth/demo-login': 'public',
  'GET /api/auth/me': 'signed-in',
  'GET /api/markets': 'signed-in',
  'GET /api/user/:id/permissions': 'signed-in',
  'GET /api/inventory/stat': 'any-role',
  'POST /api/locations/query': 'any-role',
  'GET /api/inventory/import/status': 'inventory-import:view',
  'POST /api/inventory/import/initiate': 'inventory-import:view',
  'POST /api/inventory/import/:importId/action': 'inventory-import:view',
  'GET /api/inventory/import/:importId/refresh': 'inventory-import:view',
  'POST /api/inventory/import/history': 'inventory-history:view',
  'POST /api/inventory/import/:importId/details': 'inventory-history:view',
  'POST /api/inventory/issues': 'inventory-issues:view',
  'POST /api/inventory/issues/refresh': 'inventory-issues:view',
  'GET /api/inventory/issues/refresh/status': 'inventory-issues:view',
  'POST /api/inventory/reconciliation/initiate': 'inventory-reconciliation_report:view',
  'GET /api/inventory/reconciliation/status': 'inventory-reconciliation_report:view',
  'POST /api/inventory/reconciliation/details': 'inventory-reconciliation_report:view',
  'POST /api/inventory/reconciliation/:reconId/action': 'inventory-reconciliation_report:view',
  'GET /api/inventory/reconciliation/:referenceId/refresh': 'inventory-reconciliation_report:view',
  'GET /api/exports/:token': 'public',
  'GET /api/inventory/batches/:batchId/tags': 'any-role',
  'POST /api/products/case-sizes': 'standard-case-sizes:view',
  'POST /api/products/case-sizes/manage': 'standard-case-sizes:update',
  'POST /api/menu/listing': 'menu_management-create_menu:view',
  'POST /api/menu/export': 'menu_management-create_menu:view',
  'GET /api/menu/settings': 'menu_management-menu_settings:view',
  'POST /api/menu/settings': 'menu_management-menu_settings:view',
  'POST /api/users/list': 'users:admin',
  'GET /api/users/accounts': 'users:admin',
  'POST /api/users/:userId/markets': 'users:admin',
  'PUT /api/users/:userId/role': 'users:admin',
  'DELETE /api/users/:userId/role': 'users:admin',
  'PUT /api/users/:userId/status': 'users:admin',
  'GET /api/roles/permissions': 'users:admin',
  'PUT /api/roles/:role/permissions': 'users:admin',
  'POST /api/picklist/register': 'orders-picklist_register:view',
  'GET /api/picklist/:id/detail': 'orders-picklist_details:view',
  'PUT /api/picklist/:id/edit': 'orders-picklist_details:picked',
  'POST /api/picklist/:id/edits': 'orders-picklist_details:picked',
  'POST /api/order/upload/create': 'orders-orders_history:upload_menu',
  'POST /api/order/upload/process': 'orders-orders_history:upload_menu',
  'GET /api/order/upload/status': 'orders-orders_history:upload_menu',
  'POST /api/order/history': 'orders-orders_history:view',
  'POST /api/order/:id/details': 'orders-orders_history:view',
  'POST /api/order/create': 'orders-orders_history:create_order',
  'PUT /api/order/:id/edit': 'orders-orders_history:view',
  'POST /api/order/:id/duplicate': 'orders-orders_history:create_order',
  'GET /api/order/:id/notes': 'orders-orders_history:view',
  'POST /api/order/:id/notes': 'orders-orders_history:view',
  'PUT /api/order/:id/status': 'orders-orders_history:view',
  'POST /api/order/inventory': 'orders-orders_history:create_order',
  'GET /api/sales-person': 'orders-orders_history:view',
  'GET /api/customer': 'orders-orders_history:view',
  'GET /api/customer/mso': 'orders-orders_history:view',
};

/** ARCHITECTURE section 3, the default grants, row by row. */
const GRANTS: Record<string, Role[]> = {
  'inventory-import:view': ['Market Admin'],
  'inventory-import:commit': ['Market Admin'],
  'inventory-import:discard': ['Market Admin'],
  'inventory-history:view': ['Market Admin', 'Sales Manager', 'Fulfilment Person'],
  'inventory-issues:view': ['Market Admin', 'Sales Manager', 'Fulfilment Person'],
  'inventory-reconciliation_report:view': ['Market Admin'],
  'menu_management-create_menu:view': ['Market Admin', 'Sales Manager', 'Sales Person'],
  'menu_management-menu_settings:view': ['Market Admin', 'Sales Manager'],
  'orders-orders_history:view': ['Market Admin', 'Sales Manager', 'Sales Person', 'Fulfilment Person'],
  'orders-orders_history:create_order': ['Market Admin', 'Sales Manager', 'Sales Person'],
  'orders-orders_history:upload_menu': ['Market Admin', 'Sales Manager', 'Sales Person'],
  'orders-order_detail:edit_order': ['Market Admin', 'Sales Manager', 'Sales Person'],
  'orders-order_detail:approve': ['Market Admin', 'Sales Manager'],
  'orders-order_detail:reject': ['Market Admin', 'Sales Manager'],
  'orders-picklist_register:view': ['Market Admin', 'Sales Manager', 'Sales Person', 'Fulfilment Person'],
  'orders-picklist_details:view': ['Market Admin', 'Sales Manager', 'Sales Person', 'Fulfilment Person'],
  'orders-picklist_details:picked': ['Market Admin', 'Fulfilment Person'],
  'standard-case-sizes:view': ['Market Admin', 'Sales Manager', 'Fulfilment Person'],
  'standard-case-sizes:update': ['Market Admin'],
  'users:admin': ['Market Admin'],
};

const ROLE_USERS: Record<Role, DemoUserKey> = {
  'Market Admin': 'mnAdmin',
  'Sales Manager': 'mnSalesManager',
  'Sales Person': 'mnSalesPerson',
  'Fulfilment Person': 'mnFulfilment',
};

/** Path parameters that pass the routes' validation, so the guard is what decides. */
function fillPath(url: string, user: DemoUserKey): string {
  return url
    .replace(':id', DEMO_USERS[user].azureUserId)
    .replace(':userId', '00000000-0000-4000-8000-00000000ffff')
    .replace(':role', encodeURIComponent('Sales Person'))
    .replace(/:(\w+)/g, '1');
}

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

describe('permission matrix', () => {
  it('knows every registered route, and every route it knows is registered with the same rule', () => {
    const registered = Object.fromEntries(
      api.app.routeCatalogue.map((route) => {
        const { access } = route;
        const rule: Expected =
          access.kind === 'public' ? 'public' : access.kind === 'signed-in' ? 'signed-in' : access.kind === 'market' ? 'any-role' : `${access.feature}:${access.action}`;
        return [`${route.method} ${route.url}`, rule];
      }),
    );
    expect(registered).toEqual(ROUTES);
  });

  it('every grant named by a route is in the grant table', () => {
    for (const rule of Object.values(ROUTES)) {
      if (rule.includes(':')) expect(GRANTS, rule).toHaveProperty([rule]);
    }
  });

  const cases = Object.entries(ROUTES).flatMap(([route, rule]) => (Object.keys(ROLE_USERS) as Role[]).map((role) => ({ route, rule, role })));

  it.each(cases)('$route as $role', async ({ route, rule, role }) => {
    const [method, url] = route.split(' ') as [string, string];
    const user = ROLE_USERS[role];
    const path = fillPath(url, user);
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
    const asRole = await api.call(user, { method: method as 'GET', url: path, body, market: 'MN' });
    const anonymous = await api.call(null, { method: method as 'GET', url: path, body, market: 'MN' });

    if (rule === 'public') {
      expect(anonymous.status, 'public routes need no token').not.toBe(401);
      return;
    }
    expect(anonymous.status, 'no token').toBe(401);
    const allowed = rule === 'signed-in' || rule === 'any-role' || GRANTS[rule]!.includes(role);
    if (allowed) {
      expect([401, 403], `${role} may ${route}: ${JSON.stringify(asRole.body)}`).not.toContain(asRole.status);
    } else {
      expect(asRole.status, `${role} may not ${route}`).toBe(403);
      expect(asRole.body.code).toBe('FORBIDDEN');
    }
  });

  it('answers 403 in a market where the caller has no role, for every market-scoped route', async () => {
    for (const [route, rule] of Object.entries(ROUTES)) {
      if (rule === 'public' || rule === 'signed-in') continue;
      const [method, url] = route.split(' ') as [string, string];
      const response = await api.call('mnAdmin', {
        method: method as 'GET',
        url: fillPath(url, 'mnAdmin'),
        body: ['POST', 'PUT'].includes(method) ? {} : undefined,
        market: 'FL',
      });
      expect(response.status, route).toBe(403);
      expect(response.body.message).toBe('You have no role in market FL. Switch to one of your markets.');
    }
  });

  it("serves each role's stored grants in the permissions response exactly as the table says", async () => {
    for (const [role, user] of Object.entries(ROLE_USERS) as [Role, DemoUserKey][]) {
      const { body } = await api.call(user, { url: `/api/user/${DEMO_USERS[user].azureUserId}/permissions` });
      const permission = body.data.MN.Permission as Record<string, Record<string, boolean>>;
      for (const [grant, roles] of Object.entries(GRANTS)) {
        const [feature, action] = grant.split(':') as [string, string];
        expect(permission[feature]?.[action], `${role} ${grant}`).toBe(roles.includes(role));
      }
    }
  });
});
