import { createFileRoute, redirect } from '@tanstack/react-router';
import { MenusHub } from '../../../features/menus/components/menus-hub';
import { currentMarket } from '../../../lib/market-store';
import { marketAccess, useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/menus/')({
  beforeLoad: ({ context }) => {
    const access = marketAccess(context.session, currentMarket());
    if (!access.can('menu_management-create_menu', 'view') && !access.can('menu_management-menu_settings', 'view')) throw redirect({ to: '/' });
  },
  component: MenusRoute,
});

function MenusRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  return <MenusHub access={access} />;
}
