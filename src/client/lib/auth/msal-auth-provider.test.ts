import { beforeEach, describe, expect, it, vi } from 'vitest';

const msal = vi.hoisted(() => ({
  instances: [] as { config: unknown }[],
  account: { localAccountId: 'local-id', username: 'ana@contoso.example', name: 'Ana Ruiz', idTokenClaims: { oid: 'oid-123' } },
  handleRedirectPromise: vi.fn(),
  loginRedirect: vi.fn(),
  acquireTokenSilent: vi.fn(),
  acquireTokenRedirect: vi.fn(),
  clearCache: vi.fn(),
  active: null as unknown,
}));

vi.mock('@azure/msal-browser', () => {
  class InteractionRequiredAuthError extends Error {}
  class PublicClientApplication {
    constructor(readonly config: unknown) {
      msal.instances.push({ config });
    }
    initialize = vi.fn(async () => undefined);
    handleRedirectPromise = msal.handleRedirectPromise;
    loginRedirect = msal.loginRedirect;
    acquireTokenSilent = msal.acquireTokenSilent;
    acquireTokenRedirect = msal.acquireTokenRedirect;
    clearCache = msal.clearCache;
    getActiveAccount = () => msal.active;
    getAllAccounts = () => (msal.active ? [msal.active] : []);
    setActiveAccount = (account: unknown) => {
      msal.active = account;
    };
  }
  return { PublicClientApplication, InteractionRequiredAuthError };
});

const config = { tenantId: 'contoso', clientId: 'client-id', apiScope: 'api://client-id/access_as_user', authority: 'https://login.microsoftonline.com/contoso' };

describe('MSAL sign-in', () => {
  beforeEach(() => {
    msal.instances.length = 0;
    msal.active = null;
    localStorage.clear();
    vi.clearAllMocks();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ id: 'oid-123', displayName: 'Ana Ruiz', mail: 'ana@contoso.example', userPrincipalName: 'ana@contoso.example' }))));
  });

  it('signs in with a redirect asking for User.Read, openid and offline_access, returning to /auth/callback', async () => {
    const { createMsalAuthProvider } = await import('./msal-auth-provider');
    const auth = await createMsalAuthProvider(config);
    await auth.login({ redirectTo: '/orders?page=2' });
    expect(msal.loginRedirect).toHaveBeenCalledWith(expect.objectContaining({ scopes: ['User.Read', 'openid', 'offline_access'], state: '/orders?page=2' }));
    expect(msal.instances[0]?.config).toMatchObject({ auth: { clientId: 'client-id', authority: config.authority, redirectUri: `${location.origin}/auth/callback` } });
  });

  it('completes the redirect at start-up, reads the profile from Graph and returns where the user was going', async () => {
    msal.handleRedirectPromise.mockResolvedValue({ account: msal.account, state: '/orders?page=2' });
    msal.acquireTokenSilent.mockResolvedValue({ accessToken: 'graph-token' });
    const { createMsalAuthProvider } = await import('./msal-auth-provider');
    const auth = await createMsalAuthProvider(config);
    expect(await auth.initialize()).toEqual({ redirectTo: '/orders?page=2' });
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('graph.microsoft.com/v1.0/me?$select=id,displayName,mail,userPrincipalName'), expect.anything());
    expect(auth.getAccount()).toEqual({ azureUserId: 'oid-123', name: 'Ana Ruiz', email: 'ana@contoso.example' });
  });

  it('asks for API tokens with the API scope, and forgets the account on logout', async () => {
    msal.active = msal.account;
    msal.acquireTokenSilent.mockResolvedValue({ accessToken: 'api-token' });
    const { createMsalAuthProvider } = await import('./msal-auth-provider');
    const auth = await createMsalAuthProvider(config);
    expect(await auth.getToken()).toBe('api-token');
    expect(msal.acquireTokenSilent).toHaveBeenLastCalledWith({ account: msal.account, scopes: ['api://client-id/access_as_user'] });
    await auth.logout();
    expect(auth.getAccount()).toBeNull();
    expect(msal.clearCache).toHaveBeenCalled();
  });
});
