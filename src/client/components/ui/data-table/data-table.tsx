/**
 * DataTable: the one table every list uses (users, orders, picklists, case sizes). The screen fetches a
 * page (see useTableQuery) and passes its rows; the table owns the presentation and emits list state.
 *
 *   <DataTable
 *     tableId="order-history"            // key of the saved column layout (localStorage columnOrder / columnVisibility)
 *     caption="Orders"                   // accessible name of the table (and of the card list on phones)
 *     columns={columns}                  // ColumnDef<Row>[]; the column id is the server's column name
 *     rows={rows} totalRecords={total} getRowId={(row) => row.reference_id}
 *     state={state} onStateChange={setState}   // TableState { page, pageSize, search?, sort, filters }
 *     isLoading isFetching staleError onRetry  // from useTableQuery
 *     onRowClick={openOrder} rowActions={(row) => [...]} enableSelection bulkActions={(selected, clear) => ...}
 *     toolbar={<Button>...</Button>} emptyText="There are no records to be displayed"
 *     defaultColumnOrder={[...]} defaultHidden={[...]}   // defaults beyond meta.hiddenByDefault, e.g. per role
 *     getRowLabel={(row) => row.customer_name}           // names the row for screen readers (checkbox, card)
 *   />
 *
 * Each column declares `meta: DataTableColumnMeta` (label, filter, sortable, alwaysVisible, hiddenByDefault,
 * align, card). Header text is meta.label; the cell renders with the column's `cell` (or its value).
 *
 * The state is the screen's (usually its URL search, parsed by tableSearchSchema). Every change of search,
 * filter or sort comes back with page 1; empty filters and a blank search are left out.
 * Desktop (768px and up): a virtualised <table> with a sticky header, sort by header click (shift+click
 * adds a column), column filters in header popovers. Phones: virtualised cards, sort and filters in a
 * 'Sort & filter' sheet. Ctrl+K (Cmd+K) opens Manage Columns.
 */
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { Badge } from '../badge';
import { Banner } from '../banner';
import { Button } from '../button';
import { DESKTOP_QUERY, useMediaQuery, WIDE_QUERY } from '../use-media-query';
import { BulkActionsBar } from './bulk-actions-bar';
import { CardList } from './card-list';
import { describeColumns } from './column-info';
import { useColumnPreferences } from './column-preferences';
import { DesktopTable } from './desktop-table';
import { FilterChips } from './filter-chips';
import { ManageColumnsDialog } from './manage-columns-dialog';
import { PaginationFooter } from './pagination-footer';
import { SearchBox } from './search-box';
import { SortFilterSheet } from './sort-filter-sheet';
import { withColumnFilter, withoutFilters, withPage, withPageSize, withSearch, withSort, withSortToggled } from './table-state';
import { selectedText, useRowSelection } from './use-row-selection';
import type { RowAction, RowColors, TableState } from './types';
import type { OfflineView } from './use-table-query';

export const EMPTY_TABLE_TEXT = 'There are no records to be displayed';
export const STALE_DATA_TEXT = 'Using cached data due to connection issues';
const offlineTitle = (noun: string) => `Offline: showing saved ${noun}`;
const offlineNothingSaved = (noun: string) => `You're offline, and no ${noun} for this view are saved on this device. Connect to load them.`;

/** 'Saved 11/24/2026, 7:48 AM.' and, searched on the device, over how many saved rows. */
function offlineDescription(offline: OfflineView): string {
  const saved = `Saved ${formatDateTime(offline.savedAt)}.`;
  return offline.local ? `${saved} Search, filters and pages cover the ${offline.savedCount.toLocaleString('en-US')} ${offline.noun} on this device.` : saved;
}

