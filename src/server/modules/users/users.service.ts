// Rules for permissions and user administration: who may see whose permissions, and the guards that
// keep a market administrable (nobody demotes or deactivates themselves; Market Admin keeps users admin).
import { FEATURES, PERMISSION_CATALOGUE, hasPermission, type Feature, type PermissionMap } from '../../../shared/permissions';
import { ROLES, type Role } from '../../../shared/enums';
import type { PermissionsResponseData, UserRow } from '../../../shared/api/users';
import { USER_LIST_FILTER_COLUMNS, USER_LIST_SORT_COLUMNS, USER_LIST_TABS } from '../../../shared/api/users';
import type { ParsedListQuery } from '../../../shared/api/common';
import type { AuthenticatedUser, MarketScope } from '../../auth/access-control';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { checkListQuery } from '../../lib/list-query';
import type { Page } from '../../lib/reply';
import {
  findUserByAzureId,
  findUserById,
  listUsers,
  permissionsFor,
  permissionsForRoles,
  removeUserRole,
  replaceRolePermissions,
  setUserActive,
  setUserRole,
  type UserWithRoles,
} from './users.repository';

function toRow(user: UserWithRoles, role: Role | null): UserRow {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    isActive: user.isActive,
    role,
    markets: user.roles.map((r) => ({ code: r.code, role: r.role })),
    createdAt: user.createdAt.toISOString(),
  };
}

function auditView(user: UserWithRoles) {
  return { isActive: user.isActive, roles: Object.fromEntries(user.roles.map((r) => [r.code, r.role])) };
}

/** Fills every catalogue action, so a stored grant map is always complete. */
function completeMap(map: PermissionMap): Record<Feature, Record<string, boolean>> {
  for (const feature of Object.keys(map)) {
    if (!(FEATURES as string[]).includes(feature)) throw invalidField(`Permission.${feature}`, `is not a feature; use one of ${FEATURES.join(', ')}`);
    const known: readonly string[] = PERMISSION_CATALOGUE[feature as Feature];
    for (const action of Object.keys(map[feature] ?? {})) {
      if (!known.includes(action)) throw invalidField(`Permission.${feature}.${action}`, `is not an action of ${feature}; use one of ${known.join(', ')}`);
    }
  }
  return Object.fromEntries(
    FEATURES.map((feature) => [feature, Object.fromEntries(PERMISSION_CATALOGUE[feature].map((action) => [action, map[feature]?.[action] === true]))]),
  ) as Record<Feature, Record<string, boolean>>;
}

