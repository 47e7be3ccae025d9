import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './badge';
import { DateField } from './date-field';
import { Select } from './select';
import { TextField } from './text-field';

afterEach(cleanup);

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('form fields', () => {
  it('wires a text field to its label, hint and error', () => {
    render(<TextField label="Order note" hint="At most 500 characters" error="Note cannot be empty" />);
    const input = screen.getByRole('textbox', { name: 'Order note' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain('At most 500 characters');
    expect(describedText(input)).toContain('Note cannot be empty');
  });

  it('reports a date as yyyy-MM-dd and keeps its bounds', async () => {
    const onChange = vi.fn();
    render(<DateField label="Requested Delivery Date" value="" min="2024-03-01" max="2025-03-01" onChange={onChange} />);
    const input = screen.getByLabelText('Requested Delivery Date') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.min).toBe('2024-03-01');
    await userEvent.setup().type(input, '2024-06-15');
    expect(onChange).toHaveBeenLastCalledWith('2024-06-15');
  });

  it('picks an option from a labelled select', async () => {
    window.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Select
        label="Reason"
        value={null}
        placeholder="Select reason..."
        options={[
          { value: 'damaged', label: 'Damaged' },
          { value: 'short', label: 'Short shipped' },
        ]}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Short shipped' }));
    expect(onChange).toHaveBeenCalledWith('short');
  });

  it('caps a count badge at 99+', () => {
    render(<Badge count={120} tone="danger" label="inventory issues" />);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByText('120 inventory issues')).toBeTruthy();
  });
});
