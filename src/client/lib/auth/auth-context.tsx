// Makes the auth provider and the sign-out action available to components.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext } from 'react';
import type { AuthProvider } from './auth-provider';
import { signOut } from './sign-out';

export const AuthContext = createContext<AuthProvider | null>(null);

export function useAuth(): AuthProvider {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs the AuthContext provider');
  return auth;
}

export function useSignOut(): () => Promise<void> {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    await signOut(auth, queryClient, { broadcast: true });
    await router.navigate({ to: '/login' });
  }, [auth, queryClient, router]);
}
