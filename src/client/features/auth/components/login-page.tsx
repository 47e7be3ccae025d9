// /login: 'Login with Microsoft' in Entra mode; in demo mode, the demo users to sign in as with one click.
// Shown by main.tsx before the router exists (a new device) and by the /login route, each saying what
// happens once the user is signed in.
import { useState } from 'react';
import type { DemoUser } from '../../../../shared/api/auth';
import { initials } from '../../../../shared/labels';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth/auth-context';
import { handleError } from '../../../lib/handle-error';
import { useOnline } from '../../../lib/use-online';
import { useDemoUsers } from '../api/get-demo-users';
import { LoginBackground } from './login-background';

export const AUTH_FAILED_MESSAGE = 'Authentication failed. Please try again.';
/** Offline on the sign-in page (issue: it showed placeholders for ever and said nothing). */
export const OFFLINE_SIGN_IN_MESSAGE = "You're offline. Signing in needs a connection: this page carries on by itself once you're back online.";
export const OFFLINE_PICKS_KEPT = 'Picks saved on this device stay on it and are sent when their picker signs in again.';

function MicrosoftLogo() {
  return (
    <svg viewBox="0 0 21 21" className="size-5" aria-hidden="true">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/** The product's mark (public/favicon.svg), drawn in the page rather than fetched: the server's first paint has it too. */
function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" className="size-10 shrink-0" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1d5a36" />
      <path d="M32 7c10.5 7.5 16 17 15 27.5-1 10-7 16-15 18.5-8-2.5-14-8.5-15-18.5-1-10.5 4.5-20 15-27.5z" fill="#8bc79c" />
      <path d="M32 17v39" stroke="#143b26" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 32l-8-7M32 41l9-8" stroke="#143b26" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

function roleSummary(user: DemoUser): string {
  return user.markets.map((market) => `${market.role} · ${market.code}`).join(', ');
}

type SignedIn = (redirectTo: string) => Promise<void>;

function DemoUserList({ redirectTo, onSignedIn }: { redirectTo: string; onSignedIn: SignedIn }) {
  const auth = useAuth();
  const users = useDemoUsers();
  const [signingIn, setSigningIn] = useState<string | null>(null);

  async function handleSignIn(user: DemoUser) {
    setSigningIn(user.userId);
    try {
      await auth.login({ userId: user.userId, redirectTo });
      await onSignedIn(redirectTo);
    } catch (error) {
      handleError(error, AUTH_FAILED_MESSAGE);
      setSigningIn(null);
    }
  }

  if (users.status === 'pending') {
    // Rows of the same height as the real ones, so nothing moves when the list arrives.
    return (
      <ul className="-mx-2 grid gap-1 px-2 lg:grid-cols-2" aria-busy="true" aria-label="Loading demo users">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className="flex min-h-[4.25rem] items-center gap-3 px-3 py-2.5">
            <span className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3.5 w-32 animate-pulse rounded bg-slate-200" />
              <span className="block h-3 w-44 animate-pulse rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (users.status === 'error')
    return (
      <div className="py-4 text-center">
        <p className="text-sm text-red-700">The demo users could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-3" icon="refresh" onClick={users.refetch}>
          Try again
        </Button>
      </div>
    );

  return (
    <ul className="-mx-2 grid gap-1 px-2 lg:grid-cols-2" aria-label="Demo users">
      {users.data.map((user) => (
        <li key={user.userId}>
          <button
            type="button"
            onClick={() => void handleSignIn(user)}
            disabled={signingIn !== null}
            className="flex min-h-[4.25rem] w-full items-center gap-3 rounded-xl border border-transparent px-3 py-2.5 text-left transition-colors hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800" aria-hidden="true">
              {initials(user.name)}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">{user.name}</span>
              <span className="line-clamp-2 block text-sm text-slate-600">{roleSummary(user)}</span>
            </span>
            {signingIn === user.userId ? (
              <span className="size-4 animate-spin rounded-full border-2 border-brand-600 border-r-transparent" aria-label="Signing in" />
            ) : (
              <Icon name="chevron-right" className="size-5 text-slate-400" />
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LoginPage({ redirectTo, onSignedIn }: { redirectTo: string; onSignedIn: SignedIn }) {
  const auth = useAuth();
  const online = useOnline();
  const [redirecting, setRedirecting] = useState(false);

  async function handleMicrosoftLogin() {
    setRedirecting(true);
    try {
      await auth.login({ redirectTo });
    } catch (error) {
      handleError(error, AUTH_FAILED_MESSAGE);
      setRedirecting(false);
    }
  }

  return (
    <main className="relative isolate flex min-h-[calc(100dvh-var(--ribbon-height))] items-start justify-center px-4 pt-[max(2.5rem,8dvh)] pb-10">
      <LoginBackground />
      <div className="w-full max-w-md rounded-2xl bg-white/95 p-6 shadow-2xl ring-1 ring-black/5 backdrop-blur sm:p-8 lg:max-w-2xl">
        <div className="flex items-center gap-3">
          <BrandMark />
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">GreenVault</p>
            <p className="text-xs text-slate-500">Wholesale back office</p>
          </div>
        </div>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Welcome</h1>
        <p className="mt-1 text-sm text-slate-600">Orders, picklists and inventory for every market, on any device.</p>
        {!online && (
          <div role="status" className="mt-5 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <Icon name="wifi-off" className="mt-0.5 size-4 shrink-0" />
            <div>
              <p className="font-medium">{OFFLINE_SIGN_IN_MESSAGE}</p>
              <p className="mt-1">{OFFLINE_PICKS_KEPT}</p>
            </div>
          </div>
        )}
        <div className="mt-6">
          {auth.mode === 'entra' ? (
            <Button size="lg" className="w-full" variant="secondary" loading={redirecting} disabled={!online} onClick={() => void handleMicrosoftLogin()}>
              {!redirecting && <MicrosoftLogo />}
              Login with Microsoft
            </Button>
          ) : (
            // Offline the users are not offered: signing in as one needs the server (the notice above says so).
            online && (
              <>
                <h2 className="mb-2 text-sm font-semibold text-slate-800">Sign in as a demo user</h2>
                <DemoUserList redirectTo={redirectTo} onSignedIn={onSignedIn} />
              </>
            )
          )}
        </div>
      </div>
    </main>
  );
}
