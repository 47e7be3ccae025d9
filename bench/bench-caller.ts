// The caller and market that the access check builds for the MN Market Admin (the benches' API token), read as it
// reads them: the bare side of a benchmark calls the code under a route with what the route would hand it.
import type { MarketScope } from '../src/server/auth/access-control';
import type { Db } from '../src/server/db/client';
import { DEMO_USERS } from '../src/server/db/demo-data/demo-users';
import type { RequestContext } from '../src/server/lib/request-context';
import { findCaller } from '../src/server/modules/users/users.repository';

const silentLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as unknown as RequestContext['log'];

export async function benchCallerContext(db: Db): Promise<RequestContext> {
  const user = await findCaller(db, DEMO_USERS.mnAdmin.azureUserId, 'MN');
  const membership = user?.roles.find((role) => role.code === 'MN' && role.isActive);
  if (!user || !membership) throw new Error('the MN Market Admin of the demo users is not in the database');
  const market: MarketScope = {
    id: membership.marketId,
    code: 'MN',
    name: membership.name,
    seedToSaleSystem: membership.seedToSaleSystem,
    role: membership.role,
    permissions: user.permissions ?? {},
  };
  const caller = { id: user.id, azureUserId: user.azureUserId, name: user.name, email: user.email, roles: user.roles.filter((role) => role.isActive) };
  return { requestId: 'bench', log: silentLog, caller, market };
}
