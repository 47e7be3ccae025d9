// SQL for users, their roles per market and the per-market role grants.
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { MarketCode, Role, SeedToSaleSystem } from '../../../shared/enums';
import type { PermissionMap } from '../../../shared/permissions';
import { queryRows, type DbOrTx } from '../../db/client';
import { markets, rolePermissions, userMarketRoles, users } from '../../db/schema';
import { escapeLike, pageLimit } from '../../lib/sql-helpers';

type UserRecord = typeof users.$inferSelect;
/** A user's membership of a market: their role there, and whether they are active there. */
export type UserMarketRole = { marketId: number; code: MarketCode; name: string; seedToSaleSystem: SeedToSaleSystem; role: Role; isActive: boolean };
export type UserWithRoles = UserRecord & { roles: UserMarketRole[] };

async function rolesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, UserMarketRole[]>> {
  const byUser = new Map<string, UserMarketRole[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: userMarketRoles.userId,
      marketId: markets.id,
      code: markets.code,
      name: markets.name,
      seedToSaleSystem: markets.seedToSaleSystem,
      role: userMarketRoles.role,
      isActive: userMarketRoles.isActive,
    })
    .from(userMarketRoles)
    .innerJoin(markets, eq(markets.id, userMarketRoles.marketId))
    .where(inArray(userMarketRoles.userId, userIds))
    .orderBy(asc(markets.name));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({
      marketId: row.marketId,
      code: row.code as MarketCode,
      name: row.name,
      seedToSaleSystem: row.seedToSaleSystem as SeedToSaleSystem,
      role: row.role as Role,
      isActive: row.isActive,
    });
    byUser.set(row.userId, list);
  }
  return byUser;
}

export async function findUserByAzureId(db: DbOrTx, azureUserId: string): Promise<UserWithRoles | undefined> {
  const [user] = await db.select().from(users).where(eq(users.azureUserId, azureUserId)).limit(1);
  if (!user) return undefined;
  return { ...user, roles: (await rolesOf(db, [user.id])).get(user.id) ?? [] };
}

export async function findUserById(db: DbOrTx, userId: string): Promise<UserWithRoles | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  return { ...user, roles: (await rolesOf(db, [user.id])).get(user.id) ?? [] };
}

/** A users row as raw SQL returns it, with the roles subquery every user query here selects. */
type UserSqlRow = {
  id: string;
  azure_user_id: string;
  name: string;
  email: string;
  is_demo: boolean;
  created_at: string;
  updated_at: string;
  roles: UserMarketRole[] | null;
};

/** Each user's memberships, as JSON, for a query over `users u`: in every market, or only in `marketIds`. */
function rolesOfUser(marketIds?: number[]): SQL {
  const only = marketIds ? sql`and r.market_id = any(${`{${marketIds.join(',')}}`}::int[])` : sql``;
  return sql`
    (select json_agg(json_build_object('marketId', m.id, 'code', m.code, 'name', m.name,
            'seedToSaleSystem', m.seed_to_sale_system, 'role', r.role, 'isActive', r.is_active) order by m.name)
       from user_market_roles r join markets m on m.id = r.market_id
      where r.user_id = u.id ${only})`;
}

function fromSqlRow(row: UserSqlRow): UserWithRoles {
  return {
    id: row.id,
    azureUserId: row.azure_user_id,
    name: row.name,
    email: row.email,
    isDemo: row.is_demo,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    roles: row.roles ?? [],
  };
}

export type Caller = UserRecord & { roles: UserMarketRole[]; permissions: PermissionMap | null };

/**
 * Everything a request's access check needs, in one round trip: the user by Entra object id, their
 * memberships of every market, and the grants of their role in the requested market (null when they
 * have no active membership there).
 */
export async function findCaller(db: DbOrTx, azureUserId: string, marketCode: MarketCode | null): Promise<Caller | undefined> {
  const [row] = await queryRows<UserSqlRow & { permissions: { feature: string; action: string; allowed: boolean }[] | null }>(
    db,
    sql`
      select u.*, ${rolesOfUser()} as roles,
        (select json_agg(json_build_object('feature', p.feature, 'action', p.action, 'allowed', p.allowed))
           from user_market_roles r
           join markets m on m.id = r.market_id
           join role_permissions p on p.market_id = r.market_id and p.role = r.role
          where r.user_id = u.id and r.is_active and m.code = ${marketCode}) as permissions
      from users u
      where u.azure_user_id = ${azureUserId}
      limit 1`,
  );
  if (!row) return undefined;
  let permissions: PermissionMap | null = null;
  if (row.permissions) {
    permissions = {};
    for (const grant of row.permissions) (permissions[grant.feature] ??= {})[grant.action] = grant.allowed;
  }
  return { ...fromSqlRow(row), permissions };
}

