// Permissions of a user, and the Market Admin's user and role administration.
import { z } from 'zod';
import { MARKET_CODES, ROLES } from '../enums';
import { roleSchema } from './enum-schemas';
import { envelope, listEnvelope } from './common';

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

export const userRowSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  /** Role in the current market; null on the 'all' tab for users without one. */
  role: z.enum(ROLES).nullable(),
  markets: z.array(z.object({ code: z.enum(MARKET_CODES), role: z.enum(ROLES) })),
  createdAt: z.string().datetime(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userListResponseSchema = listEnvelope(userRowSchema);

export const userIdParamsSchema = z.object({ userId: z.string().uuid('must be a user id') });
export const setRoleBodySchema = z.object({ role: roleSchema });
export const setStatusBodySchema = z.object({ isActive: z.boolean({ error: 'must be true or false' }) });
export const userRowResponseSchema = envelope(userRowSchema);

export const rolePermissionsSchema = z.record(z.enum(ROLES), permissionMapSchema);
export const rolePermissionsResponseSchema = envelope(rolePermissionsSchema);
export const roleParamsSchema = z.object({ role: roleSchema });
export const setRolePermissionsBodySchema = z.object({ Permission: permissionMapSchema });
