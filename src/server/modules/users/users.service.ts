// Rules for permissions and user administration: who may see whose permissions, and the guards that
// keep a market administrable (an admin changes only members of their market and only there, nobody
// changes themselves, the last active Market Admin stays, and Market Admin keeps users admin).
import { FEATURES, PERMISSION_CATALOGUE, type Feature, type PermissionMap } from '../../../shared/permissions';
import { ROLES, type Role } from '../../../shared/enums';
import type { AccountMatch, PermissionsResponseData, UserRow } from '../../../shared/api/users';
import { ACCOUNT_SEARCH_LIMIT, USER_LIST_FILTER_COLUMNS, USER_LIST_SORT_COLUMNS, USER_LIST_TABS } from '../../../shared/api/users';
import type { ParsedListQuery } from '../../../shared/api/common';
import type { AuthenticatedUser, MarketScope } from '../../auth/access-control';
import type { Db, Tx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { checkListQuery } from '../../lib/list-query';
import type { RequestContext } from '../../lib/request-context';
import type { Page } from '../../lib/reply';
import {
  addMembership,
  adminMarketIdsOf,
  countActiveMarketAdmins,
  findUserByAzureId,
  findUserById,
  listUsers,
  lockMarketAdmins,
  permissionsFor,
  permissionsForRoles,
  removeMembership,
  saveRolePermissions,
  searchAccounts,
  setMembershipActive,
  setMembershipRole,
  type UserMarketRole,
  type UserWithRoles,
} from './users.repository';

/** The user as the caller may see them: memberships of the markets the caller administers only. */
function toRow(user: UserWithRoles, market: MarketScope, adminMarketIds: readonly number[]): UserRow {
  const here = user.roles.find((r) => r.marketId === market.id);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    isActive: here?.isActive ?? null,
    role: here?.role ?? null,
    markets: user.roles.filter((r) => adminMarketIds.includes(r.marketId)).map((r) => ({ code: r.code, role: r.role, isActive: r.isActive })),
    createdAt: user.createdAt.toISOString(),
  };
}

/** What a change did to the user's membership of the market it was made in. */
function auditView(user: UserWithRoles, market: MarketScope) {
  const here = user.roles.find((r) => r.marketId === market.id);
  return { market: market.code, role: here?.role ?? null, isActive: here?.isActive ?? null };
}

const isActiveAdmin = (membership: UserMarketRole | undefined) => membership?.role === 'Market Admin' && membership.isActive;

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

type MembershipChange = { kind: 'set-role'; role: Role } | { kind: 'remove' } | { kind: 'set-status'; isActive: boolean };

const CHANGE_ACTIONS = { 'set-role': 'set_role', remove: 'remove_role', 'set-status': 'set_status' } as const;

/**
 * `accessChanged` is told once a change to memberships or grants has committed: the access check keeps callers for
 * a few seconds (auth/caller-cache.ts) and must forget them before the admin's answer is sent. Other instances
 * forget on the database's notice.
 */
