import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as XLSX from 'xlsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPreview } from '../../workers/preview';
import { UploadMenuButton } from './upload-menu-button';

vi.mock('./use-can-upload', () => ({ useCanUpload: () => true }));
// The real preview runs xlsx in a Web Worker, which jsdom lacks: the same reading, in the test's thread.
vi.mock('../../workers/preview-file', () => ({
  previewFile: async (file: File, required: readonly string[]) => {
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    const sheet = XLSX.read(text, { type: 'string', raw: true }).Sheets.Sheet1!;
    return buildPreview(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '', raw: false }), required);
  },
}));

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderButton() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UploadMenuButton />
    </QueryClientProvider>,
  );
  return queryClient;
}

async function openDialog() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(screen.getByRole('button', { name: 'Upload Menu' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Order File' });
  return { user, dialog, input: within(dialog).getByLabelText('Order file') as HTMLInputElement };
}

const GOOD_CSV = 'Batch#,Dispensary Location(s),Case Size\nMN-B1,"GreenVault Duluth, GreenVault Winona",2\nMN-B2,GreenVault Duluth,1\n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('Upload Order File dialog', () => {
  it('states the required columns and accepts csv, xlsx and xls', async () => {
    renderButton();
    const { dialog, input } = await openDialog();
    expect(dialog.textContent).toContain('The file must include Batch#, Dispensary Location(s) and Case Size.');
    expect(input.accept).toBe('.csv,.xlsx,.xls');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
  });

  it('refuses another type, a picture named .xlsx, and a file over 10MB, before reading it', async () => {
    renderButton();
    const { user, dialog, input } = await openDialog();
    await user.upload(input, new File(['%PDF-1.7'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Unsupported file format. Please upload a XLSX, or XLS file.')).toBeTruthy();

    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'menu.xlsx', { type: 'image/png' }));
    expect(await within(dialog).findByText('Unsupported file format. Please upload a XLSX, or XLS file.')).toBeTruthy();

    await user.upload(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'menu.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(await within(dialog).findByText('File size exceeds the 10MB limit. Please upload a smaller file.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the first rows and names a missing column before any upload', async () => {
    renderButton();
    const { user, dialog, input } = await openDialog();
    await user.upload(input, new File(['Batch#,Dispensary Location(s),Cases\nMN-B1,GreenVault Duluth,2\n'], 'menu.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('The file is missing the column Case Size.')).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: /First 1 rows of menu.csv/ }).textContent).toContain('GreenVault Duluth');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a good file as base64 without a prefix, and closes', async () => {
    const queryClient = renderButton();
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'OK', data: { customers: { result: [], referenceId: 'UPL-MN-0001' } } }));
    const { user, dialog, input } = await openDialog();
    await user.upload(input, new File([GOOD_CSV], 'menu.csv', { type: 'text/csv' }));
    const table = await within(dialog).findByRole('table', { name: /First 2 rows of menu.csv/ });
    expect(table.textContent).toContain('GreenVault Duluth, GreenVault Winona');

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Order File' })).toBeNull());
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/order/upload/create');
    expect(JSON.parse(String(init.body))).toEqual({ menuType: 'internal', fileName: 'menu.csv', file: btoa(GOOD_CSV) });
    expect((init.headers as Record<string, string>)['otc-market']).toBe('MN');
    expect(queryClient.getQueryData(['order-upload', 'MN', 'status', 'open'])).toEqual({ result: [], referenceId: 'UPL-MN-0001' });
  });

  it("shows the server's message, or 'Unknown error', in a banner that can be dismissed", async () => {
    renderButton();
    const { user, dialog, input } = await openDialog();
    await user.upload(input, new File([GOOD_CSV], 'menu.csv', { type: 'text/csv' }));
    await within(dialog).findByRole('table');

    fetchMock.mockResolvedValueOnce(json(400, { success: false, code: 'VALIDATION_ERROR', message: 'Row 3, Batch#: MN-B2 is not a batch in this market' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner.textContent).toContain('Row 3, Batch#: MN-B2 is not a batch in this market');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fetchMock.mockResolvedValueOnce(json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again later.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Unknown error');
  });

  it('lists the problems after the first, which the message already states', async () => {
    renderButton();
    const { user, dialog, input } = await openDialog();
    await user.upload(input, new File([GOOD_CSV], 'menu.csv', { type: 'text/csv' }));
    await within(dialog).findByRole('table');
    fetchMock.mockResolvedValueOnce(
      json(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Row 2, Case Size: two is not a whole number of cases above 0 (and 2 more problems)',
        details: [
          { field: 'Row 2, Case Size', message: 'two is not a whole number of cases above 0', row: 2, column: 'Case Size' },
          { field: 'Row 3, Batch#', message: 'MN-B2 is not a batch in this market', row: 3, column: 'Batch#' },
          { field: 'Row 3, Dispensary Location(s)', message: 'Nobody is not a customer in this market', row: 3, column: 'Dispensary Location(s)' },
        ],
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const banner = await within(dialog).findByRole('alert');
    expect(within(banner).getByText('Row 2, Case Size: two is not a whole number of cases above 0 (and 2 more problems)')).toBeTruthy();
    expect(within(banner).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 3, Batch#: MN-B2 is not a batch in this market',
      'Row 3, Dispensary Location(s): Nobody is not a customer in this market',
    ]);
  });
});
