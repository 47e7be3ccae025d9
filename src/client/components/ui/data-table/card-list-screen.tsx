// A list screen's phone and tablet form when its rows need cards of their own (a product's five inputs, a
// batch tinted with its row colour): the DataTable's search, sort and filter sheet, filter chips, progress,
// loading and empty states and pagination around the caller's cards. With `columnLayout`, a Columns button
// opens Manage Columns on the same saved layout as the desktop table (where it decides what an export writes), and
// each card is given that layout, so that it shows the columns chosen there and no others.
import { useState, type ReactNode } from 'react';
import { Badge } from '../badge';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import type { ColumnInfo } from './column-info';
import { useColumnPreferences, type ColumnPreferences } from './column-preferences';
import { EMPTY_TABLE_TEXT } from './data-table';
import { FilterChips } from './filter-chips';
import { ManageColumnsDialog } from './manage-columns-dialog';
import { PaginationFooter } from './pagination-footer';
import { SearchBox } from './search-box';
import { SortFilterSheet } from './sort-filter-sheet';
import { withColumnFilter, withoutFilters, withPage, withPageSize, withSearch, withSort, withSortToggled } from './table-state';
import type { TableState } from './types';
import type { TableQueryResult } from './use-table-query';

export type CardLayout = { order: readonly string[]; visibility: Readonly<Record<string, boolean>> };

type Props<Row> = {
  caption: string;
  columns: readonly ColumnInfo[];
  list: TableQueryResult<Row>;
  state: TableState;
  onStateChange: (next: TableState) => void;
  getRowKey: (row: Row) => string | number;
  /** A row's card; `layout` is the saved column order and visibility (the columns' defaults without `columnLayout`). */
  renderCard: (row: Row, layout: CardLayout) => ReactNode;
  /** The table id whose saved column layout the Columns button edits; no Columns button without it. */
  columnLayout?: string;
  /** Shown under the search row (a count of rows left out, a bulk action). */
  toolbar?: ReactNode;
  /** Classes of the card list, e.g. `@container` when cards lay out by their own width. */
  listClassName?: string;
};

export function CardListScreen<Row>({ caption, columns, list, state, onStateChange, getRowKey, renderCard, columnLayout, toolbar, listClassName = '' }: Props<Row>) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const columnsById = new Map(columns.map((column) => [column.id, column]));
  // One layout for the dialog and the cards: a column ticked or moved there changes the cards at once.
  const preferences = useColumnPreferences(columnLayout ?? '', columns);
  const layout: CardLayout = { order: preferences.order, visibility: preferences.visibility };
  const emit = (next: TableState) => {
    if (next !== state) onStateChange(next);
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* The search field and buttons are 40px from sm up; a finger on a tablet needs 44. */}
        <SearchBox value={state.search ?? ''} onSearch={(value) => emit(withSearch(state, value))} label={`Search ${caption}`} className="sm:flex-1 [&_input]:min-h-11" />
        <div className="flex gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
          <Button variant="secondary" icon="filter" onClick={() => setSheetOpen(true)} className="min-h-11">
            Sort &amp; filter
            {state.filters.length > 0 && <Badge count={state.filters.length} tone="brand" label="filters applied" />}
          </Button>
          {columnLayout && (
            <Button variant="secondary" icon="columns" onClick={() => setColumnsOpen(true)} className="min-h-11">
              Columns
            </Button>
          )}
        </div>
      </div>
      {toolbar}
      <FilterChips filters={state.filters} columns={columnsById} onRemove={(column) => emit(withColumnFilter(state, column, null))} onClearAll={() => emit(withoutFilters(state))} />
      <div className="relative h-0.5" aria-hidden={!(list.isFetching && list.rows.length > 0)}>
        {list.isFetching && list.rows.length > 0 && <div role="progressbar" aria-label="Refreshing rows" className="absolute inset-0 animate-pulse bg-brand-500" />}
      </div>

      {list.isLoading ? (
        <p role="status" className="py-8 text-center text-sm text-slate-600">
          Loading {caption}
        </p>
      ) : list.rows.length === 0 ? (
        <EmptyState title={EMPTY_TABLE_TEXT} className="rounded-xl border border-slate-200 bg-white" />
      ) : (
        <ul aria-label={caption} aria-busy={list.isFetching} className={`space-y-3 ${listClassName}`}>
          {list.rows.map((row) => (
            <li key={getRowKey(row)}>{renderCard(row, layout)}</li>
          ))}
        </ul>
      )}

      <div className="[&_button]:min-h-11 [&_button]:min-w-11">
        <PaginationFooter
          page={state.page}
          pageSize={state.pageSize}
          totalRecords={list.totalRecords}
          rowsOnPage={list.rows.length}
          counting={list.isLoading}
          onPageChange={(page) => emit(withPage(state, page))}
          onPageSizeChange={(pageSize) => emit(withPageSize(state, pageSize))}
        />
      </div>

      <SortFilterSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        columns={columns}
        sort={state.sort}
        filters={state.filters}
        onSort={(column) => emit(withSortToggled(state, column, false))}
        onFilter={(column, filter) => emit(withColumnFilter(state, column, filter))}
        onClearAll={() => emit(withSort(withoutFilters(state), []))}
      />
      {columnLayout && <ColumnsDialog preferences={preferences} columns={columns} open={columnsOpen} onClose={() => setColumnsOpen(false)} />}
    </div>
  );
}

function ColumnsDialog({ preferences, columns, open, onClose }: { preferences: ColumnPreferences; columns: readonly ColumnInfo[]; open: boolean; onClose: () => void }) {
  return (
    <ManageColumnsDialog
      open={open}
      onClose={onClose}
      columns={columns}
      order={preferences.order}
      visibility={preferences.visibility}
      onOrderChange={preferences.setOrder}
      onVisibleChange={preferences.setVisible}
      onReset={preferences.reset}
    />
  );
}
