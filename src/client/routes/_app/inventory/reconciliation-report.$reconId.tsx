import { createFileRoute } from '@tanstack/react-router';
import { ReconciliationReportPage } from '../../../features/inventory/components/reconciliation-report-page';
import { requireAccess } from '../../../lib/route-guards';

export const Route = createFileRoute('/_app/inventory/reconciliation-report/$reconId')({
  beforeLoad: ({ context }) => requireAccess(context.session, 'inventory-reconciliation_report'),
  component: ReconciliationReportRoute,
});

function ReconciliationReportRoute() {
  const { reconId } = Route.useParams();
  return <ReconciliationReportPage key={reconId} reconId={reconId} />;
}
