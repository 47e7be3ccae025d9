// /inventory/import: choose locations and start an import; while it runs, a block loader with its progress;
// when a fetch this page watched completes, on to the results. The alert banner announces the latest outcome.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { IMPORT_MESSAGES } from '../../../../shared/api/inventory-import';
import type { Market } from '../../../../shared/api/markets';
import { normaliseImportStatus } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { Banner } from '../../../components/ui/banner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { underlineTab } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { useAppStats } from '../../../lib/app-stats';
import { errorMessage, isAbort } from '../../../lib/handle-error';
import { useImportStatus } from '../api/get-import-status';
import { useStartImport } from '../api/initiate-import';
import { useInventoryLocations } from '../api/list-locations';
import { IMPORT_SCREEN_MESSAGES } from '../import-screen-messages';
import { canStartImport, isImportRunning } from '../import-start-rules';
import { ImportAlertBanner } from './import-alert-banner';
import { LocationChecklist } from './location-checklist';

export function ImportPage({ market, userId }: { market: Market | undefined; userId: string }) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {market ? (
        <MarketImport market={market} userId={userId} />
      ) : (
        <>
          <PageHeader title="Import Inventory" />
          <EmptyState icon="warning" title={IMPORT_MESSAGES.noMarket} className="rounded-xl border border-slate-200 bg-white" />
        </>
      )}
    </div>
  );
}

function MarketImport({ market, userId }: { market: Market; userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stats = useAppStats();
  const status = useImportStatus(market.code);
  const locations = useInventoryLocations(market.code);
  const start = useStartImport();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const latest = status.data ?? null;
  const running = isImportRunning(latest?.import_status);
  const waitingId = latest !== null && normaliseImportStatus(latest.import_status) === 'FETCH_COMPLETED' ? latest.reference_id : null;

  // The status *becomes* FETCH_COMPLETED only for an import this page saw running, in an answer fetched since
  // the page opened, or one it started (whose first status may already say so). A cached answer from an earlier
  // visit does not count, so arriving at an import that already waits shows the notice below instead of leaving.
  const sawRunning = useRef(false);
  const [startedId, setStartedId] = useState<string | null>(null);
  const fresh = status.isFetchedAfterMount ? latest : null;
  useEffect(() => {
    if (!fresh) return;
    if (isImportRunning(fresh.import_status)) {
      sawRunning.current = true;
      return;
    }
    const watched = sawRunning.current || fresh.reference_id === startedId;
    if (!watched) return;
    sawRunning.current = false;
    setStartedId(null);
    // The running import ended: the sidebar's indicator and the syncing flag change with it.
    void queryClient.invalidateQueries({ queryKey: ['app-stats'] });
    // Replace, so that Back from the results does not land here with the notice.
    if (normaliseImportStatus(fresh.import_status) === 'FETCH_COMPLETED') {
      void navigate({ to: '/inventory/import-result/$importId', params: { importId: fresh.reference_id }, replace: true });
    }
  }, [fresh, startedId, navigate, queryClient]);

  const statusFailedAt = status.isError && !isAbort(status.error) ? status.errorUpdatedAt : 0;
  useEffect(() => {
    if (statusFailedAt) showToast({ tone: 'error', title: IMPORT_MESSAGES.fetchStatusFailed });
  }, [statusFailedAt]);

  // The locations of an import waiting to be committed or discarded cannot be imported again until it is: they are
  // shown held rather than offered (a start with one was answered 'already in progress' and led to that import).
  const held = useMemo(
    () => new Map(waitingId && latest ? latest.inventory_location.map((location) => [location.id, `Held by ${waitingId} until it is committed or discarded`] as const) : []),
    [waitingId, latest],
  );
  const chosen = [...selected].filter((id) => !held.has(id));
  const canStart = canStartImport({ hasMarket: true, selectedCount: chosen.length, running, starting: start.isPending });

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
      const started = await start.mutateAsync({ market: market.code, userId, locationIds: chosen });
      // Found running rather than started (another user's import holds one of the locations): said so, then followed.
      if (started.importId === undefined) showToast({ tone: 'info', title: IMPORT_MESSAGES.alreadyInProgress, description: `Showing ${started.referenceId}.` });
      else showToast({ tone: 'success', title: IMPORT_MESSAGES.started });
      if (started.status === 'FETCH_COMPLETED') void navigate({ to: '/inventory/import-result/$importId', params: { importId: started.referenceId } });
      else if (isImportRunning(started.status)) setStartedId(started.referenceId);
    } catch (error) {
      if (isAbort(error)) return;
      const reason = errorMessage(error, IMPORT_MESSAGES.startFailed);
      showToast({ tone: 'error', title: IMPORT_MESSAGES.startFailed, description: reason === IMPORT_MESSAGES.startFailed ? undefined : reason });
    }
  };

  // The latest import's commit time when it is the latest, else the market's last commit (after a discard, say).
  const lastImport = latest?.last_committed_ts ?? stats?.lastImportAt;
  const runningLocations = latest?.inventory_location.map((location) => location.displayName).join(', ');
  return (
    <>
      <PageHeader
        title="Import Inventory"
        subtitle={
          <>
            <span className="font-medium text-slate-800">{market.name}</span>
            {lastImport && <span> · Last import: {formatDateTime(lastImport)}</span>}
          </>
        }
      />
      <ImportAlertBanner state={latest} userId={userId} checkedAt={status.dataUpdatedAt} />
      {waitingId && (
        <Banner tone="info" title={IMPORT_SCREEN_MESSAGES.waitingTitle} autoDismissMs={0} dismissible={false}>
          <p>
            {`Import ${waitingId}${runningLocations ? ` for ${runningLocations}` : ''} has finished fetching. Its locations can be imported again once it is committed or discarded.`}
          </p>
          <Link
            to="/inventory/import-result/$importId"
            params={{ importId: waitingId }}
            className={buttonClasses('secondary', 'md', 'mt-2 pointer-coarse:min-h-11')}
          >
            {IMPORT_SCREEN_MESSAGES.viewResults}
          </Link>
        </Banner>
      )}
      <Card flush>
        <TabGroup>
          <TabList aria-label="Import source" className="relative flex border-b border-slate-200 px-2 sm:px-4">
            <Tab
              className={underlineTab}
            >
              API Import
            </Tab>
          </TabList>
          <TabPanels className="p-4 sm:p-5">
            <TabPanel>
              {running ? (
                <div className="flex min-h-48 flex-col items-center justify-center gap-2 py-12 text-center">
                  <LoadingMessage messages={IMPORT_MESSAGES.inProgress} className="flex-col text-base font-medium" />
                  {runningLocations && <p className="max-w-prose text-sm text-slate-700">{runningLocations}</p>}
                  <p className="text-sm text-slate-600 tabular-nums">{`${latest?.records_fetched ?? 0} records fetched`}</p>
                </div>
              ) : locations.isPending ? (
                <LoadingMessage messages="Loading inventory locations..." fill />
              ) : locations.isError ? (
                <Banner tone="error" title="The inventory locations could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: () => void locations.refetch() }} />
              ) : (
                <div className="space-y-4">
                  <LocationChecklist locations={locations.data} selected={selected} onToggle={handleToggle} disabled={start.isPending} held={held} />
                  {locations.data.length > 0 && (
                    <div className="flex justify-end">
                      <Button icon="import" onClick={() => void handleStart()} disabled={!canStart} loading={start.isPending} className="w-full sm:w-auto pointer-coarse:min-h-11">
                        Start Import
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
