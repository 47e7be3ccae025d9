import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { tableSearchSchema, type TableSearchInput } from '../../../components/ui/data-table/table-search';
import { UsersAdminPage } from '../../../features/users-admin/components/users-admin-page';
import { currentMarket } from '../../../lib/market-store';
import { requireAccess } from '../../../lib/route-guards';
import { hasPermission } from '../../../../shared/permissions';
import { searchChoice } from '../../../lib/search-params';
import { marketAccess } from '../../../lib/session';

const TABS = ['market', 'all'] as const;

export const Route = createFileRoute('/_app/admin/users')({
  validateSearch: (search: TableSearchInput & { tab?: (typeof TABS)[number] } & SearchSchemaInput) => ({
    ...tableSearchSchema(search),
    tab: searchChoice(search.tab, TABS) ?? 'market',
  }),
  beforeLoad: ({ context }) => requireAccess(context.session, 'users', 'admin'),
  component: UsersAdminRoute,
});

function UsersAdminRoute() {
  const { session } = Route.useRouteContext();
  const { tab, ...state } = Route.useSearch();
  const navigate = Route.useNavigate();
  const market = marketAccess(session, currentMarket()).market;
  const administered = Object.values(session.permissionsByMarket).filter((entry) => hasPermission(entry.Permission, 'users', 'admin')).length;
  return (
    <UsersAdminPage
      marketName={market?.name ?? ''}
      showMarkets={administered > 1}
      currentUserId={session.userId}
      tab={tab}
      state={state}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
      onStateChange={(next) => void navigate({ search: { ...next, tab } })}
    />
  );
}
