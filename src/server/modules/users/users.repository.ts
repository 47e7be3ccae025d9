// SQL for users, their roles per market and the per-market role grants.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MarketCode, Role, SeedToSaleSystem } from '../../../shared/enums';
import type { PermissionMap } from '../../../shared/permissions';
import type { DbOrTx } from '../../db/client';
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

export async function listUsers(db: DbOrTx, query: UserListFilter): Promise<{ rows: (UserWithRoles & { role: Role | null })[]; total: number }> {
  const roleHere = userMarketRoles.role;
  const joinOn = and(eq(userMarketRoles.userId, users.id), eq(userMarketRoles.marketId, query.marketId));
  const conditions: (SQL | undefined)[] = [];
  if (query.scope === 'market') conditions.push(sql`${roleHere} is not null`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  for (const filter of query.filters) {
    const pattern = `%${escapeLike(filter.value)}%`;
    if (filter.column === 'name') conditions.push(ilike(users.name, pattern));
    if (filter.column === 'email') conditions.push(ilike(users.email, pattern));
    if (filter.column === 'role') conditions.push(filter.value === 'none' ? isNull(roleHere) : ilike(roleHere, pattern));
    if (filter.column === 'isActive') conditions.push(eq(users.isActive, ['true', 'active', 'yes'].includes(filter.value.toLowerCase())));
  }
  const where = and(...conditions);
  const sortColumns = { name: users.name, email: users.email, role: roleHere, isActive: users.isActive, createdAt: users.createdAt };
  const orderBy = [...query.sort.map((s) => (s.order === 'asc' ? asc(sortColumns[s.column]) : desc(sortColumns[s.column]))), asc(users.name), asc(users.id)];

  const [totals] = await db.select({ total: count() }).from(users).leftJoin(userMarketRoles, joinOn).where(where);
  const rows = await db
    .select({ user: users, role: roleHere })
    .from(users)
    .leftJoin(userMarketRoles, joinOn)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const roles = await rolesOf(db, rows.map((row) => row.user.id));
  return {
    total: totals?.total ?? 0,
    rows: rows.map((row) => ({ ...row.user, role: (row.role as Role | null) ?? null, roles: roles.get(row.user.id) ?? [] })),
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
