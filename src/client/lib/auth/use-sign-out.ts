// Sign-out as a screen asks for it: the session and cached data forgotten here and in every other tab, and
// the sign-in page.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from './auth-context';
import { signOut } from './sign-out';

export function useSignOut(): () => Promise<void> {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    await signOut(auth, queryClient, { broadcast: true });
    await router.navigate({ to: '/login' });
  }, [auth, queryClient, router]);
}
