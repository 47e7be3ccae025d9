import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../lib/auth/auth-context';
import type { AuthProvider } from '../../../lib/auth/auth-provider';
import { LoginPage, OFFLINE_PICKS_KEPT, OFFLINE_SIGN_IN_MESSAGE } from './login-page';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} })) as never;
  HTMLMediaElement.prototype.play = vi.fn(async () => undefined);
  HTMLMediaElement.prototype.pause = vi.fn();
});

function entraProvider(login: AuthProvider['login']): AuthProvider {
  return { mode: 'entra', initialize: async () => ({}), getAccount: () => null, getToken: async () => null, login, logout: async () => undefined };
}

describe('login page in Entra mode', () => {
  it("offers 'Login with Microsoft' and starts the redirect, remembering where the user was going", async () => {
    const login = vi.fn(async () => undefined);
    render(
      <AuthContext value={entraProvider(login)}>
        <LoginPage redirectTo="/orders/preview/12" onSignedIn={async () => undefined} />
      </AuthContext>,
    );
    expect(screen.queryByRole('list', { name: 'Demo users' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login with Microsoft' }));
    expect(login).toHaveBeenCalledWith({ redirectTo: '/orders/preview/12' });
  });

  it("says 'Authentication failed. Please try again.' when the redirect cannot start", async () => {
    const { Toaster } = await import('../../../components/ui/toast');
    render(
      <AuthContext value={entraProvider(async () => Promise.reject(new Error('popup blocked')))}>
        <LoginPage redirectTo="/" onSignedIn={async () => undefined} />
        <Toaster />
      </AuthContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Login with Microsoft' }));
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login with Microsoft' })).toBeTruthy();
  });
});

describe('login page in demo mode', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the demo users without the query cache (it shows before the app has loaded) and hands over once one is signed in', async () => {
    const users = [{ userId: '8f0c3c7e-0000-4000-8000-000000000001', name: 'Casey Nguyen', email: 'casey@example.com', markets: [{ code: 'MN', name: 'Minnesota', role: 'Fulfilment Person' }] }];
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: users }), { headers: { 'content-type': 'application/json' } })));
    const login = vi.fn(async () => undefined);
    const onSignedIn = vi.fn(async () => undefined);
    const demo: AuthProvider = { mode: 'demo', initialize: async () => ({}), getAccount: () => null, getToken: async () => null, login, logout: async () => undefined };
    render(
      <AuthContext value={demo}>
        <LoginPage redirectTo="/orders/picklists" onSignedIn={onSignedIn} />
      </AuthContext>,
    );
    expect(screen.getByRole('list', { name: 'Loading demo users' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Casey Nguyen.*Fulfilment Person · MN/ }));
    expect(login).toHaveBeenCalledWith({ userId: users[0]!.userId, redirectTo: '/orders/picklists' });
    expect(onSignedIn).toHaveBeenCalledWith('/orders/picklists');
  });

  it('offline, says that signing in needs a connection instead of failing, and lists the users once the signal returns', async () => {
    const users = [{ userId: '8f0c3c7e-0000-4000-8000-000000000001', name: 'Casey Nguyen', email: 'casey@example.com', markets: [{ code: 'MN', name: 'Minnesota', role: 'Fulfilment Person' }] }];
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ success: true, data: users }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const demo: AuthProvider = { mode: 'demo', initialize: async () => ({}), getAccount: () => null, getToken: async () => null, login: async () => undefined, logout: async () => undefined };
    render(
      <AuthContext value={demo}>
        <LoginPage redirectTo="/" onSignedIn={async () => undefined} />
      </AuthContext>,
    );
    expect((await screen.findByRole('status')).textContent).toContain(OFFLINE_SIGN_IN_MESSAGE);
    expect(screen.getByRole('status').textContent).toContain(OFFLINE_PICKS_KEPT);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Loading demo users' })).toBeNull());
    expect(screen.queryByText('The demo users could not be loaded.')).toBeNull();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: /Casey Nguyen/ })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
