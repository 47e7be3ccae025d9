// /inventory/reconciliation-report/{reconId}: a run's Status Mismatch and Inventory Mismatch rows with their
// counts; accepting the seed-to-sale quantity of some batches (with a reason), Refresh (compare again), Export
// and Complete while the report is generated. A run being compared again shows 'Import in progress...' until its new report is ready;
// any other run that has no report leads back to the entry page.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ListQuery } from '../../../../shared/api/common';
import { RECON_MESSAGES, RECONCILIATION_TAB_LABELS, RECONCILIATION_TABS, type ReconBatchRow, type ReconciliationTab } from '../../../../shared/api/reconciliation';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import type { RowAction, TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { underlineTab } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { ApiError, type CallOptions } from '../../../lib/api-client';
import { errorMessage, isAbort } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useReconciliationAction } from '../api/act-on-reconciliation';
import { RECON_QUERY_KEY, useReconciliationStatus } from '../api/get-reconciliation-status';
import { fetchReconciliationRows } from '../api/list-reconciliation-rows';
import { useRefreshReconciliation } from '../api/refresh-reconciliation';
import { canAcceptRow, isAcceptable, isReconRunning, isReportReadable, tabTakesAccepts } from '../reconciliation-rules';
import { reconciliationColumns } from './reconciliation-columns';
import { ReconciliationReasonDialog } from './reconciliation-reason-dialog';

const EXPORT_FAILED = 'Failed to export the reconciliation. Please try again.';
const COMPLETE_FAILED = 'Failed to complete the reconciliation. Please try again.';
const REFRESH_FAILED = 'Failed to run the reconciliation again. Please try again.';

/** Tablets get the table layout, and a finger still needs 44px. */
const touchHeight = 'whitespace-nowrap max-md:min-h-11 pointer-coarse:min-h-11';

const STATUS_BADGES: Partial<Record<string, { label: string; tone: BadgeTone }>> = {
  'IN-PROGRESS': { label: 'In progress', tone: 'info' },
  'REPORT-GENERATED': { label: 'Report generated', tone: 'warning' },
  COMPLETED: { label: 'Completed', tone: 'success' },
};

