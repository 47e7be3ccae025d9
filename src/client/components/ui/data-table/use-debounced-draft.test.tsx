import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedDraft } from './use-debounced-draft';

function Field({ onCommit }: { onCommit: (value: string) => void }) {
  const { draft, setDraft } = useDebouncedDraft<string>('', onCommit, (a, b) => a === b);
  return <input aria-label="Filter" value={draft} onChange={(event) => setDraft(event.target.value)} />;
}

describe('useDebouncedDraft', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('commits what was typed 500 ms after the last key, once', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(<Field onCommit={onCommit} />);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'abc' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('abc');
    vi.useRealTimers();
  });

  it('commits a pending value when its control closes on the same page', async () => {
    const onCommit = vi.fn();
    const { unmount } = render(<Field onCommit={onCommit} />);
    await userEvent.type(screen.getByLabelText('Filter'), 'ab');
    unmount();
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('drops a pending value when the user has left the page, so they are not pulled back to it', async () => {
    window.history.replaceState(null, '', '/orders');
    const onCommit = vi.fn();
    const { unmount } = render(<Field onCommit={onCommit} />);
    await userEvent.type(screen.getByLabelText('Filter'), 'ab');
    window.history.pushState(null, '', '/orders/preview/7');
    unmount();
    expect(onCommit).not.toHaveBeenCalled();
  });
});
