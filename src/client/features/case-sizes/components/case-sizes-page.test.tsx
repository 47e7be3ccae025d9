import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CASE_SIZE_MESSAGES, type CaseSizeRow, type ManageCaseSizesAnswer } from '../../../../shared/api/case-sizes';
import { callsTo, caseSizeRow, failure, listPage, ok, renderCaseSizes, setWidth, useCaseSizeScreenEnvironment, type ApiAnswers } from '../test-support';

const BLUE = caseSizeRow();
const SOUR = caseSizeRow({ productId: 8, productName: 'Sour Diesel 1g', s2sItemName: 'SD 1g', aliasNames: ['Sour D', 'Diesel 1g'], case_sizes_1: 10, case_sizes_2: null });
const GELATO = caseSizeRow({
  productId: 9,
  productName: 'Gelato 1g',
  s2sItemName: null,
  aliasNames: [],
  subcategoryName: null,
  brandName: null,
  case_sizes_1: 6,
  case_sizes_2: null,
});
const ROWS = [BLUE, SOUR, GELATO];
const REFUSAL = 'Blue Dream 3.5g: case size 2 (24) is used by batch MN-B-000123 with stock';

function answer(data: Partial<ManageCaseSizesAnswer>) {
  return ok({
    summary: { totalProducts: 0, successfulUpdates: 0, failedUpdates: 0, updatedProductIds: [] },
    successfulUpdates: [],
    failedUpdates: [],
    importRecheck: null,
    ...data,
  });
}

const refusedBlueSlot2 = { productId: 7, productName: 'Blue Dream 3.5g', caseSizes: [{ caseIndex: 2, value: 30, currentValue: 24, reason: REFUSAL }] };

function renderScreen(save?: ApiAnswers[string], options: { canEdit?: boolean; rows?: CaseSizeRow[] } = {}) {
  return renderCaseSizes({ 'POST /products/case-sizes': () => listPage(options.rows ?? ROWS), ...(save ? { 'POST /products/case-sizes/manage': save } : {}) }, options);
}

const slot = (n: number, product: string) => screen.findByRole('spinbutton', { name: `Standard Case Size ${n} for ${product}` });
const saveButton = () => screen.queryByRole('button', { name: /^Save \(\d+\)$/ });