export function createUsersService(deps: { db: Db; accessChanged: () => void }) {
  const { db } = deps;
  const changingAccess = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const result = await db.transaction(work);
    deps.accessChanged();
    return result;
  };

  /**
   * Changes a user's membership of the admin's market, and only of that market. The user must already
   * belong to it (else, for this market's admin, they do not exist), and no change may leave the market
   * without an active Market Admin: the market's admin memberships are locked first, so that concurrent
   * changes are judged one after the other.
   */
  async function changeMembership(ctx: RequestContext, userId: string, change: MembershipChange): Promise<UserRow> {
    const { caller, market } = ctx;
    return changingAccess(async (tx) => {
      await lockMarketAdmins(tx, market.id);
      const before = await findUserById(tx, userId);
      const here = before?.roles.find((r) => r.marketId === market.id);
      if (!before || !here) throw notFound('User');
      const staysActiveAdmin =
        change.kind === 'set-role' ? change.role === 'Market Admin' && here.isActive : change.kind === 'set-status' ? here.role === 'Market Admin' && change.isActive : false;
      if (isActiveAdmin(here) && !staysActiveAdmin && (await countActiveMarketAdmins(tx, market.id, userId)) === 0) {
        throw conflict(`${before.name} is the last active Market Admin of ${market.name}. Make someone else Market Admin here first.`);
      }
      if (change.kind === 'set-role') await setMembershipRole(tx, userId, market.id, change.role);
      if (change.kind === 'set-status') await setMembershipActive(tx, userId, market.id, change.isActive);
      if (change.kind === 'remove') await removeMembership(tx, userId, market.id);
      const after = (await findUserById(tx, userId))!;
      const action = change.kind === 'set-status' ? (change.isActive ? 'activate' : 'deactivate') : CHANGE_ACTIONS[change.kind];
      await recordAudit(tx, ctx, { entityType: 'user', entityId: userId, action, before: auditView(before, market), after: auditView(after, market) });
      return toRow(after, market, await adminMarketIdsOf(tx, caller.id));
    });
  }

  return {
    /**
     * One's own permissions in every market where one is active; another user's only in markets where the
     * caller is Market Admin (404 for someone who belongs to none of them).
     */
    async permissionsOf(caller: AuthenticatedUser, azureUserId: string): Promise<PermissionsResponseData> {
      const isSelf = azureUserId === caller.azureUserId;
      const target = await findUserByAzureId(db, isSelf ? caller.azureUserId : azureUserId);
      if (!target) throw notFound('User');
      let visible = target.roles;
      if (!isSelf) {
        const adminMarketIds = await adminMarketIdsOf(db, caller.id);
        if (adminMarketIds.length === 0) throw forbidden('You can only view your own permissions.');
        visible = target.roles.filter((r) => adminMarketIds.includes(r.marketId));
        if (visible.length === 0) throw notFound('User');
      }
      const data: PermissionsResponseData = { azure_user_id: target.azureUserId, user_id: target.id };
      // A market where the user is deactivated grants nothing, so it is not offered to them at all.
      for (const role of visible.filter((r) => r.isActive)) {
        data[role.code] = { role: role.role, Permission: await permissionsFor(db, role.marketId, role.role) };
      }
      return data;
    },

    async list(caller: AuthenticatedUser, market: MarketScope, query: ParsedListQuery): Promise<Page<UserRow>> {
      const checked = checkListQuery(query, { sortable: USER_LIST_SORT_COLUMNS, filterable: USER_LIST_FILTER_COLUMNS });
      const scope = checked.tab ?? 'market';
      if (!(USER_LIST_TABS as readonly string[]).includes(scope)) throw invalidField('tab', `must be one of ${USER_LIST_TABS.join(', ')}`);
      const textFilters = checked.filters.map((filter) => {
        if (filter.type !== 'text') throw invalidField('columnFilter', `${filter.column} takes a text filter`);
        return { column: filter.column, value: filter.value };
      });
      const adminMarketIds = await adminMarketIdsOf(db, caller.id);
      const { rows, total } = await listUsers(db, {
        marketId: market.id,
        adminMarketIds,
        scope: scope as 'market' | 'all',
        search: checked.search,
        filters: textFilters,
        sort: checked.sort,
        page: checked.page,
        pageSize: checked.pageSize,
      });
      return { rows: rows.map((row) => toRow(row, market, adminMarketIds)), totalRecords: total, page: checked.page, pageSize: checked.pageSize };
    },

    /** Accounts of the whole system by name or email, to add to this market: who they are, nothing more. */
    async searchAccounts(market: MarketScope, search: string): Promise<AccountMatch[]> {
      const found = await searchAccounts(db, market.id, search, ACCOUNT_SEARCH_LIMIT);
      return found.map((account) => ({ userId: account.id, name: account.name, email: account.email, inMarket: account.inMarket }));
    },

    /** Gives an existing account its first role in the admin's market. */
    async addToMarket(ctx: RequestContext, userId: string, role: Role): Promise<UserRow> {
      const { caller, market } = ctx;
      return changingAccess(async (tx) => {
        await lockMarketAdmins(tx, market.id);
        const before = await findUserById(tx, userId);
        if (!before) throw notFound('User');
        const existing = before.roles.find((r) => r.marketId === market.id);
        if (existing || !(await addMembership(tx, userId, market.id, role))) {
          const held = existing ? ` (${existing.role})` : '';
          throw conflict(`${before.name} already has a role in ${market.name}${held}. Change it from the list instead.`);
        }
        const after = (await findUserById(tx, userId))!;
        await recordAudit(tx, ctx, { entityType: 'user', entityId: userId, action: 'add_to_market', before: auditView(before, market), after: auditView(after, market) });
        return toRow(after, market, await adminMarketIdsOf(tx, caller.id));
      });
    },

    async setRole(ctx: RequestContext, userId: string, role: Role): Promise<UserRow> {
      if (userId === ctx.caller.id) throw conflict('You cannot change your own role. Ask another Market Admin to do it.');
      return changeMembership(ctx, userId, { kind: 'set-role', role });
    },

    async removeRole(ctx: RequestContext, userId: string): Promise<UserRow> {
      if (userId === ctx.caller.id) throw conflict('You cannot remove your own role. Ask another Market Admin to do it.');
      return changeMembership(ctx, userId, { kind: 'remove' });
    },

    async setStatus(ctx: RequestContext, userId: string, isActive: boolean): Promise<UserRow> {
      if (userId === ctx.caller.id) throw conflict('You cannot deactivate or reactivate your own account.');
      return changeMembership(ctx, userId, { kind: 'set-status', isActive });
    },

    async rolePermissions(market: MarketScope): Promise<Record<Role, PermissionMap>> {
      const byRole = await permissionsForRoles(db, market.id);
      return Object.fromEntries(ROLES.map((role) => [role, completeMap(byRole.get(role) ?? {})])) as unknown as Record<Role, PermissionMap>;
    },

    async setRolePermissions(ctx: RequestContext, role: Role, map: PermissionMap): Promise<PermissionMap> {
      const { market } = ctx;
      const complete = completeMap(map);
      if (role === 'Market Admin' && !complete.users.admin) {
        throw badRequest('Market Admin must keep users admin, or nobody could administer this market.', [
          { field: 'Permission.users.admin', message: 'must stay true for Market Admin' },
        ]);
      }
      return changingAccess(async (tx) => {
        const before = await permissionsFor(tx, market.id, role);
        await saveRolePermissions(tx, market.id, role, complete);
        await recordAudit(tx, ctx, { entityType: 'role_permissions', entityId: `${market.code}:${role}`, action: 'update', before, after: complete });
        return complete;
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
