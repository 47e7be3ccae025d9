import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_MESSAGES } from '../../../../shared/api/menus';
import { ROW_COLORS } from '../../../../shared/menu-colors';
import { callsTo, externalRow, failure, listPage, menuRow, ok, renderCreateMenu, setWidth, useMenuScreenEnvironment, type ApiAnswers } from '../test-support';

const INTERNAL = [menuRow(), menuRow({ batch_id: 102, batch_number: 'MN-B-000102', s2s_product_name: 'SD Vape 1g', category_name: 'Vape', row_color: 'unavailable' })];
const EXTERNAL = [externalRow(), externalRow({ batch_id: 102, batch_number: 'MN-B-000102', s2s_product_name: 'SD Vape 1g', category_name: 'Vape' })];
const LAST_IMPORT = '2025-01-15T14:30:00.000Z';

const DEFAULT_INTERNAL_EXPORT = [
  { index: 0, field: 'batch_number', label: 'Batch#' },
  { index: 1, field: 'category_name', label: 'Category' },
  { index: 2, field: 'subcategory_name', label: 'Sub Category' },
  { index: 3, field: 'brand_name', label: 'Brand' },
  { index: 4, field: 'strain_name', label: 'Strain' },
  { index: 5, field: 'item_size', label: 'Size' },
  { index: 6, field: 'thc_value', label: 'THC' },
  { index: 7, field: 'cbd_value', label: 'CBD' },
  { index: 8, field: 'top_terpenes', label: 'Top Terpenes' },
  { index: 9, field: 'expired_date', label: 'Expiry Date' },
  { index: 10, field: 'case_size', label: 'Case Size' },
  { index: 11, field: 'available_case_size', label: 'Cases Available' },
];

function answers(exportAnswer: ApiAnswers[string] = () => ok({ exports: [] })): ApiAnswers {
  return {
    'POST /menu/listing': (body) => listPage((body as { menuType: string }).menuType === 'internal' ? INTERNAL : EXTERNAL, { metaDetails: { lastImportTime: LAST_IMPORT } }),
    'GET /sales-person': () =>
      ok([
        { sales_person_id: 10, sales_person_name: 'Avery Stone' },
        { sales_person_id: 11, sales_person_name: 'Blake Reyes' },
      ]),
    'GET /customer/mso': () =>
      ok([
        { mso_owner_id: 5, mso_owner_name: 'GreenVault Retail' },
        { mso_owner_id: 6, mso_owner_name: 'Prairie Leaf' },
      ]),
    'POST /menu/export': exportAnswer,
  };
}

const rowOf = async (product: string) => (await screen.findByText(product)).closest('tr')!;