describe('the Standard Case Size screen', () => {
  useCaseSizeScreenEnvironment();

  it('names the market and lists each product with its names, classification and five sizes, a page of 100', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Standard Case Size', level: 1 })).toBeTruthy();
    expect(screen.getByText('Configure case sizes for products in Minnesota')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Standard case sizes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // Category, Sub Category and Brand ride under the product name, their columns one click away in Manage Columns.
    expect(headers).toEqual(['ERP Product', 'S2S Product', 'Standard Case Size 1', 'Standard Case Size 2', 'Standard Case Size 3', 'Standard Case Size 4', 'Standard Case Size 5']);

    const blue = (await screen.findByText('Blue Dream 3.5g')).closest('tr')!;
    expect(within(blue).getByText('BD Flower 3.5g')).toBeTruthy();
    expect(within(blue).getByText('Flower · Eighths · Greenleaf')).toBeTruthy();
    expect(((await slot(1, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('12');
    expect(((await slot(2, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('24');
    expect(((await slot(3, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('');
    const input = await slot(1, 'Blue Dream 3.5g');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('min')).toBe('0');

    expect(callsTo('POST', '/products/case-sizes')[0]).toEqual({ pagination: { page: 1, pageSize: 100 } });
    // Nothing changed: nothing to save.
    expect(saveButton()).toBeNull();
  });

  it("shows a product's only name as it is, and otherwise 'View All Names' opening them numbered with their type", async () => {
    const { user } = renderScreen();
    const blue = (await screen.findByText('Blue Dream 3.5g')).closest('tr')!;
    expect(within(blue).queryByRole('button', { name: /View All Names/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'View All Names of Sour Diesel 1g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sour Diesel 1g' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['S No.', 'Name', 'Type'],
      ['1', 'SD 1g', 'S2S Name'],
      ['2', 'Sour D', 'Alias Name'],
      ['3', 'Diesel 1g', 'Alias Name'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'View All Names of Gelato 1g' }));
    expect(within(await screen.findByRole('dialog', { name: 'Gelato 1g' })).getByText(CASE_SIZE_MESSAGES.noNames)).toBeTruthy();
  });

  it('takes digits only, marks an edited slot, and shows Save with the number of changes', async () => {
    const { user } = renderScreen();
    const empty = await slot(3, 'Blue Dream 3.5g');
    await user.type(empty, '3e-6.');
    expect((empty as HTMLInputElement).value).toBe('36');
    expect(empty.hasAttribute('data-edited')).toBe(true);
    expect(empty.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(empty.getAttribute('aria-describedby')!)?.textContent).toBe('Changed, was not set');
    expect(saveButton()?.textContent).toBe('Save (1)');

    const sour = await slot(2, 'Sour Diesel 1g');
    await user.type(sour, '20');
    expect(saveButton()?.textContent).toBe('Save (2)');
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
  });

  it('puts a cleared slot back on leaving it, and Escape puts back the slot being edited', async () => {
    const { user } = renderScreen();
    const first = await slot(1, 'Blue Dream 3.5g');
    await user.clear(first);
    expect((first as HTMLInputElement).value).toBe('');
    await user.tab();
    expect((first as HTMLInputElement).value).toBe('12');
    expect(saveButton()).toBeNull();

    const second = await slot(2, 'Blue Dream 3.5g');
    await user.clear(second);
    await user.type(second, '30');
    expect(saveButton()?.textContent).toBe('Save (1)');
    await user.keyboard('{Escape}');
    expect((second as HTMLInputElement).value).toBe('24');
    expect(second.hasAttribute('data-edited')).toBe(false);
    expect(saveButton()).toBeNull();
  });

  it('moves to the same slot of the next row with ArrowDown and Enter, and back with ArrowUp', async () => {
    const { user } = renderScreen();
    await user.click(await slot(2, 'Blue Dream 3.5g'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(await slot(2, 'Sour Diesel 1g'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(await slot(2, 'Gelato 1g'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(await slot(2, 'Sour Diesel 1g'));
    // The arrows move; they never count the size up or down.
    expect(((await slot(2, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('24');
    expect(saveButton()).toBeNull();
  });

  it('checks the sizes before saving: a bad slot shows its message under it, and Save says what to fix and sends nothing', async () => {
    const { user } = renderScreen(() => answer({}));
    const third = await slot(3, 'Blue Dream 3.5g');
    await user.type(third, '0');
    const fourth = await slot(4, 'Blue Dream 3.5g');
    await user.type(fourth, '12');
    await user.tab();

    expect(third.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(third.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe('Must be 1 to 10,000');
    expect(fourth.getAttribute('aria-invalid')).toBe('true');
    expect(third.closest('td')?.textContent).toContain('Must be 1 to 10,000');
    expect(fourth.closest('td')?.textContent).toContain('Same as size 1 (12)');

    const tooBig = await slot(5, 'Sour Diesel 1g');
    await user.type(tooBig, '10001');
    await user.click(saveButton()!);
    const alert = await screen.findByText('Fix 3 case sizes before saving: see the messages in red.');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Sour Diesel 1g, Standard Case Size 5: Must be 1 to 10,000');
    expect(tooBig.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('POST', '/products/case-sizes/manage')).toEqual([]);
  });

  it("sends only the changed slots and, with nothing refused, says 'Changes have been made successfully.' for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = ROWS;
    const { user, queryClient } = renderCaseSizes({
      'POST /products/case-sizes': () => listPage(rows),
      'POST /products/case-sizes/manage': () => {
        rows = [{ ...BLUE, case_sizes_3: 36 }, { ...SOUR, case_sizes_2: 20 }, GELATO];
        return answer({
          successfulUpdates: [
            { productId: 7, caseSizes: [{ caseIndex: 3, value: 36 }] },
            { productId: 8, caseSizes: [{ caseIndex: 2, value: 20 }] },
          ],
        });
      },
    });
    // Screens that depend on case sizes: the import waiting for commit, and the stock Create Order offers.
    queryClient.setQueryData(['inventory-import', 'details', 'IMP-MN-000012', 'case_size_errors'], { data: [] });
    queryClient.setQueryData(['order-inventory', 'MN', {}], { data: [] });
    await user.type(await slot(3, 'Blue Dream 3.5g'), '36');
    await user.type(await slot(2, 'Sour Diesel 1g'), '20');
    await user.click(saveButton()!);

    expect(await screen.findByText(CASE_SIZE_MESSAGES.saved)).toBeTruthy();
    expect(callsTo('POST', '/products/case-sizes/manage')).toEqual([
      {
        products: [
          { productId: 7, caseSizes: [{ caseIndex: 3, value: 36 }] },
          { productId: 8, caseSizes: [{ caseIndex: 2, value: 20 }] },
        ],
      },
    ]);
    // Saved slots leave the edit state and show the saved value.
    expect(saveButton()).toBeNull();
    const saved = await slot(3, 'Blue Dream 3.5g');
    expect((saved as HTMLInputElement).value).toBe('36');
    expect(saved.hasAttribute('data-edited')).toBe(false);
    await waitFor(() => expect(callsTo('POST', '/products/case-sizes').length).toBeGreaterThan(1));
    expect(queryClient.getQueryState(['inventory-import', 'details', 'IMP-MN-000012', 'case_size_errors'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['order-inventory', 'MN', {}])?.isInvalidated).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(screen.queryByText(CASE_SIZE_MESSAGES.saved)).toBeNull();
  });

  it('after a partial success, keeps the refused slot highlighted with the reason and the value tried, and lets the others go', async () => {
    const { user } = renderScreen(() =>
      answer({
        summary: { totalProducts: 2, successfulUpdates: 1, failedUpdates: 1, updatedProductIds: [8] },
        successfulUpdates: [{ productId: 8, caseSizes: [{ caseIndex: 2, value: 20 }] }],
        failedUpdates: [refusedBlueSlot2],
      }),
    );
    const refused = await slot(2, 'Blue Dream 3.5g');
    await user.clear(refused);
    await user.type(refused, '30');
    await user.type(await slot(2, 'Sour Diesel 1g'), '20');
    await user.click(saveButton()!);

    const message = await screen.findByText(CASE_SIZE_MESSAGES.partial);
    expect(message.closest('[role="alert"]')?.textContent).toContain(REFUSAL);
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect((refused as HTMLInputElement).value).toBe('30');
    expect(refused.className).toContain('ring-red-500');
    const describedBy = refused
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(['Changed from 24', REFUSAL]);
    const applied = await slot(2, 'Sour Diesel 1g');
    expect(applied.getAttribute('aria-invalid')).toBeNull();
    expect(applied.hasAttribute('data-edited')).toBe(false);
    expect(saveButton()?.textContent).toBe('Save (1)');
  });

  it('when every change is refused, says so and highlights the refused slots', async () => {
    const { user } = renderScreen(() =>
      answer({ summary: { totalProducts: 1, successfulUpdates: 0, failedUpdates: 1, updatedProductIds: [] }, failedUpdates: [refusedBlueSlot2] }),
    );
    const refused = await slot(2, 'Blue Dream 3.5g');
    await user.clear(refused);
    await user.type(refused, '30');
    await user.click(saveButton()!);

    expect(await screen.findByText(CASE_SIZE_MESSAGES.allFailed)).toBeTruthy();
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect(refused.closest('td')?.textContent).toContain('Not saved: in use');
    expect(document.getElementById(refused.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe(REFUSAL);
  });

  it.each([
    ['the server fails', () => failure(500, 'Internal error')],
    ['the answer says success: false', () => ok(null, { success: false })],
  ])("says 'Something went wrong. Please try again later.' for 5 s when %s, and keeps every edit", async (_case, save) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderScreen(save);
    await user.type(await slot(3, 'Blue Dream 3.5g'), '36');
    await user.click(saveButton()!);

    expect(await screen.findByText(CASE_SIZE_MESSAGES.failed)).toBeTruthy();
    expect(((await slot(3, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('36');
    expect(saveButton()?.textContent).toBe('Save (1)');
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(screen.queryByText(CASE_SIZE_MESSAGES.failed)).toBeNull();
  });

  it('links to the import whose Case Size Errors the new sizes fixed', async () => {
    const { user } = renderScreen(() =>
      answer({ successfulUpdates: [{ productId: 7, caseSizes: [{ caseIndex: 3, value: 36 }] }], importRecheck: { referenceId: 'IMP-MN-000012', fixed: 2, remaining: 1 } }),
    );
    await user.type(await slot(3, 'Blue Dream 3.5g'), '36');
    await user.click(saveButton()!);
    expect(await screen.findByText('2 Case Size Errors of import IMP-MN-000012 now fit; 1 still needs a case size.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review import IMP-MN-000012' }).getAttribute('href')).toBe('/inventory/import-result/IMP-MN-000012');
  });

  it('keeps edits across pages and sorts until discarded', async () => {
    const { user } = renderCaseSizes({ 'POST /products/case-sizes': (body) => listPage((body as { pagination: { page: number } }).pagination.page === 1 ? [BLUE] : [SOUR], 101) });
    await user.type(await slot(3, 'Blue Dream 3.5g'), '36');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.type(await slot(2, 'Sour Diesel 1g'), '20');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(((await slot(3, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('36');
    expect(saveButton()?.textContent).toBe('Save (2)');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(((await slot(3, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('');
    expect(saveButton()).toBeNull();
  });

  it('shows the sizes as text, with no inputs and no Save, to those who may only view them', async () => {
    renderScreen(undefined, { canEdit: false });
    const blue = (await screen.findByText('Blue Dream 3.5g')).closest('tr')!;
    expect(within(blue).queryAllByRole('spinbutton')).toEqual([]);
    expect(within(blue).getByText('12')).toBeTruthy();
    expect(within(blue).getByText('24')).toBeTruthy();
    expect(saveButton()).toBeNull();
  });

  it('asks before leaving with unsaved changes, and stays on No', async () => {
    const { user, router } = renderScreen();
    await user.type(await slot(3, 'Blue Dream 3.5g'), '36');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to exit and discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/config/standard-case-sizes');
    expect(((await slot(3, 'Blue Dream 3.5g')) as HTMLInputElement).value).toBe('36');

    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });

  it('also asks the browser before a reload or close with unsaved changes, and not without', async () => {
    const { user } = renderScreen();
    await slot(3, 'Blue Dream 3.5g');
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);

    await user.type(await slot(3, 'Blue Dream 3.5g'), '36');
    const asked = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(asked);
    expect(asked.defaultPrevented).toBe(true);
  });

  it('on a tablet or phone, shows one card per product with five large labelled inputs', async () => {
    setWidth('tablet');
    const { user } = renderScreen();
    const list = await screen.findByRole('list', { name: 'Standard case sizes' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Blue Dream 3.5g', 'Sour Diesel 1g', 'Gelato 1g']);
    expect(within(cards[0]!).getByText('Flower · Eighths · Greenleaf')).toBeTruthy();
    expect(
      within(cards[0]!)
        .getAllByRole('spinbutton')
        .map((input) => input.getAttribute('aria-label')),
    ).toEqual([
      'Standard Case Size 1 for Blue Dream 3.5g',
      'Standard Case Size 2 for Blue Dream 3.5g',
      'Standard Case Size 3 for Blue Dream 3.5g',
      'Standard Case Size 4 for Blue Dream 3.5g',
      'Standard Case Size 5 for Blue Dream 3.5g',
    ]);
    expect(within(cards[2]!).getByText('Flower')).toBeTruthy();

    const duplicate = await slot(3, 'Blue Dream 3.5g');
    await user.type(duplicate, '24');
    await user.tab();
    expect(duplicate.getAttribute('aria-invalid')).toBe('true');
    expect(within(cards[0]!).getByText('Same as size 2 (24)')).toBeTruthy();
    expect(saveButton()?.textContent).toBe('Save (1)');

    await user.click(within(cards[1]!).getByRole('button', { name: 'View All Names of Sour Diesel 1g' }));
    expect(await screen.findByRole('dialog', { name: 'Sour Diesel 1g' })).toBeTruthy();
  });

  it("on a phone, a refused slot says why under the card's slots, without repeating the product's name", async () => {
    setWidth('phone');
    const { user } = renderScreen(() => answer({ failedUpdates: [refusedBlueSlot2] }));
    const refused = await slot(2, 'Blue Dream 3.5g');
    await user.clear(refused);
    await user.type(refused, '30');
    await user.click(saveButton()!);

    expect(await screen.findByText(CASE_SIZE_MESSAGES.allFailed)).toBeTruthy();
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).getByText('case size 2 (24) is used by batch MN-B-000123 with stock')).toBeTruthy();
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect(refused.getAttribute('aria-describedby')).toContain(within(card).getByText('case size 2 (24) is used by batch MN-B-000123 with stock').closest('li')!.id);
  });

  it('on a phone, a view-only user reads the five sizes in each card', async () => {
    setWidth('phone');
    renderScreen(undefined, { canEdit: false });
    const cards = within(await screen.findByRole('list', { name: 'Standard case sizes' })).getAllByRole('article');
    expect(within(cards[0]!).queryAllByRole('spinbutton')).toEqual([]);
    expect(within(cards[0]!).getByText('12')).toBeTruthy();
    expect(saveButton()).toBeNull();
  });

  it('sends a pasted size as its digits', async () => {
    const { user } = renderScreen();
    const empty = await slot(3, 'Blue Dream 3.5g');
    await user.click(empty);
    fireEvent.paste(empty, { clipboardData: { getData: () => ' 4 8 units' } });
    expect((empty as HTMLInputElement).value).toBe('48');
  });
});
