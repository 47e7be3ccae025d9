import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectivityIndicator } from './connectivity-indicator';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('the header connectivity indicator', () => {
  it('says Online, and Syncing while the app-wide sync runs', () => {
    const { rerender } = render(<ConnectivityIndicator syncing={false} />);
    expect(screen.getByRole('status').textContent).toBe('Online');
    expect(screen.queryByText('Syncing')).toBeNull();
    rerender(<ConnectivityIndicator syncing />);
    expect(screen.getByText('Syncing')).toBeTruthy();
  });

  it('says Offline when the signal goes, and claims no sync then', () => {
    render(<ConnectivityIndicator syncing />);
    act(() => setOnline(false));
    expect(screen.getByRole('status').textContent).toBe('Offline');
    expect(screen.queryByText('Syncing')).toBeNull();
    act(() => setOnline(true));
    expect(screen.getByRole('status').textContent).toBe('Online');
  });
});
