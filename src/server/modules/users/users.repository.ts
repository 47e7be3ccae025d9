// SQL for users, their roles per market and the per-market role grants.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MarketCode, Role, SeedToSaleSystem } from '../../../shared/enums';
import type { PermissionMap } from '../../../shared/permissions';
import { queryRows, type DbOrTx } from '../../db/client';
import { markets, rolePermissions, userMarketRoles, users } from '../../db/schema';
import { escapeLike } from '../../lib/sql-helpers';

export type UserRecord = typeof users.$inferSelect;
export type UserMarketRole = { marketId: number; code: MarketCode; name: string; seedToSaleSystem: SeedToSaleSystem; role: Role };
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
  is_active: boolean;
  is_demo: boolean;
  created_at: string;
  updated_at: string;
  roles: UserMarketRole[] | null;
};

/** Each user's role in every market, as JSON, for a query over `users u`. */
const rolesOfUser = sql`
  (select json_agg(json_build_object('marketId', m.id, 'code', m.code, 'name', m.name,
          'seedToSaleSystem', m.seed_to_sale_system, 'role', r.role) order by m.name)
     from user_market_roles r join markets m on m.id = r.market_id
    where r.user_id = u.id)`;

function fromSqlRow(row: UserSqlRow): UserWithRoles {
  return {
    id: row.id,
    azureUserId: row.azure_user_id,
    name: row.name,
    email: row.email,
    isActive: row.is_active,
    isDemo: row.is_demo,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    roles: row.roles ?? [],
  };
}

export type Caller = UserRecord & { roles: UserMarketRole[]; permissions: PermissionMap | null };

/**
 * Everything a request's access check needs, in one round trip: the user by Entra object id, their role
 * in every market, and the grants of their role in the requested market (null when they have none there).
 */
export async function findCaller(db: DbOrTx, azureUserId: string, marketCode: MarketCode | null): Promise<Caller | undefined> {
  const [row] = await queryRows<UserSqlRow & { permissions: { feature: string; action: string; allowed: boolean }[] | null }>(
    db,
    sql`
      select u.*, ${rolesOfUser} as roles,
        (select json_agg(json_build_object('feature', p.feature, 'action', p.action, 'allowed', p.allowed))
           from user_market_roles r
           join markets m on m.id = r.market_id
           join role_permissions p on p.market_id = r.market_id and p.role = r.role
          where r.user_id = u.id and m.code = ${marketCode}) as permissions
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

export async function listDemoUsers(db: DbOrTx): Promise<UserWithRoles[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.isActive, true)))
    .orderBy(asc(users.name));
  const roles = await rolesOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, roles: roles.get(row.id) ?? [] }));
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

export async function replaceRolePermissions(db: DbOrTx, marketId: number, role: Role, map: PermissionMap): Promise<void> {
  await db.delete(rolePermissions).where(and(eq(rolePermissions.marketId, marketId), eq(rolePermissions.role, role)));
  const rows = Object.entries(map).flatMap(([feature, actions]) =>
    Object.entries(actions ?? {}).map(([action, allowed]) => ({ marketId, role, feature, action, allowed })),
  );
  if (rows.length > 0) await db.insert(rolePermissions).values(rows);
}

export type UserListFilter = {
  marketId: number;
  /** 'market': users with a role here; 'all': every user, with their role here or none. */
  scope: 'market' | 'all';
  search?: string;
  filters: { column: 'name' | 'email' | 'role' | 'isActive'; value: string }[];
  sort: { column: 'name' | 'email' | 'role' | 'isActive' | 'createdAt'; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
};

/** One statement: the page of users, the total across pages, and each user's role in every market. */
export async function listUsers(db: DbOrTx, query: UserListFilter): Promise<{ rows: (UserWithRoles & { role: Role | null })[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.scope === 'market') conditions.push(sql`here.role is not null`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  for (const filter of query.filters) {
    const pattern = `%${escapeLike(filter.value)}%`;
    if (filter.column === 'name') conditions.push(sql`u.name ilike ${pattern}`);
    if (filter.column === 'email') conditions.push(sql`u.email ilike ${pattern}`);
    if (filter.column === 'role') conditions.push(filter.value === 'none' ? sql`here.role is null` : sql`here.role ilike ${pattern}`);
    if (filter.column === 'isActive') conditions.push(sql`u.is_active = ${['true', 'active', 'yes'].includes(filter.value.toLowerCase())}`);
  }
  const sortColumns = { name: sql`u.name`, email: sql`u.email`, role: sql`here.role`, isActive: sql`u.is_active`, createdAt: sql`u.created_at` };
  const orderBy = sql.join(
    [...query.sort.map((s) => sql`${sortColumns[s.column]} ${sql.raw(s.order === 'asc' ? 'asc nulls last' : 'desc nulls last')}`), sql`u.name asc`, sql`u.id asc`],
    sql`, `,
  );
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<UserSqlRow & { role_here: Role | null; total: number }>(
    db,
    sql`
      select u.*, here.role as role_here, count(*) over ()::int as total, ${rolesOfUser} as roles
      from users u
      left join user_market_roles here on here.user_id = u.id and here.market_id = ${query.marketId}
      ${where}
      order by ${orderBy}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
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
  return {
    total,
    rows: rows.map((row) => ({ ...fromSqlRow(row), role: row.role_here })),
  };
}

export async function setUserRole(db: DbOrTx, userId: string, marketId: number, role: Role): Promise<void> {
  await db
    .insert(userMarketRoles)
    .values({ userId, marketId, role })
    .onConflictDoUpdate({ target: [userMarketRoles.userId, userMarketRoles.marketId], set: { role } });
}

export async function removeUserRole(db: DbOrTx, userId: string, marketId: number): Promise<void> {
  await db.delete(userMarketRoles).where(and(eq(userMarketRoles.userId, userId), eq(userMarketRoles.marketId, marketId)));
}

export async function setUserActive(db: DbOrTx, userId: string, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function countActiveMarketAdmins(db: DbOrTx, marketId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userMarketRoles)
    .innerJoin(users, eq(users.id, userMarketRoles.userId))
    .where(and(eq(userMarketRoles.marketId, marketId), eq(userMarketRoles.role, 'Market Admin'), eq(users.isActive, true)));
  return row?.total ?? 0;
}
