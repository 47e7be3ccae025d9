import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CreateOrderPage } from '../../../features/orders/components/create-order-page';
import { requireAccess } from '../../../lib/route-guards';

const id = z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))), undefined);
const name = z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))), undefined);

export const Route = createFileRoute('/_app/orders/create')({
  // The buyer chosen on the list (and their sales person) arrive in the URL.
  validateSearch: z.object({ buyerId: id, buyerName: name, salesPersonId: id, salesPersonName: name }),
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-orders_history', 'create_order'),
  component: CreateOrderRoute,
});

function CreateOrderRoute() {
  const { buyerId, buyerName, salesPersonId, salesPersonName } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CreateOrderPage
      buyer={buyerId ? { id: buyerId, name: buyerName ?? `Buyer ${buyerId}` } : null}
      salesPerson={salesPersonId ? { id: salesPersonId, name: salesPersonName ?? `Sales person ${salesPersonId}` } : null}
      onCustomerChange={({ buyer, salesPerson }) =>
        void navigate({
          search: { buyerId: buyer.id, buyerName: buyer.name, salesPersonId: salesPerson?.id, salesPersonName: salesPerson?.name },
          replace: true,
        })
      }
    />
  );
}
