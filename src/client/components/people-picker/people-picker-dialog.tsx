// The buyer and sales person picker (orders and menus): buyers only, sales persons only, or both, where
// the chosen sales persons narrow the buyers. Buyers are customers (orders) or MSO owners, the dispensary
// chains a menu is exported for. Native radio buttons or checkboxes in labelled groups, so
// keyboard and screen readers work as they do everywhere; a full-screen sheet on phones.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Customer, SalesPerson } from '../../../shared/api/orders';
import type { CustomerGroup } from '../../../shared/enums';
import { useCurrentMarket } from '../../lib/market-store';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { LoadingMessage } from '../ui/loading-message';
import { checkbox, fieldControl } from '../ui/styles';
import { DESKTOP_QUERY, useMediaQuery } from '../ui/use-media-query';
import { customersQueryOptions } from './list-customers';
import { msoOwnersQueryOptions } from './list-mso-owners';
import { salesPersonsQueryOptions } from './list-sales-persons';
import {
  canConfirmSelection,
  needsBuyers,
  needsSalesPersons,
  selectionHint,
  toggleEntry,
  type BuyerSelection,
  type PeoplePickerMode,
  type PeopleSelection,
  type PersonSelection,
} from './selection-rules';

export type PeoplePickerDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: (selection: PeopleSelection) => void;
  mode: PeoplePickerMode;
  multiple?: boolean;
  /** Only buyers of this group: INT for the internal menu and orders, EXT for the external menu. */
  group?: CustomerGroup;
  /** What a buyer is: a customer (the default) or an MSO owner (a dispensary chain, which has no sales person). */
  buyerKind?: BuyerKind;
  title: string;
  description?: string;
  confirmLabel?: string;
  /** What is chosen when the dialog opens. */
  initial?: PeopleSelection;
  /** The confirmed choice is being applied: the dialog stays and the button spins. */
  busy?: boolean;
};

type BuyerKind = 'customers' | 'msoOwners';

const EMPTY: PeopleSelection = { buyers: [], salesPersons: [] };

const buyerOf = (customer: Customer): BuyerSelection => ({
  id: customer.customer_id,
  name: customer.customer_name,
  salesPerson: customer.sales_person_id === null ? null : { id: customer.sales_person_id, name: customer.sales_person_name ?? '' },
});

export function PeoplePickerDialog({
  open,
  onClose,
  onConfirm,
  mode,
  multiple = false,
  group,
  buyerKind = 'customers',
  title,
  description,
  confirmLabel = 'Confirm',
  initial = EMPTY,
  busy = false,
}: PeoplePickerDialogProps) {
  const [selection, setSelection] = useState<PeopleSelection>(initial);
  const [wasOpen, setWasOpen] = useState(open);
  // Every opening starts from the caller's choice, not from what was left last time.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSelection(initial);
  }

  const hint = selectionHint(mode, multiple, selection, buyerKind === 'msoOwners' ? 'dispensary chain' : 'buyer');
  const ready = canConfirmSelection(mode, multiple, selection);
  const hintId = useId();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);

  const handleSalesPerson = (person: PersonSelection) => {
    setSelection((current) => {
      const salesPersons = toggleEntry(current.salesPersons, person, multiple);
      const ids = new Set(salesPersons.map((item) => item.id));
      // The buyer list narrows to these sales persons' customers: a chosen buyer outside it goes. A chain has
      // no one sales person, so chosen chains stay.
      const buyers = mode === 'both' && buyerKind === 'customers' && ids.size > 0 ? current.buyers.filter((buyer) => buyer.salesPerson && ids.has(buyer.salesPerson.id)) : current.buyers;
      return { salesPersons, buyers };
    });
  };
  const handleBuyer = (buyer: BuyerSelection) => {
    setSelection((current) => {
      const buyers = toggleEntry(current.buyers, buyer, multiple);
      const adopt = mode === 'both' && current.salesPersons.length === 0 && buyer.salesPerson && buyers.some((item) => item.id === buyer.id);
      return { buyers, salesPersons: adopt && buyer.salesPerson ? [buyer.salesPerson] : current.salesPersons };
    });
  };

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      description={description}
      size={mode === 'both' ? 'xl' : 'md'}
      footer={
        <>
          <p id={hintId} className="text-center text-sm text-slate-600 empty:sr-only max-sm:order-last sm:mr-auto sm:self-center sm:text-left" aria-live="polite">
            {hint}
          </p>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => onConfirm(selection)} disabled={!ready} loading={busy} aria-describedby={hint ? hintId : undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className={mode === 'both' ? 'grid gap-6 md:grid-cols-2' : ''}>
        {needsSalesPersons(mode) && (
          <SalesPersonList multiple={multiple} chosen={selection.salesPersons} onToggle={handleSalesPerson} compact={mode === 'both'} autoFocus={isDesktop} />
        )}
        {needsBuyers(mode) && (
          <BuyerList
            kind={buyerKind}
            multiple={multiple}
            group={group}
            salesPersonIds={mode === 'both' ? selection.salesPersons.map((person) => person.id) : []}
            chosen={selection.buyers}
            onToggle={handleBuyer}
            compact={mode === 'both'}
            autoFocus={isDesktop && !needsSalesPersons(mode)}
          />
        )}
      </div>
    </Dialog>
  );
}

