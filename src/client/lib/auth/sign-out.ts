// Signing out forgets the session and the cached data on this device and tells every other open tab,
// through the app-logout storage event, to do the same.
import type { QueryClient } from '@tanstack/react-query';
import { idbPersister } from '../query-persistence';
import { LOGOUT_STORAGE_KEY, type AuthProvider } from './auth-provider';

export async function signOut(auth: AuthProvider, queryClient: QueryClient, options: { broadcast: boolean }): Promise<void> {
  await auth.logout();
  queryClient.clear();
  await Promise.resolve(idbPersister.removeClient()).catch(() => undefined);
  if (options.broadcast) localStorage.setItem(LOGOUT_STORAGE_KEY, String(Date.now()));
}

/** Runs when another tab signs out. */
export function onLogoutElsewhere(handler: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === LOGOUT_STORAGE_KEY && event.newValue) handler();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
