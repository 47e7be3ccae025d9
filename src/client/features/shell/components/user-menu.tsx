// The signed-in user's name, their role in the current market, the initials avatar, and logout. Wide
// screens show the name and role beside the avatar; on every screen the avatar opens a panel with both,
// so a phone user can always see who is signed in and as what.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { initials } from '../../../../shared/labels';
import type { Role } from '../../../../shared/enums';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icons';
import { useSignOut } from '../../../lib/auth/use-sign-out';

const NO_ROLE = 'No role in this market';

/** Asked before signing out while picks wait on this device (they stay, for this user only). */
function unsentPicksTitle(count: number): string {
  return count === 1 ? '1 pick has not reached the server yet' : `${count.toLocaleString('en-US')} picks have not reached the server yet`;
}

/**
 * `waiting`: the user's picking edits still to reach the server (waiting, or a conflict for them to settle; one
 * the server refused will not be sent, and is not counted). Signing out keeps them
 * here, for this user only: they are sent when the same user signs in again, never under someone else.
 */
export function UserMenu({ name, role, waiting }: { name: string; role: Role | undefined; waiting: number }) {
  const signOut = useSignOut();
  const [asking, setAsking] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // The last waiting pick synced while the question was open: it no longer stands (and must not pop up again later).
  if (asking && waiting === 0) setAsking(false);
  const requestSignOut = () => {
    if (waiting > 0) {
      setAsking(true);
      return;
    }
    void signOut();
  };
  const confirmSignOut = () => {
    setSigningOut(true);
    void signOut().finally(() => setSigningOut(false));
  };
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <div className="hidden text-right leading-tight lg:block">
        <p className="text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">{role ?? NO_ROLE}</p>
      </div>
      <Popover className="relative">
        <PopoverButton
          aria-label={`Account: ${name}`}
          className="grid size-11 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:pointer-fine:size-9"
        >
          <span className="grid size-9 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white" aria-hidden="true">
            {initials(name)}
          </span>
        </PopoverButton>
        <PopoverPanel
          as="section"
          anchor={{ to: 'bottom end', gap: 8 }}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-4 shadow-lg focus:outline-none"
          aria-label="Account"
        >
          <p className="text-sm font-semibold break-words text-slate-900">{name}</p>
          <p className="mt-0.5 text-sm text-slate-600">{role ?? NO_ROLE}</p>
          <button
            type="button"
            onClick={requestSignOut}
            className="mt-3 flex w-full items-center gap-2 rounded-lg px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Icon name="logout" className="size-4" />
            Sign out
          </button>
        </PopoverPanel>
      </Popover>
      <button
        type="button"
        onClick={requestSignOut}
        className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:pointer-fine:size-9"
        aria-label="Log out"
        title="Log out"
      >
        <Icon name="logout" className="size-5" />
      </button>
      <ConfirmDialog
        open={asking}
        title={unsentPicksTitle(waiting)}
        cancelLabel="Stay signed in"
        confirmLabel="Sign out anyway"
        destructive
        busy={signingOut}
        onConfirm={confirmSignOut}
        onCancel={() => setAsking(false)}
      >
        <p className="text-sm text-slate-600">
          They stay on this device and are sent the next time {name} signs in here with a signal. Stay signed in to let them sync first.
        </p>
      </ConfirmDialog>
    </div>
  );
}
