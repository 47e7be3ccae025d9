// /menus/create: the market's sellable batches as an internal or external menu, exported as one workbook
// per dispensary chain. External menus start with every batch included; the batches a user leaves out are
// kept by id across pages and sent as excludedBatches.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MENU_MESSAGES, type MenuListingRow } from '../../../../shared/api/menus';
import type { ListQuery } from '../../../../shared/api/common';
import { MENU_TYPES, type MenuType } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { LeaveConfirmDialog, useLeaveGuard } from '../../../components/leave-guard';
import { PeoplePickerDialog } from '../../../components/people-picker/people-picker-dialog';
import type { PeopleSelection } from '../../../components/people-picker/selection-rules';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { describeColumns } from '../../../components/ui/data-table/column-info';
import { clearColumnPreferences, savedColumnLayout } from '../../../components/ui/data-table/column-preferences';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { underlineTab } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import type { CallOptions } from '../../../lib/api-client';
import { LIST_CACHE_MS } from '../../../lib/config';
import { errorMessage, isAbort } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useExportMenu } from '../api/export-menu';
import { fetchMenuListing, MENU_QUERY_KEY } from '../api/list-menu';
import { downloadStaggered, exportBody, exportedColumns } from '../menu-export';
import { menuColumns, menuRowLabel, menuTableId, type MenuRowSelection } from './menu-columns';
import { MenuCards } from './menu-cards';
import { menuRowColors } from './menu-row-colors';

/** From this width the menu is a table; below it, cards with a sticky Export bar (as the case-size screen switches). */
const MENU_TABLE_QUERY = '(min-width: 1024px)';
const TAB_LABELS: Record<MenuType, string> = { internal: MENU_MESSAGES.internalTab, external: MENU_MESSAGES.externalTab };
const LEAVE_WHILE_EXPORTING = 'The menu is still exporting. Leave this screen anyway?';

type Props = {
  marketName: string;
  tab: MenuType;
  /** The list state of the open tab, kept in the URL by the route. */
  state: TableState;
  /** A new tab starts with no search, on its first page, with every batch included and the default columns (spec sections 2 and 4). */
  onTabChange: (tab: MenuType) => void;
  onStateChange: (next: TableState) => void;
};

