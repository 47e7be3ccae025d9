// Phones have no column headers to click, so sorting and column filters live in this sheet.
import { useId } from 'react';
import type { ColumnFilter, SortItem } from '../../../../shared/api/list-items';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { Icon } from '../icons';
import { focusRing } from '../styles';
import { ColumnFilterControl } from './column-filter-control';
import type { ColumnInfo } from './column-info';

type Props = {
  open: boolean;
  onClose: () => void;
  columns: readonly ColumnInfo[];
  sort: readonly SortItem[];
  filters: readonly ColumnFilter[];
  onSort: (column: string) => void;
  onFilter: (column: string, filter: ColumnFilter | null) => void;
  onClearAll: () => void;
};

const orderText = { asc: 'Ascending', desc: 'Descending' } as const;

export function SortFilterSheet({ open, onClose, columns, sort, filters, onSort, onFilter, onClearAll }: Props) {
  const id = useId();
  const sortable = columns.filter((column) => column.sortable);
  const filterable = columns.filter((column) => column.filter);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sort & filter"
      footer={
        <>
          <Button variant="secondary" onClick={onClearAll} disabled={sort.length === 0 && filters.length === 0}>
            Clear all
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <div className="space-y-6">
        {sortable.length > 0 && (
          <section aria-labelledby={`${id}-sort`}>
            <h3 id={`${id}-sort`} className="text-sm font-semibold text-slate-900">
              Sort by
            </h3>
            <p className="mt-0.5 text-sm text-slate-500">Tap a column to sort by it; tap again to reverse, a third time to clear.</p>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {sortable.map((column) => {
                const index = sort.findIndex((item) => item.column === column.id);
                const item = sort[index];
                return (
                  <li key={column.id}>
                    <button type="button" onClick={() => onSort(column.id)} className={`flex min-h-12 w-full items-center justify-between gap-3 px-3 text-left text-sm ${focusRing}`}>
                      <span className={item ? 'font-semibold text-slate-900' : 'text-slate-800'}>{column.label}</span>
                      {item ? (
                        <span className="flex items-center gap-1.5 text-brand-800">
                          {sort.length > 1 && <span className="text-xs text-slate-500">{`#${index + 1}`}</span>}
                          {orderText[item.order]}
                          <Icon name={item.order === 'asc' ? 'arrow-up' : 'arrow-down'} className="size-4" />
                        </span>
                      ) : (
                        <span className="text-slate-400">Not sorted</span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {filterable.length > 0 && (
          <section aria-labelledby={`${id}-filter`} className="space-y-4">
            <h3 id={`${id}-filter`} className="text-sm font-semibold text-slate-900">
              Filters
            </h3>
            {filterable.map((column) => (
              <div key={column.id} className="rounded-lg border border-slate-200 p-3">
                <ColumnFilterControl column={column} filter={filters.find((filter) => filter.column === column.id)} onChange={(next) => onFilter(column.id, next)} />
              </div>
            ))}
          </section>
        )}
      </div>
    </Dialog>
  );
}
