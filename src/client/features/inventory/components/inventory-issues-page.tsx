// /inventory/issues: what the latest committed imports left open, in two tabs with their counts, and a
// refresh that re-checks up to 100 chosen items as a job, followed until it ends.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListQuery } from '../../../../shared/api/common';
import type { ImportDetailRow } from '../../../../shared/api/inventory-import';
import { ISSUE_MESSAGES, type InventoryIssueRow, type IssueRefreshStatusRecord } from '../../../../shared/api/inventory-issues';
import { IMPORT_TAB_LABELS, ISSUE_TABS, type IssueTab } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { Badge } from '../../../components/ui/badge';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { underlineTab } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import type { CallOptions } from '../../../lib/api-client';
import { LIST_CACHE_MS } from '../../../lib/config';
import { handleError } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useIssueRefreshStatus } from '../api/get-issue-refresh-status';
import { fetchInventoryIssues, ISSUES_QUERY_KEY } from '../api/list-inventory-issues';
import { useRefreshInventoryIssues } from '../api/refresh-inventory-issues';
import { canRefreshSelection, isRefreshRunning, ISSUE_SCREEN_MESSAGES, refreshResult, refreshSelectionProblem, tabCount } from '../issue-refresh-rules';
import { BatchTagsDialog } from './batch-tags-dialog';
import { importDetailColumns } from './import-detail-columns';

/** The sidebar's and hub's counts (src/client/lib/app-stats.ts) fall as a refresh closes issues. */
const APP_STATS_QUERY_KEY = ['app-stats'];

/** Tablets get the table layout, and a finger still needs 44px; the label keeps to one line in the bulk bar. */
const touchHeight = 'whitespace-nowrap max-md:min-h-11 pointer-coarse:min-h-11';

type Props = {
  marketName: string;
  tab: IssueTab;
  /** The list state of the open tab, kept in the URL by the route. */
  state: TableState;
  /** A new tab starts with no search and on its first page (spec section 4). */
  onTabChange: (tab: IssueTab) => void;
  onStateChange: (next: TableState) => void;
};

