// The columns of each Import Results tab. Ids are the server's column names; only those it sorts by sort.
// Each tab leads with what makes it that tab (the change, the reason, the lab values, the case sizes), so
// that a desktop table shows it without scrolling sideways; names cut short on desktop keep their full text
// in a tooltip, and wrap on phone cards.
import type { ColumnDef } from '@tanstack/react-table';
import { IMPORT_DETAIL_SORT_COLUMNS, type ImportDetailRow } from '../../../../shared/api/inventory-import';
import type { ImportTab } from '../../../../shared/enums';
import { formatPotency, formatTopTerpenes } from '../../../lib/format';
import { importReasonLabel } from '../../../../shared/reason-codes';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { focusRing } from '../../../components/ui/styles';
import { ROW_HIT_AREA } from './table-hit-area';

type Column = ColumnDef<ImportDetailRow, unknown>;

const CHANGES: Record<NonNullable<ImportDetailRow['change']>, { label: string; tone: BadgeTone }> = {
  new_batch: { label: 'New Batch', tone: 'success' },
  new_tag: { label: 'New Tag', tone: 'info' },
  quantity_changed: { label: 'Quantity Changed', tone: 'neutral' },
};

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const sortable = (column: string) => (IMPORT_DETAIL_SORT_COLUMNS as readonly string[]).includes(column);

/** Text that may be cut short in a table cell, with its whole value as the tooltip. */
function FullText({ value, className }: { value: string | null; className?: string }) {
  if (value === null || value.trim() === '') return '-';
  return (
    <span title={value} className={className}>
      {value}
    </span>
  );
}

// Beside a tablet's sidebar a full product name would push every other column out of sight: it is cut
// short with a mouse (the tooltip has the rest) and wraps on a touch screen.
const NAME_WIDTH = 'md:block md:max-w-48 md:pointer-fine:truncate lg:max-w-56 xl:max-w-none';

/** `tabletHidden`: left out of a tablet's default columns, so that the key ones fit (Manage Columns has it). */
function textColumn(id: 's2s_product_name' | 's2s_location_name' | 'category_name', label: string, tabletHidden = false): Column {
  return { id, accessorKey: id, meta: { label, sortable: sortable(id), tabletHidden }, cell: ({ row }) => <FullText value={row.original[id]} /> };
}

function quantityColumn(id: 'total_quantity' | 'previous_quantity', label: string, tabletHidden = false): Column {
  return {
    id,
    accessorKey: id,
    meta: { label, align: 'right', sortable: sortable(id), tabletHidden },
    cell: ({ row }) => {
      const value = row.original[id];
      return value === null ? '-' : quantityFormat.format(value);
    },
  };
}

/** An unmatched package has no ERP product: its seed-to-sale name stands in, marked as such. */
function ProductName({ row }: { row: ImportDetailRow }) {
  if (row.product_name) return <FullText value={row.product_name} className={NAME_WIDTH} />;
  if (!row.s2s_product_name) return '-';
  return (
    <span title={`${row.s2s_product_name} (no ERP product)`} className={NAME_WIDTH}>
      {row.s2s_product_name} <span className="text-xs font-normal text-slate-500">(no ERP product)</span>
    </span>
  );
}

function reasonLabel(row: ImportDetailRow): string | null {
  if (row.reason_code) return importReasonLabel(row.reason_code);
  return row.metadata_label;
}

/**
 * The columns of one tab; a batch's cell opens its tags, unless canOpenTags says the row has none to show
 * (an inventory issue older than import rows knows no import to ask).
 */
export function importDetailColumns(tab: ImportTab, onOpenTags: (row: ImportDetailRow) => void, canOpenTags: (row: ImportDetailRow) => boolean = () => true): Column[] {
  const product: Column = {
    id: 'product_name',
    accessorKey: 'product_name',
    meta: { label: 'Product Name', card: 'title', alwaysVisible: true, sortable: sortable('product_name') },
    cell: ({ row }) => <ProductName row={row.original} />,
  };
  const batch: Column = {
    id: 'batch_id',
    accessorKey: 'batch_id',
    meta: { label: 'Batch', card: 'subtitle', sortable: sortable('batch_id') },
    cell: ({ row }) =>
      canOpenTags(row.original) ? (
        <button
          type="button"
          className={`inline-flex min-h-11 items-center rounded font-medium text-brand-800 underline decoration-1 underline-offset-2 hover:text-brand-950 md:pointer-fine:min-h-0 ${ROW_HIT_AREA} ${focusRing}`}
          aria-label={`Tags of batch ${row.original.batch_id}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpenTags(row.original);
          }}
        >
          {row.original.batch_id}
        </button>
      ) : (
        row.original.batch_id
      ),
  };
  const quantity = quantityColumn('total_quantity', 'Quantity');
  const where: Column[] = [textColumn('s2s_location_name', 'Location'), textColumn('s2s_product_name', 'S2S Product Name', true), textColumn('category_name', 'Category', true)];
  const reason: Column = {
    id: 'metadata_label',
    accessorKey: 'metadata_label',
    meta: { label: 'Reason', card: 'badge', sortable: sortable('metadata_label') },
    cell: ({ row }) => {
      const label = reasonLabel(row.original);
      return label ? <Badge tone="warning">{label}</Badge> : '-';
    },
  };
  // On a tablet, the lab tab keeps its lab columns in view and the other tabs their quantities and location.
  const potency = (tabletHidden: boolean): Column[] => [
    { id: 'thc_value', meta: { label: 'THC', align: 'right', sortable: false, tabletHidden }, cell: ({ row }) => formatPotency(row.original.thc_value, row.original.thc_total_uom) },
    { id: 'cbd_value', meta: { label: 'Total Cannabinoids', align: 'right', sortable: false, tabletHidden }, cell: ({ row }) => formatPotency(row.original.cbd_value, row.original.cbd_total_uom) },
  ];
  switch (tab) {
    case 'inventory_updates':
      return [
        product,
        batch,
        {
          id: 'change',
          meta: { label: 'Change', card: 'badge', sortable: false },
          cell: ({ row }) => {
            const change = row.original.change ? CHANGES[row.original.change] : null;
            return change ? <Badge tone={change.tone}>{change.label}</Badge> : '-';
          },
        },
        quantity,
        quantityColumn('previous_quantity', 'Previous Quantity', true),
        ...where,
        ...potency(true),
      ];
    case 'item_issues':
      return [product, batch, reason, quantity, ...where, ...potency(true)];
    case 'lab_data_warnings':
      return [
        product,
        batch,
        reason,
        ...potency(false),
        { id: 'top_terpenes', meta: { label: 'Top Terpenes', sortable: false }, cell: ({ row }) => <FullText value={formatTopTerpenes(row.original.top_terpenes)} /> },
        quantityColumn('total_quantity', 'Quantity', true),
        textColumn('s2s_location_name', 'Location', true),
        ...where.slice(1),
      ];
    case 'case_size_errors':
      // These rows are those no standard case size divides, so their own case size is always empty.
      return [
        product,
        batch,
        quantity,
        {
          id: 'standard_case_sizes',
          meta: { label: 'Standard Case Sizes', align: 'right', sortable: false },
          cell: ({ row }) => (row.original.standard_case_sizes.length > 0 ? row.original.standard_case_sizes.join(', ') : 'None set'),
        },
        ...where,
      ];
  }
}