/** True for an account that belongs to markets but is active in none of them. */
export function isDeactivatedEverywhere(roles: readonly UserMarketRole[]): boolean {
  return roles.length > 0 && roles.every((role) => !role.isActive);
}

export async function listDemoUsers(db: DbOrTx): Promise<UserWithRoles[]> {
  const rows = await db.select().from(users).where(eq(users.isDemo, true)).orderBy(asc(users.name));
  const roles = await rolesOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, roles: roles.get(row.id) ?? [] })).filter((user) => !isDeactivatedEverywhere(user.roles));
}

export async function permissionsFor(db: DbOrTx, marketId: number, role: Role): Promise<PermissionMap> {
  const rows = await db
    .select({ feature: rolePermissions.feature, action: rolePermissions.action, allowed: rolePermissions.allowed })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.marketId, marketId), eq(rolePermissions.role, role)));
  const map: Record<string, Record<string, boolean>> = {};
  for (const row of rows) (map[row.feature] ??= {})[row.action] = row.allowed;
  return map;
}

export async function permissionsForRoles(db: DbOrTx, marketId: number): Promise<Map<Role, PermissionMap>> {
  const rows = await db
    .select({ role: rolePermissions.role, feature: rolePermissions.feature, action: rolePermissions.action, allowed: rolePermissions.allowed })
    .from(rolePermissions)
    .where(eq(rolePermissions.marketId, marketId));
  const byRole = new Map<Role, Record<string, Record<string, boolean>>>();
  for (const row of rows) {
    const map = byRole.get(row.role as Role) ?? {};
    (map[row.feature] ??= {})[row.action] = row.allowed;
    byRole.set(row.role as Role, map);
  }
  return byRole;
}

/**
 * Stores a role's complete grant map. An upsert, so that saves of the same role at the same time each
 * succeed (a delete and re-insert made concurrent saves collide on the primary key); grants no longer in
 * the map (a feature since removed from the catalogue) are deleted.
 */
export async function saveRolePermissions(db: DbOrTx, marketId: number, role: Role, map: PermissionMap): Promise<void> {
  const rows = Object.entries(map).flatMap(([feature, actions]) =>
    Object.entries(actions ?? {}).map(([action, allowed]) => ({ marketId, role, feature, action, allowed })),
  );
  const ofRole = and(eq(rolePermissions.marketId, marketId), eq(rolePermissions.role, role));
  if (rows.length === 0) {
    await db.delete(rolePermissions).where(ofRole);
    return;
  }
  await db
    .insert(rolePermissions)
    .values(rows)
    .onConflictDoUpdate({
      target: [rolePermissions.marketId, rolePermissions.role, rolePermissions.feature, rolePermissions.action],
      set: { allowed: sql`excluded.allowed` },
    });
  const kept = rows.map((row) => `${row.feature}:${row.action}`);
  await db.delete(rolePermissions).where(and(ofRole, notInArray(sql`${rolePermissions.feature} || ':' || ${rolePermissions.action}`, kept)));
}

/** The markets where the user is active and their role there grants users admin. */
export async function adminMarketIdsOf(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await queryRows<{ market_id: number }>(
    db,
    sql`
      select r.market_id
      from user_market_roles r
      join role_permissions p on p.market_id = r.market_id and p.role = r.role and p.feature = 'users' and p.action = 'admin' and p.allowed
      where r.user_id = ${userId} and r.is_active
      order by r.market_id`,
  );
  return rows.map((row) => row.market_id);
}

