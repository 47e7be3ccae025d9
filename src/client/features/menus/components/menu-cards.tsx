// Phones and small tablets: one card per batch, tinted with its row colour and edged with its category's
// colour, with its key fields; on the external menu a 44px checkbox includes or leaves out the batch. Search,
// the sort and filter sheet, Manage Columns (what the export writes) and pagination sit around the cards.
import type { ColumnDef } from '@tanstack/react-table';
import { useId, type ReactNode } from 'react';
import type { MenuListingRow } from '../../../../shared/api/menus';
import type { MenuType } from '../../../../shared/enums';
import { formatDate, formatItemSize, formatPotency, formatTopTerpenes, formatUsd } from '../../../lib/format';
import { CardListScreen, type CardLayout } from '../../../components/ui/data-table/card-list-screen';
import { describeColumns } from '../../../components/ui/data-table/column-info';
import type { TableState } from '../../../components/ui/data-table/types';
import type { TableQueryResult } from '../../../components/ui/data-table/use-table-query';
import { checkbox } from '../../../components/ui/styles';
import { menuTableId, menuRowLabel, type MenuRowSelection } from './menu-columns';
import { menuRowColors } from './menu-row-colors';

type Props = {
  menuType: MenuType;
  caption: string;
  // TanStack's ColumnDef is invariant in its value type: a list of columns of different types is ColumnDef<Row, any>.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<MenuListingRow, any>[];
  list: TableQueryResult<MenuListingRow>;
  state: TableState;
  onStateChange: (next: TableState) => void;
  selection?: MenuRowSelection;
  toolbar?: ReactNode;
};

export function MenuCards({ menuType, caption, columns, list, state, onStateChange, selection, toolbar }: Props) {
  const described = describeColumns(columns);
  const labels = new Map(described.map((column) => [column.id, column.label]));
  return (
    <CardListScreen<MenuListingRow>
      caption={caption}
      columns={described}
      list={list}
      state={state}
      onStateChange={onStateChange}
      getRowKey={(row) => row.batch_id}
      renderCard={(row, layout) => <BatchCard row={row} fields={cardFields(layout, labels)} selection={selection} />}
      // The same saved layout as the desktop table's: it decides the columns an export writes, and the cards show
      // those columns (a card showing a price the export leaves out told a rep the price would go out).
      columnLayout={menuTableId(menuType)}
      toolbar={toolbar}
    />
  );
}

/** How a card writes each column's value (as the table's cells do). */
const CARD_VALUES: Record<string, (row: MenuListingRow) => string> = {
  batch_number: (row) => row.batch_number,
  strain_name: (row) => row.strain_name ?? '',
  strain_type: (row) => row.strain_type ?? '',
  product_name: (row) => row.product_name ?? '',
  item_size: (row) => formatItemSize(row.item_size, row.item_size_uom),
  thc_value: (row) => formatPotency(row.thc_value, row.thc_total_uom),
  cbd_value: (row) => formatPotency(row.cbd_value, row.cbd_total_uom),
  top_terpenes: (row) => formatTopTerpenes(row.top_terpenes),
  expired_date: (row) => formatDate(row.expired_date, ''),
  case_size: (row) => String(row.case_size ?? ''),
  available_case_size: (row) => String(row.available_case_size ?? ''),
  standard_case_size: (row) => String(row.standard_case_size ?? ''),
  total_available_quantity: (row) => String(row.total_available_quantity ?? ''),
  base_price: (row) => formatUsd(row.base_price),
  s2s_location_name: (row) => row.s2s_location_name ?? '',
};
/** Shown on one line under the title rather than as fields: what the batch is. */
const CLASSIFICATION = ['category_name', 'subcategory_name', 'brand_name'] as const;
/** Fields as wide as the card. */
const WIDE = new Set(['top_terpenes', 's2s_location_name']);

type CardField = { id: string; label: string; value: (row: MenuListingRow) => string };
type CardFields = { classification: (keyof MenuListingRow)[]; fields: CardField[] };

/**
 * The visible columns in their order: the product name is the card's title, the classification its subtitle, and
 * the fields as wide as the card come after the two-up ones (between them, one left a hole in the grid).
 */
function cardFields(layout: CardLayout, labels: ReadonlyMap<string, string>): CardFields {
  const visible = layout.order.filter((id) => layout.visibility[id]);
  const fields = visible.flatMap((id) => {
    const value = CARD_VALUES[id];
    return value ? [{ id, label: labels.get(id) ?? id, value }] : [];
  });
  return {
    classification: CLASSIFICATION.filter((id) => visible.includes(id)),
    fields: [...fields.filter((field) => !WIDE.has(field.id)), ...fields.filter((field) => WIDE.has(field.id))],
  };
}

function BatchCard({ row, fields, selection }: { row: MenuListingRow; fields: CardFields; selection?: MenuRowSelection }) {
  const titleId = useId();
  const colors = menuRowColors(row);
  const included = selection?.isIncluded(row) ?? true;
  const classification = fields.classification
    .map((id) => row[id])
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      aria-labelledby={titleId}
      data-row-color={row.row_color ?? undefined}
      style={{ backgroundColor: colors.fill, borderLeftColor: colors.accent }}
      // A batch left out is marked in words and by a dashed outline, not faded: faded text would fall below
      // the contrast a phone in a bright vault needs.
      className={`rounded-xl border border-l-4 bg-white p-4 shadow-sm ${included ? 'border-slate-200' : 'border-dashed border-slate-400'}`}
    >
      <div className="flex items-start gap-2">
        {selection && (
          <label className="-my-2.5 -ml-2.5 flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              aria-label={`Include ${menuRowLabel(row)}`}
              className={checkbox}
              checked={included}
              onChange={(event) => selection.onToggle(row, event.target.checked)}
            />
          </label>
        )}
        <div className="min-w-0 flex-1 space-y-0.5">
          <h2 id={titleId} className="text-base leading-snug font-semibold [overflow-wrap:anywhere] text-slate-900">
            {row.s2s_product_name}
          </h2>
          {classification && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{classification}</p>}
          {!included && <p className="text-sm font-medium text-slate-800">Left out of this menu</p>}
        </div>
      </div>
      {fields.fields.length > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-900/10 pt-3">
          {fields.fields.map((field) => (
            <div key={field.id} className={`min-w-0 ${WIDE.has(field.id) ? 'col-span-2' : ''}`}>
              <dt className="text-xs font-medium text-slate-600">{field.label}</dt>
              <dd className="text-sm break-words text-slate-900">{field.value(row) || '-'}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
