import { createFileRoute, redirect } from '@tanstack/react-router';
import { InventoryHub } from '../../../features/inventory/components/inventory-hub';
import { currentMarket } from '../../../lib/market-store';
import { marketAccess, useMarketAccess, useSession } from '../../../lib/session';

const INVENTORY_FEATURES = ['inventory-import', 'inventory-history', 'inventory-issues', 'inventory-reconciliation_report'] as const;

export const Route = createFileRoute('/_app/inventory/')({
  beforeLoad: ({ context }) => {
    const access = marketAccess(context.session, currentMarket());
    if (!INVENTORY_FEATURES.some((feature) => access.can(feature, 'view'))) throw redirect({ to: '/' });
  },
  component: InventoryRoute,
});

function InventoryRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  return <InventoryHub access={access} />;
}
