// Microsoft Entra ID sign-in with MSAL's redirect flow. MSAL is loaded only in Entra mode, so the demo
// and the login page's first paint never pay for it.
import type { AuthConfig } from '../../../shared/api/auth-config';
import type { Account, AuthProvider } from './auth-provider';

const LOGIN_SCOPES = ['User.Read', 'openid', 'offline_access'];

/** The profile the spec reads at the identity provider: id, displayName, mail, userPrincipalName. */
type GraphProfile = { id: string; displayName: string; mail: string | null; userPrincipalName: string };

const PROFILE_KEY = 'gv-graph-profile';
const PROFILE_CACHE_MS = 60 * 60_000;

function cachedProfile(): GraphProfile | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as { profile: GraphProfile; fetchedAt: number } | null;
    return stored && Date.now() - stored.fetchedAt < PROFILE_CACHE_MS ? stored.profile : null;
  } catch {
    return null;
  }
}

export async function createMsalAuthProvider(config: NonNullable<AuthConfig['entra']>): Promise<AuthProvider> {
  const { PublicClientApplication, InteractionRequiredAuthError } = await import('@azure/msal-browser');
  const msal = new PublicClientApplication({
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      redirectUri: `${location.origin}/auth/callback`,
      postLogoutRedirectUri: `${location.origin}/login`,
    },
    cache: { cacheLocation: 'localStorage' },
  });
  await msal.initialize();

  const toAccount = (): Account | null => {
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
    if (!account) return null;
    const profile = cachedProfile();
    if (profile) return { azureUserId: profile.id, name: profile.displayName, email: profile.mail ?? profile.userPrincipalName };
    return {
      azureUserId: (account.idTokenClaims?.oid as string | undefined) ?? account.localAccountId,
      name: account.name ?? account.username,
      email: account.username,
    };
  };

  /** Reads the user's profile from Microsoft Graph with a User.Read token; cached for 60 minutes. */
  async function refreshProfile(): Promise<void> {
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
    if (!account || cachedProfile() || !navigator.onLine) return;
    try {
      const { accessToken } = await msal.acquireTokenSilent({ account, scopes: ['User.Read'] });
      const response = await fetch('https://graph.microsoft.com/v1.0/me?$select=id,displayName,mail,userPrincipalName', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (response.ok) localStorage.setItem(PROFILE_KEY, JSON.stringify({ profile: (await response.json()) as GraphProfile, fetchedAt: Date.now() }));
    } catch {
      // The token's own claims stand in for the profile until Graph answers.
    }
  }

  return {
    mode: 'entra',
    async initialize() {
      const result = await msal.handleRedirectPromise();
      if (result?.account) msal.setActiveAccount(result.account);
      await refreshProfile();
      return { redirectTo: result?.state || undefined };
    },
    getAccount: toAccount,
    async getToken() {
      const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
      if (!account) return null;
      try {
        const result = await msal.acquireTokenSilent({ account, scopes: [config.apiScope] });
        return result.accessToken;
      } catch (error) {
        if (error instanceof InteractionRequiredAuthError && navigator.onLine) {
          await msal.acquireTokenRedirect({ account, scopes: [config.apiScope], state: location.pathname + location.search });
        }
        return null;
      }
    },
    async login({ redirectTo }) {
      await msal.loginRedirect({ scopes: LOGIN_SCOPES, extraScopesToConsent: [config.apiScope], state: redirectTo });
    },
    async logout() {
      const account = msal.getActiveAccount();
      msal.setActiveAccount(null);
      localStorage.removeItem(PROFILE_KEY);
      // Forget this device's session without a round trip, so logout works offline too.
      await msal.clearCache(account ? { account } : undefined);
    },
  };
}

