// The menu listing's columns, per menu type (spec section 3, menu listing row). Each column's id is the
// listing field it shows, which is what the server sorts and filters by and what the export writes.
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { MenuListingRow } from '../../../../shared/api/menus';
import type { MenuType } from '../../../../shared/enums';
import { formatDate, formatItemSize, formatPotency, formatTopTerpenes, formatUsd } from '../../../lib/format';
import { checkbox } from '../../../components/ui/styles';

const column = createColumnHelper<MenuListingRow>();

/** The multi-select column of the external menu; its checkbox is ticked unless the batch was deselected. */
const SELECT_COLUMN_ID = 'select';

export type MenuRowSelection = { isIncluded: (row: MenuListingRow) => boolean; onToggle: (row: MenuListingRow, included: boolean) => void };

/** How a batch is named to screen readers and on its card. */
export function menuRowLabel(row: MenuListingRow): string {
  return `${row.s2s_product_name} ${row.batch_number}`;
}

const text = (value: string | null | undefined) => value ?? '';

const leadingColumns = [
  column.accessor('batch_number', { meta: { label: 'Batch#', filter: 'text', card: 'subtitle' } }),
  column.accessor('category_name', { meta: { label: 'Category', filter: 'text' } }),
  column.accessor('subcategory_name', { meta: { label: 'Sub Category', filter: 'text' }, cell: (info) => text(info.getValue()) }),
  column.accessor('brand_name', { meta: { label: 'Brand', filter: 'text' }, cell: (info) => text(info.getValue()) }),
  column.accessor('strain_name', { meta: { label: 'Strain', filter: 'text' }, cell: (info) => text(info.getValue()) }),
  column.accessor('strain_type', { meta: { label: 'Dominance', filter: 'text', hiddenByDefault: true }, cell: (info) => text(info.getValue()) }),
  column.accessor('s2s_product_name', { meta: { label: 'Product Name', filter: 'text', hiddenByDefault: true, card: 'title' } }),
  column.accessor('product_name', { meta: { label: 'ERP Product Name', filter: 'text', hiddenByDefault: true } }),
  column.accessor('item_size', { meta: { label: 'Size', align: 'right' }, cell: (info) => formatItemSize(info.getValue(), info.row.original.item_size_uom) }),
  column.accessor('thc_value', { meta: { label: 'THC', sortable: false, align: 'right' }, cell: (info) => formatPotency(info.getValue(), info.row.original.thc_total_uom) }),
  column.accessor('cbd_value', { meta: { label: 'CBD', sortable: false, align: 'right' }, cell: (info) => formatPotency(info.getValue(), info.row.original.cbd_total_uom) }),
  column.accessor('top_terpenes', { meta: { label: 'Top Terpenes', sortable: false }, cell: (info) => formatTopTerpenes(info.getValue()) }),
  column.accessor('expired_date', { meta: { label: 'Expiry Date', filter: 'dateRange' }, cell: (info) => formatDate(info.getValue(), '') }),
];

const internalColumns = [
  column.accessor('case_size', { meta: { label: 'Case Size', filter: 'text', align: 'right' } }),
  column.accessor('available_case_size', { meta: { label: 'Cases Available', filter: 'text', align: 'right' } }),
];

const externalColumns = [
  column.accessor('standard_case_size', { meta: { label: 'Standard Case Size', filter: 'text', align: 'right' } }),
  column.accessor('total_available_quantity', { meta: { label: 'Available Quantity', filter: 'text', align: 'right' } }),
];

const trailingColumns = [
  column.accessor('base_price', { meta: { label: 'Price per unit', hiddenByDefault: true, align: 'right' }, cell: (info) => formatUsd(info.getValue()) }),
  column.accessor('s2s_location_name', { meta: { label: 'Inventory Location', filter: 'text', hiddenByDefault: true } }),
];

function selectColumn(selection: MenuRowSelection) {
  return column.display({
    id: SELECT_COLUMN_ID,
    meta: { label: 'Include', alwaysVisible: true, sortable: false, card: 'hidden' },
    cell: (info) => {
      const row = info.row.original;
      const included = selection.isIncluded(row);
      return (
        <input
          type="checkbox"
          aria-label={`Include ${menuRowLabel(row)}`}
          className={checkbox}
          checked={included}
          onChange={(event) => selection.onToggle(row, event.target.checked)}
        />
      );
    },
  });
}

/** The columns of one menu type; the external menu starts with its multi-select column. */
// TanStack's ColumnDef is invariant in its value type: a list of columns of different types is ColumnDef<Row, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function menuColumns(menuType: MenuType, selection?: MenuRowSelection): ColumnDef<MenuListingRow, any>[] {
  const own = menuType === 'internal' ? internalColumns : externalColumns;
  return [...(menuType === 'external' && selection ? [selectColumn(selection)] : []), ...leadingColumns, ...own, ...trailingColumns];
}

/** The DataTable's id per tab: each tab keeps its own column layout until the tab changes. */
export const menuTableId = (menuType: MenuType) => `menu-create-${menuType}`;
