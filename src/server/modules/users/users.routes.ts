import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/api/common';
import {
  permissionMapSchema,
  permissionsResponseSchema,
  roleParamsSchema,
  rolePermissionsResponseSchema,
  setRoleBodySchema,
  setRolePermissionsBodySchema,
  setStatusBodySchema,
  userIdParamsSchema,
  userListResponseSchema,
  userRowResponseSchema,
} from '../../../shared/api/users';
import { envelope } from '../../../shared/api/common';
import { callerOf, marketOf } from '../../auth/access-control';
import { auditActorOf } from '../../lib/audit';
import { ok, okPage } from '../../lib/reply';
import { requirePermission, signedIn } from '../../lib/route-access';
import type { UsersService } from './users.service';

const usersAdmin = requirePermission('users', 'admin');

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const tags = ['users'];

  app.get(
    '/user/:id/permissions',
    {
      config: { access: signedIn },
      schema: {
        tags,
        description: "A user's role and permissions per market. The id is the Entra object id (azure_user_id).",
        params: z.object({ id: z.string().trim().min(1).max(128) }),
        response: { 200: permissionsResponseSchema },
      },
    },
    async (request) => ok(await users.permissionsOf(callerOf(request), request.params.id)),
  );

  app.post(
    '/users/list',
    { config: { access: usersAdmin }, schema: { tags, body: listQuerySchema, response: { 200: userListResponseSchema } } },
    async (request) => okPage(await users.list(marketOf(request), request.body)),
  );

  app.put(
    '/users/:userId/role',
    {
      config: { access: usersAdmin },
      schema: { tags, description: "Sets the user's role in the current market.", params: userIdParamsSchema, body: setRoleBodySchema, response: { 200: userRowResponseSchema } },
    },
    async (request) =>
      ok(
        await users.setRole(auditActorOf(request), callerOf(request), marketOf(request), request.params.userId, request.body.role),
        'Role updated',
      ),
  );

  app.delete(
    '/users/:userId/role',
    {
      config: { access: usersAdmin },
      schema: { tags, description: "Removes the user's role in the current market.", params: userIdParamsSchema, response: { 200: userRowResponseSchema } },
    },
    async (request) =>
      ok(await users.removeRole(auditActorOf(request), callerOf(request), marketOf(request), request.params.userId), 'Role removed'),
  );

  app.put(
    '/users/:userId/status',
    {
      config: { access: usersAdmin },
      schema: { tags, params: userIdParamsSchema, body: setStatusBodySchema, response: { 200: userRowResponseSchema } },
    },
    async (request) =>
      ok(
        await users.setStatus(auditActorOf(request), callerOf(request), marketOf(request), request.params.userId, request.body.isActive),
        request.body.isActive ? 'User activated' : 'User deactivated',
      ),
  );

  app.get(
    '/roles/permissions',
    { config: { access: usersAdmin }, schema: { tags, response: { 200: rolePermissionsResponseSchema } } },
    async (request) => ok(await users.rolePermissions(marketOf(request))),
  );

  app.put(
    '/roles/:role/permissions',
    {
      config: { access: usersAdmin },
      schema: { tags, params: roleParamsSchema, body: setRolePermissionsBodySchema, response: { 200: envelope(permissionMapSchema) } },
    },
    async (request) =>
      ok(await users.setRolePermissions(auditActorOf(request), marketOf(request), request.params.role, request.body.Permission), 'Permissions updated'),
  );
};
