// A labelled text input with an optional hint and error message, both read out with the field.
import { Field, Input } from '@headlessui/react';
import type { ComponentProps, ReactNode } from 'react';
import { FieldLabel, FieldMessages } from './field-parts';
import { fieldControl } from './styles';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the field; also marks the input aria-invalid. */
  error?: ReactNode;
  /** Keep the label for screen readers only (the field sits under a visible heading that says it). */
  hideLabel?: boolean;
  className?: string;
};

export function TextField({ label, hint, error, hideLabel, className = '', required, disabled, type = 'text', ...input }: TextFieldProps) {
  return (
    <Field disabled={disabled} className={`space-y-1.5 ${className}`}>
      <FieldLabel required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <Input type={type} required={required} invalid={Boolean(error)} className={fieldControl} {...input} />
      <FieldMessages hint={hint} error={error} />
    </Field>
  );
}
