// Adding an existing account to the current market: find it by name or email, choose its first role
// here. Only who the account is shows, never its roles in other markets.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ACCOUNT_SEARCH_MIN_LENGTH, type AccountMatch } from '../../../../shared/api/users';
import type { Role } from '../../../../shared/enums';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useDebouncedDraft } from '../../../components/ui/data-table/use-debounced-draft';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { fieldControl, fieldLabel } from '../../../components/ui/styles';
import { DESKTOP_QUERY, useMediaQuery } from '../../../components/ui/use-media-query';
import { errorMessage } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { accountsQueryOptions } from '../api/search-accounts';
import { RoleSelect } from './role-select';

const sameText = (a: string, b: string) => a === b;

export function AddUserDialog({
  open,
  marketName,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  marketName: string;
  busy: boolean;
  onConfirm: (account: AccountMatch, role: Role) => void;
  onClose: () => void;
}) {
  const market = useCurrentMarket();
  const [search, setSearch] = useState('');
  const { draft, setDraft, flush } = useDebouncedDraft(search, setSearch, sameText);
  const [chosen, setChosen] = useState<AccountMatch | null>(null);
  const [role, setRole] = useState<Role | null>(null);
  const term = search.trim();
  const longEnough = term.length >= ACCOUNT_SEARCH_MIN_LENGTH;
  const accounts = useQuery({ ...accountsQueryOptions(market, term), enabled: open && longEnough });
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const searchId = useId();
  const hintId = useId();
  const radioName = useId();

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={`Add a user to ${marketName}`}
      description={`Find an existing account by name or email and give it a role in ${marketName}. Its other markets are not shown or changed.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => chosen && role && onConfirm(chosen, role)} disabled={!chosen || !role} loading={busy}>
            Add to {marketName}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={searchId} className={fieldLabel}>
            Name or email
          </label>
          <div className="relative">
            <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
            <input
              id={searchId}
              type="search"
              value={draft}
              autoComplete="off"
              placeholder="Search accounts..."
              aria-describedby={hintId}
              data-autofocus={isDesktop || undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  flush();
                }
              }}
              className={`${fieldControl} pl-10`}
            />
          </div>
          <p id={hintId} className="text-sm text-slate-500">
            At least {ACCOUNT_SEARCH_MIN_LENGTH} characters; at most 20 accounts are shown.
          </p>
        </div>

        {longEnough && (
          <AccountResults
            query={accounts}
            term={term}
            marketName={marketName}
            radioName={radioName}
            chosen={chosen}
            onChoose={setChosen}
          />
        )}

        <RoleSelect marketName={marketName} value={role} onChange={setRole} />
      </div>
    </Dialog>
  );
}

function AccountResults({
  query,
  term,
  marketName,
  radioName,
  chosen,
  onChoose,
}: {
  query: { data?: AccountMatch[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  term: string;
  marketName: string;
  radioName: string;
  chosen: AccountMatch | null;
  onChoose: (account: AccountMatch) => void;
}) {
  if (query.isPending) return <LoadingMessage messages="Searching accounts..." className="py-4" />;
  if (query.isError) {
    return (
      <Banner
        tone="error"
        title={errorMessage(query.error, 'The accounts could not be searched.')}
        autoDismissMs={0}
        dismissible={false}
        action={{ label: 'Retry', onClick: () => void query.refetch() }}
      />
    );
  }
  const found = query.data ?? [];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-800">Accounts</legend>
      <p className="sr-only" aria-live="polite">
        {found.length === 1 ? '1 account found' : `${found.length} accounts found`}
      </p>
      {found.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No account matches “{term}”.</p>
      ) : (
        <ul className="max-h-[40dvh] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 md:max-h-72">
          {found.map((account) => {
            const selected = chosen?.userId === account.userId;
            return (
              <li key={account.userId}>
                <label
                  className={`flex min-h-12 items-center gap-3 px-3 py-2 ${account.inMarket ? 'cursor-not-allowed bg-slate-50' : selected ? 'cursor-pointer bg-brand-50' : 'cursor-pointer hover:bg-slate-50'}`}
                >
                  <input
                    type="radio"
                    name={radioName}
                    checked={selected}
                    disabled={account.inMarket}
                    onChange={() => onChoose(account)}
                    className="size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed"
                  />
                  <span className="min-w-0 flex-1">
                    <span className={`block text-sm break-words ${selected ? 'font-semibold text-brand-900' : 'text-slate-900'}`}>{account.name}</span>
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{account.email}</span>
                    {account.inMarket && <span className="mt-0.5 block text-xs font-medium text-slate-700">Already in {marketName}</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
