import { createFileRoute, notFound } from '@tanstack/react-router';
import { isRowIdText } from '../../../../../shared/api/protocol';
import { canMarkPicked } from '../../../../../shared/permissions';
import { PicklistDetailPage } from '../../../../features/picklists/components/picklist-detail-page';
import { currentMarket } from '../../../../lib/market-store';
import { requireAccess } from '../../../../lib/route-guards';
import { useMarketAccess, useSession } from '../../../../lib/session';

export const Route = createFileRoute('/_app/orders/picklists/$picklistId')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'orders-picklist_details'),
  params: {
    // Picklist ids are positive whole numbers; anything else is the not-found page, never a call.
    parse: ({ picklistId }) => {
      if (!isRowIdText(picklistId)) throw notFound();
      return { picklistId };
    },
  },
  // The picklist's fetch starts with the navigation, alongside the screen's code, not after it. Not
  // awaited: the screen shows its own loading text, or the copy on the phone when there is no signal.
  // The query's module (with the offline outbox's database) is loaded here rather than imported, so that
  // it stays out of the code every screen, the login page first, loads.
  loader: async ({ context, params }) => {
    const { picklistDetailQueryOptions } = await import('../../../../lib/outbox/picklist-cache');
    void context.queryClient.prefetchQuery(picklistDetailQueryOptions(Number(params.picklistId), currentMarket(), context.session.userId));
  },
  component: PicklistDetailRoute,
});

function PicklistDetailRoute() {
  const { session } = Route.useRouteContext();
  const access = useMarketAccess(useSession(session.account) ?? session);
  const { picklistId } = Route.useParams();
  return <PicklistDetailPage picklistId={Number(picklistId)} userId={session.userId} canPick={canMarkPicked(access.role, access.permissions)} />;
}
