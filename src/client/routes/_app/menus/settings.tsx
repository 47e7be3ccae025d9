import { createFileRoute } from '@tanstack/react-router';
import { MenuSettingsPage } from '../../../features/menus/components/menu-settings-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/menus/settings')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'menu_management-menu_settings'),
  component: MenuSettingsRoute,
});

function MenuSettingsRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  // Keyed by market: changes made in one market never follow the user into another.
  return <MenuSettingsPage key={access.market?.code ?? 'none'} marketName={access.market?.name ?? ''} />;
}
