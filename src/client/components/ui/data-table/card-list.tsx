// The phone layout: each row as a card (title large, subtitle, badges top-right, the other visible
// columns as label/value pairs), virtualised against the window's scroll.
import { flexRender, type Cell, type Row as TableRow, type Table } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { checkbox } from '../styles';
import type { ColumnInfo } from './column-info';
import { rowOpenHandlers } from './row-interaction';
import { RowActionsMenu } from './row-actions-menu';
import type { RowSelection } from './use-row-selection';
import type { RowAction, RowColors } from './types';

const ESTIMATED_CARD_HEIGHT = 168;

type Props<Row> = {
  table: Table<Row>;
  columns: ReadonlyMap<string, ColumnInfo>;
  caption: string;
  firstRowIndex: number;
  totalRecords: number;
  isLoading: boolean;
  emptyText: string;
  selection: RowSelection<Row> | null;
  rowLabel: (row: Row) => string;
  rowActions?: (row: Row) => RowAction[];
  onRowClick?: (row: Row) => void;
  getRowColors?: (row: Row) => RowColors | undefined;
};

export function CardList<Row>({ table, columns, caption, firstRowIndex, totalRecords, isLoading, emptyText, selection, rowLabel, rowActions, onRowClick, getRowColors }: Props<Row>) {
  const rows = table.getRowModel().rows;
  // Where the list starts on the page, measured when it mounts, so the window virtualiser knows which cards are on screen.
  const [scrollMargin, setScrollMargin] = useState(0);
  const measureList = (element: HTMLDivElement | null) => {
    if (!element) return;
    const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
    setScrollMargin((current) => (current === top ? current : top));
  };

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 4,
    scrollMargin,
  });

  if (isLoading && rows.length === 0) return <CardSkeletons />;
  if (rows.length === 0) return <EmptyState title={emptyText} className="rounded-xl border border-slate-200 bg-white" />;

  return (
    <div ref={measureList} role="list" aria-label={caption} aria-busy={isLoading} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-setsize={totalRecords}
            aria-posinset={firstRowIndex + item.index + 1}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full pb-3"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <RowCard
              row={row}
              columns={columns}
              selection={selection}
              rowLabel={rowLabel}
              actions={rowActions?.(row.original)}
              onRowClick={onRowClick}
              colors={getRowColors?.(row.original)}
            />
          </div>
        );
      })}
    </div>
  );
}

const render = <Row,>(cell: Cell<Row, unknown>) => flexRender(cell.column.columnDef.cell, cell.getContext()) as ReactNode;

function RowCard<Row>({
  row,
  columns,
  selection,
  rowLabel,
  actions,
  onRowClick,
  colors,
}: {
  row: TableRow<Row>;
  columns: ReadonlyMap<string, ColumnInfo>;
  selection: RowSelection<Row> | null;
  rowLabel: (row: Row) => string;
  actions: RowAction[] | undefined;
  onRowClick?: (row: Row) => void;
  colors?: RowColors;
}) {
  const cells = row.getVisibleCells();
  const roleOf = (cell: Cell<Row, unknown>) => columns.get(cell.column.id)?.card ?? 'field';
  const title = cells.find((cell) => roleOf(cell) === 'title') ?? cells.find((cell) => roleOf(cell) === 'field');
  const subtitles = cells.filter((cell) => roleOf(cell) === 'subtitle' && cell !== title);
  const badges = cells.filter((cell) => roleOf(cell) === 'badge' && cell !== title);
  const fields = cells.filter((cell) => roleOf(cell) === 'field' && cell !== title);
  const selected = selection?.isSelected(row.id) ?? false;
  const open = rowOpenHandlers(row.original, onRowClick);

  return (
    <article
      {...open}
      aria-label={rowLabel(row.original)}
      style={{ backgroundColor: colors?.fill, borderLeftColor: colors?.accent, borderLeftWidth: colors?.accent ? 4 : undefined }}
      className={`rounded-xl border bg-white p-4 shadow-sm ${selected ? 'border-brand-400 ring-1 ring-brand-300' : 'border-slate-200'} ${onRowClick ? 'cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:bg-slate-50' : ''}`}
    >
      <div className="flex items-start gap-2">
        {selection && selection.canSelect(row.original) && (
          <label className="-my-2.5 -ml-2.5 flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <input type="checkbox" aria-label={`Select ${rowLabel(row.original)}`} className={checkbox} checked={selected} onChange={(event) => selection.toggle(row.original, event.target.checked)} />
          </label>
        )}
        <div className="min-w-0 flex-1 space-y-0.5">
          {title && <div className="text-base leading-snug font-semibold break-words text-slate-900">{render(title)}</div>}
          {subtitles.map((cell) => (
            <div key={cell.id} className="text-sm text-slate-600 [overflow-wrap:anywhere]">
              {render(cell)}
            </div>
          ))}
        </div>
        {(badges.length > 0 || (actions && actions.length > 0)) && (
          // The actions button's own padding is pulled into the card's; a badge alone keeps the card's edge.
          <div className={`-mt-1 flex shrink-0 items-start gap-1 ${actions && actions.length > 0 ? '-mr-2' : ''}`}>
            {badges.length > 0 && (
              <div className="flex flex-col items-end gap-1 pt-2">
                {badges.map((cell) => (
                  <div key={cell.id}>{render(cell)}</div>
                ))}
              </div>
            )}
            {actions && <RowActionsMenu actions={actions} />}
          </div>
        )}
      </div>
      {fields.length > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3">
          {fields.map((cell) => {
            const info = columns.get(cell.column.id);
            return (
              <div key={cell.id} className="min-w-0">
                <dt className="text-xs font-medium text-slate-500">{info?.label}</dt>
                <dd className={`text-sm break-words text-slate-900 ${info?.align === 'right' ? 'tabular-nums' : ''}`}>{render(cell)}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </article>
  );
}

function CardSkeletons() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-200" />
          <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-200" />
          <div className="grid grid-cols-2 gap-3 pt-2">
            <span className="block h-3 animate-pulse rounded bg-slate-100" />
            <span className="block h-3 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
