import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

it('asks, starts on the safe answer, and cannot be dismissed while busy', async () => {
  Element.prototype.getAnimations = () => [];
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const props = { open: true, title: 'Cancel order', message: 'Are you sure you want to cancel this order?', confirmLabel: 'Yes', cancelLabel: 'No', destructive: true, onConfirm, onCancel };
  const { rerender } = render(<ConfirmDialog {...props} />);

  const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order' });
  expect(dialog.textContent).toContain('Are you sure you want to cancel this order?');
  await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' })));
  await user.click(screen.getByRole('button', { name: 'Yes' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);

  rerender(<ConfirmDialog {...props} busy />);
  await user.keyboard('{Escape}');
  expect(onCancel).not.toHaveBeenCalled();
  expect((screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement).getAttribute('aria-busy')).toBe('true');

  rerender(<ConfirmDialog {...props} />);
  await user.click(screen.getByRole('button', { name: 'No' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});
