import { createFileRoute, stripSearchParams, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { ISSUE_TABS, type IssueTab } from '../../../../shared/enums';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import { tableSearchSchema, type TableSearchInput } from '../../../components/ui/data-table/table-search';
import { InventoryIssuesPage } from '../../../features/inventory/components/inventory-issues-page';
import { requireAccess } from '../../../lib/route-guards';
import { searchChoice } from '../../../lib/search-params';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/inventory/issues')({
  validateSearch: (search: TableSearchInput & { tab?: IssueTab } & SearchSchemaInput) => ({
    ...tableSearchSchema(search),
    tab: searchChoice(search.tab, ISSUE_TABS) ?? 'item_issues',
  }),
  // Defaults stay out of the URL: /inventory/issues is the first page of Item Issues.
  search: { middlewares: [stripSearchParams({ tab: 'item_issues', page: DEFAULT_TABLE_STATE.page, pageSize: DEFAULT_TABLE_STATE.pageSize, sort: [], filters: [] })] },
  beforeLoad: ({ context }) => requireAccess(context.session, 'inventory-issues'),
  component: InventoryIssuesRoute,
});

function InventoryIssuesRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { tab, ...state } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // The search box commits a pending search when it unmounts; after leaving the page that must not come back here.
  const stillHere = () => router.latestLocation.pathname.replace(/\/+$/, '') === '/inventory/issues';
  return (
    // A market switch starts the screen afresh: no row of the last market stays ticked, no refresh is followed.
    <InventoryIssuesPage
      key={access.market?.code ?? 'none'}
      marketName={access.market?.name ?? ''}
      tab={tab}
      state={state}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
      onStateChange={(next) => {
        if (stillHere()) void navigate({ search: { ...next, tab } });
      }}
    />
  );
}
