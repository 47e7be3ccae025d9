// Starts the client: the sign-in settings and the auth provider (whose redirect is handled before anything
// renders), then the whole app (app.tsx) or, signed out, the sign-in screen on its own. That screen needs
// React and its own code only: the router, the query cache and the other screens load when the user
// reaches for a sign-in button, so a phone on a poor signal can use it sooner.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PageFrame } from './components/page-frame';
import { StartupError } from './components/startup-error';
import { LoginPage } from './features/auth/components/login-page';
import { AuthContext } from './lib/auth/auth-context';
import { loadAuthConfig } from './lib/auth/auth-config';
import { RETURN_TO_KEY, type AuthProvider } from './lib/auth/auth-provider';
import { createDemoAuthProvider } from './lib/auth/demo-auth-provider';
import { safeRedirect } from './lib/auth/safe-redirect';

/** Screens a signed-out user may see; every other one signs in first, as the router's guard would have it. */
const PUBLIC_PATHS = ['/unauthorized', '/auth/callback'];

let app: ReturnType<typeof importApp> | null = null;
const importApp = () => import('./app');
const loadApp = () => (app ??= importApp());

async function createAuthProvider(): Promise<AuthProvider> {
  const config = await loadAuthConfig();
  if (config.mode === 'entra' && config.entra) {
    const { createMsalAuthProvider } = await import('./lib/auth/msal-auth-provider');
    return createMsalAuthProvider(config.entra);
  }
  return createDemoAuthProvider();
}

function showSignIn(root: Root, auth: AuthProvider): void {
  const here = location.pathname + location.search;
  if (location.pathname !== '/login') history.replaceState(null, '', here === '/' ? '/login' : `/login?${new URLSearchParams({ redirect: here })}`);
  for (const event of ['pointerdown', 'keydown'] as const) document.addEventListener(event, () => void loadApp(), { once: true, capture: true });
  const handleSignedIn = async (target: string) => {
    const { renderApp } = await loadApp();
    history.replaceState(null, '', target);
    await renderApp(root, auth);
  };
  root.render(
    <StrictMode>
      <AuthContext value={auth}>
        <PageFrame demo={auth.mode === 'demo'}>
          <LoginPage redirectTo={safeRedirect(new URLSearchParams(location.search).get('redirect'))} onSignedIn={handleSignedIn} />
        </PageFrame>
      </AuthContext>
    </StrictMode>,
  );
}

async function start(root: Root): Promise<void> {
  const auth = await createAuthProvider();
  const { redirectTo } = await auth.initialize();
  if (redirectTo) sessionStorage.setItem(RETURN_TO_KEY, redirectTo);
  void navigator.storage?.persist?.();
  if (!auth.getAccount() && !PUBLIC_PATHS.includes(location.pathname.replace(/\/+$/, ''))) {
    showSignIn(root, auth);
    return;
  }
  const { renderApp } = await loadApp();
  await renderApp(root, auth);
}

const container = document.getElementById('root')!;
const root = createRoot(container);
start(root).catch((error: unknown) => {
  root.render(<StartupError error={error} onRetry={() => location.reload()} />);
});
