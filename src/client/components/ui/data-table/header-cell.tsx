// A column header: the sort button (shift+click adds a sort column) with its direction and priority,
// and the column's filter button.
import type { ColumnFilter, SortItem } from '../../../../shared/api/list-items';
import { Icon } from '../icons';
import { focusRing } from '../styles';
import type { ColumnInfo } from './column-info';
import { FilterPopover } from './filter-popover';

type Props = {
  column: ColumnInfo;
  sort: readonly SortItem[];
  filter: ColumnFilter | undefined;
  sortHintId: string;
  onSort: (column: string, additive: boolean) => void;
  onFilter: (column: string, filter: ColumnFilter | null) => void;
};

const orderWords = { asc: 'ascending', desc: 'descending' } as const;

export function HeaderCell({ column, sort, filter, sortHintId, onSort, onFilter }: Props) {
  const index = sort.findIndex((item) => item.column === column.id);
  const item = sort[index];
  // ARIA asks for aria-sort on one header at a time: the primary sort key. The others say it in words.
  const ariaSort = index === 0 && item ? orderWords[item.order] : undefined;
  const right = column.align === 'right';
  // A header's words wrap only when the columns' widest content does not fit (a table lays its columns out at
  // their full width first): a long header then takes two lines instead of pushing the last columns out of view.
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={`sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase ${right ? 'text-right' : 'text-left'}`}
    >
      <div className={`flex items-center gap-1 ${right ? 'justify-end' : ''}`}>
        {column.sortable ? (
          <button
            type="button"
            onClick={(event) => onSort(column.id, event.shiftKey)}
            aria-describedby={sortHintId}
            className={`-mx-1 inline-flex min-h-8 items-center gap-1 rounded-md px-1 uppercase ${right ? 'text-right' : 'text-left'} pointer-coarse:min-h-11 hover:text-slate-900 ${item ? 'text-slate-900' : ''} ${focusRing}`}
          >
            {column.label}
            <SortIndicator item={item} />
            {item && sort.length > 1 && (
              <span className="flex size-4 items-center justify-center rounded-full bg-brand-100 text-[10px] leading-none font-bold text-brand-800">
                <span className="sr-only">, sort priority </span>
                {index + 1}
              </span>
            )}
            {item && index > 0 && <span className="sr-only">{`, sorted ${orderWords[item.order]}`}</span>}
          </button>
        ) : (
          <span>{column.label}</span>
        )}
        {column.filter && <FilterPopover column={column} filter={filter} onChange={(next) => onFilter(column.id, next)} />}
      </div>
    </th>
  );
}

function SortIndicator({ item }: { item: SortItem | undefined }) {
  if (!item) return <Icon name="chevron-up-down" className="size-3.5 text-slate-400" />;
  return <Icon name={item.order === 'asc' ? 'arrow-up' : 'arrow-down'} className="size-3.5 text-brand-700" />;
}
