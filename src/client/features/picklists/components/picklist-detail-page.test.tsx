import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PICK_MESSAGES } from '../../../../shared/api/picklist-protocol';
import { currentMarket } from '../../../lib/market-store';
import { outboxDb } from '../../../lib/outbox/outbox-db';
import { picklistDetailKey } from '../../../lib/outbox/picklist-cache';
import { testItem, testPicklist } from '../../../lib/outbox/picklist-fixtures';
import { PICK_BANNER_MS, PicklistDetailPage } from './picklist-detail-page';

afterEach(async () => {
  vi.useRealTimers();
  await outboxDb.entries.clear();
});

async function renderPage(detail = testPicklist(), canPick = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(picklistDetailKey(currentMarket(), detail.picklist_id), detail);
  const rootRoute = createRootRoute({ component: () => <PicklistDetailPage picklistId={detail.picklist_id} userId="picker" canPick={canPick} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: detail.picklist_reference_id, level: 1 });
  return { queryClient, user: userEvent.setup(), unmount };
}

const markButton = () => screen.getByRole('button', { name: 'Mark as Picked' });

/** The next turn of the event loop on real time: IndexedDB and React's scheduler both run on setImmediate. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits for a text while setTimeout is faked, which stalls Testing Library's waiting and which vi.waitFor
 * would move on. One more turn once it shows lets React run the effects of the render that showed it.
 */
async function untilShown(text: string): Promise<HTMLElement> {
  for (let turn = 0; turn < 1_000; turn += 1) {
    const element = screen.queryByText(text);
    if (element) {
      await nextTask();
      return element;
    }
    await nextTask();
  }
  throw new Error(`"${text}" never showed`);
}

