// What a route checks before it renders: a signed-in user with a session (else /login, remembering
// where they were going), a market they work in, and the permission the screen needs (else /).
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { UNKNOWN_AZURE_USER } from '../../shared/api/protocol';
import type { Feature } from '../../shared/permissions';
import type { RouterContext } from '../router';
import { ApiError } from './api-client';
import { signOut } from './auth/sign-out';
import { chooseMarket, currentMarket, setCurrentMarket } from './market-store';
import { marketAccess, sessionQueryOptions, type Session } from './session';

export async function loadSignedInSession(context: RouterContext, location: ParsedLocation): Promise<{ session: Session }> {
  const account = context.auth.getAccount();
  if (!account) throw redirect({ to: '/login', search: { redirect: location.href } });
  let session: Session;
  try {
    session = await context.queryClient.ensureQueryData(sessionQueryOptions(account));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (error.details.some((detail) => detail.message === UNKNOWN_AZURE_USER)) throw redirect({ to: '/unauthorized' });
      await signOut(context.auth, context.queryClient, { broadcast: false });
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    throw error;
  }
  const markets = session.markets.filter((market) => session.permissionsByMarket[market.code]);
  const code = chooseMarket(currentMarket(), markets);
  if (!code) throw redirect({ to: '/unauthorized' });
  setCurrentMarket(code);
  return { session };
}

export function requireAccess(session: Session, feature: Feature, action = 'view', fallback = '/'): void {
  // Typed paths grow as screens land; the fallback is '/' or a list the screen belongs to.
  if (!marketAccess(session, currentMarket()).can(feature, action)) throw redirect({ to: fallback as '/' });
}
