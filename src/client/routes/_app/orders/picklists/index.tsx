import { createFileRoute, stripSearchParams, useRouter } from '@tanstack/react-router';
import { DEFAULT_TABLE_STATE } from '../../../../components/ui/data-table/table-state';
import { tableSearchSchema } from '../../../../components/ui/data-table/table-search';
import { PicklistsPage } from '../../../../features/picklists/components/picklists-page';
import { currentMarket } from '../../../../lib/market-store';
import { requireAccess } from '../../../../lib/route-guards';
import { marketAccess } from '../../../../lib/session';

export const Route = createFileRoute('/_app/orders/picklists/')({
  validateSearch: tableSearchSchema,
  // Defaults stay out of the URL: /orders/picklists is /orders/picklists.
  search: { middlewares: [stripSearchParams({ page: DEFAULT_TABLE_STATE.page, pageSize: DEFAULT_TABLE_STATE.pageSize, sort: [], filters: [] })] },
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-picklist_register'),
  component: PicklistsRoute,
});

function PicklistsRoute() {
  const { session } = Route.useRouteContext();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const market = marketAccess(session, currentMarket()).market;
  // The search box commits a pending search when it unmounts: after a row was opened, that must not
  // bring the picker back to the list.
  const stillHere = () => router.latestLocation.pathname.replace(/\/+$/, '') === '/orders/picklists';
  return (
    <PicklistsPage
      marketName={market?.name ?? ''}
      userId={session.userId}
      state={state}
      onStateChange={(next) => {
        if (stillHere()) void navigate({ search: next });
      }}
      onOpen={(row) => void navigate({ to: '/orders/picklists/$picklistId', params: { picklistId: String(row.picklist_id) } })}
    />
  );
}
