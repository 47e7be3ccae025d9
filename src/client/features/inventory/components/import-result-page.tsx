// /inventory/import-result/{importId}: the four tabs of an import's detail rows with their counts, the
// batch tags popup, and Commit or Discard for whoever may act; others see that it waits for them.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ListQuery } from '../../../../shared/api/common';
import { IMPORT_MESSAGES, importReferenceSchema, type ImportAction, type ImportDetailRow, type ImportMeta } from '../../../../shared/api/inventory-import';
import { IMPORT_TAB_LABELS, IMPORT_TABS, normaliseImportStatus, type ImportStatus, type ImportTab, type Role } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Banner } from '../../../components/ui/banner';
import { buttonClasses, Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { underlineTab } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { ApiError, type CallOptions } from '../../../lib/api-client';
import { LIST_CACHE_MS } from '../../../lib/config';
import { errorMessage, isAbort } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useImportAction } from '../api/act-on-import';
import { fetchImportDetails } from '../api/get-import-details';
import { IMPORT_QUERY_KEY } from '../api/get-import-status';
import { useRefreshImport } from '../api/refresh-import';
import { IMPORT_SCREEN_MESSAGES, recheckSummary } from '../import-screen-messages';
import { BatchTagsDialog } from './batch-tags-dialog';
import { importDetailColumns } from './import-detail-columns';

export const ACTIVE_TAB_STORAGE_KEY = 'import-result-active-tab';

