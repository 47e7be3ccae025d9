import { createFileRoute, notFound } from '@tanstack/react-router';
import { isRowIdText } from '../../../../shared/api/protocol';
import { EditOrderPage } from '../../../features/orders/components/edit-order-page';
import { requireAccess } from '../../../lib/route-guards';

export const Route = createFileRoute('/_app/orders/edit/$orderId')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-order_detail', 'edit_order', '/orders'),
  params: {
    // Order ids are positive whole numbers; anything else is the not-found page, never a call.
    parse: ({ orderId }) => {
      if (!isRowIdText(orderId)) throw notFound();
      return { orderId };
    },
  },
  component: EditOrderRoute,
});

function EditOrderRoute() {
  const { orderId } = Route.useParams();
  return <EditOrderPage orderId={Number(orderId)} />;
}
