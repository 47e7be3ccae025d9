import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInFailed } from '../features/auth/components/sign-in-failed';
import { RETURN_TO_KEY } from '../lib/auth/auth-provider';
import { safeRedirect } from '../lib/auth/safe-redirect';

/** Where Microsoft sends the user back; the redirect itself was handled before the router started. */
export const Route = createFileRoute('/auth/callback')({
  beforeLoad: ({ context }) => {
    if (!context.auth.getAccount()) return;
    const target = sessionStorage.getItem(RETURN_TO_KEY) ?? undefined;
    sessionStorage.removeItem(RETURN_TO_KEY);
    throw redirect({ to: safeRedirect(target) });
  },
  component: SignInFailed,
});
