import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../lib/auth/auth-context';
import type { AuthProvider } from '../../../lib/auth/auth-provider';
import { LoginPage } from './login-page';

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
        <LoginPage redirectTo="/orders/preview/12" />
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
        <LoginPage redirectTo="/" />
        <Toaster />
      </AuthContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Login with Microsoft' }));
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login with Microsoft' })).toBeTruthy();
  });
});
