import { createFileRoute, notFound } from '@tanstack/react-router';
import { isRowIdText } from '../../../../shared/api/protocol';
import { OrderPreviewPage } from '../../../features/orders/components/order-preview-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/orders/preview/$orderId')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-orders_history'),
  params: {
    // Order ids are positive whole numbers; anything else is the not-found page, never a call.
    parse: ({ orderId }) => {
      if (!isRowIdText(orderId)) throw notFound();
      return { orderId };
    },
  },
  component: OrderPreviewRoute,
});

function OrderPreviewRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { orderId } = Route.useParams();
  return <OrderPreviewPage orderId={Number(orderId)} canEdit={access.can('orders-order_detail', 'edit_order')} />;
}
