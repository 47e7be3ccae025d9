// Menus end to end, as a Sales Manager: the brands of a category reordered in Menu Settings (by keyboard)
// lead the listing; an external menu exported for two dispensary chains with two batches left out comes back
// as two workbooks holding the columns shown, in that order, without the batches left out, with the screen's
// colours and no formula; and an internal menu, filled in by a rep, uploads back as an order (the round trip).
//
// Menu settings are the market's: the phone and the desktop project reorder different categories, so that
// neither sees the other's change in what it checks.
import type { Download, Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { MenuListingRow, MenuSettings } from '../../src/shared/api/menus';
import type { Customer, MsoOwner, OrderDetail, OrderInventoryRow, OrderListRow, SalesPerson } from '../../src/shared/api/orders';
import { ROW_COLORS, categoryBorderColor, rowColorName } from '../../src/shared/menu-colors';
import { MARKET, type ApiClient } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, signIn } from './support/app';
import { expect, test } from './support/fixtures';
import { marketDay } from './support/market-days';
import { confirmUpload, openUpload, pickDate, reviewEntry, uploadForReview } from './support/uploads';

const MANAGER = 'Sam Rivera';
const SAVED = 'Menu settings saved successfully';
const FILE_NAME = (tab: 'Internal' | 'External') => new RegExp(`^MN_.+_${tab}_\\d{4}_\\d{2}_\\d{2}_\\d{4}\\.xlsx$`);
/** The external menu's columns shown by default, in order, less the multi-select and the quantity (never exported). */
const EXTERNAL_EXPORTED = ['Batch#', 'Category', 'Sub Category', 'Brand', 'Strain', 'Size', 'THC', 'CBD', 'Top Terpenes', 'Expiry Date', 'Standard Case Size'];
const TITLE_ROW = 1;
const HEADER_ROW = 2;

type Listing = { rows: MenuListingRow[]; total: number };

async function listing(api: ApiClient, menuType: 'internal' | 'external', columnFilter: unknown[], pageSize = 200): Promise<Listing> {
  const response = await api.send('POST', '/menu/listing', { marketCode: MARKET, menuType, columnFilter, pagination: { page: 1, pageSize } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: MenuListingRow[]; pagination: { totalRecords: number } };
  return { rows: body.data, total: body.pagination.totalRecords };
}

const categoryFilter = (category: string) => ({ column: 'category_name', type: 'select', value: [category] });

/** The /menus/create URL of a tab with column filters, as a user's link to a filtered menu would be. */
const createMenuUrl = (tab: 'internal' | 'external', filters: unknown[]) => `/menus/create?tab=${tab}&filters=${encodeURIComponent(JSON.stringify(filters))}`;

async function openWorkbook(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1).map(String);
const dataRows = (sheet: ExcelJS.Worksheet) => Array.from({ length: sheet.rowCount - HEADER_ROW }, (_, index) => sheet.getRow(HEADER_ROW + 1 + index));
const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

/** No cell of the sheet is a formula (nor a shared formula), whatever its text. */
function expectNoFormula(sheet: ExcelJS.Worksheet) {
  const formulas: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => {
    if (cell.type === ExcelJS.ValueType.Formula || cell.formula) formulas.push(cell.address);
  }));
  expect(formulas).toEqual([]);
}

/** The menu's rows on screen: table rows (less the header) on desktop, cards on a phone. */
function menuRows(page: Page, testInfo: TestInfo, caption: string) {
  return isPhone(testInfo) ? page.getByRole('list', { name: caption }).getByRole('listitem') : page.getByRole('table', { name: caption }).locator('tbody').getByRole('row');
}

/** A sales person and two of the chains the picker offers for them in the group, found through the API. */
async function salesPersonWithChains(api: ApiClient, group: 'INT' | 'EXT', count: number): Promise<{ salesPerson: SalesPerson; chains: MsoOwner[] }> {
  for (const salesPerson of await api.get<SalesPerson[]>(`/sales-person?marketCode=${MARKET}`)) {
    const chains = await api.get<MsoOwner[]>(`/customer/mso?marketCode=${MARKET}&group=${group}&salesPersonId=${salesPerson.sales_person_id}`);
    if (chains.length >= count) return { salesPerson, chains: chains.slice(0, count) };
  }
  throw new Error(`No sales person of ${MARKET} has ${count} ${group} dispensary chains`);
}

