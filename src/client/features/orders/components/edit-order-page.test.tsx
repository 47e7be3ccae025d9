import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout, setViewport } from '../../../components/ui/data-table/test-support';
import { dismissToast, Toaster } from '../../../components/ui/toast';
import { testInventoryRow, testOrder, testOrderItem } from '../order-fixtures';
import { EditOrderPage } from './edit-order-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = <T,>(data: T[]) => json({ success: true, message: 'OK', data, pagination: { pageSize: 100, totalRecords: data.length, totalPages: 1, currentPage: 1, recordsOnPage: data.length } });

const fetchMock = vi.fn();
let restoreLayout: () => void;
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The router restores the scroll position, which jsdom does not implement.
  vi.stubGlobal('scrollTo', () => {});
  setViewport('desktop');
  restoreLayout = fakeLayout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  restoreLayout();
  dismissToast();
});

const edits = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/edit'));

async function renderEdit(order: ReturnType<typeof testOrder>) {
  fetchMock.mockImplementation((url: string) => {
    if (url === `/api/order/${order.orderId}/details`) return Promise.resolve(json({ success: true, message: 'OK', data: order }));
    if (url === '/api/order/inventory') return Promise.resolve(page([testInventoryRow()]));
    return Promise.resolve(json({ success: true, message: 'OK', data: {} }));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <EditOrderPage orderId={order.orderId} />
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Edit Order', level: 1 });
  return userEvent.setup();
}

describe('saving an edited order', () => {
  it("says 'Failed to create update payload', and why, when the lines cannot become an update, and sends nothing", async () => {
    // An order already at the most lines an order holds: one more from the inventory is one too many.
    const items = Array.from({ length: 200 }, (_, index) =>
      testOrderItem({ orderItemId: index + 1, batchId: index + 1, batchNumber: `MN-B-${index + 1}`, productName: `Product ${index + 1}` }),
    );
    const user = await renderEdit(testOrder({ items }));
    const inventory = screen.getByRole('region', { name: 'Add from inventory' });
    await user.type(await within(inventory).findByRole('textbox', { name: 'Cases of Sour Diesel 1g, batch MN-B-9001' }), '1');
    await user.click(screen.getAllByRole('button', { name: 'Save Changes' })[0]!);

    const toast = (await screen.findByText('Failed to create update payload')).closest('[role="alert"]');
    expect(toast?.textContent).toContain('An order holds at most 200 lines.');
    expect(edits()).toEqual([]);
    // Two hundred lines on screen take a while to render in jsdom.
  }, 60_000);

  it('sends the update when the lines can become one', async () => {
    const user = await renderEdit(testOrder());
    const inventory = screen.getByRole('region', { name: 'Add from inventory' });
    await user.type(await within(inventory).findByRole('textbox', { name: 'Cases of Sour Diesel 1g, batch MN-B-9001' }), '2');
    await user.click(screen.getAllByRole('button', { name: 'Save Changes' })[0]!);

    await vi.waitFor(() => expect(edits()).toHaveLength(1));
    const [, init] = edits()[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      version: 3,
      items: [
        { batchId: 7, noOfCases: 4, unitSalePrice: 9 },
        { batchId: 9001, noOfCases: 2 },
      ],
    });
    expect(screen.queryByText('Failed to create update payload')).toBeNull();
  });
});
