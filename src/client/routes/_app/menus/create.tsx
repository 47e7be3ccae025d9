import { createFileRoute, stripSearchParams, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { MENU_TYPES, type MenuType } from '../../../../shared/enums';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import { tableSearchSchema, type TableSearchInput } from '../../../components/ui/data-table/table-search';
import { CreateMenuPage } from '../../../features/menus/components/create-menu-page';
import { requireAccess } from '../../../lib/route-guards';
import { searchChoice } from '../../../lib/search-params';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/menus/create')({
  validateSearch: (search: TableSearchInput & { tab?: MenuType } & SearchSchemaInput) => ({
    ...tableSearchSchema(search),
    tab: searchChoice(search.tab, MENU_TYPES) ?? 'internal',
  }),
  // Defaults stay out of the URL: /menus/create is the first page of the internal menu.
  search: { middlewares: [stripSearchParams({ tab: 'internal', page: DEFAULT_TABLE_STATE.page, pageSize: DEFAULT_TABLE_STATE.pageSize, sort: [], filters: [] })] },
  beforeLoad: ({ context }) => requireAccess(context.session, 'menu_management-create_menu'),
  component: CreateMenuRoute,
});

function CreateMenuRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { tab, ...state } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const stillHere = () => router.latestLocation.pathname.replace(/\/+$/, '') === '/menus/create';
  return (
    // A market switch starts the screen afresh: no batch of the last market stays left out.
    <CreateMenuPage
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
