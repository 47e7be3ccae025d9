import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../../features/inventory/components/import-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/inventory/import')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'inventory-import'),
  component: ImportRoute,
});

function ImportRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  // A market switch starts the screen afresh: no location of the last market stays ticked.
  return <ImportPage key={access.market?.code ?? 'none'} market={access.market} userId={session.userId} />;
}
