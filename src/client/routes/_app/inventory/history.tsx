import { createFileRoute, stripSearchParams, useRouter } from '@tanstack/react-router';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import { tableSearchSchema } from '../../../components/ui/data-table/table-search';
import { ImportHistoryPage } from '../../../features/inventory/components/import-history-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/inventory/history')({
  validateSearch: tableSearchSchema,
  // Defaults stay out of the URL: /inventory/history is /inventory/history.
  search: { middlewares: [stripSearchParams({ page: DEFAULT_TABLE_STATE.page, pageSize: DEFAULT_TABLE_STATE.pageSize, sort: [], filters: [] })] },
  beforeLoad: ({ context }) => requireAccess(context.session, 'inventory-history'),
  component: ImportHistoryRoute,
});

function ImportHistoryRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // The search box commits a pending search when it unmounts; after opening an import that must not come back here.
  const stillHere = () => router.latestLocation.pathname.replace(/\/+$/, '') === '/inventory/history';
  return (
    <ImportHistoryPage
      marketName={access.market?.name ?? ''}
      state={state}
      onStateChange={(next) => {
        if (stillHere()) void navigate({ search: next });
      }}
    />
  );
}