describe('picking on a phone', () => {
  it('shows the summary, one card per item starting at the ordered count, and nothing selected', async () => {
    await renderPage();
    expect(screen.getByText('Picked 0 of 3 items (0%)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /ORD-MN-000070/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('GreenVault Bemidji (GreenVault Retail)')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect((screen.getByRole('spinbutton', { name: 'Case Picked for Product 1' }) as HTMLInputElement).value).toBe('5');
    expect(screen.getByText('0 row(s) selected')).toBeTruthy();
    expect((markButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for a reason for a short pick, then saves it to the outbox and marks it waiting', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'One case fewer of Product 1' }));
    expect((screen.getByRole('spinbutton', { name: 'Case Picked for Product 1' }) as HTMLInputElement).value).toBe('4');
    expect(screen.getByText(PICK_MESSAGES.reasonRequired(5))).toBeTruthy();
    expect(screen.getByText('1 row(s) selected')).toBeTruthy();
    expect((markButton() as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason for Product 1' }), 'Damaged');
    expect(screen.queryByText(PICK_MESSAGES.reasonRequired(5))).toBeNull();
    expect((markButton() as HTMLButtonElement).disabled).toBe(false);

    await user.click(markButton());
    await waitFor(async () => expect(await outboxDb.entries.count()).toBe(1));
    const [entry] = await outboxDb.entries.toArray();
    expect(entry).toMatchObject({ userId: 'picker', baseVersion: 4, body: { items: [{ picklist_item_id: 1, no_of_cases: 4, reason_id: 11 }] } });
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();
    expect(screen.getByText('Partially Picked')).toBeTruthy();
    expect(screen.getByText('Picked 1 of 3 items (33%)')).toBeTruthy();
    expect(screen.getByText('0 row(s) selected')).toBeTruthy();
  });

  it('keeps an item selected that the picker edits while the items before it are being saved', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }));
    expect((markButton() as HTMLButtonElement).disabled).toBe(false);

    // Product 2 is edited in the same moment as the save starts, before the outbox has taken Product 1.
    act(() => {
      fireEvent.click(markButton());
      fireEvent.click(screen.getByRole('button', { name: 'One case fewer of Product 2' }));
    });
    await waitFor(async () => expect(await outboxDb.entries.count()).toBe(1));
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();

    // Saved: Product 1 leaves the selection, Product 2 (being edited) stays in it.
    await waitFor(() => expect(screen.getByText('1 row(s) selected')).toBeTruthy());
    expect((screen.getByRole('checkbox', { name: 'Select Product 2' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('spinbutton', { name: 'Case Picked for Product 2' }) as HTMLInputElement).value).toBe('4');
    const [entry] = await outboxDb.entries.toArray();
    expect(entry).toMatchObject({ body: { items: [{ picklist_item_id: 1 }] } });
    expect((entry!.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it('refuses more than ordered, and a negative count', async () => {
    const { user } = await renderPage();
    const input = screen.getByRole('spinbutton', { name: 'Case Picked for Product 3' });
    await user.clear(input);
    await user.type(input, '3');
    expect(screen.getByText(PICK_MESSAGES.overOrdered(2))).toBeTruthy();
    await user.clear(input);
    await user.type(input, '-1');
    expect(screen.getByText(PICK_MESSAGES.negative)).toBeTruthy();
    expect((markButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps picked items out of selection and editing', async () => {
    await renderPage(testPicklist({ items: [testItem(1, { pick_status: 'complete', pick_status_label: 'Picked', no_of_case_picked: 5 }), testItem(2)] }));
    expect(screen.queryByRole('checkbox', { name: 'Select Product 1' })).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'Case Picked for Product 1' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Product 2' })).toBeTruthy();
  });

  it('keeps Mark as Picked disabled on a picklist that is Picked or Cancelled', async () => {
    for (const status of ['Picked', 'Cancelled'] as const) {
      const { unmount } = await renderPage(testPicklist({ pick_status: status.toUpperCase(), pick_status_label: status }));
      expect((markButton() as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByRole('checkbox', { name: /^Select Product/ })).toBeNull();
      unmount();
    }
  });

  it('is read-only, with no Mark as Picked, for someone who may not pick', async () => {
    await renderPage(testPicklist(), false);
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as Picked' })).toBeNull();
  });

  it('jumps to the item of a typed tag, and flashes and buzzes for a tag of another batch', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    Element.prototype.scrollIntoView ??= () => {};
    const { user } = await renderPage();
    const field = screen.getByRole('textbox', { name: 'Tag number' });
    await user.type(field, '1A40MN0001002EE100000099{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/not on this picklist/);
    expect(screen.getByTestId('scan-flash')).toBeTruthy();
    expect(vibrate).toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, testItem(2).tag_numbers[0]! + '{Enter}');
    expect(screen.queryByText(/not on this picklist/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Product 2' })).toHaveProperty('checked', true);
  });

  it('keeps one scanner open while it warns of another batch’s tags, and closes it on the picklist’s tag', async () => {
    Object.defineProperty(navigator, 'vibrate', { value: () => true, configurable: true });
    Element.prototype.scrollIntoView ??= () => {};
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Scan tag' }));
    const scanner = await screen.findByRole('dialog', { name: 'Scan a tag' });
    const typed = within(scanner).getByRole('textbox', { name: 'Tag number' });
    // Each warning flashes the screen; the scanner stays the one the picker opened.
    for (const tag of ['1A40MN0001002EE100000099', '1A40MN0001002EE100000098']) {
      await user.clear(typed);
      await user.type(typed, `${tag}{Enter}`);
      expect(within(scanner).getByText(new RegExp(`Tag ${tag} is not on this picklist`))).toBeTruthy();
      expect(screen.getAllByRole('dialog', { name: 'Scan a tag' })).toHaveLength(1);
    }
    await user.clear(typed);
    await user.type(typed, `${testItem(2).tag_numbers[0]!}{Enter}`);
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Scan a tag' })).toHaveLength(0));
    expect(screen.getByRole('checkbox', { name: 'Select Product 2' })).toHaveProperty('checked', true);
  });

  it("shows 'Pick Complete' when a pick completes the picklist, and takes it away after 4 s", async () => {
    const picked = { pick_status: 'complete', pick_status_label: 'Picked', no_of_case_picked: 5 } as const;
    const { user } = await renderPage(
      testPicklist({ pick_status: 'IN_PROGRESS', pick_status_label: 'In Progress', items: [testItem(1, picked), testItem(2, picked), testItem(3, { no_of_case_ordered: 2 })] }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 3' }));

    // Only setTimeout is faked, so that the banner's 4 s pass when the test says; the save runs on real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(markButton());
    const banner = await untilShown(PICK_MESSAGES.complete);
    expect(banner.closest('[role="status"]')?.textContent).toMatch(/Saved on this device/);

    act(() => vi.advanceTimersByTime(PICK_BANNER_MS - 1));
    expect(screen.getByText(PICK_MESSAGES.complete)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(PICK_MESSAGES.complete)).toBeNull();
  });
});
