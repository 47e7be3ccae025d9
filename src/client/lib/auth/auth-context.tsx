// Makes the auth provider available to components (the sign-in screen included, which runs before the
// router and the query cache are loaded: hence useSignOut is a module of its own).
import { createContext, useContext } from 'react';
import type { AuthProvider } from './auth-provider';

export const AuthContext = createContext<AuthProvider | null>(null);

export function useAuth(): AuthProvider {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs the AuthContext provider');
  return auth;
}
