import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadCustomerResult } from '../../../../../shared/api/orders';
import { marketDate } from '../../../../../shared/market-time';
import { uploadStatusKey, uploadStatusQueryOptions } from '../../api/upload-status';
import { UploadReview } from './upload-review';

vi.mock('./use-can-upload', () => ({ useCanUpload: () => true }));

const customer = (index: number, name: string, extra: Partial<UploadCustomerResult> = {}): UploadCustomerResult => ({
  customer_id: 100 + index,
  customer_name: name,
  index,
  customer_group: 'INT',
  menu_upload_status: 'IN-PROGRESS',
  delivery_date: null,
  line_count: 2,
  total_cases: 5,
  reference_id: null,
  error: null,
  ...extra,
});
const REVIEW = [customer(0, 'GreenVault Duluth'), customer(1, 'GreenVault Winona')];
const envelope = (result: UploadCustomerResult[], referenceId: string | null = 'UPL-MN-0001') =>
  new Response(JSON.stringify({ success: true, message: 'OK', data: { customers: { result, referenceId } } }), { status: 200, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderReview() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UploadReview />
    </QueryClientProvider>,
  );
  return queryClient;
}

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));
const today = marketDate('MN');
const dayLabel = (iso: string) => format(new Date(`${iso}T12:00:00`), 'EEEE, MMMM d, yyyy');