export function CreateMenuPage({ marketName, tab, state, onTabChange, onStateChange }: Props) {
  const market = useCurrentMarket();
  const wide = useMediaQuery(MENU_TABLE_QUERY);
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(() => new Set());
  const [choosing, setChoosing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<{ id: number; detail: string | null } | null>(null);
  const exportMenu = useExportMenu();
  const guard = useLeaveGuard(exporting);

  const listKey = [MENU_QUERY_KEY, tab];
  const fetchPage = (query: ListQuery, options: CallOptions) => fetchMenuListing(tab, query, options);
  const list = useTableQuery<MenuListingRow>({ queryKey: listKey, fetchPage, state, offline: { noun: 'batches' } });
  // The table's own cache entry, read for the last import time.
  const page = useQuery({
    queryKey: [...listKey, market, list.listQuery],
    queryFn: ({ signal }) => fetchPage(list.listQuery, { signal, market }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
  const lastImportTime = page.data?.metaDetails.lastImportTime;

  const selection: MenuRowSelection | undefined =
    tab === 'external'
      ? {
          isIncluded: (row) => !excluded.has(row.batch_id),
          onToggle: (row, included) =>
            setExcluded((current) => {
              const next = new Set(current);
              if (included) next.delete(row.batch_id);
              else next.add(row.batch_id);
              return next;
            }),
        }
      : undefined;
  const columns = menuColumns(tab, selection);

  const handleTabChange = (index: number) => {
    const next = MENU_TYPES[index] ?? 'internal';
    if (next === tab) return;
    // A new tab starts with every batch included and the menu tables' default column layouts (spec section 2).
    setExcluded(new Set());
    for (const each of MENU_TYPES) clearColumnPreferences(menuTableId(each));
    onTabChange(next);
  };

  const handleExportClick = () => {
    const info = describeColumns(columns);
    const selected = exportedColumns(savedColumnLayout(menuTableId(tab), info), new Map(info.map((each) => [each.id, each.label])));
    if (selected.length === 0) {
      showToast({ tone: 'error', title: MENU_MESSAGES.noColumns });
      return;
    }
    setFailure(null);
    setChoosing(true);
  };

  const handleConfirm = async (people: PeopleSelection) => {
    const info = describeColumns(columns);
    const selected = exportedColumns(savedColumnLayout(menuTableId(tab), info), new Map(info.map((each) => [each.id, each.label])));
    setChoosing(false);
    setExporting(true);
    try {
      const answer = await exportMenu.mutateAsync(exportBody({ menuType: tab, columns: selected, people, excludedBatches: excluded, listQuery: list.listQuery }));
      if (!answer.success) throw new Error(answer.message);
      const files = answer.data.exports;
      if (files.length === 0) console.warn('The menu export answered no files.');
      else await downloadStaggered(files);
    } catch (error) {
      if (!isAbort(error)) {
        showToast({ tone: 'error', title: MENU_MESSAGES.exportFailed });
        const detail = errorMessage(error, MENU_MESSAGES.exportFailed);
        setFailure({ id: Date.now(), detail: detail === MENU_MESSAGES.exportFailed ? null : detail });
      }
    } finally {
      setExporting(false);
    }
  };

  const excludedCount = excluded.size;
  const exportButton = (
    <Button icon="import" onClick={handleExportClick} disabled={exporting} className={wide ? '' : 'w-full min-h-11'}>
      {MENU_MESSAGES.exportMenu}
    </Button>
  );
  const inclusionNote =
    tab === 'external' ? (
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span aria-live="polite">{excludedCount === 0 ? 'All batches included' : `${excludedCount} ${excludedCount === 1 ? 'batch' : 'batches'} left out`}</span>
        {excludedCount > 0 && (
          <Button variant="secondary" size="sm" onClick={() => setExcluded(new Set())} className="max-lg:min-h-11">
            Include all
          </Button>
        )}
      </div>
    ) : undefined;

  return (
    <div className="mx-auto max-w-[96rem] space-y-4">
      <PageHeader
        title={MENU_MESSAGES.createTitle}
        subtitle={
          <>
            <span className="font-medium text-slate-800">{marketName}</span>
            {lastImportTime && <span className="whitespace-nowrap"> · Last import: {formatDateTime(lastImportTime)}</span>}
          </>
        }
        actions={wide ? exportButton : undefined}
        className="sm:mb-2"
      />
      {failure && (
        <Banner key={failure.id} tone="error" title={MENU_MESSAGES.exportFailedTitle} autoDismissMs={0} onDismiss={() => setFailure(null)}>
          <p>{failure.detail ?? MENU_MESSAGES.exportFailed}</p>
        </Banner>
      )}
      {list.error !== undefined && (
        <Banner tone="error" title="The menu could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: list.retry }} />
      )}
      <TabGroup selectedIndex={MENU_TYPES.indexOf(tab)} onChange={handleTabChange}>
        <TabList aria-label="Menu types" className="relative -mx-3 flex overflow-x-auto border-b border-slate-200 px-3 sm:mx-0 sm:px-0">
          {MENU_TYPES.map((each) => (
            <Tab
              key={each}
              className={underlineTab}
            >
              {TAB_LABELS[each]}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          {MENU_TYPES.map((each) => (
            <TabPanel key={each}>
              {each === tab &&
                (wide ? (
                  <DataTable<MenuListingRow>
                    tableId={menuTableId(each)}
                    caption={TAB_LABELS[each]}
                    columns={columns}
                    rows={list.rows}
                    totalRecords={list.totalRecords}
                    getRowId={(row) => String(row.batch_id)}
                    getRowLabel={menuRowLabel}
                    getRowColors={menuRowColors}
                    state={state}
                    onStateChange={onStateChange}
                    isLoading={list.isLoading}
                    isFetching={list.isFetching}
                    staleError={list.staleError}
                    offline={list.offline}
                    onRetry={list.retry}
                    toolbar={inclusionNote}
                  />
                ) : (
                  <MenuCards
                    menuType={each}
                    caption={TAB_LABELS[each]}
                    columns={columns}
                    list={list}
                    state={state}
                    onStateChange={onStateChange}
                    selection={selection}
                    toolbar={inclusionNote}
                  />
                ))}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>

      {!wide && (
        <div
          role="region"
          aria-label="Export"
          className="sticky bottom-0 z-20 -mx-3 border-t border-slate-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur sm:-mx-6 sm:px-6"
        >
          {exportButton}
        </div>
      )}

      <PeoplePickerDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        onConfirm={(people) => void handleConfirm(people)}
        mode="both"
        multiple
        buyerKind="msoOwners"
        group={tab === 'internal' ? 'INT' : 'EXT'}
        title={MENU_MESSAGES.chooserTitle}
        description="Choose the sales persons sending the menu and the dispensary chains to send it to: one workbook per chain."
      />
      {exporting && (
        // Blocks the screen: the export must finish (and its files download) before anything else is done here.
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-6">
          <div className="max-w-md rounded-xl bg-white p-6 shadow-xl">
            <LoadingMessage messages={MENU_MESSAGES.exporting} className="text-base font-medium" />
          </div>
        </div>
      )}
      <LeaveConfirmDialog blocker={guard.blocker} question={LEAVE_WHILE_EXPORTING} />
    </div>
  );
}
