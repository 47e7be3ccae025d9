// The filters in force, each with a remove button, so a filter set in a closed popover is never hidden.
import type { ColumnFilter } from '../../../../shared/api/list-items';
import { formatDate } from '../../../lib/format';
import { Icon } from '../icons';
import { focusRing } from '../styles';
import type { ColumnInfo } from './column-info';

function filterText(filter: ColumnFilter, column: ColumnInfo | undefined): string {
  const label = column?.label ?? filter.column;
  switch (filter.type) {
    case 'text':
      return `${label}: ${filter.value}`;
    case 'dateRange': {
      const { from, to } = filter.value;
      if (from && to) return `${label}: ${formatDate(from)} – ${formatDate(to)}`;
      return from ? `${label}: from ${formatDate(from)}` : `${label}: to ${formatDate(to)}`;
    }
    case 'select': {
      const options = typeof column?.filter === 'object' ? column.filter.options : [];
      return `${label}: ${filter.value.map((value) => options.find((option) => option.value === value)?.label ?? value).join(', ')}`;
    }
  }
}

export function FilterChips({ filters, columns, onRemove, onClearAll }: { filters: readonly ColumnFilter[]; columns: ReadonlyMap<string, ColumnInfo>; onRemove: (column: string) => void; onClearAll: () => void }) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {filters.map((filter) => {
        const text = filterText(filter, columns.get(filter.column));
        return (
          <li key={filter.column} className="flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm text-brand-900">
            <span className="truncate">{text}</span>
            <button type="button" aria-label={`Remove filter ${text}`} onClick={() => onRemove(filter.column)} className={`flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-brand-100 sm:pointer-fine:size-6 ${focusRing}`}>
              <Icon name="x" className="size-3.5" />
            </button>
          </li>
        );
      })}
      {filters.length > 1 && (
        <li>
          <button type="button" onClick={onClearAll} className={`min-h-8 rounded-md px-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline ${focusRing}`}>
            Clear filters
          </button>
        </li>
      )}
    </ul>
  );
}
