// The desktop layout: a real <table> with a sticky header, scrolling both ways inside its own box, and a
// virtualised body. Spacer rows above and below the rendered rows keep the table's structure, and
// aria-rowcount/aria-rowindex tell screen readers where a row sits in the whole result.
import { flexRender, type Row as TableRow, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ColumnFilter, SortItem } from '../../../../shared/api/list-items';
import { EmptyState } from '../empty-state';
import { checkbox } from '../styles';
import type { ColumnInfo } from './column-info';
import { HeaderCell } from './header-cell';
import { rowOpenHandlers } from './row-interaction';
import { RowActionsMenu } from './row-actions-menu';
import type { RowSelection } from './use-row-selection';
import type { RowAction, RowColors } from './types';
import { useFitToViewport } from './use-fit-to-viewport';
import { TOUCH_QUERY, useMediaQuery } from '../use-media-query';

export const DESKTOP_ROW_HEIGHT = 44;
const SKELETON_ROWS = 8;

type Props<Row> = {
  table: Table<Row>;
  columns: ReadonlyMap<string, ColumnInfo>;
  caption: string;
  sort: readonly SortItem[];
  filters: readonly ColumnFilter[];
  onSort: (column: string, additive: boolean) => void;
  onFilter: (column: string, filter: ColumnFilter | null) => void;
  /** Index of the first row of this page in the whole result (0 on page 1). */
  firstRowIndex: number;
  totalRecords: number;
  isLoading: boolean;
  isFetching: boolean;
  emptyText: string;
  selection: RowSelection<Row> | null;
  rowLabel: (row: Row) => string;
  rowActions?: (row: Row) => RowAction[];
  onRowClick?: (row: Row) => void;
  getRowColors?: (row: Row) => RowColors | undefined;
  sortHintId: string;
};

/** A selection checkbox takes its whole cell as the place to click or tap (48×44 px), not its own 20 px. */
// Laid over the cell (down over its bottom border too, for a full 44 px) rather than in its flow: in the flow it
// made a row a pixel taller than DESKTOP_ROW_HEIGHT, which the virtualiser counts on with a mouse.
const CHECKBOX_HIT_AREA = 'absolute inset-x-0 top-0 -bottom-px grid cursor-pointer place-items-center';

