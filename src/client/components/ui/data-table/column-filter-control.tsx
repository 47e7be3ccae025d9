// The filter input of one column: debounced text, a From/To date range, or a set of choices.
import { useId } from 'react';
import type { ColumnFilter } from '../../../../shared/api/list-items';
import { DateField } from '../date-field';
import { checkbox } from '../styles';
import { TextField } from '../text-field';
import type { ColumnInfo } from './column-info';
import { useDebouncedDraft } from './use-debounced-draft';

type Props = {
  column: ColumnInfo;
  filter: ColumnFilter | undefined;
  /** null removes the filter. */
  onChange: (filter: ColumnFilter | null) => void;
};

export function ColumnFilterControl({ column, filter, onChange }: Props) {
  const kind = column.filter;
  if (!kind) return null;
  if (kind === 'text') return <TextFilter column={column} value={filter?.type === 'text' ? filter.value : ''} onChange={onChange} />;
  if (kind === 'dateRange') {
    const range = filter?.type === 'dateRange' ? filter.value : {};
    return <DateRangeFilter column={column} from={range.from ?? ''} to={range.to ?? ''} onChange={onChange} />;
  }
  return <SelectFilter column={column} options={kind.options} selected={filter?.type === 'select' ? filter.value : []} onChange={onChange} />;
}

const sameText = (a: string, b: string) => a.trim() === b.trim();

function TextFilter({ column, value, onChange }: { column: ColumnInfo; value: string; onChange: Props['onChange'] }) {
  const { draft, setDraft, flush } = useDebouncedDraft(value, (next) => onChange({ column: column.id, type: 'text', value: next }), sameText);
  return (
    <TextField
      label={column.label}
      type="search"
      placeholder="Contains..."
      autoComplete="off"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') flush();
      }}
    />
  );
}

type Range = { from: string; to: string };
const sameRange = (a: Range, b: Range) => a.from === b.from && a.to === b.to;

function DateRangeFilter({ column, from, to, onChange }: { column: ColumnInfo; from: string; to: string; onChange: Props['onChange'] }) {
  // Typing a year into a date input changes its value at every digit, so dates are debounced too.
  const { draft, setDraft } = useDebouncedDraft<Range>({ from, to }, (next) => onChange({ column: column.id, type: 'dateRange', value: { from: next.from, to: next.to } }), sameRange);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{column.label}</legend>
      <div className="grid grid-cols-2 gap-3">
        <DateField label="From Date" value={draft.from} max={draft.to || undefined} onChange={(value) => setDraft({ ...draft, from: value })} />
        <DateField label="To Date" value={draft.to} min={draft.from || undefined} onChange={(value) => setDraft({ ...draft, to: value })} />
      </div>
    </fieldset>
  );
}

function SelectFilter({ column, options, selected, onChange }: { column: ColumnInfo; options: { value: string; label: string }[]; selected: string[]; onChange: Props['onChange'] }) {
  const id = useId();
  const toggle = (value: string, checked: boolean) => {
    const next = checked ? [...selected, value] : selected.filter((item) => item !== value);
    onChange({ column: column.id, type: 'select', value: options.map((option) => option.value).filter((item) => next.includes(item)) });
  };
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{column.label}</legend>
      <ul className="max-h-64 space-y-0.5 overflow-y-auto">
        {options.map((option) => (
          <li key={option.value}>
            <label htmlFor={`${id}-${option.value}`} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50 sm:pointer-fine:min-h-9">
              <input id={`${id}-${option.value}`} type="checkbox" className={checkbox} checked={selected.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