function SalesPersonList({
  multiple,
  chosen,
  onToggle,
  compact,
  autoFocus,
}: {
  multiple: boolean;
  chosen: PersonSelection[];
  onToggle: (person: PersonSelection) => void;
  compact: boolean;
  autoFocus: boolean;
}) {
  const market = useCurrentMarket();
  const query = useQuery(salesPersonsQueryOptions(market));
  const options = (query.data ?? []).map((person: SalesPerson) => ({
    id: person.sales_person_id,
    name: person.sales_person_name,
    detail: null,
    value: { id: person.sales_person_id, name: person.sales_person_name },
  }));
  return (
    <PersonList
      legend={multiple ? 'Sales persons' : 'Sales person'}
      noun="sales persons"
      multiple={multiple}
      options={options}
      chosenIds={chosen.map((item) => item.id)}
      onToggle={onToggle}
      isLoading={query.isPending}
      error={query.isError ? query.error : null}
      onRetry={() => void query.refetch()}
      compact={compact}
      autoFocus={autoFocus}
    />
  );
}

function BuyerList({
  kind,
  multiple,
  group,
  salesPersonIds,
  chosen,
  onToggle,
  compact,
  autoFocus,
}: {
  kind: BuyerKind;
  multiple: boolean;
  group?: CustomerGroup;
  salesPersonIds: number[];
  chosen: BuyerSelection[];
  onToggle: (buyer: BuyerSelection) => void;
  compact: boolean;
  autoFocus: boolean;
}) {
  const market = useCurrentMarket();
  const filter = { salesPersonIds, group };
  const customers = useQuery({ ...customersQueryOptions(market, filter), placeholderData: (previous) => previous, enabled: kind === 'customers' });
  const chains = useQuery({ ...msoOwnersQueryOptions(market, filter), placeholderData: (previous) => previous, enabled: kind === 'msoOwners' });
  const query = kind === 'customers' ? customers : chains;
  const options =
    kind === 'customers'
      ? (customers.data ?? []).map((customer) => ({
          id: customer.customer_id,
          name: customer.customer_name,
          detail: [customer.mso_owner_name, customer.sales_person_name].filter(Boolean).join(' · ') || null,
          value: buyerOf(customer),
        }))
      : (chains.data ?? []).map((chain) => ({
          id: chain.mso_owner_id,
          name: chain.mso_owner_name,
          detail: null,
          value: { id: chain.mso_owner_id, name: chain.mso_owner_name, salesPerson: null },
        }));
  const noun = kind === 'customers' ? 'buyers' : 'dispensary chains';
  return (
    <PersonList<BuyerSelection>
      legend={kind === 'customers' ? (multiple ? 'Buyers' : 'Buyer') : multiple ? 'Dispensary chains' : 'Dispensary chain'}
      noun={noun}
      multiple={multiple}
      options={options}
      chosenIds={chosen.map((item) => item.id)}
      onToggle={onToggle}
      isLoading={query.isPending}
      error={query.isError ? query.error : null}
      onRetry={() => void query.refetch()}
      compact={compact}
      autoFocus={autoFocus}
    />
  );
}

type Option<T> = { id: number; name: string; detail: string | null; value: T };

function PersonList<T extends PersonSelection>({
  legend,
  noun,
  multiple,
  options,
  chosenIds,
  onToggle,
  isLoading,
  error,
  onRetry,
  compact,
  autoFocus,
}: {
  legend: string;
  noun: string;
  multiple: boolean;
  options: Option<T>[];
  chosenIds: number[];
  onToggle: (value: T) => void;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  compact: boolean;
  /** Start in this list's search field (desktop; on phones the keyboard would cover the list). */
  autoFocus: boolean;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const name = useId();
  const term = search.trim().toLowerCase();
  const shown = term ? options.filter((option) => option.name.toLowerCase().includes(term) || option.detail?.toLowerCase().includes(term)) : options;
  const chosen = options.filter((option) => chosenIds.includes(option.id));

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-3 text-sm font-semibold text-slate-900">
        {legend}
        {chosen.length > 0 && <span className="ml-2 font-normal text-slate-600">({chosen.length} selected)</span>}
      </legend>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search {noun}
        </label>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder={`Search ${noun}...`}
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          onChange={(event) => setSearch(event.target.value)}
          className={`${fieldControl} pl-10`}
        />
      </div>
      {isLoading ? (
        <LoadingMessage messages={`Loading ${noun}...`} className="py-6" />
      ) : error ? (
        <Banner tone="error" title={`The ${noun} could not be loaded.`} autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: onRetry }} />
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {term ? `${shown.length} of ${options.length} ${noun} match` : ''}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No {noun} found</p>
          ) : (
            <ul className={`divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 ${compact ? 'max-h-[38dvh] md:max-h-80' : 'md:max-h-96'}`}>
              {shown.map((option) => {
                const selected = chosenIds.includes(option.id);
                return (
                  <li key={option.id}>
                    <label className={`flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2 ${selected ? 'bg-brand-50' : 'hover:bg-slate-50'}`}>
                      <input
                        type={multiple ? 'checkbox' : 'radio'}
                        name={name}
                        checked={selected}
                        onChange={() => onToggle(option.value)}
                        className={
                          multiple
                            ? checkbox
                            : 'size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
                        }
                      />
                      <span className="min-w-0">
                        <span className={`block text-sm break-words ${selected ? 'font-semibold text-brand-900' : 'text-slate-900'}`}>{option.name}</span>
                        {option.detail && <span className="block text-xs break-words text-slate-600">{option.detail}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
