// Demo sign-in: the server signs a short-lived token for a demo user; it is renewed with the same user
// before it expires, so a long shift (and the offline outbox) always has a fresh one.
import { demoLoginEndpoint, meEndpoint } from '../../../shared/api/auth';
import { callApi } from '../api-client';
import type { Account, AuthProvider } from './auth-provider';

const STORAGE_KEY = 'gv-demo-session';
const RENEW_BEFORE_MS = 2 * 60_000;

type StoredSession = { userId: string; token: string; expiresAt: string; account: Account };

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

async function signIn(userId: string): Promise<StoredSession> {
  const { data } = await callApi(demoLoginEndpoint, { body: { userId } });
  // The new token, not the session's (there is none yet, or it is another user's).
  const { data: me } = await callApi(meEndpoint, { anonymous: true, headers: { authorization: `Bearer ${data.token}` } });
  const session = { userId, token: data.token, expiresAt: data.expiresAt, account: { azureUserId: me.azureUserId, name: me.name, email: me.email } };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return session;
}

export function createDemoAuthProvider(): AuthProvider {
  let renewing: Promise<StoredSession> | null = null;
  return {
    mode: 'demo',
    async initialize() {
      return {};
    },
    getAccount() {
      return read()?.account ?? null;
    },
    async getToken() {
      const session = read();
      if (!session) return null;
      if (Date.parse(session.expiresAt) - Date.now() > RENEW_BEFORE_MS) return session.token;
      if (!navigator.onLine) return session.token;
      renewing ??= signIn(session.userId).finally(() => {
        renewing = null;
      });
      try {
        return (await renewing).token;
      } catch {
        return session.token;
      }
    },
    async login({ userId }) {
      if (!userId) throw new Error('Choose a demo user to sign in.');
      await signIn(userId);
    },
    async logout() {
      localStorage.removeItem(STORAGE_KEY);
    },
  };
}