export function DesktopTable<Row>(props: Props<Row>) {
  const { table, columns, caption, sort, filters, onSort, onFilter, firstRowIndex, totalRecords, isLoading, isFetching, emptyText, selection, rowActions, onRowClick, getRowColors, sortHintId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const columnCount = visibleColumns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);

  // On a touch screen (a tablet) a cell's text wraps instead of being cut with an ellipsis: there is no
  // pointer to hover for the rest, and a long name wrapping keeps the key columns in view at 820 px. Rows are
  // then as tall as their text, so the virtualiser measures them; elsewhere every row is DESKTOP_ROW_HEIGHT.
  const wrapCells = useMediaQuery(TOUCH_QUERY);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read in this render only; nothing memoises it.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DESKTOP_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    indexAttribute: 'data-row-index',
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  const focusRow = (index: number) => {
    if (index < 0 || index >= rows.length) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    window.requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`)?.focus());
  };
  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  const fittedHeight = useFitToViewport(scrollRef);
  const pageState = selection?.pageState ?? 'none';
  const showSkeleton = isLoading && rows.length === 0;

  return (
    <div ref={scrollRef} style={{ maxHeight: fittedHeight }} className="relative max-h-[max(24rem,calc(100dvh-18rem))] overflow-auto overscroll-contain">
      <table aria-rowcount={totalRecords + 1} aria-busy={isFetching || isLoading} className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {selection && (
              <th scope="col" className="sticky top-0 z-10 w-12 min-w-12 border-b border-slate-200 bg-slate-50 px-3 py-2">
                <label className={CHECKBOX_HIT_AREA}>
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    className={checkbox}
                    checked={pageState === 'all'}
                    ref={(element) => {
                      if (element) element.indeterminate = pageState === 'some';
                    }}
                    disabled={rows.every((row) => !selection.canSelect(row.original))}
                    onChange={(event) => selection.togglePage(event.target.checked)}
                  />
                </label>
              </th>
            )}
            {visibleColumns.map((column) => {
              const info = columns.get(column.id);
              if (!info) return null;
              return <HeaderCell key={column.id} column={info} sort={sort} filter={filters.find((filter) => filter.column === column.id)} sortHintId={sortHintId} onSort={onSort} onFilter={onFilter} />;
            })}
            {rowActions && (
              <th scope="col" className="sticky top-0 right-0 z-10 w-12 border-b border-slate-200 bg-slate-50 px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody onMouseOver={titleCutCell}>
          {showSkeleton && <SkeletonRows columnCount={columnCount} />}
          {!isLoading && rows.length === 0 && (
            <tr>
              <td colSpan={columnCount}>
                <EmptyState title={emptyText} />
              </td>
            </tr>
          )}
          {paddingTop > 0 && <Spacer height={paddingTop} columnCount={columnCount} />}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <DataRow
                key={item.key}
                row={row}
                index={item.index}
                ariaRowIndex={firstRowIndex + item.index + 2}
                selection={selection}
                rowLabel={props.rowLabel}
                columns={columns}
                actions={rowActions?.(row.original)}
                hasActionsColumn={Boolean(rowActions)}
                onRowClick={onRowClick}
                colors={getRowColors?.(row.original)}
                onKeyDown={(event) => handleRowKeyDown(event, item.index)}
                measureRef={wrapCells ? virtualizer.measureElement : undefined}
              />
            );
          })}
          {paddingBottom > 0 && <Spacer height={paddingBottom} columnCount={columnCount} />}
        </tbody>
      </table>
    </div>
  );
}

/**
 * With a mouse, a cell's text longer than its column (at most 16rem, so that the status and actions columns
 * stay in view at 1440 px beside the open sidebar) ends in an ellipsis: pointing at it shows the whole text.
 */
function titleCutCell(event: MouseEvent<HTMLTableSectionElement>) {
  const cell = (event.target as HTMLElement).closest('td');
  if (!cell) return;
  // Asked each time: a row keeps its cells when its data changes (a refetch, an edit).
  if (cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent?.trim() ?? '';
  else cell.removeAttribute('title');
}

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

type DataRowProps<Row> = {
  row: TableRow<Row>;
  index: number;
  ariaRowIndex: number;
  selection: RowSelection<Row> | null;
  rowLabel: (row: Row) => string;
  columns: ReadonlyMap<string, ColumnInfo>;
  actions: RowAction[] | undefined;
  hasActionsColumn: boolean;
  onRowClick?: (row: Row) => void;
  colors: RowColors | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
  /** Set when rows may be taller than DESKTOP_ROW_HEIGHT (wrapped text): the virtualiser measures each. */
  measureRef?: (element: HTMLTableRowElement | null) => void;
};

function DataRow<Row>({ row, index, ariaRowIndex, selection, rowLabel, columns, actions, hasActionsColumn, onRowClick, colors, onKeyDown, measureRef }: DataRowProps<Row>) {
  const open = rowOpenHandlers(row.original, onRowClick);
  const selected = selection?.isSelected(row.id) ?? false;
  // Every row is at least 44px (border included): DESKTOP_ROW_HEIGHT, exactly that unless text wraps.
  const cellBase = 'h-11 border-b border-slate-100 px-3';
  // A table row draws no border of its own (border-separate), so the accent is an inset shadow on its first cell.
  const accent = colors?.accent ? { boxShadow: `inset 4px 0 0 ${colors.accent}` } : undefined;
  return (
    <tr
      ref={measureRef}
      style={colors?.fill ? { backgroundColor: colors.fill } : undefined}
      data-row-index={index}
      aria-rowindex={ariaRowIndex}
      {...open}
      onKeyDown={(event) => {
        open.onKeyDown?.(event);
        if (onRowClick) onKeyDown(event);
      }}
      className={`group ${selected ? 'bg-brand-50' : 'bg-white hover:bg-slate-50'} ${onRowClick ? 'cursor-pointer focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600' : ''}`}
    >
      {selection && (
        <td className={`${cellBase} relative w-12 min-w-12 py-2`} style={accent}>
          {selection.canSelect(row.original) && (
            <label className={CHECKBOX_HIT_AREA}>
              <input type="checkbox" aria-label={`Select ${rowLabel(row.original)}`} className={checkbox} checked={selected} onChange={(event) => selection.toggle(row.original, event.target.checked)} />
            </label>
          )}
        </td>
      )}
      {row.getVisibleCells().map((cell, cellIndex) => {
        const right = columns.get(cell.column.id)?.align === 'right';
        return (
          <td key={cell.id} style={cellIndex === 0 && !selection ? accent : undefined} className={`${cellBase} max-w-64 truncate py-2 text-slate-700 pointer-coarse:max-w-96 pointer-coarse:break-words pointer-coarse:whitespace-normal ${right ? 'text-right tabular-nums' : ''}`}>
            {flexRender(cell.column.columnDef.cell, cell.getContext()) as ReactNode}
          </td>
        );
      })}
      {/* A table wider than its box (a tablet beside the sidebar) scrolls sideways: the actions stay in reach at its
          right edge, painted with the row's own background so that what scrolls under them does not show through. */}
      {hasActionsColumn && <td className={`${cellBase} sticky right-0 w-12 bg-inherit py-0.5 text-right`}>{actions && <RowActionsMenu actions={actions} />}</td>}
    </tr>
  );
}

function SkeletonRows({ columnCount }: { columnCount: number }) {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, rowIndex) => (
        <tr key={rowIndex} aria-hidden="true">
          {Array.from({ length: columnCount }, (_, cellIndex) => (
            <td key={cellIndex} className="h-11 border-b border-slate-100 px-3 py-2">
              <span className="block h-3.5 animate-pulse rounded bg-slate-200" style={{ width: `${50 + ((rowIndex * 7 + cellIndex * 13) % 40)}%` }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
