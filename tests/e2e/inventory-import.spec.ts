// Inventory import end to end: a Market Admin imports two locations from the simulated Metrc, reviews each
// tab, opens a batch's tags, commits and finds a new batch in Create Order and the import in the history; a
// Metrc 500 ends the import FAILED with the banner and no stock changed; an import waiting for its admin
// shows 'Commit / Discard Pending' to a Sales Manager and nothing to a Fulfilment Person.
// Other specs order from Minnesota's stock, so this one never commits there, and each project imports
// markets of its own (phone: IL and MD, desktop: NJ and NV). Repetitions of one project take the market in
// turn (holdMarket), since the import screen follows the market's latest import, whoever started it.
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { IMPORT_MESSAGES, type ImportDetailRow, type InventoryLocation } from '../../src/shared/api/inventory-import';
import type { OrderInventoryRow } from '../../src/shared/api/orders';
import { IMPORT_TAB_LABELS, type ImportStatus, type ImportTab, type MarketCode } from '../../src/shared/enums';
import { importReasonLabel } from '../../src/shared/reason-codes';
import { apiAs, type ApiClient, type DemoUserName } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, signIn, tableRows } from './support/app';
import { discardIfWaiting, holdMarket, importDetails, importStatusOf } from './support/imports';
import { expect, test } from './support/fixtures';

type Admin = { market: MarketCode; marketName: string; admin: DemoUserName };

/**
 * Where each project imports: the two viewports never share a market, so neither sees the other's import.
 * The failing markets are those where the e2e server's SIMULATOR_FAULTS make Metrc answer 500 to every package request.
 */
function marketsOf(testInfo: TestInfo): { happy: Admin; failing: Admin; pendingLocationIndex: number } {
  return isPhone(testInfo)
    ? {
        happy: { market: 'IL', marketName: 'Illinois', admin: 'Marcus Bell' },
        failing: { market: 'MD', marketName: 'Maryland', admin: 'Elena Petrova' },
        pendingLocationIndex: 0,
      }
    : {
        happy: { market: 'NJ', marketName: 'New Jersey', admin: 'Tom Okafor' },
        failing: { market: 'NV', marketName: 'Nevada', admin: 'Priya Shah' },
        pendingLocationIndex: 1,
      };
}

/** The spec flips a terminal banner to dismissed this long after it appears. */
const BANNER_FLIP_MS = 5_000;

