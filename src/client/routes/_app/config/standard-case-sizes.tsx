import { createFileRoute, stripSearchParams, useRouter } from '@tanstack/react-router';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import { tableSearchSchema } from '../../../components/ui/data-table/table-search';
import { CaseSizesPage } from '../../../features/case-sizes/components/case-sizes-page';
import { requireAccess } from '../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/config/standard-case-sizes')({
  validateSearch: tableSearchSchema,
  // Defaults stay out of the URL: /config/standard-case-sizes is /config/standard-case-sizes.
  search: {
    middlewares: [
      stripSearchParams({
        page: DEFAULT_TABLE_STATE.page,
        pageSize: DEFAULT_TABLE_STATE.pageSize,
        sort: [],
        filters: [],
      }),
    ],
  },
  beforeLoad: ({ context }) => requireAccess(context.session, 'standard-case-sizes'),
  component: StandardCaseSizesRoute,
});

function StandardCaseSizesRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // The search box commits a pending search when it unmounts; after leaving, that must not bring the user back.
  const stillHere = () => router.latestLocation.pathname.replace(/\/+$/, '') === '/config/standard-case-sizes';
  // Keyed by market: edits typed in one market never follow the user into another (the switch lands here
  // before the leave question can be answered).
  return (
    <CaseSizesPage
      key={access.market?.code ?? ''}
      marketName={access.market?.name ?? ''}
      canEdit={access.can('standard-case-sizes', 'update')}
      state={state}
      onStateChange={(next) => {
        if (stillHere()) void navigate({ search: next });
      }}
    />
  );
}
