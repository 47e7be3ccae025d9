// Label, hint and error of a form field. Inside a Headless UI Field they are wired to the control with
// aria-labelledby and aria-describedby, so text-field, date-field and select read the same way.
import { Description, Label } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Icon } from './icons';
import { fieldError, fieldHint, fieldLabel } from './styles';

export function FieldLabel({ children, required, hidden }: { children: ReactNode; required?: boolean; hidden?: boolean }) {
  return (
    <Label className={hidden ? 'sr-only' : fieldLabel}>
      {children}
      {required && (
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
}

export function FieldMessages({ hint, error }: { hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint && <Description className={fieldHint}>{hint}</Description>}
      {error && (
        <Description className={fieldError}>
          <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </Description>
      )}
    </>
  );
}
