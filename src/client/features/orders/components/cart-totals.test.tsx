import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { OrderInventoryRow } from '../../../../shared/api/orders';
import { lineFromInventory, type OrderLine } from '../order-lines';
import { CartBar } from './cart-summary';
import { OrderTotals } from './order-lines-panel';

const row = {
  batch_id: 7,
  batch_number: 'MN-B-0007',
  product_name: 'Blue Dream 3.5g',
  category_name: 'Flower',
  brand_name: null,
  case_size: 12,
  available_case_size: 22,
  default_price: 8.75,
  expiry_date: null,
} as OrderInventoryRow;

const valid: OrderLine = { ...lineFromInventory(row), cases: 2 };
// 999 cases where 22 are available: the line needs fixing and is not a sale.
const tooMany: OrderLine = { ...lineFromInventory({ ...row, batch_id: 8, batch_number: 'MN-B-0008' }), cases: 999 };

it('totals only the valid lines in the cart and says how many need fixing', () => {
  render(<OrderTotals lines={[valid, tooMany]} />);
  const totals = screen.getByText('Total').closest('div')!;
  expect(within(totals).getByText('$210.00')).toBeTruthy();
  expect(within(screen.getByText('Cases').closest('div')!).getByText('2')).toBeTruthy();
  expect(screen.getByText('1 line needs fixing · not in the total')).toBeTruthy();
});

it('says nothing needs fixing when every line is valid', () => {
  render(<OrderTotals lines={[valid]} />);
  expect(screen.queryByText(/needs? fixing/)).toBeNull();
});

it('shows the valid total and the lines to fix on the phone cart bar', () => {
  render(<CartBar count={2} total={210} toFix={1} onOpen={() => {}} action={null} />);
  const bar = screen.getByRole('region', { name: 'Cart' });
  expect(within(bar).getByText('$210.00')).toBeTruthy();
  expect(within(bar).getByText('1 line needs fixing')).toBeTruthy();
});
