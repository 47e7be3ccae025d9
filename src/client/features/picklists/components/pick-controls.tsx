// The controls of one item: the Case Picked field (with large − and + on phones) and the reason picker.
// The reason is a native select: the phone's own picker is the easiest for a thumb, and 300 of them
// render far faster than as many custom listboxes.
import type { PickReason } from '../../../../shared/api/picklists';
import { Icon } from '../../../components/ui/icons';
import { fieldControl, focusRing } from '../../../components/ui/styles';

export const REASON_PLACEHOLDER = 'Select reason...';

export function PickedInput({
  id,
  value,
  ordered,
  label,
  invalid,
  describedBy,
  onChange,
  className = '',
}: {
  id: string;
  value: string;
  ordered: number;
  label: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={0}
      max={ordered}
      step={1}
      value={value}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      onFocus={(event) => event.target.select()}
      className={`block rounded-lg border border-slate-300 bg-white px-2 text-center text-base text-slate-900 tabular-nums shadow-sm focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 aria-invalid:border-red-500 aria-invalid:focus:outline-red-600 ${className}`}
    />
  );
}

export function PickStepper({
  id,
  value,
  picked,
  ordered,
  product,
  invalid,
  describedBy,
  onChange,
  onStep,
}: {
  id: string;
  value: string;
  picked: number;
  ordered: number;
  product: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (text: string) => void;
  onStep: (delta: number) => void;
}) {
  const step = `grid size-14 shrink-0 place-items-center rounded-xl border border-slate-300 bg-white text-slate-800 shadow-sm active:bg-brand-50 disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-300 disabled:shadow-none ${focusRing}`;
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={step} onClick={() => onStep(-1)} disabled={picked <= 0} aria-label={`One case fewer of ${product}`}>
        <Icon name="minus" className="size-7" />
      </button>
      <PickedInput
        id={id}
        value={value}
        ordered={ordered}
        label={`Case Picked for ${product}`}
        invalid={invalid}
        describedBy={describedBy}
        onChange={onChange}
        className="h-14 min-w-0 flex-1 text-2xl font-semibold"
      />
      <button type="button" className={step} onClick={() => onStep(1)} disabled={picked >= ordered} aria-label={`One case more of ${product}`}>
        <Icon name="plus" className="size-7" />
      </button>
    </div>
  );
}

export function ReasonSelect({
  id,
  value,
  reasons,
  label,
  invalid,
  describedBy,
  onChange,
  className = '',
}: {
  id: string;
  value: number | null;
  reasons: readonly PickReason[];
  label: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (reasonId: number | null) => void;
  className?: string;
}) {
  return (
    <select
      id={id}
      value={value ?? ''}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      className={`${fieldControl} pr-8 aria-invalid:border-red-500 ${value === null ? 'text-slate-500' : ''} ${className}`}
    >
      <option value="">{REASON_PLACEHOLDER}</option>
      {reasons.map((reason) => (
        <option key={reason.order_metadata_id} value={reason.order_metadata_id}>
          {reason.metadata_label}
        </option>
      ))}
    </select>
  );
}
