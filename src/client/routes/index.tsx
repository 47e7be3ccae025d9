import { createFileRoute, redirect } from '@tanstack/react-router';
import { landingRoute } from '../features/shell/landing';
import { currentMarket } from '../lib/market-store';
import { loadSignedInSession } from '../lib/route-guards';
import { marketAccess } from '../lib/session';

/** Home: sends each role to its own landing page. */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context, location }) => {
    const { session } = await loadSignedInSession(context, location);
    const access = marketAccess(session, currentMarket());
    throw redirect({ to: landingRoute(access.role, access.can) as '/' });
  },
});