export type DataTableProps<Row> = {
  tableId: string;
  // TanStack's ColumnDef is invariant in its value type, so a list of columns with different value types
  // only fits ColumnDef<Row, any> (the library's own advice).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rows: Row[];
  totalRecords: number;
  getRowId: (row: Row) => string;
  state: TableState;
  onStateChange: (next: TableState) => void;
  /** First load: skeleton rows. */
  isLoading?: boolean;
  /** A refetch is running while rows are shown: a thin progress bar. */
  isFetching?: boolean;
  /** The last fetch failed but rows from the cache are shown. */
  staleError?: unknown;
  /** Offline (useTableQuery's `offline`): the rows are the saved ones, or none is saved for this view. */
  offline?: OfflineView | null;
  onRetry?: () => void;
  onRowClick?: (row: Row) => void;
  rowActions?: (row: Row) => RowAction[];
  enableSelection?: boolean | ((row: Row) => boolean);
  bulkActions?: (selected: Row[], clear: () => void) => ReactNode;
  toolbar?: ReactNode;
  emptyText?: string;
  /** Accessible name of the table. */
  caption: string;
  defaultColumnOrder?: string[];
  defaultHidden?: string[];
  /** How screen readers name a row ('Select Acme Dispensary'); defaults to the title column's value. */
  getRowLabel?: (row: Row) => string;
  /** A row's own colours (the menu's row colour and category border): a background fill and a left accent. */
  getRowColors?: (row: Row) => RowColors | undefined;
};

