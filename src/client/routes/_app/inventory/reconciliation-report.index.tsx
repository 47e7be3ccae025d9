import { createFileRoute } from '@tanstack/react-router';
import { ReconciliationEntryPage } from '../../../features/inventory/components/reconciliation-entry-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/inventory/reconciliation-report/')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'inventory-reconciliation_report'),
  component: ReconciliationEntryRoute,
});

function ReconciliationEntryRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  // A market switch starts the screen afresh: no location of the last market stays ticked.
  return <ReconciliationEntryPage key={access.market?.code ?? 'none'} market={access.market} />;
}
