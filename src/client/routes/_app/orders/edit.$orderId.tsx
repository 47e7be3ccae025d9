import { createFileRoute } from '@tanstack/react-router';
import { orderIdProblem } from '../../../../shared/api/order-protocol';
import { EditOrderPage } from '../../../features/orders/components/edit-order-page';
import { OrderIdProblem } from '../../../features/orders/components/order-not-found';
import { requireAccess } from '../../../lib/route-guards';

export const Route = createFileRoute('/_app/orders/edit/$orderId')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-order_detail', 'edit_order', '/orders'),
  component: EditOrderRoute,
});

function EditOrderRoute() {
  const { orderId } = Route.useParams();
  // An id no order can have is said as such, never asked of the server.
  const problem = orderIdProblem(orderId);
  if (problem) return <OrderIdProblem problem={problem} />;
  return <EditOrderPage orderId={Number(orderId)} />;
}
