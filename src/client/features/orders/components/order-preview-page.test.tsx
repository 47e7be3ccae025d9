import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../order-fixtures';
import { callsTo, failure, listPage, ok, renderOrderScreen, useOrderScreenEnvironment } from '../test-support';
import { OrderPreviewPage } from './order-preview-page';

const PLAIN = "We couldn't duplicate the selected order due to a system error.";
const CREATE_MANUALLY = "We couldn't duplicate the selected order due to a system error. Please create manually.";

async function duplicateAnswered(answer: () => Response) {
  const order = testOrder();
  const { user } = renderOrderScreen(<OrderPreviewPage orderId={order.orderId} canEdit />, {
    [`POST /order/${order.orderId}/details`]: () => ok(order),
    [`GET /order/${order.orderId}/notes`]: () => listPage([]),
    [`POST /order/${order.orderId}/duplicate`]: answer,
  });
  await screen.findByRole('heading', { name: `Order Preview: ${order.referenceId}`, level: 1 });
  await user.click(screen.getByRole('button', { name: 'Duplicate' }));
  const confirm = await screen.findByRole('alertdialog', { name: `Duplicate ${order.referenceId}?` });
  await user.click(within(confirm).getByRole('button', { name: 'Duplicate' }));
}

describe('duplicating an order from its preview', () => {
  useOrderScreenEnvironment();

  it('tells the user to create it by hand when the order is no longer in their market', async () => {
    await duplicateAnswered(() => failure(404, 'Order not found', 'NOT_FOUND'));
    expect(await screen.findByText(CREATE_MANUALLY)).toBeTruthy();
  });

  it('says the plain message when the server fails', async () => {
    await duplicateAnswered(() => failure(500, 'Something went wrong. Please try again later.', 'INTERNAL_ERROR'));
    expect(await screen.findByText(PLAIN)).toBeTruthy();
    expect(screen.queryByText(CREATE_MANUALLY)).toBeNull();
  });

  it('says the plain message when none of the order’s batches has a case left to copy', async () => {
    await duplicateAnswered(() => failure(409, PLAIN));
    expect(await screen.findByText(PLAIN)).toBeTruthy();
    expect(screen.queryByText(CREATE_MANUALLY)).toBeNull();
  });
});

describe('actions that cannot be undone ask first', () => {
  useOrderScreenEnvironment();

  async function preview() {
    const order = testOrder({ orderStatus: 'Pending', allowedActions: ['approve', 'edit', 'duplicate', 'reject', 'cancel'] });
    const rendered = renderOrderScreen(<OrderPreviewPage orderId={order.orderId} canEdit />, {
      [`POST /order/${order.orderId}/details`]: () => ok(order),
      [`GET /order/${order.orderId}/notes`]: () => listPage([]),
      [`PUT /order/${order.orderId}/status`]: () => ok({ orderId: order.orderId, referenceId: order.referenceId, orderStatus: 'Rejected' }),
      [`POST /order/${order.orderId}/duplicate`]: () => ok({ orderId: order.orderId + 1, referenceId: 'ORD-MN-009999' }),
    });
    await screen.findByRole('heading', { name: `Order Preview: ${order.referenceId}`, level: 1 });
    return { order, ...rendered };
  }

  it('Reject asks first: keeping the order sends nothing; rejecting sends the reason for its history', async () => {
    const { order, user } = await preview();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    let confirm = await screen.findByRole('alertdialog', { name: `Reject ${order.referenceId}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('PUT', `/order/${order.orderId}/status`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    confirm = await screen.findByRole('alertdialog', { name: `Reject ${order.referenceId}?` });
    await user.type(within(confirm).getByRole('textbox', { name: 'Reason (optional)' }), '  Buyer closed the store  ');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await screen.findByText(`${order.referenceId} is now Rejected.`);
    expect(callsTo('PUT', `/order/${order.orderId}/status`)).toEqual([{ status: 'rejected', comment: 'Buyer closed the store' }]);
  });

  it('Reject without a reason sends the status alone', async () => {
    const { order, user } = await preview();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('alertdialog', { name: `Reject ${order.referenceId}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await screen.findByText(`${order.referenceId} is now Rejected.`);
    expect(callsTo('PUT', `/order/${order.orderId}/status`)).toEqual([{ status: 'rejected' }]);
  });

  it('Duplicate asks first, and cancelling it copies nothing', async () => {
    const { order, user } = await preview();
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    const confirm = await screen.findByRole('alertdialog', { name: `Duplicate ${order.referenceId}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('POST', `/order/${order.orderId}/duplicate`)).toEqual([]);
  });

  it('Add Note stays disabled until the note has more than spaces', async () => {
    const { user } = await preview();
    const add = screen.getByRole('button', { name: 'Add Note' });
    expect(add).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), '   ');
    expect(add).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), 'Back door');
    expect(add).toHaveProperty('disabled', false);
  });
});