export function InventoryIssuesPage({ marketName, tab, state, onTabChange, onStateChange }: Props) {
  const market = useCurrentMarket();
  const queryClient = useQueryClient();
  const [tagsOf, setTagsOf] = useState<InventoryIssueRow | null>(null);
  const status = useIssueRefreshStatus(market);
  const refresh = useRefreshInventoryIssues(market);

  const listKey = [ISSUES_QUERY_KEY, 'list', tab];
  const fetchPage = (query: ListQuery, options: CallOptions) => fetchInventoryIssues(tab, query, options);
  const list = useTableQuery<InventoryIssueRow>({ queryKey: listKey, fetchPage, state, offline: { noun: 'issues' } });
  // The same cache entry as the table's, read for the tab counts and the last import time.
  const page = useQuery({
    queryKey: [...listKey, market, list.listQuery],
    queryFn: ({ signal }) => fetchPage(list.listQuery, { signal, market }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
  const issueById = new Map(list.rows.map((row) => [row.id, row]));

  // A refresh seen running on this page is followed to its end, and its result shown then; one that had
  // already ended when the page opened is old news.
  const latest: IssueRefreshStatusRecord | null = status.data ?? null;
  const running = isRefreshRunning(latest?.issue_status);
  const [followed, setFollowed] = useState<number | null>(null);
  const [finished, setFinished] = useState<IssueRefreshStatusRecord | null>(null);
  if (latest && running && followed !== latest.inventory_refresh_id) {
    setFollowed(latest.inventory_refresh_id);
    setFinished(null);
  }
  if (latest && !running && followed === latest.inventory_refresh_id) {
    setFollowed(null);
    setFinished(latest);
  }
  // While a refresh runs, an earlier one's result is old news: shown beside 'Refreshing inventory issues...' it read as
  // this one's (the page follows a refresh it started, so the branch above does not clear it).
  if (running && finished) setFinished(null);
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: [ISSUES_QUERY_KEY, 'list'] });
    void queryClient.invalidateQueries({ queryKey: APP_STATS_QUERY_KEY });
  }, [finished, queryClient]);
  const result = finished ? refreshResult(finished) : null;

  const handleTabChange = (index: number) => onTabChange(ISSUE_TABS[index] ?? 'item_issues');

  const handleRefresh = async (selected: ImportDetailRow[], clear: () => void) => {
    const problem = refreshSelectionProblem(selected.length);
    if (problem) {
      showToast({ tone: 'error', title: problem });
      return;
    }
    try {
      const started = await refresh.mutateAsync({ tab, records: selected.map((row) => ({ productName: row.product_name, batchId: row.batch_id })) });
      // Followed even if the job ended before it answered, so that its result still shows.
      setFollowed(started.inventory_refresh_id);
      setFinished(null);
      clear();
    } catch (error) {
      handleError(error, ISSUE_MESSAGES.failed);
    }
  };

  const lastImportTime = page.data?.metaDetails.lastImportTime;
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title={ISSUE_MESSAGES.title}
        subtitle={
          <>
            <span className="font-medium text-slate-800">{marketName}</span>
            {lastImportTime && <span className="whitespace-nowrap"> · Last import: {formatDateTime(lastImportTime)}</span>}
          </>
        }
        className="sm:mb-2"
      />
      {running && latest && (
        <Banner tone="info" title={ISSUE_SCREEN_MESSAGES.running} autoDismissMs={0} dismissible={false}>
          <p>{ISSUE_SCREEN_MESSAGES.runningDetail}</p>
          <RefreshStarter record={latest} />
        </Banner>
      )}
      {result && finished && (
        <Banner tone={result.tone} title={result.title} autoDismissMs={0} onDismiss={() => setFinished(null)}>
          <p>{result.text}</p>
          <RefreshStarter record={finished} />
        </Banner>
      )}
      <TabGroup selectedIndex={ISSUE_TABS.indexOf(tab)} onChange={handleTabChange}>
        {/* Relative, so that the badges' screen-reader text scrolls with the tabs instead of widening the page. */}
        <TabList aria-label="Issue tabs" className="relative -mx-3 flex overflow-x-auto border-b border-slate-200 px-3 sm:mx-0 sm:px-0">
          {ISSUE_TABS.map((each) => {
            const count = tabCount(page.data?.totalTabCounts, each);
            return (
              <Tab
                key={each}
                className={underlineTab}
              >
                {IMPORT_TAB_LABELS[each]}
                {count !== undefined && <Badge count={count} tone={count > 0 ? 'danger' : 'neutral'} label="open issues" />}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels className="pt-4">
          {ISSUE_TABS.map((each) => (
            <TabPanel key={each}>
              {each === tab && (
                <DataTable<ImportDetailRow>
                  tableId={`inventory-issues-${each}`}
                  caption={IMPORT_TAB_LABELS[each]}
                  columns={importDetailColumns(
                    each,
                    (row) => setTagsOf(issueById.get(row.id) ?? null),
                    (row) => Boolean(issueById.get(row.id)?.import_reference_id),
                  )}
                  rows={list.rows}
                  totalRecords={list.totalRecords}
                  getRowId={(row) => String(row.id)}
                  getRowLabel={(row) => `${row.product_name ?? row.s2s_product_name ?? ''} ${row.batch_id}`}
                  state={state}
                  onStateChange={onStateChange}
                  isLoading={list.isLoading}
                  isFetching={list.isFetching}
                  staleError={list.staleError}
                  offline={list.offline}
                  onRetry={list.retry}
                  enableSelection
                  bulkActions={(selected, clear) => {
                    const problem = refreshSelectionProblem(selected.length);
                    return (
                      <>
                        <Button
                          size="sm"
                          icon="refresh"
                          disabled={!canRefreshSelection(selected.length) || running}
                          loading={refresh.isPending}
                          onClick={() => void handleRefresh(selected, clear)}
                          className={touchHeight}
                        >
                          {`Refresh selected (${selected.length})`}
                        </Button>
                        {problem && (
                          <p role="alert" className="text-sm font-medium text-red-700">
                            {problem}
                          </p>
                        )}
                      </>
                    );
                  }}
                />
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      <BatchTagsDialog
        batch={tagsOf?.import_reference_id ? { batchId: tagsOf.batch_id, importId: tagsOf.import_reference_id, tab } : null}
        onClose={() => setTagsOf(null)}
      />
    </div>
  );
}

/** Who started a refresh and when: the page also follows one another user started, whose result is not theirs. */
function RefreshStarter({ record }: { record: IssueRefreshStatusRecord }) {
  if (!record.created_user_name) return null;
  return <p className="mt-1 text-sm">{`Started by ${record.created_user_name} at ${formatDateTime(record.created_ts)}`}</p>;
}
