// Cases of a line: a digits-only field (blank clears it), with − and + buttons where fingers need them.
import { useState } from 'react';
import { Icon } from '../../../components/ui/icons';

export type QuantityStepperProps = {
  value: number | null;
  onChange: (value: number | null) => void;
  /** Names the field for screen readers: 'Cases of Blue Dream, batch B-1001'. */
  label: string;
  /** + stops here. */
  max?: number;
  invalid?: boolean;
  /** The id of the element that says what is wrong. */
  describedBy?: string;
  /** 'sm' fits a 44px table row; 'lg' is for thumbs. */
  size?: 'sm' | 'md' | 'lg';
  showButtons?: boolean;
  disabled?: boolean;
};

const toText = (value: number | null) => (value === null ? '' : String(value));

/** Keeps digits only: the spec's numeric-only input (minimum 0, no signs or decimals). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '').slice(0, 6);
}

const sizes = {
  // Compact in a desktop table; touch-sized where the pointer is a finger (a tablet showing the table).
  sm: { input: 'h-7 w-16 text-sm pointer-coarse:h-11 pointer-coarse:w-20', button: 'size-7 pointer-coarse:size-11' },
  md: { input: 'h-10 w-16 text-sm', button: 'size-10' },
  lg: { input: 'h-11 w-16 text-base', button: 'size-11' },
};

export function QuantityStepper({ value, onChange, label, max, invalid = false, describedBy, size = 'md', showButtons = true, disabled = false }: QuantityStepperProps) {
  const [draft, setDraft] = useState(toText(value));
  const [shown, setShown] = useState(value);
  // A change from outside (a button, the other view of the same line) replaces what is in the field.
  if (value !== shown) {
    setShown(value);
    setDraft(toText(value));
  }

  const report = (next: number | null) => {
    setShown(next);
    onChange(next);
  };
  const handleInput = (text: string) => {
    const digits = digitsOnly(text);
    setDraft(digits);
    report(digits === '' ? null : Number(digits));
  };
  const step = (delta: number) => {
    const next = Math.max(0, (value ?? 0) + delta);
    setDraft(next === 0 && delta < 0 ? '' : String(next));
    report(next === 0 && delta < 0 ? null : next);
  };

  const style = sizes[size];
  const buttonClass = `${style.button} grid shrink-0 place-items-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`;
  return (
    <div className="inline-flex items-center gap-1.5">
      {showButtons && (
        <button type="button" className={buttonClass} aria-label={`One case fewer: ${label}`} disabled={disabled || value === null || value <= 0} onClick={() => step(-1)}>
          <Icon name="minus" className="size-4" />
        </button>
      )}
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={draft}
        placeholder="0"
        disabled={disabled}
        onChange={(event) => handleInput(event.target.value)}
        onBlur={() => setDraft(toText(value))}
        className={`${style.input} rounded-lg border bg-white px-2 text-center text-slate-900 tabular-nums shadow-sm placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 disabled:bg-slate-50 ${
          invalid ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-600'
        }`}
      />
      {showButtons && (
        <button
          type="button"
          className={buttonClass}
          aria-label={`One case more: ${label}`}
          disabled={disabled || (max !== undefined && (value ?? 0) >= max)}
          onClick={() => step(1)}
        >
          <Icon name="plus" className="size-4" />
        </button>
      )}
    </div>
  );
}

/** The unit price of a line: empty means the listed price (shown as the placeholder). */
export function PriceInput({
  value,
  onChange,
  label,
  placeholder,
  invalid = false,
  describedBy,
  size = 'md',
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  invalid?: boolean;
  describedBy?: string;
  size?: 'sm' | 'md' | 'lg';
  disabled?: boolean;
}) {
  const height = size === 'sm' ? 'h-7 text-sm pointer-coarse:h-11' : size === 'lg' ? 'h-11 text-base' : 'h-10 text-sm';
  return (
    <span className="relative inline-flex">
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-sm text-slate-500">
        $
      </span>
      <input
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={`${height} w-24 rounded-lg border bg-white pr-2 pl-5 text-right text-slate-900 tabular-nums shadow-sm placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:placeholder:text-slate-400 ${
          invalid ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-600'
        }`}
      />
    </span>
  );
}
