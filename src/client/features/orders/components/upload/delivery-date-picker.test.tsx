import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeliveryDatePicker } from './delivery-date-picker';

const label = (day: Date) => format(day, 'EEEE, MMMM d, yyyy');
const iso = (day: Date) => format(day, 'yyyy-MM-dd');

function Picker({ min }: { min: Date }) {
  const [value, setValue] = useState('');
  return <DeliveryDatePicker label="Delivery date for GreenVault Duluth" value={value} onChange={setValue} min={iso(min)} max={iso(addDays(min, 365))} />;
}

describe('DeliveryDatePicker', () => {
  it('follows every key press, across the end of a month, and picks the day with Enter', async () => {
    // The 25th: ten days on is in the next month.
    const min = new Date(2031, 0, 25);
    // No pause between key presses: keys come faster than frames.
    const user = userEvent.setup({ delay: null });
    render(<Picker min={min} />);
    await user.click(screen.getByRole('button', { name: 'Delivery date for GreenVault Duluth: not set' }));
    const grid = await screen.findByRole('grid', { name: 'Delivery date for GreenVault Duluth, January 2031' });
    expect(document.activeElement).toBe(within(grid).getByRole('button', { name: label(min) }));

    // Pressed in quick succession, with no frame in between.
    await user.keyboard('{ArrowRight}'.repeat(10));
    const target = addDays(min, 10);
    expect(screen.getByRole('grid', { name: 'Delivery date for GreenVault Duluth, February 2031' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe(label(target));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: `Delivery date for GreenVault Duluth: ${format(target, 'MM/dd/yyyy')}` }).textContent).toBe(format(target, 'MM/dd/yyyy'));
  });

  it('does not move before the first day allowed', async () => {
    const min = new Date(2031, 0, 15);
    const user = userEvent.setup();
    render(<Picker min={min} />);
    await user.click(screen.getByRole('button', { name: 'Delivery date for GreenVault Duluth: not set' }));
    await screen.findByRole('grid');
    await user.keyboard('{ArrowLeft}{ArrowUp}{PageUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(label(min));
    expect(screen.getByRole('button', { name: label(addDays(min, -1)) })).toHaveProperty('disabled', true);
  });
});
