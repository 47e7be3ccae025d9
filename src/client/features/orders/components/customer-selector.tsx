// The order's buyer and sales person, with the people picker to change them (both chosen together: the
// sales person narrows the buyers).
import { useState, type ReactNode } from 'react';
import { PeoplePickerDialog } from '../../../components/people-picker/people-picker-dialog';
import type { PeopleSelection, PersonSelection } from '../../../components/people-picker/selection-rules';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';

export type CustomerSelectorProps = {
  buyer: PersonSelection | null;
  salesPerson: PersonSelection | null;
  /** Without it the pair is shown, not changeable. */
  onChange?: (selection: { buyer: PersonSelection; salesPerson: PersonSelection | null }) => void | Promise<void>;
  busy?: boolean;
  error?: string;
  /** Fields that belong with the customer (the requested delivery date), between the names and the button. */
  children?: ReactNode;
};

export function CustomerSelector({ buyer, salesPerson, onChange, busy = false, error, children }: CustomerSelectorProps) {
  const [open, setOpen] = useState(false);

  const handleConfirm = async ({ buyers, salesPersons }: PeopleSelection) => {
    const chosen = buyers[0];
    if (!chosen || !onChange) return;
    await onChange({ buyer: { id: chosen.id, name: chosen.name }, salesPerson: salesPersons[0] ?? chosen.salesPerson });
    setOpen(false);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-6">
        <dl className="grid min-w-0 flex-1 grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:pt-1">
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">Buyer</dt>
            <dd className={`text-base font-semibold break-words ${buyer ? 'text-slate-900' : 'text-slate-500'}`}>{buyer?.name ?? 'No buyer chosen'}</dd>
            {error && (
              <dd className="mt-1 flex items-center gap-1 text-sm font-medium text-red-700">
                <Icon name="warning" className="size-4 shrink-0" /> {error}
              </dd>
            )}
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">Sales person</dt>
            <dd className="text-base break-words text-slate-900">{salesPerson?.name ?? <span className="text-slate-500">Not assigned</span>}</dd>
          </div>
        </dl>
        {children}
        {onChange && (
          <Button variant="secondary" icon="users" onClick={() => setOpen(true)} className={`shrink-0 ${children ? 'lg:mt-6' : ''}`}>
            {buyer ? 'Change customer' : 'Choose customer'}
          </Button>
        )}
      </div>
      {onChange && (
        <PeoplePickerDialog
          open={open}
          onClose={() => setOpen(false)}
          onConfirm={(selection) => void handleConfirm(selection)}
          mode="both"
          title="Select Customer"
          description="Choose the sales person and the buyer of this order."
          confirmLabel="Use this customer"
          busy={busy}
          initial={{ buyers: buyer ? [{ ...buyer, salesPerson }] : [], salesPersons: salesPerson ? [salesPerson] : [] }}
        />
      )}
    </div>
  );
}