const coreRowModel = getCoreRowModel();

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { tableId, columns, rows, totalRecords, getRowId, state, onStateChange, isLoading = false, isFetching = false, staleError, onRetry, offline = null } = props;
  const { onRowClick, rowActions, enableSelection, bulkActions, toolbar, emptyText: onlineEmptyText = EMPTY_TABLE_TEXT, caption, defaultColumnOrder, defaultHidden, getRowLabel, getRowColors } = props;

  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const isWide = useMediaQuery(WIDE_QUERY);
  const sortHintId = useId();
  const columnInfo = describeColumns(columns, defaultHidden, { tablet: isDesktop && !isWide });
  const infoById = new Map(columnInfo.map((column) => [column.id, column]));
  const preferences = useColumnPreferences(tableId, columnInfo, defaultColumnOrder);
  const [manageOpen, setManageOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [dismissedError, setDismissedError] = useState<unknown>(undefined);

  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is read in this render only; nothing memoises it.
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: coreRowModel,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    state: { columnOrder: preferences.order, columnVisibility: preferences.visibility },
  });
  const selection = useRowSelection(rows, getRowId, enableSelection);
  const selectionEnabled = enableSelection !== undefined && enableSelection !== false;

  const emit = (next: TableState) => {
    if (next !== state) onStateChange(next);
  };

  // Ctrl+K (Cmd+K) would otherwise focus the browser's search bar.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      setManageOpen(true);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  // After rows disappear (a delete elsewhere), a page past the end shows nothing: go to the last page.
  const lastPage = Math.max(1, Math.ceil(totalRecords / state.pageSize));
  const pastTheEnd = !isLoading && !isFetching && totalRecords > 0 && rows.length === 0 && state.page > lastPage;
  const goToLastPage = useEffectEvent(() => onStateChange(withPage(state, lastPage)));
  useEffect(() => {
    if (pastTheEnd) goToLastPage();
  }, [pastTheEnd]);

  const labelColumn = columnInfo.find((column) => column.card === 'title' && preferences.visibility[column.id]) ?? columnInfo.find((column) => preferences.visibility[column.id]);
  const rowLabel = (row: Row): string => {
    if (getRowLabel) return getRowLabel(row);
    const id = getRowId(row);
    const value = labelColumn ? table.getRowModel().rowsById[id]?.getValue(labelColumn.id) : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : `row ${id}`;
  };

  const handleSort = (column: string, additive: boolean) => emit(withSortToggled(state, column, additive));
  const handleFilter = (column: string, filter: Parameters<typeof withColumnFilter>[2]) => emit(withColumnFilter(state, column, filter));
  const selectedCount = selection.selectedRows.length;
  const nothingSaved = offline !== null && offline.savedAt === null;
  const emptyText = nothingSaved ? offlineNothingSaved(offline.noun) : onlineEmptyText;
  const showStaleBanner = staleError !== undefined && staleError !== null && staleError !== dismissedError;
  const hasSortOrFilter = columnInfo.some((column) => column.sortable || column.filter);
  const firstRowIndex = (state.page - 1) * state.pageSize;
  const sharedBody = { table, columns: infoById, caption, firstRowIndex, totalRecords, isLoading, emptyText, selection: selectionEnabled ? selection : null, rowLabel, rowActions, onRowClick, getRowColors };
  const bulkBar = selectedCount > 0 && (
    <BulkActionsBar count={selectedCount} onClear={selection.clear} className={isDesktop ? 'mx-4 mt-3' : 'sticky bottom-3 z-20 shadow-lg'}>
      {bulkActions?.(selection.selectedRows, selection.clear)}
    </BulkActionsBar>
  );

  return (
    <div className="space-y-3 md:space-y-0 md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
      <div className="space-y-3 md:border-b md:border-slate-200 md:px-4 md:py-3">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <SearchBox value={state.search ?? ''} onSearch={(value) => emit(withSearch(state, value))} className="md:w-72 lg:w-80" />
          {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
          <div className="flex items-center gap-2 md:ml-auto [&>*]:flex-1 md:[&>*]:flex-none">
            {!isDesktop && hasSortOrFilter && (
              <Button variant="secondary" icon="filter" onClick={() => setSheetOpen(true)}>
                Sort &amp; filter
                {state.filters.length > 0 && <Badge count={state.filters.length} tone="brand" label="filters applied" />}
              </Button>
            )}
            <Button variant="secondary" icon="columns" onClick={() => setManageOpen(true)} aria-keyshortcuts="Control+K Meta+K" title="Manage Columns (Ctrl+K)">
              {isDesktop ? 'Manage Columns' : 'Columns'}
            </Button>
          </div>
        </div>
        <FilterChips filters={state.filters} columns={infoById} onRemove={(column) => handleFilter(column, null)} onClearAll={() => emit(withoutFilters(state))} />
      </div>

      {isDesktop && bulkBar}
      {showStaleBanner && (
        <Banner
          tone="warning"
          title={STALE_DATA_TEXT}
          autoDismissMs={0}
          action={onRetry ? { label: 'Retry', onClick: onRetry } : undefined}
          onDismiss={() => setDismissedError(staleError)}
          className="md:mx-4 md:mt-3"
        />
      )}
      {offline && offline.savedAt !== null && (
        <Banner tone="info" title={offlineTitle(offline.noun)} autoDismissMs={0} dismissible={false} className="md:mx-4 md:mt-3">
          {offlineDescription(offline)}
        </Banner>
      )}
      <div className="relative h-0.5" aria-hidden={!(isFetching && rows.length > 0)}>
        {isFetching && rows.length > 0 && <div role="progressbar" aria-label="Refreshing rows" className="absolute inset-0 animate-pulse bg-brand-500" />}
      </div>

      {isDesktop ? (
        <DesktopTable {...sharedBody} sort={state.sort} filters={state.filters} onSort={handleSort} onFilter={handleFilter} isFetching={isFetching} sortHintId={sortHintId} />
      ) : (
        <CardList {...sharedBody} />
      )}
      {!isDesktop && bulkBar}

      <PaginationFooter
        page={state.page}
        pageSize={state.pageSize}
        totalRecords={totalRecords}
        rowsOnPage={rows.length}
        counting={isLoading}
        uncounted={nothingSaved}
        onPageChange={(page) => emit(withPage(state, page))}
        onPageSizeChange={(pageSize) => emit(withPageSize(state, pageSize))}
      />

      <ManageColumnsDialog
        open={manageOpen}
        onClose={() => setManageOpen(false)}
        columns={columnInfo}
        order={preferences.order}
        visibility={preferences.visibility}
        onOrderChange={preferences.setOrder}
        onVisibleChange={preferences.setVisible}
        onReset={preferences.reset}
      />
      {!isDesktop && (
        <SortFilterSheet
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          columns={columnInfo}
          sort={state.sort}
          filters={state.filters}
          onSort={(column) => handleSort(column, false)}
          onFilter={handleFilter}
          onClearAll={() => emit(withSort(withoutFilters(state), []))}
        />
      )}

      <p id={sortHintId} hidden>
        Shift+click to add this column to the sort.
      </p>
      <p className="sr-only" aria-live="polite">
        {selectedCount > 0 ? selectedText(selectedCount) : ''}
      </p>
      {isLoading && rows.length === 0 && (
        <p className="sr-only" role="status">
          Loading {caption}
        </p>
      )}
    </div>
  );
}
