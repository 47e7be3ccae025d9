// Phones and small tablets: one card per batch, tinted with its row colour and edged with its category's
// colour, with its key fields; on the external menu a 44px checkbox includes or leaves out the batch. Search,
// the sort and filter sheet, Manage Columns (what the export writes) and pagination sit around the cards.
import type { ColumnDef } from '@tanstack/react-table';
import { useId, type ReactNode } from 'react';
import type { MenuListingRow } from '../../../../shared/api/menus';
import type { MenuType } from '../../../../shared/enums';
import { formatDate, formatItemSize, formatPotency, formatTopTerpenes, formatUsd } from '../../../lib/format';
import { CardListScreen } from '../../../components/ui/data-table/card-list-screen';
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
  return (
    <CardListScreen<MenuListingRow>
      caption={caption}
      columns={describeColumns(columns)}
      list={list}
      state={state}
      onStateChange={onStateChange}
      getRowKey={(row) => row.batch_id}
      renderCard={(row) => <BatchCard row={row} menuType={menuType} selection={selection} />}
      // The same saved layout as the desktop table's: it decides the columns an export writes.
      columnLayout={menuTableId(menuType)}
      toolbar={toolbar}
    />
  );
}

function BatchCard({ row, menuType, selection }: { row: MenuListingRow; menuType: MenuType; selection?: MenuRowSelection }) {
  const titleId = useId();
  const colors = menuRowColors(row);
  const included = selection?.isIncluded(row) ?? true;
  const classification = [row.category_name, row.subcategory_name, row.brand_name].filter(Boolean).join(' · ');
  const fields: [string, string][] = [
    ['Batch#', row.batch_number],
    ['Strain', [row.strain_name, row.strain_type].filter(Boolean).join(' · ')],
    ['Size', formatItemSize(row.item_size, row.item_size_uom)],
    ['THC', formatPotency(row.thc_value, row.thc_total_uom)],
    ['CBD', formatPotency(row.cbd_value, row.cbd_total_uom)],
    ['Expiry Date', formatDate(row.expired_date, '')],
    ...(menuType === 'internal'
      ? ([
          ['Case Size', String(row.case_size ?? '')],
          ['Cases Available', String(row.available_case_size ?? '')],
        ] as [string, string][])
      : ([
          ['Standard Case Size', String(row.standard_case_size ?? '')],
          ['Available Quantity', String(row.total_available_quantity ?? '')],
        ] as [string, string][])),
    ['Price per unit', formatUsd(row.base_price)],
  ];
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
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-900/10 pt-3">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-sm break-words text-slate-900">{value || '-'}</dd>
          </div>
        ))}
        {row.top_terpenes.length > 0 && (
          <div className="col-span-2 min-w-0">
            <dt className="text-xs font-medium text-slate-600">Top Terpenes</dt>
            <dd className="text-sm break-words text-slate-900">{formatTopTerpenes(row.top_terpenes)}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
