// The filter button in a column header; its panel holds the column's filter control.
import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ColumnFilter } from '../../../../shared/api/list-items';
import { buttonClasses } from '../button';
import { Icon } from '../icons';
import { focusRing } from '../styles';
import { ColumnFilterControl } from './column-filter-control';
import type { ColumnInfo } from './column-info';

export function FilterPopover({ column, filter, onChange }: { column: ColumnInfo; filter: ColumnFilter | undefined; onChange: (filter: ColumnFilter | null) => void }) {
  const active = filter !== undefined;
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={active ? `Filter ${column.label} (filtered)` : `Filter ${column.label}`}
        className={`relative flex size-7 items-center pointer-coarse:-mr-3 pointer-coarse:size-11 justify-center rounded-md ${active ? 'text-brand-700' : 'text-slate-400 hover:text-slate-700'} hover:bg-slate-200/60 ${focusRing}`}
      >
        <Icon name="filter" className="size-4" />
        {active && <span className="absolute top-0.5 right-0.5 size-2 rounded-full bg-brand-600 ring-2 ring-slate-50" aria-hidden="true" />}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 6 }}
        className="z-40 w-80 rounded-xl border border-slate-200 bg-white p-4 text-left font-normal normal-case shadow-lg focus:outline-none"
      >
        <ColumnFilterControl column={column} filter={filter} onChange={onChange} />
        <div className="mt-4 flex justify-end gap-2">
          {active && (
            <button type="button" onClick={() => onChange(null)} className={buttonClasses('ghost', 'sm')}>
              Clear
            </button>
          )}
          <CloseButton className={buttonClasses('secondary', 'sm')}>Done</CloseButton>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
