import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from './banner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Banner', () => {
  it('goes after 5 seconds by default and says so', () => {
    const onDismiss = vi.fn();
    render(<Banner tone="success" title="Changes have been made successfully." onDismiss={onDismiss} />);
    expect(screen.getByRole('status').textContent).toContain('Changes have been made successfully.');

    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('status')).toBeNull();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('stays with autoDismissMs 0, is an alert for errors, and runs its action', () => {
    const onRetry = vi.fn();
    render(<Banner tone="error" title="Export Failed" autoDismissMs={0} action={{ label: 'Retry', onClick: onRetry }} />);
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('Export Failed');
  });

  it('waits while the pointer is on it, and closes from its button', () => {
    render(<Banner tone="warning" title="No eligible records found" />);
    const banner = screen.getByRole('alert');
    fireEvent.pointerEnter(banner);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('alert')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