/** Every orderable batch of the market with its free cases: what an import that changed nothing leaves alone. */
async function orderableStock(api: ApiClient, market: MarketCode): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  const pageSize = 200;
  for (let page = 1; ; page += 1) {
    const rows = await api.post<OrderInventoryRow[]>('/order/inventory', { marketCode: market, pagination: { page, pageSize }, sort: { column: 'batch_number', order: 'asc' } });
    for (const row of rows) stock.set(row.batch_number, row.available_case_size);
    if (rows.length < pageSize) return stock;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A location's checkbox: its label starts with the display name (the seed-to-sale name follows). */
const locationBox = (page: Page, location: InventoryLocation) => page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(location.display_name)}\\b`) });

/** The rendered colour of an element's text as [r, g, b] (Tailwind's colours compute to oklch). */
const textRgb = (element: Locator) =>
  element.evaluate((node) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(node).color;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });

async function openAs(browser: Browser, testInfo: TestInfo, user: DemoUserName): Promise<Page> {
  const phone = isPhone(testInfo);
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 }, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

async function startImportOnScreen(page: Page, locations: InventoryLocation[]) {
  await page.goto('/inventory');
  // The hub's tile (the sidebar links there too).
  await page.getByRole('main').getByRole('link', { name: /^Import Inventory/ }).click();
  await expect(page).toHaveURL(/\/inventory\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Inventory', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API Import' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Start Import' });
  await expect(start).toBeDisabled();
  for (const location of locations) await locationBox(page, location).check();
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByRole('status').filter({ hasText: IMPORT_MESSAGES.started })).toBeVisible();
}

test('a Market Admin imports two locations, reviews every tab, commits, and finds a new batch in Create Order and the import in the history', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const { happy } = marketsOf(testInfo);
  const api = apiAs(request, baseURL!, happy.admin, happy.market);
  const release = await holdMarket(baseURL!, happy.market);
  let referenceId: string | undefined;
  try {
    // A committed location has nothing new until its packages change again, so each repetition brings in a
    // location the ones before it left alone, and a neighbour.
    const locations = await api.post<InventoryLocation[]>('/locations/query', { market: [happy.market] });
    const fresh = 2 * testInfo.repeatEachIndex;
    if (fresh >= locations.length) throw new Error(`${happy.market} has ${locations.length} locations: too few for repetition ${testInfo.repeatEachIndex + 1} to import one not yet committed`);
    const chosen = [locations[fresh]!, locations[fresh + 1 < locations.length ? fresh + 1 : fresh - 1]!];

    await signIn(page, happy.admin);
    await expect(page.getByRole('heading', { name: `${happy.marketName} Inventory` })).toBeVisible();
    await startImportOnScreen(page, chosen);
    await expect(page.getByText(IMPORT_MESSAGES.inProgress)).toBeVisible();
    await expect(page).toHaveURL(/\/inventory\/import-result\/IMP-[A-Z]{2}-\d+$/, { timeout: 30_000 });
    referenceId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Import Results', level: 1 })).toBeVisible();
    await expect(page.getByText(`Import ID: ${referenceId}`)).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Each tab lists what the server holds for it: its first row, with the cell a reviewer reads there.
    const firstRows = Object.fromEntries(
      await Promise.all((Object.keys(IMPORT_TAB_LABELS) as ImportTab[]).map(async (tab) => [tab, (await importDetails(api, happy.market, referenceId!, tab)).data] as const)),
    ) as Record<ImportTab, ImportDetailRow[]>;
    const allUpdates = (await importDetails(api, happy.market, referenceId, 'inventory_updates', 200)).data;
    const newBatches = allUpdates.filter((row) => row.change === 'new_batch');
    expect(newBatches.length, 'the simulator brings new batches into locations never imported').toBeGreaterThan(0);

    const expectations: Record<ImportTab, (row: ImportDetailRow) => string> = {
      inventory_updates: (row) => ({ new_batch: 'New Batch', new_tag: 'New Tag', quantity_changed: 'Quantity Changed' })[row.change!],
      item_issues: (row) => importReasonLabel(row.reason_code!),
      lab_data_warnings: (row) => row.product_name ?? row.s2s_product_name!,
      case_size_errors: (row) => row.product_name ?? row.s2s_product_name!,
    };
    for (const [tab, label] of Object.entries(IMPORT_TAB_LABELS) as [ImportTab, string][]) {
      const first = firstRows[tab][0];
      expect(first, `${label} has rows`).toBeDefined();
      await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
      await expect(page.getByRole('tab', { name: new RegExp(`^${label}`) })).toHaveAttribute('aria-selected', 'true');
      const row = tableRows(page, label).filter({ hasText: first!.batch_id }).first();
      await expect(row).toBeVisible();
      await expect(row).toContainText(expectations[tab](first!));
    }

    // A new batch's tags, from the Inventory Updates tab.
    await page.getByRole('tab', { name: /^Inventory Updates/ }).click();
    const newBatch = newBatches[0]!;
    await page.getByRole('searchbox', { name: 'Search' }).fill(newBatch.batch_id);
    await expect(tableRows(page, 'Inventory Updates').filter({ hasText: newBatch.batch_id }).first()).toContainText('New Batch');
    await page.getByRole('button', { name: `Tags of batch ${newBatch.batch_id}` }).click();
    const tags = page.getByRole('dialog', { name: `Tags of batch ${newBatch.batch_id}` });
    await expect(tags.getByRole('columnheader', { name: 'Tag #' })).toBeVisible();
    await expect(tags.getByRole('columnheader', { name: 'Qty' })).toBeVisible();
    // The header row, then one row per tag: a tag number and a quantity.
    await expect(tags.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/\S/);
    await expect(tags.getByRole('row').nth(1).getByRole('cell').last()).toHaveText(/^\d+(\.\d+)?$/);
    await tags.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(tags).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Commit', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Commit this import?' });
    await confirm.getByRole('button', { name: 'Commit' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Import ${referenceId} has been committed.` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to History' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Commit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Discard', exact: true })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('results.png'), fullPage: true });

    // One of the new batches is now for sale: Create Order's inventory finds it by its number.
    const orderable = await api.post<OrderInventoryRow[]>('/order/inventory', {
      marketCode: happy.market,
      pagination: { page: 1, pageSize: newBatches.length },
      columnFilter: [{ column: 'batch_number', type: 'select', value: newBatches.map((row) => row.batch_id) }],
    });
    const forSale = orderable[0];
    expect(forSale, 'a committed new batch has cases to order').toBeDefined();
    await page.goto('/orders');
    await page.getByRole('button', { name: 'Create Order' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Customer' });
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
    const inventory = page.getByRole('region', { name: 'Inventory' });
    await inventory.getByRole('searchbox').fill(forSale!.batch_number);
    await expect(inventory.getByRole('textbox', { name: `Cases of ${forSale!.product_name}, batch ${forSale!.batch_number}` })).toBeVisible();

    // The history lists it first, as Completed in green.
    await page.goto('/inventory/history');
    await expect(page.getByRole('heading', { name: 'Import History', level: 1 })).toBeVisible();
    await expect(page.getByText(`View and manage import history entries for ${happy.marketName}.`)).toBeVisible();
    const firstImport = tableRows(page, 'Import History').filter({ hasText: /IMP-/ }).first();
    await expect(firstImport).toContainText(referenceId);
    const completed = firstImport.getByText('Completed', { exact: true });
    await expect(completed).toBeVisible();
    const [red, green, blue] = await textRgb(completed);
    expect(green).toBeGreaterThan(red!);
    expect(green).toBeGreaterThan(blue!);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('history.png'), fullPage: true });
  } finally {
    try {
      await discardIfWaiting(api, happy.market, referenceId);
    } finally {
      release();
    }
  }
});

