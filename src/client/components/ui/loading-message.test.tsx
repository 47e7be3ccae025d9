import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { LoadingMessage } from './loading-message';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('rotates its messages every 5 seconds in a polite live region', () => {
  vi.useFakeTimers();
  render(<LoadingMessage messages={['Loading order details...', 'Still working on it...']} />);
  const status = screen.getByRole('status');
  expect(status.getAttribute('aria-live')).toBe('polite');
  expect(status.textContent).toBe('Loading order details...');

  act(() => vi.advanceTimersByTime(4_999));
  expect(status.textContent).toBe('Loading order details...');
  act(() => vi.advanceTimersByTime(1));
  expect(status.textContent).toBe('Still working on it...');
  act(() => vi.advanceTimersByTime(5_000));
  expect(status.textContent).toBe('Loading order details...');
});