export function createUsersService(deps: { db: Db }) {
  const { db } = deps;

  async function targetInMarket(handle: DbOrTx, market: MarketScope, userId: string): Promise<UserWithRoles & { roleHere: Role }> {
    const user = await findUserById(handle, userId);
    const here = user?.roles.find((r) => r.marketId === market.id);
    // Someone without a role here is, for this market's admin, not found.
    if (!user || !here) throw notFound('User');
    return { ...user, roleHere: here.role };
  }

  return {
    /** One's own permissions in every market; another user's only in markets where the caller is Market Admin. */
    async permissionsOf(caller: AuthenticatedUser, azureUserId: string): Promise<PermissionsResponseData> {
      const isSelf = azureUserId === caller.azureUserId;
      const target = isSelf ? await findUserByAzureId(db, caller.azureUserId) : await findUserByAzureId(db, azureUserId);
      if (!isSelf) {
        const adminMarketIds: number[] = [];
        for (const role of caller.roles) {
          if (hasPermission(await permissionsFor(db, role.marketId, role.role), 'users', 'admin')) adminMarketIds.push(role.marketId);
        }
        if (adminMarketIds.length === 0) throw forbidden('You can only view your own permissions.');
        if (!target) throw notFound('User');
        target.roles = target.roles.filter((r) => adminMarketIds.includes(r.marketId));
        if (target.roles.length === 0) throw notFound('User');
      }
      if (!target) throw notFound('User');
      const data: PermissionsResponseData = { azure_user_id: target.azureUserId, user_id: target.id };
      for (const role of target.roles) {
        data[role.code] = { role: role.role, Permission: await permissionsFor(db, role.marketId, role.role) };
      }
      return data;
    },

    async list(market: MarketScope, query: ParsedListQuery): Promise<Page<UserRow>> {
      const checked = checkListQuery(query, { sortable: USER_LIST_SORT_COLUMNS, filterable: USER_LIST_FILTER_COLUMNS });
      const scope = checked.tab ?? 'market';
      if (!(USER_LIST_TABS as readonly string[]).includes(scope)) throw invalidField('tab', `must be one of ${USER_LIST_TABS.join(', ')}`);
      const textFilters = checked.filters.map((filter) => {
        if (filter.type !== 'text') throw invalidField('columnFilter', `${filter.column} takes a text filter`);
        return { column: filter.column, value: filter.value };
      });
      const { rows, total } = await listUsers(db, {
        marketId: market.id,
        scope: scope as 'market' | 'all',
        search: checked.search,
        filters: textFilters,
        sort: checked.sort,
        page: checked.page,
        pageSize: checked.pageSize,
      });
      return { rows: rows.map((row) => toRow(row, row.role)), totalRecords: total, page: checked.page, pageSize: checked.pageSize };
    },

    async setRole(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, userId: string, role: Role): Promise<UserRow> {
      if (userId === caller.id) throw conflict('You cannot change your own role. Ask another Market Admin to do it.');
      return db.transaction(async (tx) => {
        const before = await findUserById(tx, userId);
        if (!before) throw notFound('User');
        await setUserRole(tx, userId, market.id, role);
        const after = (await findUserById(tx, userId))!;
        await recordAudit(tx, actor, { entityType: 'user', entityId: userId, action: 'set_role', before: auditView(before), after: auditView(after) });
        return toRow(after, role);
      });
    },

    async removeRole(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, userId: string): Promise<UserRow> {
      if (userId === caller.id) throw conflict('You cannot remove your own role. Ask another Market Admin to do it.');
      return db.transaction(async (tx) => {
        const before = await targetInMarket(tx, market, userId);
        await removeUserRole(tx, userId, market.id);
        const after = (await findUserById(tx, userId))!;
        await recordAudit(tx, actor, { entityType: 'user', entityId: userId, action: 'remove_role', before: auditView(before), after: auditView(after) });
        return toRow(after, null);
      });
    },

    async setStatus(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, userId: string, isActive: boolean): Promise<UserRow> {
      if (userId === caller.id) throw conflict('You cannot deactivate or reactivate your own account.');
      return db.transaction(async (tx) => {
        const before = await targetInMarket(tx, market, userId);
        await setUserActive(tx, userId, isActive);
        const after = (await findUserById(tx, userId))!;
        await recordAudit(tx, actor, {
          entityType: 'user',
          entityId: userId,
          action: isActive ? 'activate' : 'deactivate',
          before: auditView(before),
          after: auditView(after),
        });
        return toRow(after, before.roleHere);
      });
    },

    async rolePermissions(market: MarketScope): Promise<Record<Role, PermissionMap>> {
      const byRole = await permissionsForRoles(db, market.id);
      return Object.fromEntries(ROLES.map((role) => [role, completeMap(byRole.get(role) ?? {})])) as unknown as Record<Role, PermissionMap>;
    },

    async setRolePermissions(actor: AuditActor, market: MarketScope, role: Role, map: PermissionMap): Promise<PermissionMap> {
      const complete = completeMap(map);
      if (role === 'Market Admin' && !complete.users.admin) {
        throw badRequest('Market Admin must keep users admin, or nobody could administer this market.', [
          { field: 'Permission.users.admin', message: 'must stay true for Market Admin' },
        ]);
      }
      return db.transaction(async (tx) => {
        const before = await permissionsFor(tx, market.id, role);
        await replaceRolePermissions(tx, market.id, role, complete);
        await recordAudit(tx, actor, { entityType: 'role_permissions', entityId: `${market.code}:${role}`, action: 'update', before, after: complete });
        return complete;
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
