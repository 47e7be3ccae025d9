import type { FastifyPluginAsync } from 'fastify';
import {
  addUserToMarketEndpoint,
  listUsersEndpoint,
  removeUserRoleEndpoint,
  rolePermissionsEndpoint,
  searchAccountsEndpoint,
  setRolePermissionsEndpoint,
  setUserRoleEndpoint,
  setUserStatusEndpoint,
  userPermissionsEndpoint,
} from '../../../shared/api/users';
import { route } from '../../lib/endpoint-route';
import { ok, okPage } from '../../lib/reply';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  route(app, userPermissionsEndpoint, async ({ ctx, params }) => ok(await users.permissionsOf(ctx.caller, params.id)));

  route(app, listUsersEndpoint, async ({ ctx, body }) => okPage(await users.list(ctx.caller, ctx.market, body)));

  route(app, searchAccountsEndpoint, async ({ ctx, query }) => ok(await users.searchAccounts(ctx.market, query.search)));

  route(app, addUserToMarketEndpoint, async ({ ctx, params, body }) => ok(await users.addToMarket(ctx, params.userId, body.role), 'User added to market'));

  route(app, setUserRoleEndpoint, async ({ ctx, params, body }) => ok(await users.setRole(ctx, params.userId, body.role), 'Role updated'));

  route(app, removeUserRoleEndpoint, async ({ ctx, params }) => ok(await users.removeRole(ctx, params.userId), 'Role removed'));

  route(app, setUserStatusEndpoint, async ({ ctx, params, body }) =>
    ok(await users.setStatus(ctx, params.userId, body.isActive), body.isActive ? 'User activated' : 'User deactivated'),
  );

  route(app, rolePermissionsEndpoint, async ({ ctx }) => ok(await users.rolePermissions(ctx.market)));

  route(app, setRolePermissionsEndpoint, async ({ ctx, params, body }) => ok(await users.setRolePermissions(ctx, params.role, body.Permission), 'Permissions updated'));
};
