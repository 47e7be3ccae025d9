// Permissions of a user, and the Market Admin's user and role administration.
import { z } from 'zod';
import { MARKET_CODES, ROLES, type Role } from '../enums';
import { roleSchema } from './enum-schemas';
import { envelope, listEnvelope, listQuerySchema } from './common';
import { defineEndpoint, requirePermission, signedIn } from './endpoint';

export const permissionMapSchema = z.record(z.string(), z.record(z.string(), z.boolean()));

export const marketPermissionsSchema = z.object({
  role: z.enum(ROLES),
  Permission: permissionMapSchema,
});
export type MarketPermissions = z.infer<typeof marketPermissionsSchema>;

/** The spec's shape: azure_user_id, user_id, and one entry per market code. */
export const permissionsResponseDataSchema = z
  .object({
    azure_user_id: z.string(),
    user_id: z.string(),
  })
  .catchall(z.union([marketPermissionsSchema, z.string()]));
export type PermissionsResponseData = { azure_user_id: string; user_id: string } & Partial<
  Record<(typeof MARKET_CODES)[number], MarketPermissions>
>;
export const permissionsResponseSchema = envelope(permissionsResponseDataSchema);

export const USER_LIST_TABS = ['market', 'all'] as const;
export const USER_LIST_SORT_COLUMNS = ['name', 'email', 'role', 'isActive', 'createdAt'] as const;
export const USER_LIST_FILTER_COLUMNS = ['name', 'email', 'role', 'isActive'] as const;

/** A user's role and status in one market; only markets the caller administers are ever listed. */
export const userMembershipSchema = z.object({ code: z.enum(MARKET_CODES), role: z.enum(ROLES), isActive: z.boolean() });
export type UserMembership = z.infer<typeof userMembershipSchema>;

export const userRowSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  /** Status in the current market (activation is per market); null for a user without a role here. */
  isActive: z.boolean().nullable(),
  /** Role in the current market; null on the 'all' tab for users without one. */
  role: z.enum(ROLES).nullable(),
  markets: z.array(userMembershipSchema),
  createdAt: z.string().datetime(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userListResponseSchema = listEnvelope(userRowSchema);

export const userIdParamsSchema = z.object({ userId: z.string().uuid('must be a user id') });
export const setRoleBodySchema = z.object({ role: roleSchema });
export const setStatusBodySchema = z.object({ isActive: z.boolean({ error: 'must be true or false' }) });
export const addToMarketBodySchema = z.object({ role: roleSchema });
export const userRowResponseSchema = envelope(userRowSchema);

export const ACCOUNT_SEARCH_MIN_LENGTH = 2;
export const ACCOUNT_SEARCH_LIMIT = 20;
export const accountSearchQuerySchema = z.object({
  search: z
    .string({ error: 'is required' })
    .trim()
    .min(ACCOUNT_SEARCH_MIN_LENGTH, `must be at least ${ACCOUNT_SEARCH_MIN_LENGTH} characters`)
    .max(100, 'must be at most 100 characters'),
});
/** An account found to add to the current market: who it is, never its roles elsewhere. */
export const accountMatchSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  /** Already holds a role in the current market (so it is changed from the list, not added). */
  inMarket: z.boolean(),
});
export type AccountMatch = z.infer<typeof accountMatchSchema>;
export const accountSearchResponseSchema = envelope(z.array(accountMatchSchema));

/** One entry per role (an object, not a record, so that the document names each role's key). */
export const rolePermissionsSchema = z.object(Object.fromEntries(ROLES.map((role) => [role, permissionMapSchema])) as Record<Role, typeof permissionMapSchema>);
export const rolePermissionsResponseSchema = envelope(rolePermissionsSchema);
export const roleParamsSchema = z.object({ role: roleSchema });
export const setRolePermissionsBodySchema = z.object({ Permission: permissionMapSchema });

// ---- endpoints -----------------------------------------------------------------------------------------

const usersAdmin = requirePermission('users', 'admin');
const tag = 'users';

export const userPermissionsParamsSchema = z.object({ id: z.string().trim().min(1).max(128) });

