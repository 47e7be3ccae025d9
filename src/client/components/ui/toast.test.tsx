import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, Toaster, TOAST_DEFAULT_MS } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => {
  // The toast lives in a module-level store that outlives the rendered Toaster.
  act(() => dismissToast());
  vi.useRealTimers();
});

const toastText = (text: string) => screen.queryByText(text);

describe('Toaster', () => {
  it('shows one toast at a time: a second replaces the first', () => {
    act(() => showToast({ tone: 'success', title: 'Order saved' }));
    expect(screen.getByRole('status').textContent).toContain('Order saved');

    act(() => showToast({ tone: 'error', title: 'Invoice failed', description: 'The ERP is offline.' }));
    expect(toastText('Order saved')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Invoice failed');
    expect(alert.textContent).toContain('The ERP is offline.');
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('hides a toast after 5 seconds by default', () => {
    act(() => showToast({ title: 'Copied' }));

    act(() => vi.advanceTimersByTime(4_999));
    expect(toastText('Copied')).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(toastText('Copied')).toBeNull();
    expect(TOAST_DEFAULT_MS).toBe(5_000);
  });

  it('keeps a toast with a longer duration of its own past the default 5 seconds', () => {
    act(() => showToast({ title: 'Sync finished with warnings', durationMs: 10_000 }));

    act(() => vi.advanceTimersByTime(9_999));
    expect(toastText('Sync finished with warnings')).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(toastText('Sync finished with warnings')).toBeNull();
  });

  it('gives a replacing toast its own full time rather than what was left of the old one', () => {
    act(() => showToast({ title: 'First' }));
    act(() => vi.advanceTimersByTime(4_000));
    act(() => showToast({ title: 'Second' }));

    act(() => vi.advanceTimersByTime(4_000));
    expect(toastText('Second')).not.toBeNull();

    act(() => vi.advanceTimersByTime(1_000));
    expect(toastText('Second')).toBeNull();
  });

  it('can be dismissed by the user before its time is up', () => {
    act(() => showToast({ tone: 'warning', title: 'Price below floor' }));

    // fireEvent rather than userEvent: Testing Library's async wrapper waits on a setTimeout that the
    // stopped fake clock never fires.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(toastText('Price below floor')).toBeNull();
  });
});
