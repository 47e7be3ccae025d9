import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { ImportResultPage } from '../../../features/inventory/components/import-result-page';
import { requireAccess } from '../../../lib/route-guards';
import { searchFlag, searchText } from '../../../lib/search-params';
import { useMarketAccess, useSession } from '../../../lib/session';

export const Route = createFileRoute('/_app/inventory/import-result/$importId')({
  // Opened from history it carries ?status=COMMITTED&fromHistory=true; anything else in the URL is dropped.
  validateSearch: (search: { status?: string; fromHistory?: boolean } & SearchSchemaInput) => ({
    status: searchText(search.status, 32, /^[A-Za-z_-]+$/),
    fromHistory: searchFlag(search.fromHistory),
  }),
  // The results are reached from Import Inventory (import view) and from Import History (history view).
  beforeLoad: ({ context }) => requireAccess(context.session, 'inventory-history'),
  component: ImportResultRoute,
});

function ImportResultRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { importId } = Route.useParams();
  const { status, fromHistory } = Route.useSearch();
  return (
    <ImportResultPage
      key={importId}
      importId={importId}
      status={status}
      fromHistory={fromHistory === true}
      userId={session.userId}
      role={access.role}
      canViewImport={access.can('inventory-import', 'view')}
    />
  );
}
