// Starts the client: sign-in settings, the auth provider (whose redirect is handled before the router
// renders), the persisted query cache and the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNKNOWN_AZURE_USER } from '../shared/api/protocol';
import { StartupError } from './components/startup-error';
import './index.css';
import { configureApiClient } from './lib/api-client';
import { AuthContext } from './lib/auth/auth-context';
import { loadAuthConfig } from './lib/auth/auth-config';
import { RETURN_TO_KEY, type AuthProvider } from './lib/auth/auth-provider';
import { createDemoAuthProvider } from './lib/auth/demo-auth-provider';
import { onLogoutElsewhere, signOut } from './lib/auth/sign-out';
import { createQueryClient } from './lib/query-client';
import { idbPersister, PERSIST_MAX_AGE_MS } from './lib/query-persistence';
import { SESSION_QUERY_KEY } from './lib/session';
import { createAppRouter } from './router';

const APP_CACHE_VERSION = '1';

async function createAuthProvider(): Promise<AuthProvider> {
  const config = await loadAuthConfig();
  if (config.mode === 'entra' && config.entra) {
    const { createMsalAuthProvider } = await import('./lib/auth/msal-auth-provider');
    return createMsalAuthProvider(config.entra);
  }
  return createDemoAuthProvider();
}

async function start(root: ReturnType<typeof createRoot>): Promise<void> {
  const auth = await createAuthProvider();
  const { redirectTo } = await auth.initialize();
  const queryClient = createQueryClient();
  // Restore what was cached before the router loads anything, so that a start with no signal has it.
  const [, restored] = persistQueryClient({
    queryClient,
    persister: idbPersister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: APP_CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false },
  });
  await restored.catch(() => undefined);
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
  if (redirectTo) sessionStorage.setItem(RETURN_TO_KEY, redirectTo);
  void navigator.storage?.persist?.();

  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>
          <RouterProvider router={router} />
        </AuthContext>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root')!;
const root = createRoot(container);
start(root).catch((error: unknown) => {
  root.render(<StartupError error={error} onRetry={() => location.reload()} />);
});
