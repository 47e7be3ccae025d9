import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { digitsOnly, QuantityStepper } from './quantity-stepper';

function Harness({ onChange, max }: { onChange: (value: number | null) => void; max?: number }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <QuantityStepper
      label="Cases of Blue Dream"
      value={value}
      max={max}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

it('takes digits only, and blank clears', async () => {
  expect(digitsOnly('-1.5e3')).toBe('153');
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness onChange={onChange} />);
  const field = screen.getByRole('textbox', { name: 'Cases of Blue Dream' });
  await user.type(field, '1a2');
  expect((field as HTMLInputElement).value).toBe('12');
  expect(onChange).toHaveBeenLastCalledWith(12);
  await user.clear(field);
  expect(onChange).toHaveBeenLastCalledWith(null);
});

it('steps by one case, not below nothing and not above what is available', async () => {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness onChange={onChange} max={2} />);
  const more = screen.getByRole('button', { name: 'One case more: Cases of Blue Dream' });
  const fewer = screen.getByRole('button', { name: 'One case fewer: Cases of Blue Dream' });
  expect(fewer).toHaveProperty('disabled', true);
  await user.click(more);
  await user.click(more);
  expect(onChange).toHaveBeenLastCalledWith(2);
  expect(more).toHaveProperty('disabled', true);
  await user.click(fewer);
  await user.click(fewer);
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');
});
