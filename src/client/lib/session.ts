// Who is signed in and what they may do: permissions per market and the markets themselves, fetched
// once and cached 60 minutes (also offline, through the persisted query cache).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { listMarketsEndpoint, type Market } from '../../shared/api/markets';
import { userPermissionsEndpoint, type MarketPermissions } from '../../shared/api/users';
import type { MarketCode, Role } from '../../shared/enums';
import { hasPermission, marketsOfPermissions, type Feature, type PermissionMap } from '../../shared/permissions';
import { callApi } from './api-client';
import type { Account } from './auth/auth-provider';
import { SESSION_CACHE_MS } from './config';
import { useCurrentMarket } from './market-store';

export type Session = {
  account: Account;
  userId: string;
  markets: Market[];
  permissionsByMarket: Partial<Record<MarketCode, MarketPermissions>>;
};

export const SESSION_QUERY_KEY = 'session';

export function sessionQueryOptions(account: Account) {
  return queryOptions({
    queryKey: [SESSION_QUERY_KEY, account.azureUserId],
    queryFn: async ({ signal }): Promise<Session> => {
      const [permissions, markets] = await Promise.all([
        callApi(userPermissionsEndpoint, { params: { id: account.azureUserId }, signal }),
        callApi(listMarketsEndpoint, { signal }),
      ]);
      return { account, userId: permissions.data.user_id, markets: markets.data, permissionsByMarket: marketsOfPermissions(permissions.data) };
    },
    // Fresh for 60 minutes; kept as long as the persisted cache (the query client's default gcTime), so a
    // picker who last had signal days ago still opens the app offline with their permissions.
    staleTime: SESSION_CACHE_MS,
  });
}

export type MarketAccess = {
  market: Market | undefined;
  role: Role | undefined;
  permissions: PermissionMap;
  can: (feature: Feature, action: string) => boolean;
};

/** The current role is the role for the current market, or none. */
export function marketAccess(session: Session | undefined, code: MarketCode): MarketAccess {
  const entry = session?.permissionsByMarket[code];
  const permissions = entry?.Permission ?? {};
  return {
    market: session?.markets.find((m) => m.code === code),
    role: entry?.role,
    permissions,
    can: (feature, action) => hasPermission(permissions, feature, action),
  };
}

export function useSession(account: Account): Session | undefined {
  return useQuery(sessionQueryOptions(account)).data;
}

export function useMarketAccess(session: Session | undefined): MarketAccess {
  const code = useCurrentMarket();
  const access = useMemo(() => marketAccess(session, code), [session, code]);
  const can = useCallback((feature: Feature, action: string) => access.can(feature, action), [access]);
  return { ...access, can };
}
