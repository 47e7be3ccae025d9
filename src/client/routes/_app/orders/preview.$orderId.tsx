import { createFileRoute } from '@tanstack/react-router';
import { orderIdProblem } from '../../../../shared/api/order-protocol';
import { OrderIdProblem } from '../../../features/orders/components/order-not-found';
import { OrderPreviewPage } from '../../../features/orders/components/order-preview-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/orders/preview/$orderId')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-orders_history'),
  component: OrderPreviewRoute,
});

function OrderPreviewRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { orderId } = Route.useParams();
  // An id no order can have is said as such, never asked of the server.
  const problem = orderIdProblem(orderId);
  if (problem) return <OrderIdProblem problem={problem} />;
  return <OrderPreviewPage orderId={Number(orderId)} canEdit={access.can('orders-order_detail', 'edit_order')} />;
}
