// Standard case sizes end to end: a Market Admin changes a free slot and a slot that stock uses in one save,
// sees the partial-success message with the refused cell highlighted, and the new size, which makes a batch
// of the import waiting for commit fit, reaches Create Order once that import is committed. Florida's stock
// is this spec's alone; the projects import different Florida locations, one at a time (holdMarket).
import type { Locator, Page } from '@playwright/test';
import { CASE_SIZE_MESSAGES, CASE_SIZE_SLOTS, caseSizeSlotKey, type CaseSizeRow, type CaseSizeSlot } from '../../src/shared/api/case-sizes';
import type { ImportDetailRow, InventoryLocation } from '../../src/shared/api/inventory-import';
import type { OrderInventoryRow } from '../../src/shared/api/orders';
import type { MarketCode } from '../../src/shared/enums';
import { apiAs, type ApiClient } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, signIn, tableRows } from './support/app';
import { expect, test } from './support/fixtures';
import { discardIfWaiting, holdMarket, importDetails, importStatusOf } from './support/imports';

const MARKET: MarketCode = 'FL';
const MARKET_NAME = 'Florida';
const ADMIN = 'Grace Kim';

const slotsOf = (row: CaseSizeRow) => CASE_SIZE_SLOTS.map((slot) => row[caseSizeSlotKey(slot)]);

async function caseSizeRowOf(api: ApiClient, productName: string): Promise<CaseSizeRow> {
  const rows = await api.post<CaseSizeRow[]>('/products/case-sizes', {
    marketCode: MARKET,
    pagination: { page: 1, pageSize: 100 },
    columnFilter: [{ column: 'productName', type: 'text', value: productName }],
  });
  const row = rows.find((candidate) => candidate.productName === productName);
  if (!row) throw new Error(`${productName} is not in the case-size list of ${MARKET}`);
  return row;
}

async function orderable(api: ApiClient, batchNumbers?: string[]): Promise<OrderInventoryRow[]> {
  return api.post<OrderInventoryRow[]>('/order/inventory', {
    marketCode: MARKET,
    pagination: { page: 1, pageSize: 200 },
    ...(batchNumbers ? { columnFilter: [{ column: 'batch_number', type: 'select', value: batchNumbers }] } : {}),
  });
}

/** A Case Size Errors row of a new batch the import holds back, whose product has a free slot for the batch's quantity. */
async function fixableError(api: ApiClient, errors: ImportDetailRow[]) {
  for (const error of errors) {
    const quantity = error.total_quantity;
    if (!error.held_back || !error.product_name || quantity === null || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) continue;
    const product = await caseSizeRowOf(api, error.product_name);
    const slots = slotsOf(product);
    const free = CASE_SIZE_SLOTS.find((slot) => product[caseSizeSlotKey(slot)] === null);
    if (free && !slots.includes(quantity)) return { error, product, slot: free, size: quantity };
  }
  throw new Error(`No Case Size Errors row of ${MARKET} has a product with a free slot: ${errors.length} rows`);
}

/** A slot whose size a batch in stock uses, and a size the product does not have yet. */
async function slotInUse(api: ApiClient, besides: string) {
  for (const batch of await orderable(api)) {
    if (batch.product_name === besides) continue;
    const product = await caseSizeRowOf(api, batch.product_name);
    const slot = CASE_SIZE_SLOTS.find((candidate) => product[caseSizeSlotKey(candidate)] === batch.case_size);
    if (!slot) continue;
    const sizes = slotsOf(product);
    let other = batch.case_size + 1;
    while (sizes.includes(other)) other += 1;
    return { product, slot, size: batch.case_size, other };
  }
  throw new Error(`No batch of ${MARKET} in stock uses one of its product's standard case sizes`);
}

const slotInput = (page: Page, slot: CaseSizeSlot, productName: string): Locator => page.getByRole('spinbutton', { name: `Standard Case Size ${slot} for ${productName}` });

async function typeSize(page: Page, productName: string, slot: CaseSizeSlot, size: number) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(productName);
  const input = slotInput(page, slot, productName);
  await input.fill(String(size));
  await input.blur();
  await expect(input).toHaveValue(String(size));
}

