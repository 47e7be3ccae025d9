import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderTooltip = () =>
  render(
    <Tooltip content="Refresh inventory">
      <button type="button">Refresh</button>
    </Tooltip>,
  );

describe('Tooltip', () => {
  it('describes its control for screen readers', () => {
    renderTooltip();
    const button = screen.getByRole('button', { name: 'Refresh' });
    const tooltip = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(tooltip?.textContent).toBe('Refresh inventory');
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
  });

  it('shows after 700 ms of hover and hides when the pointer leaves', () => {
    renderTooltip();
    const button = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole('tooltip').textContent).toBe('Refresh inventory');

    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows at once on keyboard focus and hides on Escape', () => {
    renderTooltip();
    act(() => screen.getByRole('button', { name: 'Refresh' }).focus());
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
