// /inventory/reconciliation-report: choose locations and start a reconciliation; while it runs, 'Import in
// progress...' (polled every 5 s); when a run this page watched has its report generated, on to the report.
// A failed latest run says why, and the latest readable report stays one click away.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Market } from '../../../../shared/api/markets';
import { RECON_MESSAGES } from '../../../../shared/api/reconciliation';
import { formatDateTime } from '../../../lib/format';
import { Banner } from '../../../components/ui/banner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { underlineTab } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { errorMessage, isAbort } from '../../../lib/handle-error';
import { useReconciliationStatus } from '../api/get-reconciliation-status';
import { useStartReconciliation } from '../api/initiate-reconciliation';
import { useInventoryLocations } from '../api/list-locations';
import { isReconRunning, isReportReadable } from '../reconciliation-rules';
import { LocationChecklist } from './location-checklist';

const START_FAILED = 'Failed to initiate reconciliation. Please try again.';
const NO_MARKET = 'Choose a market to reconcile its inventory.';

export function ReconciliationEntryPage({ market }: { market: Market | undefined }) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {market ? (
        <MarketReconciliation market={market} />
      ) : (
        <>
          <PageHeader title={RECON_MESSAGES.title} />
          <EmptyState icon="warning" title={NO_MARKET} className="rounded-xl border border-slate-200 bg-white" />
        </>
      )}
    </div>
  );
}

function MarketReconciliation({ market }: { market: Market }) {
  const navigate = useNavigate();
  const status = useReconciliationStatus(market.code);
  const locations = useInventoryLocations(market.code);
  const start = useStartReconciliation(market.code);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const latest = status.data?.latestData ?? null;
  const running = isReconRunning(latest?.recon_status);

  // Only a run this page saw running (or started) leads on to its report: arriving when the latest report is
  // already generated keeps the user here, with a link to it, so that they can start another.
  const sawRunning = useRef(false);
  const [startedId, setStartedId] = useState<string | null>(null);
  const fresh = status.isFetchedAfterMount ? latest : null;
  useEffect(() => {
    if (!fresh) return;
    if (isReconRunning(fresh.recon_status)) {
      sawRunning.current = true;
      return;
    }
    if (!sawRunning.current && fresh.reference_id !== startedId) return;
    sawRunning.current = false;
    setStartedId(null);
    // Replace, so that Back from the report does not come here to be sent on again.
    if (fresh.recon_status === 'REPORT-GENERATED') {
      void navigate({ to: '/inventory/reconciliation-report/$reconId', params: { reconId: fresh.reference_id }, replace: true });
    }
  }, [fresh, startedId, navigate]);

  const statusFailedAt = status.isError && !isAbort(status.error) ? status.errorUpdatedAt : 0;
  useEffect(() => {
    if (statusFailedAt) showToast({ tone: 'error', title: errorMessage(status.error, 'Failed to load the reconciliation status.') });
  }, [statusFailedAt, status.error]);

  const canStart = selected.size > 0 && !running && !start.isPending;

  const handleToggle = (locationId: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(locationId)) next.add(locationId);
      return next;
    });
  };

  const handleStart = async () => {
    if (!canStart) return;
    try {
      const started = await start.mutateAsync([...selected]);
      setStartedId(started.reconId);
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: errorMessage(error, START_FAILED) });
    }
  };

  const readable = latest && isReportReadable(latest.recon_status) ? latest : null;
  return (
    <>
      <PageHeader
        title={RECON_MESSAGES.title}
        subtitle={
          <>
            <span className="font-medium text-slate-800">{market.name}</span>
            {latest && <span className="whitespace-nowrap"> · Last run: {formatDateTime(latest.created_ts)}</span>}
          </>
        }
      />
      {latest?.recon_status === 'FAILED' && (
        <Banner tone="error" title={`Reconciliation ${latest.reference_id} failed.`} autoDismissMs={0} dismissible={false}>
          {/* A connector's answer can be long and unbroken: it wraps anywhere and scrolls within the banner. */}
          {latest.comments && <p className="max-h-32 overflow-y-auto break-words whitespace-pre-wrap">{latest.comments}</p>}
        </Banner>
      )}
      {readable && (
        <Banner tone="info" title={`Reconciliation ${readable.reference_id} ${readable.recon_status === 'COMPLETED' ? 'was completed' : 'has its report ready'}.`} autoDismissMs={0} dismissible={false}>
          <Link
            to="/inventory/reconciliation-report/$reconId"
            params={{ reconId: readable.reference_id }}
            className={buttonClasses('secondary', 'md', 'mt-2 pointer-coarse:min-h-11')}
          >
            View report
          </Link>
        </Banner>
      )}
      <Card flush>
        <TabGroup>
          <TabList aria-label="Reconciliation source" className="relative flex border-b border-slate-200 px-2 sm:px-4">
            <Tab
              className={underlineTab}
            >
              {RECON_MESSAGES.tab}
            </Tab>
          </TabList>
          <TabPanels className="p-4 sm:p-5">
            <TabPanel>
              {running ? (
                <div className="flex min-h-48 flex-col items-center justify-center gap-2 py-12 text-center">
                  <LoadingMessage messages={RECON_MESSAGES.inProgress} className="flex-col text-base font-medium" />
                  {latest?.s2s_location_name && <p className="max-w-prose text-sm text-slate-700">{latest.s2s_location_name}</p>}
                </div>
              ) : locations.isPending ? (
                <LoadingMessage messages="Loading inventory locations..." fill />
              ) : locations.isError ? (
                <Banner tone="error" title="The inventory locations could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: () => void locations.refetch() }} />
              ) : (
                <div className="space-y-4">
                  <LocationChecklist locations={locations.data} selected={selected} onToggle={handleToggle} disabled={start.isPending} />
                  {locations.data.length > 0 && (
                    <div className="flex justify-end">
                      <Button icon="scale" onClick={() => void handleStart()} disabled={!canStart} loading={start.isPending} className="w-full sm:w-auto pointer-coarse:min-h-11">
                        {RECON_MESSAGES.initiate}
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </Card>
    </>
  );
}
