import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../../shared/api/orders';
import { testInventoryRow, testOrder, testOrderItem } from '../order-fixtures';
import { callsTo, listPage, ok, renderOrderScreen, useOrderScreenEnvironment } from '../test-support';
import { EditOrderPage } from './edit-order-page';

async function renderEdit(order: OrderDetail) {
  const rendered = renderOrderScreen(<EditOrderPage orderId={order.orderId} />, {
    [`POST /order/${order.orderId}/details`]: () => ok(order),
    'POST /order/inventory': () => listPage([testInventoryRow()]),
    [`PUT /order/${order.orderId}/edit`]: () => ok({ orderId: order.orderId, referenceId: order.referenceId, orderStatus: 'Revised' }),
  });
  await screen.findByRole('heading', { name: 'Edit Order', level: 1 });
  return rendered;
}

describe('saving an edited order', () => {
  useOrderScreenEnvironment();

  it("says 'Failed to create update payload', and why, when the lines cannot become an update, and sends nothing", async () => {
    // An order already at the most lines an order holds: one more from the inventory is one too many.
    const items = Array.from({ length: 200 }, (_, index) =>
      testOrderItem({ orderItemId: index + 1, batchId: index + 1, batchNumber: `MN-B-${index + 1}`, productName: `Product ${index + 1}` }),
    );
    const { user } = await renderEdit(testOrder({ items }));
    const inventory = screen.getByRole('region', { name: 'Add from inventory' });
    await user.type(await within(inventory).findByRole('textbox', { name: 'Cases of Sour Diesel 1g, batch MN-B-9001' }), '1');
    await user.click(screen.getAllByRole('button', { name: 'Save Changes' })[0]!);

    const toast = (await screen.findByText('Failed to create update payload')).closest('[role="alert"]');
    expect(toast?.textContent).toContain('An order holds at most 200 lines.');
    expect(callsTo('PUT', '/order/5/edit')).toEqual([]);
  });

  it('sends the update when the lines can become one', async () => {
    const { user } = await renderEdit(testOrder());
    const inventory = screen.getByRole('region', { name: 'Add from inventory' });
    await user.type(await within(inventory).findByRole('textbox', { name: 'Cases of Sour Diesel 1g, batch MN-B-9001' }), '2');
    await user.click(screen.getAllByRole('button', { name: 'Save Changes' })[0]!);

    await vi.waitFor(() =>
      expect(callsTo('PUT', '/order/5/edit')).toEqual([
        {
          version: 3,
          items: [
            { batchId: 7, noOfCases: 4, unitSalePrice: 9 },
            { batchId: 9001, noOfCases: 2 },
          ],
        },
      ]),
    );
    expect(screen.queryByText('Failed to create update payload')).toBeNull();
  });
});
