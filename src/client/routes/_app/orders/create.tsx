import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { CreateOrderPage } from '../../../features/orders/components/create-order-page';
import { requireAccess } from '../../../lib/route-guards';
import { searchPositiveId, searchText } from '../../../lib/search-params';

type CreateOrderSearch = { buyerId?: number; buyerName?: string; salesPersonId?: number; salesPersonName?: string };

const name = (value: unknown) => searchText(typeof value === 'string' ? value.trim() : value, 200) || undefined;

export const Route = createFileRoute('/_app/orders/create')({
  // The buyer chosen on the list (and their sales person) arrive in the URL.
  validateSearch: (search: CreateOrderSearch & SearchSchemaInput): CreateOrderSearch => ({
    buyerId: searchPositiveId(search.buyerId),
    buyerName: name(search.buyerName),
    salesPersonId: searchPositiveId(search.salesPersonId),
    salesPersonName: name(search.salesPersonName),
  }),
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
