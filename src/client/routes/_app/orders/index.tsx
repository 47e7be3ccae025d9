import { createFileRoute, stripSearchParams, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import { tableSearchSchema, type TableSearchInput } from '../../../components/ui/data-table/table-search';
import { OrdersPage } from '../../../features/orders/components/orders-page';
import { requireAccess } from '../../../lib/route-guards';
import { searchFlag, searchPositiveId, searchText } from '../../../lib/search-params';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/orders/')({
  // After a create, the new order's reference and id ride along for the success banner.
  validateSearch: (search: TableSearchInput & { created?: string; createdId?: number; actionRequired?: boolean } & SearchSchemaInput) => ({
    ...tableSearchSchema(search),
    created: searchText(search.created, 64),
    createdId: searchPositiveId(search.createdId),
    actionRequired: searchFlag(search.actionRequired),
  }),
  // Defaults stay out of the URL: /orders is /orders.
  search: { middlewares: [stripSearchParams({ page: DEFAULT_TABLE_STATE.page, pageSize: DEFAULT_TABLE_STATE.pageSize, sort: [], filters: [] })] },
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-orders_history'),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { created, createdId, actionRequired, ...state } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // The table's search box commits a pending search when it unmounts; once the user has opened an order
  // that must not bring them back to the list.
  const stillHere = () => router.latestLocation.pathname.replace(/\/+$/, '') === '/orders';
  return (
    <OrdersPage
      state={state}
      onStateChange={(next) => {
        if (stillHere()) void navigate({ search: next });
      }}
      role={access.role}
      canCreate={access.can('orders-orders_history', 'create_order')}
      canEdit={access.can('orders-order_detail', 'edit_order')}
      created={created && createdId ? { referenceId: created, orderId: createdId, actionRequired: actionRequired === true } : null}
      onCreatedDismiss={() => void navigate({ search: (previous) => ({ ...previous, created: undefined, createdId: undefined, actionRequired: undefined }), replace: true })}
    />
  );
}
