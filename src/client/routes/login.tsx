import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { safeRedirect } from '../lib/route-guards';

export const Route = createFileRoute('/login')({
  // In the first bundle, not a chunk of its own: the sign-in screen is what a new device opens first, and a
  // lazy chunk would add a round trip before it can be used.
  codeSplitGroupings: [],
  validateSearch: (search: { redirect?: string } & SearchSchemaInput) => ({ redirect: typeof search.redirect === 'string' ? search.redirect : undefined }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.getAccount()) throw redirect({ to: safeRedirect(search.redirect) });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  return <LoginPage redirectTo={safeRedirect(target)} />;
}