/** Where the import stands, in words rather than the status code; COMMITTED reads as history shows it. */
const STATUS_BADGES: Record<ImportStatus, { label: string; tone: BadgeTone } | null> = {
  IDLE: null,
  DRAFT: { label: 'Draft', tone: 'neutral' },
  IN_PROGRESS: { label: 'In progress', tone: 'info' },
  FETCH_COMPLETED: { label: 'Awaiting commit', tone: 'warning' },
  COMMITTED: { label: 'Completed', tone: 'success' },
  DISCARDED: { label: 'Discarded', tone: 'neutral' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

/** Tablets get the table layout, and a finger still needs 44px. */
const touchHeight = 'pointer-coarse:min-h-11';

function readActiveTab(): ImportTab {
  try {
    const stored = window.localStorage.getItem(ACTIVE_TAB_STORAGE_KEY);
    return (IMPORT_TABS as readonly string[]).includes(stored ?? '') ? (stored as ImportTab) : 'inventory_updates';
  } catch {
    return 'inventory_updates';
  }
}

function rememberActiveTab(tab: ImportTab): void {
  try {
    window.localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, tab);
  } catch {
    // Without storage the tab is simply not remembered.
  }
}

type Props = {
  importId: string;
  /** ?status= from the history link (COMMITTED), sent with the details call. */
  status: string | undefined;
  fromHistory: boolean;
  userId: string;
  role: Role | undefined;
  /** Whether the user may open Import Inventory (Back leads there when it can). */
  canViewImport: boolean;
};

export function ImportResultPage(props: Props) {
  // An id no import can have is never asked of the server.
  if (!importReferenceSchema.safeParse(props.importId).success) return <InvalidImport />;
  return <ImportResults {...props} />;
}

function InvalidImport() {
  return (
    <div className="mx-auto max-w-3xl">
      <EmptyState
        icon="warning"
        title={IMPORT_MESSAGES.invalidImportTitle}
        description={IMPORT_MESSAGES.invalidImportText}
        className="rounded-xl border border-slate-200 bg-white"
        action={
          <Link to="/inventory/history" className={buttonClasses('secondary')}>
            Back to History
          </Link>
        }
      />
    </div>
  );
}

function ImportResults({ importId, status, fromHistory, userId, role, canViewImport }: Props) {
  const navigate = useNavigate();
  const market = useCurrentMarket();
  const [tab, setTab] = useState<ImportTab>(readActiveTab);
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  const [tagsOf, setTagsOf] = useState<ImportDetailRow | null>(null);
  const [confirming, setConfirming] = useState<ImportAction | null>(null);
  const action = useImportAction(importId);
  const recheck = useRefreshImport(importId, market);

  const detailsKey = [IMPORT_QUERY_KEY, 'details', importId, tab];
  const fetchPage = (query: ListQuery, options: CallOptions) => fetchImportDetails(importId, tab, query, options);
  const list = useTableQuery<ImportDetailRow, { status?: string }>({ queryKey: detailsKey, fetchPage, state, extra: { status }, offline: { noun: 'rows' } });
  // The same cache entry as the table's, read for the import's meta (id, status, counts, whether the caller may act).
  const page = useQuery({
    queryKey: [...detailsKey, market, list.listQuery],
    queryFn: ({ signal }) => fetchPage(list.listQuery, { signal, market }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
  const meta: ImportMeta | undefined = page.data?.metaDetails;

  const failure = list.error;
  if (failure instanceof ApiError && failure.code === 'VALIDATION_ERROR') return <InvalidImport />;

  const importStatus = meta ? meta.importStatus : status ? normaliseImportStatus(status) : undefined;
  const committed = importStatus === 'COMMITTED';
  const canAct = meta?.canAct === true && !committed;
  const pending = meta !== undefined && meta.importStatus === 'FETCH_COMPLETED' && !meta.canAct && role !== 'Fulfilment Person';
  const canRecheck = meta?.importStatus === 'FETCH_COMPLETED' && meta.canAct;
  const statusBadge = importStatus ? STATUS_BADGES[importStatus] : null;
  const backTo = fromHistory ? '/inventory/history' : canViewImport ? '/inventory/import' : '/inventory';
  const updateCount = meta?.tabCounts.inventory_updates;

  const handleTabChange = (index: number) => {
    const next = IMPORT_TABS[index] ?? 'inventory_updates';
    rememberActiveTab(next);
    setTab(next);
    // A new tab starts with no search and on its first page (spec section 4).
    setState(DEFAULT_TABLE_STATE);
  };

  const handleRecheck = async () => {
    try {
      const result = await recheck.mutateAsync();
      showToast({ tone: 'success', title: recheckSummary({ fixed: result.fixed, stillWrong: result.still_wrong }) });
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: errorMessage(error, IMPORT_SCREEN_MESSAGES.recheckFailed) });
    }
  };

  const handleConfirm = async () => {
    if (!confirming) return;
    const chosen = confirming;
    try {
      await action.mutateAsync({ action: chosen, userId });
      if (chosen === 'commit') {
        showToast({ tone: 'success', title: `Import ${importId} has been committed.` });
      } else {
        showToast({ tone: 'success', title: `Import ${importId} has been discarded.` });
        void navigate({ to: backTo });
      }
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: errorMessage(error, chosen === 'commit' ? IMPORT_MESSAGES.commitFailed : IMPORT_MESSAGES.discardFailed) });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title="Import Results"
        subtitle={
          <>
            <span className="font-medium whitespace-nowrap text-slate-800 tabular-nums">Import ID: {meta?.importId ?? importId}</span>
            {/* Each part keeps its words together. On a phone the creation time takes a line of its own, without the
                separator (a wrapped line began '· Created'). */}
            {meta && (
              <>
                {' '}
                <span className="whitespace-nowrap max-sm:block">
                  <span className="max-sm:hidden" aria-hidden="true">
                    ·{' '}
                  </span>
                  Created {formatDateTime(meta.importStartTime)}
                </span>
              </>
            )}
            {statusBadge && (
              <>
                {' '}
                <Badge tone={statusBadge.tone} className="align-middle">
                  {statusBadge.label}
                </Badge>
              </>
            )}
          </>
        }
        className="sm:mb-2"
        actions={
          <>
            {!(committed && fromHistory) && (
              <Link to={backTo} className={buttonClasses('secondary', 'md', touchHeight)}>
                Back
              </Link>
            )}
            {committed && (
              <Link to="/inventory/history" className={buttonClasses('secondary', 'md', touchHeight)}>
                Back to History
              </Link>
            )}
            {canAct && (
              <>
                <Button variant="secondary" onClick={() => setConfirming('discard')} disabled={action.isPending} className={touchHeight}>
                  Discard
                </Button>
                <Button icon="check" onClick={() => setConfirming('commit')} disabled={action.isPending} className={touchHeight}>
                  Commit
                </Button>
              </>
            )}
          </>
        }
      />
      {pending && <Banner tone="warning" title={IMPORT_MESSAGES.pending} autoDismissMs={0} dismissible={false} />}
      {failure !== undefined && (
        <Banner
          tone="error"
          title={`Failed to fetch import results: ${failure instanceof Error ? failure.message : String(failure)}`}
          autoDismissMs={0}
          dismissible={false}
          action={{ label: 'Retry', onClick: list.retry }}
        />
      )}
      <TabGroup selectedIndex={IMPORT_TABS.indexOf(tab)} onChange={handleTabChange}>
        {/* Relative, so that the badges' screen-reader text scrolls with the tabs instead of widening the page. */}
        <TabList aria-label="Result tabs" className="relative -mx-3 flex overflow-x-auto border-b border-slate-200 px-3 sm:mx-0 sm:px-0">
          {IMPORT_TABS.map((each) => (
            <Tab
              key={each}
              className={underlineTab}
            >
              {IMPORT_TAB_LABELS[each]}
              {meta && <Badge count={meta.tabCounts[each] ?? 0} tone={each === 'inventory_updates' ? 'brand' : 'neutral'} label="rows" />}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          {IMPORT_TABS.map((each) => (
            <TabPanel key={each}>
              {each === tab && each === 'case_size_errors' && canRecheck && (
                <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-sm text-slate-600">Fixed a product&apos;s standard case sizes? Re-check these rows against them.</p>
                  <Button variant="secondary" size="sm" icon="refresh" loading={recheck.isPending} onClick={() => void handleRecheck()} className={`max-sm:min-h-11 ${touchHeight}`}>
                    {IMPORT_SCREEN_MESSAGES.recheckCaseSizes}
                  </Button>
                </div>
              )}
              {each === tab && (
                <DataTable<ImportDetailRow>
                  tableId={`import-result-${each}`}
                  caption={IMPORT_TAB_LABELS[each]}
                  columns={importDetailColumns(each, setTagsOf)}
                  rows={list.rows}
                  totalRecords={list.totalRecords}
                  getRowId={(row) => String(row.id)}
                  getRowLabel={(row) => `${row.product_name ?? row.s2s_product_name ?? ''} ${row.batch_id}`}
                  state={state}
                  onStateChange={setState}
                  isLoading={list.isLoading}
                  isFetching={list.isFetching}
                  staleError={list.staleError}
                  offline={list.offline}
                  onRetry={list.retry}
                />
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      <BatchTagsDialog batch={tagsOf ? { batchId: tagsOf.batch_id, importId, tab } : null} onClose={() => setTagsOf(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'commit' ? 'Commit this import?' : 'Discard this import?'}
        message={
          confirming === 'commit'
            ? `${updateCount === undefined ? 'The Inventory Updates' : updateCount === 1 ? 'The 1 Inventory Update' : `The ${updateCount} Inventory Updates`} of ${importId} will be applied to stock.`
            : `Nothing of ${importId} will be applied, and its locations can be imported again.`
        }
        confirmLabel={confirming === 'commit' ? 'Commit' : 'Discard'}
        destructive={confirming === 'discard'}
        busy={action.isPending}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