export type UserListFilter = {
  marketId: number;
  /** Markets the caller administers: only memberships of these are shown, and on 'all' only their users. */
  adminMarketIds: number[];
  /** 'market': users with a role here; 'all': users with a role in any market the caller administers. */
  scope: 'market' | 'all';
  search?: string;
  filters: { column: 'name' | 'email' | 'role' | 'isActive'; value: string }[];
  sort: { column: 'name' | 'email' | 'role' | 'isActive' | 'createdAt'; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
};

/** One statement: the page of users, the total across pages, and each user's memberships of the caller's markets. */
export async function listUsers(db: DbOrTx, query: UserListFilter): Promise<{ rows: UserWithRoles[]; total: number }> {
  const adminMarkets = `{${query.adminMarketIds.join(',')}}`;
  const conditions: SQL[] = [
    query.scope === 'market'
      ? sql`here.role is not null`
      : sql`exists (select 1 from user_market_roles mine where mine.user_id = u.id and mine.market_id = any(${adminMarkets}::int[]))`,
  ];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  for (const filter of query.filters) {
    const pattern = `%${escapeLike(filter.value)}%`;
    if (filter.column === 'name') conditions.push(sql`u.name ilike ${pattern}`);
    if (filter.column === 'email') conditions.push(sql`u.email ilike ${pattern}`);
    if (filter.column === 'role') conditions.push(filter.value === 'none' ? sql`here.role is null` : sql`here.role ilike ${pattern}`);
    if (filter.column === 'isActive') conditions.push(sql`here.is_active = ${['true', 'active', 'yes'].includes(filter.value.toLowerCase())}`);
  }
  const sortColumns = { name: sql`u.name`, email: sql`u.email`, role: sql`here.role`, isActive: sql`here.is_active`, createdAt: sql`u.created_at` };
  const orderBy = sql.join(
    [...query.sort.map((s) => sql`${sortColumns[s.column]} ${sql.raw(s.order === 'asc' ? 'asc nulls last' : 'desc nulls last')}`), sql`u.name asc`, sql`u.id asc`],
    sql`, `,
  );
  const where = sql`where ${sql.join(conditions, sql` and `)}`;
  const rows = await queryRows<UserSqlRow & { total: number }>(
    db,
    sql`
      select u.*, count(*) over ()::int as total, ${rolesOfUser(query.adminMarketIds)} as roles
      from users u
      left join user_market_roles here on here.user_id = u.id and here.market_id = ${query.marketId}
      ${where}
      order by ${orderBy}
      ${pageLimit(query.page, query.pageSize)}`,
  );
  // Past the last page there are no rows to carry the total: ask for it alone.
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? Number(
          (
            await queryRows<{ n: number }>(
              db,
              sql`select count(*)::int as n from users u left join user_market_roles here on here.user_id = u.id and here.market_id = ${query.marketId} ${where}`,
            )
          )[0]?.n ?? 0,
        )
      : 0);
  return { total, rows: rows.map(fromSqlRow) };
}

/**
 * Locks the market's Market Admin memberships until the transaction ends. Every change to a membership
 * of the market takes this lock first, so that two changes that each leave one admin (two admins
 * demoting each other) run one after the other, and the second sees that it would leave none.
 */
export async function lockMarketAdmins(db: DbOrTx, marketId: number): Promise<void> {
  await db.execute(sql`select user_id from user_market_roles where market_id = ${marketId} and role = 'Market Admin' order by user_id for update`);
}

export async function countActiveMarketAdmins(db: DbOrTx, marketId: number, exceptUserId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_market_roles
        where market_id = ${marketId} and role = 'Market Admin' and is_active and user_id <> ${exceptUserId}`,
  );
  return row?.n ?? 0;
}

/** Adds the user to the market with a first role; false when they already hold one there. */
export async function addMembership(db: DbOrTx, userId: string, marketId: number, role: Role): Promise<boolean> {
  const inserted = await db.insert(userMarketRoles).values({ userId, marketId, role }).onConflictDoNothing().returning({ userId: userMarketRoles.userId });
  return inserted.length > 0;
}

export async function setMembershipRole(db: DbOrTx, userId: string, marketId: number, role: Role): Promise<void> {
  await db.update(userMarketRoles).set({ role }).where(and(eq(userMarketRoles.userId, userId), eq(userMarketRoles.marketId, marketId)));
}

export async function setMembershipActive(db: DbOrTx, userId: string, marketId: number, isActive: boolean): Promise<void> {
  await db.update(userMarketRoles).set({ isActive }).where(and(eq(userMarketRoles.userId, userId), eq(userMarketRoles.marketId, marketId)));
}

export async function removeMembership(db: DbOrTx, userId: string, marketId: number): Promise<void> {
  await db.delete(userMarketRoles).where(and(eq(userMarketRoles.userId, userId), eq(userMarketRoles.marketId, marketId)));
}

export type AccountMatchRecord = { id: string; name: string; email: string; inMarket: boolean };

/** Accounts whose name or email contains the text, with whether each already belongs to the market. */
export async function searchAccounts(db: DbOrTx, marketId: number, search: string, limit: number): Promise<AccountMatchRecord[]> {
  const pattern = `%${escapeLike(search)}%`;
  const rows = await queryRows<{ id: string; name: string; email: string; in_market: boolean }>(
    db,
    sql`
      select u.id, u.name, u.email,
        exists (select 1 from user_market_roles r where r.user_id = u.id and r.market_id = ${marketId}) as in_market
      from users u
      where u.name ilike ${pattern} or u.email ilike ${pattern}
      order by u.name, u.email
      limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, inMarket: row.in_market }));
}
