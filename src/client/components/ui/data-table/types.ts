// The DataTable's vocabulary: what a column declares in `meta`, the list state the table emits, row actions.
import type { RowData } from '@tanstack/react-table';
import type { ColumnFilter, SortItem } from '../../../../shared/api/list-items';
import type { PAGE_SIZES } from '../../../../shared/api/protocol';
import type { IconName } from '../icons';

export type PageSize = (typeof PAGE_SIZES)[number];

type SelectFilterOption = { value: string; label: string };

/** How a column can be filtered; the filter is sent under the column's id. */
export type ColumnFilterKind = 'text' | 'dateRange' | { type: 'select'; options: SelectFilterOption[] };

/** Where a cell goes in the phone card: a large title, a subtitle under it, a badge top-right, or a label/value pair. */
export type CardRole = 'title' | 'subtitle' | 'badge' | 'field' | 'hidden';

type DataTableColumnMeta = {
  /** Header text, the name in Manage Columns and the label in the phone card. */
  label: string;
  filter?: ColumnFilterKind;
  /** Defaults to true for columns with an accessor (their id is what the server sorts by). */
  sortable?: boolean;
  /** Cannot be hidden in Manage Columns. */
  alwaysVisible?: boolean;
  hiddenByDefault?: boolean;
  /**
   * Hidden by default between 768 and 1180 px (a tablet's table), so that the key columns fit without
   * scrolling sideways; Manage Columns shows it again. Phones (cards) and desktops are unaffected.
   */
  tabletHidden?: boolean;
  align?: 'left' | 'right';
  /** Defaults to 'field'. */
  card?: CardRole;
};

/** The list state a screen keeps (in its URL) and turns into the shared ListQuery with toListQuery. */
export type TableState = {
  page: number;
  pageSize: PageSize;
  search?: string;
  sort: SortItem[];
  filters: ColumnFilter[];
};

/** Colours a row carries: `fill` paints its background, `accent` a 4px stripe on its left edge. */
export type RowColors = { fill?: string; accent?: string };

export type RowAction = {
  label: string;
  onSelect: () => void;
  icon?: IconName;
  destructive?: boolean;
  disabled?: boolean;
};

declare module '@tanstack/react-table' {
  // Declaration merging is the library's documented way to type `meta`, and it needs an interface with
  // the library's own type parameters.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> extends DataTableColumnMeta {}
}