/** Opens 'Select Dispensary Chain', picks the sales persons and chains named, and confirms. */
async function exportFor(user: ReturnType<typeof renderCreateMenu>['user'], salesPersons: string[], chains: string[]) {
  await user.click(screen.getByRole('button', { name: MENU_MESSAGES.exportMenu }));
  const dialog = await screen.findByRole('dialog', { name: MENU_MESSAGES.chooserTitle });
  for (const name of salesPersons) await user.click(await within(dialog).findByRole('checkbox', { name }));
  for (const name of chains) await user.click(await within(dialog).findByRole('checkbox', { name }));
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('Create Menu', () => {
  useMenuScreenEnvironment();
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the internal menu with its columns, the last import time, the row colours and no multi-select', async () => {
    renderCreateMenu(answers());
    expect(await screen.findByRole('heading', { name: MENU_MESSAGES.createTitle, level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: MENU_MESSAGES.internalTab, selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: MENU_MESSAGES.internalTab });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(DEFAULT_INTERNAL_EXPORT.map((column) => column.label));
    expect(await screen.findByText(/Last import: Jan 15, 2025/)).toBeTruthy();
    expect(callsTo('POST', '/menu/listing')[0]).toEqual({ menuType: 'internal', pagination: { page: 1, pageSize: 100 } });

    const flower = await rowOf('MN-B-000101');
    expect(within(flower).getByText('24.5%')).toBeTruthy();
    expect(within(flower).getByText('Missing')).toBeTruthy();
    expect(within(flower).getByText('Myrcene 1.20%, Limonene 0.85%')).toBeTruthy();
    expect(within(flower).getByText('03/01/2026')).toBeTruthy();
    expect(within(flower).getByText('3.5 g')).toBeTruthy();
    expect(flower.style.backgroundColor).toBe('');
    // The unavailable batch is a red row, edged with its category's colour.
    const vape = await rowOf('MN-B-000102');
    expect(vape.style.backgroundColor).toBe(hexToRgb(ROW_COLORS.red.fill));
    expect((vape.firstElementChild as HTMLElement).style.boxShadow).toContain('#1565C0');
    expect(within(table).queryAllByRole('checkbox')).toEqual([]);
  });

  it('starts the external menu with every batch included and sends the ones left out as excludedBatches', async () => {
    const { user } = renderCreateMenu(answers(), 'external');
    const table = await screen.findByRole('table', { name: MENU_MESSAGES.externalTab });
    const boxes = await within(table).findAllByRole('checkbox', { name: /^Include / });
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(callsTo('POST', '/menu/listing')[0]).toMatchObject({ menuType: 'external' });
    await user.click(screen.getByRole('checkbox', { name: 'Include SD Vape 1g MN-B-000102' }));
    expect(screen.getByText('1 batch left out')).toBeTruthy();

    await exportFor(user, ['Avery Stone', 'Blake Reyes'], ['GreenVault Retail', 'Prairie Leaf']);
    await waitFor(() => expect(callsTo('POST', '/menu/export')).toHaveLength(1));
    expect(callsTo('GET', '/customer/mso').some((url) => String(url).includes('group=EXT'))).toBe(true);
    expect(callsTo('POST', '/menu/export')[0]).toEqual({
      menuType: 'external',
      selectedColumns: [
        ...DEFAULT_INTERNAL_EXPORT.slice(0, 10),
        // Available Quantity is shown but never exported.
        { index: 10, field: 'standard_case_size', label: 'Standard Case Size' },
      ],
      salesPersonIdORName: 'Avery Stone, Blake Reyes',
      msoDetails: [
        { id: 5, name: 'GreenVault Retail' },
        { id: 6, name: 'Prairie Leaf' },
      ],
      excludedBatches: [102],
    });
  });

  it('switching tab includes every batch again and forgets the saved column order', async () => {
    const { user } = renderCreateMenu(answers(), 'external');
    await user.click(await screen.findByRole('checkbox', { name: 'Include SD Vape 1g MN-B-000102' }));
    window.localStorage.setItem('columnOrder', JSON.stringify({ 'menu-create-internal': ['brand_name', 'batch_number'], 'menu-create-external': ['brand_name'], other: ['x'] }));

    await user.click(screen.getByRole('tab', { name: MENU_MESSAGES.internalTab }));
    expect(JSON.parse(window.localStorage.getItem('columnOrder') ?? '{}')).toEqual({ other: ['x'] });
    const internal = await screen.findByRole('table', { name: MENU_MESSAGES.internalTab });
    expect(within(internal).getAllByRole('columnheader')[0]?.textContent).toBe('Batch#');

    await user.click(screen.getByRole('tab', { name: MENU_MESSAGES.externalTab }));
    const box = await screen.findByRole('checkbox', { name: 'Include SD Vape 1g MN-B-000102' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('All batches included')).toBeTruthy();
  });

  it('exports the visible columns in their displayed order with the search and filters, and no excludedBatches for internal', async () => {
    window.localStorage.setItem(
      'columnOrder',
      JSON.stringify({ 'menu-create-internal': ['s2s_product_name', 'base_price', 'batch_number', 'available_case_size', 'category_name', 'subcategory_name', 'brand_name', 'strain_name', 'strain_type', 'product_name', 'item_size', 'thc_value', 'cbd_value', 'top_terpenes', 'expired_date', 'case_size', 's2s_location_name'] }),
    );
    window.localStorage.setItem(
      'columnVisibility',
      JSON.stringify({
        'menu-create-internal': { s2s_product_name: true, base_price: true, batch_number: true, category_name: false, subcategory_name: false, brand_name: false, strain_name: false, item_size: false, thc_value: false, cbd_value: false, top_terpenes: false, expired_date: false, case_size: false, available_case_size: true },
      }),
    );
    const { user } = renderCreateMenu(answers());
    const table = await screen.findByRole('table', { name: MENU_MESSAGES.internalTab });
    const shown = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(shown).toEqual(['Product Name', 'Price per unit', 'Batch#', 'Cases Available']);
    await user.type(await screen.findByRole('searchbox'), 'blue{Enter}');
    await waitFor(() => expect(callsTo('POST', '/menu/listing').some((body) => (body as { search?: string }).search === 'blue')).toBe(true));

    await exportFor(user, ['Avery Stone'], ['Prairie Leaf']);
    await waitFor(() => expect(callsTo('POST', '/menu/export')).toHaveLength(1));
    expect(callsTo('GET', '/customer/mso').some((url) => String(url).includes('group=INT'))).toBe(true);
    expect(callsTo('POST', '/menu/export')[0]).toEqual({
      menuType: 'internal',
      selectedColumns: [
        { index: 0, field: 's2s_product_name', label: 'Product Name' },
        { index: 1, field: 'base_price', label: 'Price per unit' },
        { index: 2, field: 'batch_number', label: 'Batch#' },
        { index: 3, field: 'available_case_size', label: 'Cases Available' },
      ],
      salesPersonIdORName: 'Avery Stone',
      msoDetails: [{ id: 6, name: 'Prairie Leaf' }],
      search: 'blue',
    });
  });

  it("says 'Please select at least one column to export.' and sends nothing when no exported column is visible", async () => {
    window.localStorage.setItem('columnVisibility', JSON.stringify({ 'menu-create-external': Object.fromEntries([...DEFAULT_INTERNAL_EXPORT.map((column) => [column.field, false]), ['standard_case_size', false]]) }));
    const { user } = renderCreateMenu(answers(), 'external');
    await screen.findByRole('table', { name: MENU_MESSAGES.externalTab });
    await user.click(screen.getByRole('button', { name: MENU_MESSAGES.exportMenu }));
    expect(await screen.findByText(MENU_MESSAGES.noColumns)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST', '/menu/export')).toEqual([]);
  });

  it('shows the blocking message while exporting, then downloads every file in turn', async () => {
    let finish: (response: Response) => void = () => {};
    const exported = ok({
      exports: [
        { presignedUrl: '/api/exports/a?sig=1', msoName: 'GreenVault Retail', fileName: 'a.xlsx' },
        { presignedUrl: '/api/exports/b?sig=2', msoName: 'Prairie Leaf', fileName: 'b.xlsx' },
      ],
    });
    const { user } = renderCreateMenu(answers(() => new Promise<Response>((resolve) => (finish = resolve))));
    await screen.findByRole('table');
    await exportFor(user, ['Avery Stone'], ['GreenVault Retail', 'Prairie Leaf']);
    expect(await screen.findByText(MENU_MESSAGES.exporting)).toBeTruthy();
    // Leaving while it runs asks first.
    const asked = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(asked);
    expect(asked.defaultPrevented).toBe(true);

    finish(exported);
    await waitFor(() => expect(clicked).toEqual(['/api/exports/a?sig=1', '/api/exports/b?sig=2']));
    await waitFor(() => expect(screen.queryByText(MENU_MESSAGES.exporting)).toBeNull());
  });

  it("on failure says 'Failed to export menu. Please try again.' and shows a dismissible 'Export Failed' banner", async () => {
    const { user } = renderCreateMenu(answers(() => failure(500, 'Internal error')));
    await screen.findByRole('table');
    await exportFor(user, ['Avery Stone'], ['Prairie Leaf']);
    expect(await screen.findByText(MENU_MESSAGES.exportFailedTitle)).toBeTruthy();
    expect(screen.getAllByText(MENU_MESSAGES.exportFailed).length).toBeGreaterThanOrEqual(1);
    expect(clicked).toEqual([]);
    const banner = screen.getByText(MENU_MESSAGES.exportFailedTitle).closest('[role="alert"]') as HTMLElement;
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(MENU_MESSAGES.exportFailedTitle)).toBeNull());
  });

  it('only logs a warning when the export answers no files', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderCreateMenu(answers(() => ok({ exports: [] })));
    await screen.findByRole('table');
    await exportFor(user, ['Avery Stone'], ['Prairie Leaf']);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText(MENU_MESSAGES.exportFailedTitle)).toBeNull();
    expect(clicked).toEqual([]);
  });

  it('on a phone shows tinted cards with a 44px include checkbox and a sticky Export bar', async () => {
    setWidth(390);
    const { user } = renderCreateMenu(answers(), 'external');
    const list = await screen.findByRole('list', { name: MENU_MESSAGES.externalTab });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['BD Flower 3.5g', 'SD Vape 1g']);
    expect(within(cards[0]!).getByText('Standard Case Size')).toBeTruthy();
    expect(cards[0]!.style.borderLeftColor).toBe(hexToRgb('#2E7D32'));
    const box = within(cards[1]!).getByRole('checkbox', { name: 'Include SD Vape 1g MN-B-000102' });
    expect(box.closest('label')?.className).toContain('size-11');
    await user.click(box);
    const bar = screen.getByRole('region', { name: 'Export' });
    await user.click(within(bar).getByRole('button', { name: MENU_MESSAGES.exportMenu }));
    expect(await screen.findByRole('dialog', { name: MENU_MESSAGES.chooserTitle })).toBeTruthy();
  });

  it('on a phone shows on each card the columns the export writes, as Columns sets them', async () => {
    setWidth(390);
    const { user } = renderCreateMenu(answers(), 'internal');
    const list = await screen.findByRole('list', { name: MENU_MESSAGES.internalTab });
    const firstCard = () => within(list).getAllByRole('article')[0]!;
    const terms = () => within(firstCard()).queryAllByRole('term').map((term) => term.textContent);
    // By default: neither the price nor the dominance, both hidden until chosen (and not exported).
    expect(terms()).toContain('Batch#');
    expect(terms()).not.toContain('Price per unit');
    expect(terms()).not.toContain('Dominance');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Price per unit/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Batch#/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(terms()).toContain('Price per unit');
    expect(terms()).not.toContain('Batch#');
  });
});

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
