import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../order-fixtures';
import { failure, listPage, ok, renderOrderScreen, useOrderScreenEnvironment } from '../test-support';
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
