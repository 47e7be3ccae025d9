// The columns of the case-size list: the product's names and classification, then the five slots. The
// column ids are the server's sort and filter columns; the slot cells are inputs for those who may edit.
import type { ColumnDef } from '@tanstack/react-table';
import { CASE_SIZE_MESSAGES, CASE_SIZE_SLOTS, caseSizeSlotKey, type CaseSizeRow } from '../../../../shared/api/case-sizes';
import { focusRing } from '../../../components/ui/styles';
import { productNames, slotLabel } from '../case-size-edits';
import { useCaseSizeEditing } from './case-size-editing';
import { CaseSizeInput } from './case-size-input';

/** The S2S name when the product has exactly one name; otherwise the link to all of them (or to none). */
export function S2sNames({ row, layout }: { row: CaseSizeRow; layout: 'table' | 'card' }) {
  const editing = useCaseSizeEditing();
  const names = productNames(row);
  if (names.length === 1) {
    return (
      <span className={layout === 'table' ? 'block truncate' : '[overflow-wrap:anywhere]'} title={names[0]!.name}>
        {names[0]!.name}
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`${CASE_SIZE_MESSAGES.viewAllNames} of ${row.productName}`}
      onClick={() => editing.onOpenNames(row)}
      className={`inline-flex items-center rounded text-sm font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700 ${layout === 'card' ? 'min-h-11' : '-my-1 min-h-8'} ${focusRing}`}
    >
      {CASE_SIZE_MESSAGES.viewAllNames}
    </button>
  );
}

const orDash = (text: string | null) => text ?? <span className="text-slate-400">-</span>;

/** Category · sub category · brand, as one line under the product name and on the cards. */
export const classificationText = (row: CaseSizeRow) => [row.categoryName, row.subcategoryName, row.brandName].filter((part): part is string => Boolean(part)).join(' · ');

// The five slots are what this screen is for, so they must be in view at 1440 px beside the product. The
// classification rides under the product name (two tight lines keep the row at the table's fixed height);
// its three columns, with their sort and filter, are one click away in Manage Columns. The two name columns
// share what the slots leave of the table's width (51rem: five slot columns, the name cells' padding and
// the borders), measured on the container the page puts around the table; below their minimum the table
// scrolls sideways inside its box, as every DataTable does.
export const caseSizeColumns: ColumnDef<CaseSizeRow, unknown>[] = [
  {
    id: 'productName',
    accessorKey: 'productName',
    meta: { label: 'ERP Product', filter: 'text', alwaysVisible: true, card: 'title' },
    cell: ({ row }) => (
      <span className="-my-1.5 block w-[max(12rem,calc((100cqw-51rem)*0.6))]">
        <span className="block truncate leading-[1.125rem] font-medium text-slate-900" title={row.original.productName}>
          {row.original.productName}
        </span>
        <span className="block truncate text-xs leading-4 text-slate-600">{classificationText(row.original)}</span>
      </span>
    ),
  },
  {
    id: 's2sItemName',
    accessorKey: 's2sItemName',
    meta: { label: 'S2S Product', filter: 'text', card: 'subtitle' },
    cell: ({ row }) => (
      <span className="block w-[max(8rem,calc((100cqw-51rem)*0.4))]">
        <S2sNames row={row.original} layout="table" />
      </span>
    ),
  },
  { id: 'categoryName', accessorKey: 'categoryName', meta: { label: 'Category', filter: 'text', hiddenByDefault: true } },
  {
    id: 'subcategoryName',
    accessorKey: 'subcategoryName',
    meta: { label: 'Sub Category', filter: 'text', hiddenByDefault: true },
    cell: ({ row }) => orDash(row.original.subcategoryName),
  },
  { id: 'brandName', accessorKey: 'brandName', meta: { label: 'Brand', filter: 'text', hiddenByDefault: true }, cell: ({ row }) => orDash(row.original.brandName) },
  ...CASE_SIZE_SLOTS.map((slot): ColumnDef<CaseSizeRow, unknown> => ({
    id: caseSizeSlotKey(slot),
    accessorKey: caseSizeSlotKey(slot),
    meta: { label: slotLabel(slot), filter: 'text', align: 'right' },
    cell: ({ row }) => <CaseSizeInput row={row.original} slot={slot} layout="table" rowIndex={row.index} />,
  })),
];