export const userPermissionsEndpoint = defineEndpoint({
  operationId: 'getUserPermissions',
  method: 'GET',
  path: '/user/{id}/permissions',
  tag,
  summary: "A user's role and permissions per market",
  description:
    "The id is the Entra object id (azure_user_id). One's own permissions in every market; another user's only in the markets where the caller is Market Admin.",
  access: signedIn,
  params: userPermissionsParamsSchema,
  responses: { 200: permissionsResponseSchema },
});

export const listUsersEndpoint = defineEndpoint({
  operationId: 'listUsers',
  method: 'POST',
  path: '/users/list',
  tag,
  summary: 'A page of users',
  description: "Tab market: the users with a role in the current market. Tab all: the users of every market the caller administers, with their memberships there only.",
  access: usersAdmin,
  body: listQuerySchema,
  responses: { 200: userListResponseSchema },
});

export const searchAccountsEndpoint = defineEndpoint({
  operationId: 'searchAccounts',
  method: 'GET',
  path: '/users/accounts',
  tag,
  summary: 'Find accounts to add to the current market',
  description:
    'Finds accounts of the whole system by name or email (at most 20), to add one to the current market: name, email and whether it already belongs here; never its roles in other markets.',
  access: usersAdmin,
  query: accountSearchQuerySchema,
  responses: { 200: accountSearchResponseSchema },
});

export const addUserToMarketEndpoint = defineEndpoint({
  operationId: 'addUserToMarket',
  method: 'POST',
  path: '/users/{userId}/markets',
  tag,
  summary: 'Add an existing account to the current market',
  description:
    'Gives an existing account its first role in the current market (the Otc-Market header). 409 when it already has a role here: change that with PUT /users/{userId}/role. The other changes to a user (role, removal, status) apply only to users who already belong to the market.',
  access: usersAdmin,
  params: userIdParamsSchema,
  body: addToMarketBodySchema,
  errors: [409],
  responses: { 201: userRowResponseSchema },
});

export const setUserRoleEndpoint = defineEndpoint({
  operationId: 'setUserRole',
  method: 'PUT',
  path: '/users/{userId}/role',
  tag,
  summary: "Change a user's role in the current market",
  description: 'Changes the role in the current market of a user who already has one there (404 otherwise); never leaves the market without an active Market Admin (409).',
  access: usersAdmin,
  params: userIdParamsSchema,
  body: setRoleBodySchema,
  errors: [409],
  responses: { 200: userRowResponseSchema },
});

export const removeUserRoleEndpoint = defineEndpoint({
  operationId: 'removeUserRole',
  method: 'DELETE',
  path: '/users/{userId}/role',
  tag,
  summary: "Remove a user's role in the current market",
  description: "Removes the user's role in the current market; their other markets are unchanged (409 for the last active Market Admin).",
  access: usersAdmin,
  params: userIdParamsSchema,
  errors: [409],
  responses: { 200: userRowResponseSchema },
});

export const setUserStatusEndpoint = defineEndpoint({
  operationId: 'setUserStatus',
  method: 'PUT',
  path: '/users/{userId}/status',
  tag,
  summary: 'Activate or deactivate a user in the current market',
  description:
    'Activates or deactivates a user in the current market only; their other markets are untouched (404 for a user without a role here, 409 for the last active Market Admin).',
  access: usersAdmin,
  params: userIdParamsSchema,
  body: setStatusBodySchema,
  errors: [409],
  responses: { 200: userRowResponseSchema },
});

export const rolePermissionsEndpoint = defineEndpoint({
  operationId: 'getRolePermissions',
  method: 'GET',
  path: '/roles/permissions',
  tag,
  summary: "Every role's grants in the current market",
  description: 'The feature-action grants of each role in the current market.',
  access: usersAdmin,
  responses: { 200: rolePermissionsResponseSchema },
});

export const setRolePermissionsEndpoint = defineEndpoint({
  operationId: 'setRolePermissions',
  method: 'PUT',
  path: '/roles/{role}/permissions',
  tag,
  summary: "Save a role's grants in the current market",
  description: 'Replaces the grants of the role in the current market; actions left out are not granted. Market Admin keeps users admin.',
  access: usersAdmin,
  params: roleParamsSchema,
  body: setRolePermissionsBodySchema,
  responses: { 200: envelope(permissionMapSchema) },
});
