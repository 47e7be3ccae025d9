// A labelled native date input (the phone's own date picker); the value travels as yyyy-MM-dd.
import { Field, Input } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FieldLabel, FieldMessages } from './field-parts';
import { fieldControl } from './styles';

export type DateFieldProps = {
  label: ReactNode;
  /** yyyy-MM-dd, or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest and latest selectable day, yyyy-MM-dd. */
  min?: string;
  max?: string;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
  onBlur?: () => void;
};

export function DateField({ label, value, onChange, min, max, hint, error, hideLabel, required, disabled, name, id, className = '', onBlur }: DateFieldProps) {
  return (
    <Field disabled={disabled} className={`space-y-1.5 ${className}`}>
      <FieldLabel required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <Input
        type="date"
        id={id}
        name={name}
        value={value}
        min={min}
        max={max}
        required={required}
        invalid={Boolean(error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={`${fieldControl} tabular-nums`}
      />
      <FieldMessages hint={hint} error={error} />
    </Field>
  );
}
