// Whether the signed-in user may upload menus in the current market: the review and the button render
// nothing without it (the server refuses the calls anyway).
import { getRouteApi } from '@tanstack/react-router';
import { useMarketAccess, useSession } from '../../../../lib/session';

const appRoute = getRouteApi('/_app');

export function useCanUpload(): boolean {
  const { session } = appRoute.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  return access.can('orders-orders_history', 'upload_menu');
}