export function ReconciliationReportPage({ reconId }: { reconId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const market = useCurrentMarket();
  const status = useReconciliationStatus(market, reconId);
  const run = status.data?.reconData ?? null;
  const runStatus = run?.recon_status;
  const running = isReconRunning(runStatus);
  const readable = isReportReadable(runStatus);
  const generated = runStatus === 'REPORT-GENERATED';

  const [tab, setTab] = useState<ReconciliationTab>('status_mismatch');
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  const [accepting, setAccepting] = useState<{ batches: string[]; clear?: () => void } | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [confirmingComplete, setConfirmingComplete] = useState(false);
  const action = useReconciliationAction(reconId, market);
  const refresh = useRefreshReconciliation(reconId, market);

  // No report to read (an unknown id, a failed or fresh run): back to the entry page. A failed status call
  // stays here with its toast rather than leaving on a network hiccup.
  const noReport = status.isSuccess && !running && !readable;
  useEffect(() => {
    if (noReport) void navigate({ to: '/inventory/reconciliation-report', replace: true });
  }, [noReport, navigate]);

  // A run compared again has new rows once its report is generated: the cached pages are old.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (readable && wasRunning.current) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: [RECON_QUERY_KEY, 'details', reconId] });
    }
  }, [running, readable, reconId, queryClient]);

  const fetchPage = (query: ListQuery, options: CallOptions) => fetchReconciliationRows(reconId, tab, query, options);
  const list = useTableQuery<ReconBatchRow>({ queryKey: [RECON_QUERY_KEY, 'details', reconId, tab], fetchPage, state, enabled: readable, offline: { noun: 'batches' } });

  const handleTabChange = (index: number) => {
    setTab(RECONCILIATION_TABS[index] ?? 'status_mismatch');
    // A new tab starts with no search and on its first page (spec section 4).
    setState(DEFAULT_TABLE_STATE);
  };

  const openAccept = (rows: ReconBatchRow[], clear?: () => void) => {
    setAcceptError(null);
    setAccepting({ batches: rows.map((row) => row.batch_id), clear });
  };

  const handleAccept = async (reason: { reasonCode: number; comments?: string }) => {
    if (!accepting) return;
    try {
      const answer = await action.mutateAsync({ action: 'accept', batchId: accepting.batches, ...reason });
      const count = answer.accepted?.length ?? accepting.batches.length;
      showToast({ tone: 'success', title: count === 1 ? 'The S2S active quantity was accepted.' : `The S2S active quantity of ${count} batches was accepted.` });
      accepting.clear?.();
      setAccepting(null);
    } catch (error) {
      if (isAbort(error)) return;
      setAcceptError(error instanceof ApiError && error.status === 409 ? error.message : RECON_MESSAGES.acceptFailed);
    }
  };

  const handleExport = async () => {
    try {
      const answer = await action.mutateAsync({ action: 'export' });
      const url = answer.downloadUrl ?? answer.presignedUrl;
      if (!url) return showToast({ tone: 'error', title: EXPORT_FAILED });
      window.open(url, '_blank', 'noopener,noreferrer');
      // The workbook downloads in the new window, which a browser may close at once or block: the page says it is made.
      showToast({ tone: 'success', title: 'Report exported', description: answer.file_name });
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: errorMessage(error, EXPORT_FAILED) });
    }
  };

  const handleComplete = async () => {
    try {
      await action.mutateAsync({ action: 'complete' });
      showToast({ tone: 'success', title: `Reconciliation ${reconId} has been completed.` });
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: errorMessage(error, COMPLETE_FAILED) });
    } finally {
      setConfirmingComplete(false);
    }
  };

  const handleRefresh = async () => {
    try {
      await refresh.mutateAsync();
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: errorMessage(error, REFRESH_FAILED) });
    }
  };

  // A completed report is a record: no row offers an action (a menu on each row holding one disabled item was noise).
  const rowActions = (row: ReconBatchRow): RowAction[] => (generated && isAcceptable(row) ? [{ label: RECON_MESSAGES.acceptAction, icon: 'check', onSelect: () => openAccept([row]) }] : []);

  const badge = runStatus ? STATUS_BADGES[runStatus] : undefined;
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title={RECON_MESSAGES.reportTitle}
        subtitle={
          <>
            <span className="font-medium whitespace-nowrap text-slate-800 tabular-nums">{reconId}</span>
            {badge && (
              <>
                {' '}
                <Badge tone={badge.tone} className="align-middle">
                  {badge.label}
                </Badge>
              </>
            )}
          </>
        }
        className="sm:mb-2"
        actions={
          <>
            <Link to="/inventory/reconciliation-report" className={buttonClasses('secondary', 'md', touchHeight)}>
              Back
            </Link>
            {readable && (
              <Button variant="secondary" icon="external-link" onClick={() => void handleExport()} disabled={action.isPending} loading={action.isPending && action.variables?.action === 'export'} className={touchHeight}>
                Export
              </Button>
            )}
            {generated && (
              <Button variant="secondary" icon="refresh" onClick={() => void handleRefresh()} loading={refresh.isPending} disabled={action.isPending} className={touchHeight}>
                Refresh
              </Button>
            )}
            {generated && (
              <Button icon="check" onClick={() => setConfirmingComplete(true)} disabled={action.isPending} className={touchHeight}>
                Complete
              </Button>
            )}
          </>
        }
      />
      {running ? (
        <div className="flex min-h-48 flex-col items-center justify-center rounded-xl border border-slate-200 bg-white py-12 text-center">
          <LoadingMessage messages={RECON_MESSAGES.inProgress} className="flex-col text-base font-medium" />
        </div>
      ) : !readable ? (
        <LoadingMessage messages="Loading reconciliation..." fill />
      ) : (
        <TabGroup selectedIndex={RECONCILIATION_TABS.indexOf(tab)} onChange={handleTabChange}>
          {/* Relative, so that the badges' screen-reader text scrolls with the tabs instead of widening the page. */}
          <TabList aria-label="Reconciliation tabs" className="relative -mx-3 flex overflow-x-auto border-b border-slate-200 px-3 sm:mx-0 sm:px-0">
            {RECONCILIATION_TABS.map((each) => (
              <Tab
                key={each}
                className={underlineTab}
              >
                {RECONCILIATION_TAB_LABELS[each]}
                {run && <Badge count={run.tab_counts[each]} tone={run.tab_counts[each] > 0 ? 'danger' : 'neutral'} label="rows" />}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="pt-4">
            {RECONCILIATION_TABS.map((each) => (
              <TabPanel key={each}>
                {each === tab && (
                  <DataTable<ReconBatchRow>
                    tableId={`reconciliation-${each}`}
                    caption={RECONCILIATION_TAB_LABELS[each]}
                    columns={reconciliationColumns()}
                    rows={list.rows}
                    totalRecords={list.totalRecords}
                    getRowId={(row) => String(row.recon_batch_id)}
                    getRowLabel={(row) => `${row.batch_id} ${row.s2s_product_name ?? ''}`.trim()}
                    state={state}
                    onStateChange={setState}
                    isLoading={list.isLoading}
                    isFetching={list.isFetching}
                    staleError={list.staleError}
                    offline={list.offline}
                    onRetry={list.retry}
                    rowActions={rowActions}
                    enableSelection={generated && tabTakesAccepts(each) ? (row) => canAcceptRow(row, runStatus) : false}
                    bulkActions={(selected, clear) => (
                      <Button size="sm" icon="check" disabled={selected.length === 0 || action.isPending} onClick={() => openAccept(selected, clear)} className={touchHeight}>
                        {`${RECON_MESSAGES.acceptAction} (${selected.length})`}
                      </Button>
                    )}
                    emptyText="No differences on this tab."
                  />
                )}
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      )}
      <ReconciliationReasonDialog
        batches={accepting?.batches ?? []}
        busy={action.isPending}
        error={acceptError}
        onConfirm={(reason) => void handleAccept(reason)}
        onClose={() => setAccepting(null)}
      />
      <ConfirmDialog
        open={confirmingComplete}
        title="Complete this reconciliation?"
        message={`${reconId} will be closed: no more batches can be accepted in it.`}
        confirmLabel="Complete"
        busy={action.isPending}
        onConfirm={() => void handleComplete()}
        onCancel={() => setConfirmingComplete(false)}
      />
    </div>
  );
}
