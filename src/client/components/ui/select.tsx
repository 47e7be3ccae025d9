// A labelled single-choice dropdown (Headless UI Listbox): arrow keys, type-ahead, and a tick on the choice.
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FieldLabel, FieldMessages } from './field-parts';
import { Icon } from './icons';
import { fieldControl } from './styles';

type SelectOption<T extends string | number> = { value: T; label: string; disabled?: boolean };

export type SelectProps<T extends string | number> = {
  label: ReactNode;
  value: T | null;
  onChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  /** Shown on the button when nothing is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  /** Label beside the button rather than above it (toolbars, footers). */
  inline?: boolean;
  disabled?: boolean;
  name?: string;
  className?: string;
  /** Classes for the button, e.g. a narrower width in a footer. */
  buttonClassName?: string;
};

export function Select<T extends string | number>({
  label,
  value,
  onChange,
  options,
  placeholder = 'Select...',
  hint,
  error,
  hideLabel,
  inline = false,
  disabled,
  name,
  className = '',
  buttonClassName = '',
}: SelectProps<T>) {
  const selected = options.find((option) => option.value === value);
  return (
    <Field disabled={disabled} className={`${inline ? 'flex items-center gap-2' : 'space-y-1.5'} ${className}`}>
      {inline && !hideLabel ? (
        <Label className="text-sm whitespace-nowrap text-slate-700">{label}</Label>
      ) : (
        <FieldLabel hidden={hideLabel}>{label}</FieldLabel>
      )}
      <Listbox value={value} onChange={(next: T | null) => next !== null && onChange(next)} name={name} invalid={Boolean(error)}>
        <ListboxButton className={`${fieldControl} flex items-center justify-between gap-2 text-left ${buttonClassName}`}>
          <span className={`truncate ${selected ? '' : 'text-slate-400'}`}>{selected?.label ?? placeholder}</span>
          <Icon name="chevron-up-down" className="size-4 shrink-0 text-slate-500" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-72 w-(--button-width) min-w-40 overflow-auto rounded-lg border border-slate-200 bg-white p-1 text-base shadow-lg focus:outline-none sm:text-sm"
        >
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              className="group flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 text-slate-800 select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:bg-brand-50 data-focus:text-brand-900 sm:pointer-fine:min-h-9"
            >
              <Icon name="check" className="invisible size-4 shrink-0 text-brand-700 group-data-selected:visible" />
              <span className="truncate group-data-selected:font-medium">{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FieldMessages hint={hint} error={error} />
    </Field>
  );
}
