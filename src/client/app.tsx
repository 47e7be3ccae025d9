// The app behind the sign-in screen: the persisted query cache, the router and every screen. main.tsx
// loads it at once on a signed-in device, and on the sign-in screen as soon as the user reaches for it.
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { UNKNOWN_AZURE_USER } from '../shared/api/protocol';
import { appStylesLoaded } from './app-styles';
import { configureApiClient } from './lib/api-client';
import { AuthContext } from './lib/auth/auth-context';
import type { AuthProvider } from './lib/auth/auth-provider';
import { onLogoutElsewhere, signOut } from './lib/auth/sign-out';
import { createQueryClient } from './lib/query-client';
import { idbPersister, PERSIST_MAX_AGE_MS } from './lib/query-persistence';
import { SESSION_QUERY_KEY } from './lib/session';
import { createAppRouter } from './router';

const APP_CACHE_VERSION = '1';

/** Renders the app at the page's address, replacing whatever the root showed before. */
export async function renderApp(root: Root, auth: AuthProvider): Promise<void> {
  const queryClient = createQueryClient();
  // Restore what was cached before the router loads anything, so that a start with no signal has it.
  const [, restored] = persistQueryClient({
    queryClient,
    persister: idbPersister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: APP_CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false },
  });
  // On /login the app's style sheet is still arriving (app-styles.ts): no screen of the app shows without it.
  await Promise.all([restored.catch(() => undefined), appStylesLoaded()]);
  const router = createAppRouter({ queryClient, auth });

  configureApiClient({
    getToken: () => auth.getToken(),
    onUnauthorized: (error) => {
      const path = router.state.location.pathname;
      if (path === '/login' || path === '/unauthorized') return;
      if (error.details.some((detail) => detail.message === UNKNOWN_AZURE_USER)) {
        void router.navigate({ to: '/unauthorized' });
        return;
      }
      void signOut(auth, queryClient, { broadcast: false }).then(() => router.navigate({ to: '/login', search: { redirect: router.state.location.href } }));
    },
    onForbidden: () => void queryClient.invalidateQueries({ queryKey: [SESSION_QUERY_KEY] }),
  });
  onLogoutElsewhere(() => {
    void signOut(auth, queryClient, { broadcast: false }).then(() => router.navigate({ to: '/login' }));
  });

  // The first screen is loaded (its chunks, guards and loaders) before it is drawn, and then drawn in a
  // transition: React renders a transition in slices, giving the page back between them, where the
  // router's own first load would have drawn the whole screen (shell, table, cards) in one long task.
  await router.load().catch(() => undefined);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthContext value={auth}>
            <RouterProvider router={router} />
          </AuthContext>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
