// /orders/preview with the order id left off.
import { createFileRoute } from '@tanstack/react-router';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import { OrderIdProblem } from '../../../features/orders/components/order-not-found';
import { requireAccess } from '../../../lib/route-guards';

export const Route = createFileRoute('/_app/orders/preview/')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-orders_history'),
  component: () => <OrderIdProblem problem={ORDER_MESSAGES.idRequired} />,
});
