// Sign-in, as the rest of the client sees it: two implementations, Demo and MSAL (Entra ID).
import type { AuthMode } from '../../../shared/api/auth-config';

export type Account = { azureUserId: string; name: string; email: string };

export type AuthProvider = {
  readonly mode: AuthMode;
  /** Completes a sign-in redirect if this page load is one. Runs before the router renders. */
  initialize(): Promise<{ redirectTo?: string }>;
  getAccount(): Account | null;
  /** A token for the API, renewed when it is about to expire; null when signed out. */
  getToken(): Promise<string | null>;
  /** Demo: signs the chosen user in. Entra: leaves for Microsoft's sign-in page. */
  login(options: { userId?: string; redirectTo: string }): Promise<void>;
  /** Forgets the session on this device. */
  logout(): Promise<void>;
};

/** Written on logout; other tabs see the storage event and go to /login too. */
export const LOGOUT_STORAGE_KEY = 'app-logout';
/** Where to go after sign-in, kept across the Microsoft redirect. */
export const RETURN_TO_KEY = 'gv-return-to';