test('a Market Admin saves a free slot and a slot in use at once: partial success, the refused cell marked, and the new size reaches Create Order', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = isPhone(testInfo);
  const api = apiAs(request, baseURL!, ADMIN, MARKET);
  const release = await holdMarket(baseURL!, MARKET);
  let referenceId: string | undefined;
  try {
    // An import waiting for commit whose Case Size Errors hold a new batch the product's sizes do not fit.
    const locations = await api.post<InventoryLocation[]>('/locations/query', { market: [MARKET] });
    const location = locations[(phone ? 0 : 2) + testInfo.repeatEachIndex]!;
    const started = await api.post<{ reference_id: string }>('/inventory/import/initiate', { market_code: MARKET, inventory_location_ids: [location.inventory_location_id] });
    referenceId = started.reference_id;
    await expect.poll(() => importStatusOf(api, MARKET, started.reference_id), { timeout: 30_000 }).toBe('FETCH_COMPLETED');
    const errors = (await importDetails(api, MARKET, referenceId, 'case_size_errors', 200)).data;
    const free = await fixableError(api, errors);
    const used = await slotInUse(api, free.product.productName);

    await signIn(page, ADMIN, { from: '/config/standard-case-sizes' });
    await expect(page.getByRole('heading', { name: CASE_SIZE_MESSAGES.title, level: 1 })).toBeVisible();
    await expect(page.getByText(CASE_SIZE_MESSAGES.subtitle(MARKET_NAME))).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);

    // Both edits in one save: the search between them keeps the first.
    await typeSize(page, free.product.productName, free.slot, free.size);
    await typeSize(page, used.product.productName, used.slot, used.other);
    await page.getByRole('button', { name: 'Save (2)' }).click();

    await expect(page.getByText(CASE_SIZE_MESSAGES.partial)).toBeVisible();
    const refused = slotInput(page, used.slot, used.product.productName);
    await expect(refused).toHaveAttribute('aria-invalid', 'true');
    await expect(refused).toHaveValue(String(used.other));
    await expect(page.getByText(new RegExp(`${escapeRegExp(used.product.productName)}: case size ${used.slot} \\(${used.size}\\) is used by`)).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('partial-save.png'), fullPage: true });

    // What the server holds: the free slot changed, the slot in use kept its size.
    expect((await caseSizeRowOf(api, free.product.productName))[caseSizeSlotKey(free.slot)]).toBe(free.size);
    expect((await caseSizeRowOf(api, used.product.productName))[caseSizeSlotKey(used.slot)]).toBe(used.size);

    // The save checked the waiting import again: the batch now fits and is an update, which a commit brings in.
    // The refused edit is still there, unsaved: leaving asks first.
    await page.getByRole('link', { name: `Review import ${referenceId}` }).click();
    await page.getByRole('alertdialog', { name: 'Are you sure you want to exit and discard unsaved changes?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Import Results', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: /^Inventory Updates/ }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(free.error.batch_id);
    await expect(tableRows(page, 'Inventory Updates').filter({ hasText: free.error.batch_id }).first()).toContainText('New Batch');
    await page.getByRole('button', { name: 'Commit', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Commit this import?' }).getByRole('button', { name: 'Commit' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Import ${referenceId} has been committed.` })).toBeVisible();

    await page.goto('/orders');
    await page.getByRole('button', { name: 'Create Order' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Customer' });
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
    const inventory = page.getByRole('region', { name: 'Inventory' });
    await inventory.getByRole('searchbox').fill(free.error.batch_id);
    await expect(inventory.getByRole('textbox', { name: `Cases of ${free.product.productName}, batch ${free.error.batch_id}` })).toBeVisible();
    if (phone) {
      const card = inventory.getByRole('article').filter({ hasText: free.error.batch_id });
      await expect(card.locator('dt', { hasText: 'Case size' }).locator('+ dd')).toHaveText(String(free.size));
    } else {
      await expect(inventory.getByRole('row').filter({ hasText: free.error.batch_id })).toContainText(`case of ${free.size}`);
    }
  } finally {
    try {
      await discardIfWaiting(api, MARKET, referenceId);
    } finally {
      release();
    }
  }
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