async function pickToday(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Delivery date for ${name}: not set` }));
  await user.click(await screen.findByRole('button', { name: dayLabel(today) }));
}

describe('UploadReview', () => {
  it('shows nothing when no upload is open', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope([], null)));
    renderReview();
    await waitFor(() => expect(calls('/api/order/upload/status')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Review uploaded orders' })).toBeNull();
  });

  it('asks for every delivery date, outlining the empty pickers, then confirms with yyyy-MM-dd and shows the outcome', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.startsWith('/api/order/upload/process')
          ? envelope([
              customer(0, 'GreenVault Duluth', { menu_upload_status: 'COMPLETED', reference_id: 'ORD-MN-000123', delivery_date: today }),
              customer(1, 'GreenVault Winona', { menu_upload_status: 'FAILED', error: 'Batch MN-B1 has no cases left.', delivery_date: today }),
            ])
          : envelope(REVIEW),
      ),
    );
    const user = userEvent.setup();
    renderReview();
    expect(await screen.findByRole('heading', { name: 'Review uploaded orders' })).toBeTruthy();
    expect(screen.getAllByText('Select Date')).toHaveLength(2);

    await pickToday(user, 'GreenVault Duluth');
    expect(screen.getByRole('button', { name: `Delivery date for GreenVault Duluth: ${format(new Date(`${today}T12:00:00`), 'MM/dd/yyyy')}` })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter the delivery dates for all orders.');
    const winona = screen.getByRole('button', { name: 'Delivery date for GreenVault Winona: not set' });
    expect(winona.getAttribute('aria-invalid')).toBe('true');
    expect(winona.className).toContain('border-red-500');
    expect(screen.getByRole('button', { name: /Delivery date for GreenVault Duluth/ }).getAttribute('aria-invalid')).toBeNull();
    expect(calls('/api/order/upload/process')).toHaveLength(0);

    await pickToday(user, 'GreenVault Winona');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls('/api/order/upload/process')).toHaveLength(1));
    const body = JSON.parse(String((calls('/api/order/upload/process')[0]![1] as RequestInit).body));
    expect(body).toMatchObject({ referenceId: 'UPL-MN-0001', action: 'confirm', menuType: 'internal' });
    expect(body.result).toEqual([
      { customer_id: 100, customer_name: 'GreenVault Duluth', index: 0, customer_group: 'INT', delivery_date: today },
      { customer_id: 101, customer_name: 'GreenVault Winona', index: 1, customer_group: 'INT', delivery_date: today },
    ]);

    const outcome = await screen.findByText('Upload UPL-MN-0001: 1 order created, 1 failed.');
    const banner = outcome.closest('[role="alert"]') as HTMLElement;
    expect(banner.textContent).toContain('ORD-MN-000123');
    expect(banner.textContent).toContain('GreenVault Winona: Batch MN-B1 has no cases left.');
    expect(screen.queryByRole('heading', { name: 'Review uploaded orders' })).toBeNull();
  });

  it('does not offer days before the market’s today', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(REVIEW)));
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Delivery date for GreenVault Duluth: not set' }));
    const grid = await screen.findByRole('grid');
    const enabled = within(grid)
      .getAllByRole('button')
      .filter((button) => !(button as HTMLButtonElement).disabled);
    expect(enabled[0]!.getAttribute('aria-label')).toBe(dayLabel(today));
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
  });

  it('asks before cancelling, with No and Yes', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(url.startsWith('/api/order/upload/process') ? envelope(REVIEW.map((c) => ({ ...c, menu_upload_status: 'FAILED' as const, error: 'Cancelled by Jordan Lee.' }))) : envelope(REVIEW)),
    );
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure you want to cancel this order?' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('/api/order/upload/process')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Review uploaded orders' })).toBeNull());
    expect(JSON.parse(String((calls('/api/order/upload/process')[0]![1] as RequestInit).body))).toMatchObject({ action: 'cancel', result: [] });
    expect(screen.queryByText(/order created/)).toBeNull();
  });

  it('polls every 10 seconds while orders are being created, then shows what was made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const initiated = REVIEW.map((c) => ({ ...c, menu_upload_status: 'ORDER-INITIATED' as const }));
    const finished = REVIEW.map((c, index) => ({ ...c, menu_upload_status: 'COMPLETED' as const, reference_id: `ORD-MN-00010${index}` }));
    let polls = 0;
    fetchMock.mockImplementation(() => Promise.resolve(envelope(++polls < 3 ? initiated : finished)));
    renderReview();
    expect(await screen.findByText('Creating orders for upload UPL-MN-0001: 0 of 2 done.')).toBeTruthy();
    const before = calls('/api/order/upload/status').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(calls('/api/order/upload/status').length).toBeGreaterThan(before));
    expect(String(calls('/api/order/upload/status').at(-1)![0])).toContain('referenceId=UPL-MN-0001');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Upload UPL-MN-0001: 2 orders created.')).toBeTruthy();
  });

  it('a status read sent before Confirm was answered, landing after it, does not bring the review back', async () => {
    const initiated = REVIEW.map((c) => ({ ...c, menu_upload_status: 'ORDER-INITIATED' as const, delivery_date: today }));
    // Confirm's answer and a read of the upload sent while Confirm is on its way are held, then answered in
    // turn: Confirm first, then the read (with the upload as it was, still in review).
    let answerProcess: () => void = () => {};
    let answerLateRead: () => void = () => {};
    let processSent = false;
    fetchMock.mockImplementation((url: string) => {
      if (url.startsWith('/api/order/upload/process')) {
        processSent = true;
        return new Promise((resolve) => (answerProcess = () => resolve(envelope(initiated))));
      }
      if (processSent) return new Promise((resolve) => (answerLateRead = () => resolve(envelope(REVIEW))));
      return Promise.resolve(envelope(REVIEW));
    });
    const user = userEvent.setup();
    const queryClient = renderReview();
    expect(await screen.findByRole('heading', { name: 'Review uploaded orders' })).toBeTruthy();
    await pickToday(user, 'GreenVault Duluth');
    await pickToday(user, 'GreenVault Winona');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(processSent).toBe(true));
    void queryClient.fetchQuery(uploadStatusQueryOptions('MN', 'UPL-MN-0001')).catch(() => {});
    await act(async () => answerProcess());
    expect(await screen.findByText('Creating orders for upload UPL-MN-0001: 0 of 2 done.')).toBeTruthy();
    await act(async () => answerLateRead());

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByText('Creating orders for upload UPL-MN-0001: 0 of 2 done.')).toBeTruthy();
  });

  it('shows the review of a file sent while the last upload’s outcome is still shown', async () => {
    const finished = REVIEW.map((c, index) => ({ ...c, menu_upload_status: 'COMPLETED' as const, reference_id: `ORD-MN-00020${index}`, delivery_date: today }));
    fetchMock.mockImplementation((url: string) => Promise.resolve(url.startsWith('/api/order/upload/process') ? envelope(finished) : envelope(REVIEW)));
    const user = userEvent.setup();
    const queryClient = renderReview();
    expect(await screen.findByRole('heading', { name: 'Review uploaded orders' })).toBeTruthy();
    await pickToday(user, 'GreenVault Duluth');
    await pickToday(user, 'GreenVault Winona');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Upload UPL-MN-0001: 2 orders created.')).toBeTruthy();

    // The dialog sends the next file: its answer becomes the market's open upload (as useCreateUpload does).
    act(() => queryClient.setQueryData(uploadStatusKey('MN', null), { result: [customer(0, 'GreenVault Bemidji')], referenceId: 'UPL-MN-0002' }));
    expect(await screen.findByRole('heading', { name: 'Review uploaded orders' })).toBeTruthy();
    expect(screen.getByText(/^Upload UPL-MN-0002: 1 customer\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delivery date for GreenVault Bemidji: not set' })).toBeTruthy();
    expect(screen.queryByText('Upload UPL-MN-0001: 2 orders created.')).toBeNull();
  });
});
