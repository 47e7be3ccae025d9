// The six markets, their demo users and the default grants of every role in every market.
import { ROLES, type MarketCode, type SeedToSaleSystem } from '../../../shared/enums';
import { defaultPermissionMap } from '../../../shared/permissions';
import { syncIdentity } from '../bulk-insert';
import type { DbOrTx } from '../client';
import { markets, rolePermissions, userMarketRoles, users } from '../schema';
import { DEMO_USERS } from './demo-users';

export type DemoMarket = { id: number; code: MarketCode; name: string; seedToSaleSystem: SeedToSaleSystem };

export const DEMO_MARKETS: DemoMarket[] = [
  { id: 1, code: 'MN', name: 'Minnesota', seedToSaleSystem: 'metrc' },
  { id: 2, code: 'NV', name: 'Nevada', seedToSaleSystem: 'metrc' },
  { id: 3, code: 'IL', name: 'Illinois', seedToSaleSystem: 'metrc' },
  { id: 4, code: 'MD', name: 'Maryland', seedToSaleSystem: 'metrc' },
  { id: 5, code: 'NJ', name: 'New Jersey', seedToSaleSystem: 'metrc' },
  { id: 6, code: 'FL', name: 'Florida', seedToSaleSystem: 'biotrack' },
];

const marketIdOf = (code: MarketCode): number => DEMO_MARKETS.find((m) => m.code === code)!.id;

/** Markets and the default grants: every deployment needs these, demo data or not. */
export async function loadMarketsAndGrants(db: DbOrTx): Promise<void> {
  await db.insert(markets).values(DEMO_MARKETS).onConflictDoNothing();
  await syncIdentity(db, 'markets');
  const grants = DEMO_MARKETS.flatMap((market) =>
    ROLES.flatMap((role) =>
      Object.entries(defaultPermissionMap(role)).flatMap(([feature, actions]) =>
        Object.entries(actions).map(([action, allowed]) => ({ marketId: market.id, role, feature, action, allowed })),
      ),
    ),
  );
  await db.insert(rolePermissions).values(grants).onConflictDoNothing();
}

export async function loadDemoUsers(db: DbOrTx): Promise<void> {
  const list = Object.values(DEMO_USERS);
  await db.insert(users).values(
    list.map((u) => ({ id: u.id, azureUserId: u.azureUserId, name: u.name, email: u.email, isDemo: true })),
  );
  const roles = list.flatMap((u) =>
    Object.entries(u.roles).map(([code, role]) => ({
      userId: u.id,
      marketId: marketIdOf(code as MarketCode),
      role,
      isActive: !u.inactiveIn.includes(code as MarketCode),
    })),
  );
  await db.insert(userMarketRoles).values(roles);
}
