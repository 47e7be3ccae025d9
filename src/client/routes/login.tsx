import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { safeRedirect } from '../lib/route-guards';

export const Route = createFileRoute('/login')({
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
