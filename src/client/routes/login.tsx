import { createFileRoute, redirect, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { safeRedirect } from '../lib/auth/safe-redirect';

// /login inside the running app (after a sign-out, or when a session ends). A device that opens the app
// on /login gets the same page from main.tsx, before the router has loaded.
export const Route = createFileRoute('/login')({
  // With the router, not a chunk of its own: the sign-in page is already in the first bundle.
  codeSplitGroupings: [],
  validateSearch: (search: { redirect?: string } & SearchSchemaInput) => ({ redirect: typeof search.redirect === 'string' ? search.redirect : undefined }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.getAccount()) throw redirect({ to: safeRedirect(search.redirect) });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const router = useRouter();
  return <LoginPage redirectTo={safeRedirect(target)} onSignedIn={(to) => router.navigate({ to })} />;
}