/** Export Menu, then the 'Select Dispensary Chain' picker: the sales person and the chains, confirmed; the downloads. */
async function exportFor(page: Page, salesPerson: SalesPerson, chains: MsoOwner[]): Promise<Download[]> {
  await page.getByRole('button', { name: 'Export Menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Dispensary Chain' });
  await expect(dialog.getByRole('heading', { name: 'Select Dispensary Chain' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: salesPerson.sales_person_name, exact: true }).check();
  for (const chain of chains) await dialog.getByRole('checkbox', { name: chain.mso_owner_name, exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  // The export is held a second on its way, so that the message shown while it runs can be seen however fast
  // the server answers.
  await page.route('**/api/menu/export', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Exporting in process, please do not close or move to another screen')).toBeVisible();
  await expect.poll(() => downloads.length, { timeout: 60_000 }).toBe(chains.length);
  await expect(page.getByText('Exporting in process, please do not close or move to another screen')).toBeHidden();
  return downloads;
}

test('a Sales Manager reorders a category\u2019s brands, sees it in the menu, and exports an external menu for two chains without the batches left out', async ({ page, data }, testInfo) => {
  test.slow();
  const api = data.api(MANAGER);
  const phone = isPhone(testInfo);

  // A category with sellable batches of two brands or more; each project takes its own. The menu is narrowed
  // to those two brands (at most a page of rows), so the workbook can be compared row by row.
  const settings = await api.get<MenuSettings>(`/menu/settings?market_code=${MARKET}`);
  type Candidate = { category: MenuSettings['settings'][number]; leading: number; target: { brandId: number; brandName: string }; filters: unknown[] };
  const candidates: Candidate[] = [];
  for (const category of settings.settings) {
    const firstPage = await listing(api, 'external', [categoryFilter(category.categoryName)]);
    const leading = firstPage.rows[0]?.brand_id ?? null;
    const present = new Set(firstPage.rows.map((row) => row.brand_id));
    // The brand to lead: the last in the category's order with sellable batches, other than the one leading now.
    const target = [...category.brandOrder].reverse().find((brand) => present.has(brand.brandId) && brand.brandId !== leading);
    if (leading === null || !target) continue;
    const leadingName = category.brandOrder.find((brand) => brand.brandId === leading)!.brandName;
    const filters = [categoryFilter(category.categoryName), { column: 'brand_name', type: 'select', value: [leadingName, target.brandName] }];
    if ((await listing(api, 'external', filters)).total > 200) continue;
    candidates.push({ category, leading, target, filters });
    if (candidates.length === 2) break;
  }
  expect(candidates, 'two categories with sellable batches of two brands or more').toHaveLength(2);
  const { category, target, filters } = candidates[phone ? 0 : 1]!;
  const chosen = { category: category.categoryName };
  const from = category.brandOrder.findIndex((brand) => brand.brandId === target.brandId);
  expect(from).toBeGreaterThan(0);

  // Menu Settings: the category chosen, its brand moved to the top by keyboard, saved.
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/menus$/);
  await page.goto('/menus/settings');
  await expect(page.getByRole('heading', { name: 'Menu Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await page.getByRole('list', { name: 'Categories' }).getByRole('button', { name: new RegExp(`^${chosen.category}`) }).click();
  const brands = page.getByRole('list', { name: `Brands of ${chosen.category}` });
  await expect(brands.getByRole('listitem')).toHaveCount(category.brandOrder.length);
  const handle = brands.getByRole('button', { name: `Reorder ${target.brandName}` });
  // As a keyboard user hears it: picked up where it is, moved one place per arrow, dropped. dnd-kit measures the
  // list once a drag starts, and an arrow pressed before that is not a move: each arrow is pressed only after the
  // last move was announced, and again while the item has not reached the top.
  const moving = page.getByRole('status').filter({ hasText: `${target.brandName} moved to position` });
  const position = async () => Number(/moved to position (\d+) of/.exec((await moving.textContent()) ?? '')?.[1] ?? Number.NaN);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(moving).toHaveText(`${target.brandName} moved to position ${from + 1} of ${category.brandOrder.length}.`);
  await expect(async () => {
    if ((await position()) > 1) await page.keyboard.press('ArrowUp');
    expect(await position()).toBe(1);
  }).toPass({ intervals: [250, 250, 500, 1_000], timeout: 30_000 });
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: `${target.brandName} dropped at position 1 of` })).toHaveCount(1);
  await expect(brands.getByRole('listitem').first()).toContainText(target.brandName);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('settings.png'), fullPage: true });
  const save = page.getByRole('button', { name: 'Save', exact: true }).filter({ visible: true });
  await expect(save).toBeVisible();
  const box = await save.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(phone ? 44 : 32);
  await save.click();
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  const saved = await api.get<MenuSettings>(`/menu/settings?market_code=${MARKET}`);
  expect(saved.settings.find((each) => each.categoryId === category.categoryId)!.brandOrder[0]).toMatchObject({ brandId: target.brandId, brandOrder: 1 });

  // The menu: the category's rows now start with that brand's batches, on screen as in the API.
  const after = await listing(api, 'external', filters);
  expect(after.rows[0]!.brand_id).toBe(target.brandId);
  await page.goto(createMenuUrl('external', filters));
  await expect(page.getByRole('heading', { name: 'Create Menu', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'External Menu' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/Last import: /)).toBeVisible();
  const rows = menuRows(page, testInfo, 'External Menu');
  await expect(rows.first()).toContainText(after.rows[0]!.batch_number);
  await expect(rows.first()).toContainText(target.brandName);

  // Every batch starts included; two are left out.
  const leftOut = after.rows.slice(0, 2);
  for (const row of leftOut) {
    const include = page.getByRole('checkbox', { name: `Include ${row.s2s_product_name} ${row.batch_number}` });
    await expect(include).toBeChecked();
    if (phone) {
      const target = await include.locator('..').boundingBox();
      expect(Math.min(target!.width, target!.height)).toBeGreaterThanOrEqual(44);
    }
    await include.uncheck();
  }
  await expect(page.getByText('2 batches left out')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('external-menu.png'), fullPage: !phone });

  // Export for two chains: two workbooks, one per chain.
  const { salesPerson, chains } = await salesPersonWithChains(api, 'EXT', 2);
  const downloads = await exportFor(page, salesPerson, chains);
  const expected = after.rows.filter((row) => !leftOut.some((out) => out.batch_id === row.batch_id));
  const names = downloads.map((download) => download.suggestedFilename());
  for (const name of names) expect(name).toMatch(FILE_NAME('External'));
  // One workbook per chain, named after it (the downloads may arrive in either order).
  const fileOf = (chain: MsoOwner) => downloads.find((download) => download.suggestedFilename().startsWith(`MN_${chain.mso_owner_name.trim().replace(/[^A-Za-z0-9._-]/g, '_')}_`));
  for (const chain of chains) expect(fileOf(chain), chain.mso_owner_name).toBeDefined();

  for (const chain of chains) {
    const sheet = await openWorkbook(fileOf(chain)!);
    expect(String(sheet.getCell(TITLE_ROW, 1).value)).toContain(`Buyer: ${chain.mso_owner_name}`);
    expect(String(sheet.getCell(TITLE_ROW, 1).value)).toContain(salesPerson.sales_person_name);
    // The columns shown, in their order, less the multi-select and the quantity.
    expect(headerOf(sheet)).toEqual(EXTERNAL_EXPORTED);
    expect(sheet.getRow(HEADER_ROW).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    // The batches in the menu's order, without the two left out.
    const written = dataRows(sheet);
    expect(written.map((row) => String(row.getCell(1).value))).toEqual(expected.map((row) => row.batch_number));
    // The screen's colours: a row's fill, the category's border.
    for (const [position, row] of expected.entries()) {
      const colour = rowColorName(row.row_color);
      const cell = written[position]!.getCell(2);
      if (colour) expect(cell.fill).toMatchObject({ type: 'pattern', fgColor: { argb: argb(ROW_COLORS[colour].fill) } });
      else expect((cell.fill as ExcelJS.FillPattern | undefined)?.fgColor).toBeUndefined();
      expect(written[position]!.getCell(1).border?.left?.color?.argb).toBe(argb(categoryBorderColor(row.category_name)));
    }
    expectNoFormula(sheet);
  }
  // The menu's rows carry colours at all (else the check above proves little).
  expect(expected.some((row) => rowColorName(row.row_color) !== null)).toBe(true);
});

test('an internal menu filled in by a rep uploads back on the orders list as an order', async ({ page, data }, testInfo) => {
  test.slow();
  const api = data.api(MANAGER);
  const startedAt = Date.now();
  const [first, second] = (await data.batches(2, { minCases: 4 })) as [OrderInventoryRow, OrderInventoryRow];
  const [customer] = (await data.customers(1)) as [Customer];
  const { salesPerson, chains } = await salesPersonWithChains(api, 'INT', 1);
  const chain = chains[0]!;
  const chainStores = (await api.get<Customer[]>(`/customer?marketCode=${MARKET}&group=INT`)).filter((store) => store.mso_owner_id === chain.mso_owner_id);

  // The internal menu of the test's two batches, exported for one chain.
  await signIn(page, MANAGER);
  await page.goto(createMenuUrl('internal', [{ column: 'batch_number', type: 'select', value: [first.batch_number, second.batch_number] }]));
  await expect(page.getByRole('tab', { name: 'Internal Menu' })).toHaveAttribute('aria-selected', 'true');
  await expect(menuRows(page, testInfo, 'Internal Menu')).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: /^Include / })).toHaveCount(0);
  const [download] = await exportFor(page, salesPerson, [chain]);
  expect(download!.suggestedFilename()).toMatch(FILE_NAME('Internal'));
  const sheet = await openWorkbook(download!);
  const header = headerOf(sheet);
  // What the bulk upload reads: Batch#, Dispensary Location(s), Case Size and an empty Cases column.
  for (const column of ['Batch#', 'Dispensary Location(s)', 'Case Size', 'Cases']) expect(header.filter((name) => name === column)).toHaveLength(1);
  const at = (name: string) => header.indexOf(name) + 1;
  const written = dataRows(sheet);
  expect(written.map((row) => String(row.getCell(at('Batch#')).value)).sort()).toEqual([first.batch_number, second.batch_number].sort());
  for (const row of written) {
    const batch = [first, second].find((each) => each.batch_number === String(row.getCell(at('Batch#')).value))!;
    expect(Number(row.getCell(at('Case Size')).value)).toBe(batch.case_size);
    expect(row.getCell(at('Cases')).value ?? null).toBeNull();
    // Prefilled with the chain's stores.
    expect(String(row.getCell(at('Dispensary Location(s)')).value).split(/,\s*/).sort()).toEqual(chainStores.map((store) => store.customer_name).sort());
  }
  expectNoFormula(sheet);

  // The rep fills in cases for one store of theirs (the test's own customer) and uploads the file on Orders.
  const cases = new Map([
    [first.batch_number, 1],
    [second.batch_number, 2],
  ]);
  for (const row of written) {
    const batchNumber = String(row.getCell(at('Batch#')).value);
    row.getCell(at('Cases')).value = cases.get(batchNumber)!;
    row.getCell(at('Dispensary Location(s)')).value = customer.customer_name;
  }
  const buffer = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
  const name = `menu-round-trip-${testInfo.project.name}.xlsx`;
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await uploadForReview(page, testInfo, api, { name, buffer, customer }, async () => {});
  await expect(reviewEntry(page, testInfo, customer)).toContainText('2 batches, 3 cases');
  const { customers: open } = await openUpload(api);
  const referenceId = open.referenceId!;
  await pickDate(page, testInfo, customer, marketDay(5), 5);
  await confirmUpload(page, referenceId, `Upload ${referenceId}: 1 order created.`);

  // The order holds what the rep filled in.
  const orders = (
    await api.post<OrderListRow[]>('/order/history', { marketCode: MARKET, pagination: { page: 1, pageSize: 50 }, columnFilter: [{ column: 'customer_name', type: 'text', value: customer.customer_name }] })
  ).filter((order) => order.customer_id === customer.customer_id && Date.parse(order.created_ts) >= startedAt - 5_000);
  expect(orders).toHaveLength(1);
  const order = await api.post<OrderDetail>(`/order/${orders[0]!.order_id}/details`, { marketCode: MARKET });
  expect(Object.fromEntries(order.items.map((item) => [item.batchNumber, item.noOfCase]))).toEqual(Object.fromEntries(cases));
});

test('menus open only to those who may use them: a Sales Person creates menus but is sent home from settings, a Fulfilment Person from both', async ({ page }) => {
  await signIn(page, 'Jordan Lee', { from: '/menus/create?tab=external' });
  await expect(page.getByRole('heading', { name: 'Create Menu', level: 1 })).toBeVisible();
  await page.goto('/menus/settings');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Menu Settings' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, 'Casey Nguyen');
  for (const path of ['/menus/create', '/menus/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/orders\/picklists$/);
  }
});