test('a Metrc 500 during an import ends it FAILED with the banner, and the market’s stock is unchanged', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { failing } = marketsOf(testInfo);
  const api = apiAs(request, baseURL!, failing.admin, failing.market);
  const release = await holdMarket(baseURL!, failing.market);
  try {
    const [location] = await api.post<InventoryLocation[]>('/locations/query', { market: [failing.market] });
    const before = await orderableStock(api, failing.market);

    await signIn(page, failing.admin);
    await startImportOnScreen(page, [location!]);
    const failed = page.getByRole('alert').filter({ hasText: `Last import failed for ${location!.display_name}` });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    // Read at once: the banner marks itself dismissed 5 s after it appears.
    await expect(failed).toContainText('This import has been discarded and no changes were applied.', { timeout: BANNER_FLIP_MS - 1_000 });
    await expect(failed).toBeHidden({ timeout: BANNER_FLIP_MS + 5_000 });

    const [latest] = await api.get<{ import_status: ImportStatus; comments: string | null }[]>(`/inventory/import/status?marketCode=${failing.market}`);
    expect(latest!.import_status).toBe('FAILED');
    expect(latest!.comments).toContain('500');
    expect(await orderableStock(api, failing.market)).toEqual(before);
  } finally {
    release();
  }
});

test('an import waiting for its admin shows ‘Commit / Discard Pending’ to a Sales Manager and not to a Fulfilment Person', async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const market: MarketCode = 'MN';
  const admin = apiAs(request, baseURL!, 'Alex Morgan', market);
  const release = await holdMarket(baseURL!, market);
  let referenceId: string | undefined;
  try {
    const locations = await admin.post<InventoryLocation[]>('/locations/query', { market: [market] });
    const location = locations[marketsOf(testInfo).pendingLocationIndex]!;
    const started = await admin.post<{ reference_id: string }>('/inventory/import/initiate', { market_code: market, inventory_location_ids: [location.inventory_location_id] });
    referenceId = started.reference_id;
    await expect.poll(() => importStatusOf(admin, market, started.reference_id), { timeout: 30_000 }).toBe('FETCH_COMPLETED');

    await signIn(page, 'Sam Rivera', { from: `/inventory/import-result/${referenceId}` });
    await expect(page.getByRole('heading', { name: 'Import Results', level: 1 })).toBeVisible();
    await expect(page.getByText(`Import ID: ${referenceId}`)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: IMPORT_MESSAGES.pending })).toBeVisible();
    await expect(tableRows(page, 'Inventory Updates').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Commit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Discard', exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const fulfilment = await openAs(browser, testInfo, 'Casey Nguyen');
    try {
      await fulfilment.goto(`/inventory/import-result/${referenceId}`);
      await expect(fulfilment.getByText(`Import ID: ${referenceId}`)).toBeVisible();
      await expect(tableRows(fulfilment, 'Inventory Updates').first()).toBeVisible();
      await expect(fulfilment.getByText(IMPORT_MESSAGES.pending)).toHaveCount(0);
      await expect(fulfilment.getByRole('button', { name: 'Commit', exact: true })).toHaveCount(0);
      await expect(fulfilment.getByRole('button', { name: 'Discard', exact: true })).toHaveCount(0);
    } finally {
      await fulfilment.context().close();
    }
  } finally {
    try {
      // Minnesota's stock is the other specs': the import is never committed.
      if (referenceId) {
        await expect.poll(() => importStatusOf(admin, market, referenceId!), { timeout: 30_000 }).not.toBe('IN_PROGRESS');
        await discardIfWaiting(admin, market, referenceId);
        expect(await importStatusOf(admin, market, referenceId)).not.toBe('COMMITTED');
      }
    } finally {
      release();
    }
  }
});
