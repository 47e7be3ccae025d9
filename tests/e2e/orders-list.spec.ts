// The orders list and the shell around it: the default columns per role (table headers on desktop, card
// fields on a phone), a row opening its preview, the question before leaving a new order, and how long the
// sidebar remembers being collapsed. The orders it looks at are its own, made Completed through the API
// first; the order it starts on a screen is never submitted.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { OrderListRow } from '../../src/shared/api/orders';
import type { PicklistEditBody } from '../../src/shared/api/picklists';
import type { StatusChangeValue } from '../../src/shared/order-status';
import { formatDate } from '../../src/shared/format';
import { MARKET_TIME_ZONES } from '../../src/shared/market-time';
import { MARKET } from './support/api';
import { expectNoSeriousA11yViolations, expectTouchSizedTargets, hasSideCart, isPhone, isTablet, openNavigation, signIn, tableScrollsSideways } from './support/app';
import { expect, test as base } from './support/fixtures';
import { marketDay } from './support/market-days';

const DEFAULT_COLUMNS = ['Customer', 'Created By', 'Order Placed', 'Order ID', 'Status'];
const HIDDEN_COLUMNS = ['Approved On', 'Requested Delivery Date', 'Total Cases', 'Total Price'];
const CONFIRMED = 'Confirmed Delivery Date';
const CREATED_BY = 'Created By';
const DAY_MS = 24 * 3600_000;

const test = base.extend<{ completedOrder: OrderListRow }>({
  /**
   * A Completed order with every default column filled, so each one has something to show: made by Jordan
   * Lee, approved, its delivery date confirmed (a day other than today's, which the row shows as placed),
   * picked, packaged, shipped, delivered and completed.
   */
  completedOrder: async ({ data }, use) => {
    const [batch] = await data.batches(1);
    const [customer] = await data.customers(1);
    const ref = await data.order(customer!, [{ batch: batch!, cases: 1 }]);
    const picklists = await data.approve(ref);
    const admin = data.api('Alex Morgan');
    await admin.post(`/order/${ref.orderId}/details`, { marketCode: MARKET, confirmedDeliveryDate: marketDay(3) });
    for (const picklist of picklists) {
      const picks: PicklistEditBody = { items: picklist.items.map((item) => ({ picklist_item_id: item.picklist_item_id, no_of_cases: item.no_of_case_ordered })) };
      await data.api('Casey Nguyen').put(`/picklist/${picklist.picklist_id}/edit`, picks);
    }
    for (const status of ['packaged', 'shipped', 'delivered', 'completed'] satisfies StatusChangeValue[]) await admin.put(`/order/${ref.orderId}/status`, { status });
    const rows = await admin.post<OrderListRow[]>('/order/history', { marketCode: MARKET, search: ref.referenceId, pagination: { page: 1, pageSize: 50 } });
    const order = rows.find((row) => row.order_id === ref.orderId)!;
    expect(order).toMatchObject({ metadata_label: 'Completed', created_user_name: 'Jordan Lee', confirmed_delivery_date: marketDay(3) });
    await use(order);
  },
});

/** Narrows the list to one order through its search box, as a user would, and returns its row or card. */
async function findOrder(page: Page, testInfo: TestInfo, order: OrderListRow): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(order.reference_id);
  await expect(page).toHaveURL(new RegExp(`search=${order.reference_id}`));
  const row = isPhone(testInfo)
    ? page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: order.reference_id })
    : page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: order.reference_id });
  await expect(row).toHaveCount(1);
  return row;
}

for (const { user, role, shown } of [
  { user: 'Casey Nguyen', role: 'Fulfilment Person', shown: [...DEFAULT_COLUMNS, CONFIRMED] },
  { user: 'Sam Rivera', role: 'Sales Manager', shown: DEFAULT_COLUMNS },
]) {
  test(`a ${role} sees the default order columns${role === 'Fulfilment Person' ? ', with the confirmed delivery date' : ''}`, async ({ page, completedOrder: order }, testInfo) => {
    // A tablet keeps the key columns in view without sideways scrolling: Created By starts hidden there.
    const shownHere = isTablet(testInfo) ? shown.filter((column) => column !== CREATED_BY) : shown;
    await signIn(page, user, { from: '/orders' });
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const row = await findOrder(page, testInfo, order);
    const values = [...(shownHere.includes(CREATED_BY) ? [order.created_user_name!] : []), order.customer_name, formatDate(order.created_ts, undefined, MARKET_TIME_ZONES[MARKET]), order.reference_id, 'Completed'];

    if (isPhone(testInfo)) {
      // A card shows Customer as its title, Order ID under it and Status as a badge, unlabelled; every other
      // shown column is a labelled field, and a hidden one is absent.
      const fields = shownHere.filter((column) => !['Customer', 'Order ID', 'Status'].includes(column));
      await expect(row.locator('dt')).toHaveText(fields);
    } else {
      // textContent, not innerText: the headers are upper-cased by CSS only.
      const headers = page.getByRole('table', { name: 'Orders' }).getByRole('columnheader');
      await expect.poll(async () => (await headers.allTextContents()).map((text) => text.trim())).toEqual(shownHere);
      await expect(row.getByRole('cell')).toHaveCount(shownHere.length);
      expect(await tableScrollsSideways(page.getByRole('table', { name: 'Orders' }))).toBeNull();
    }
    for (const value of values) await expect(row).toContainText(value);
    if (shown.includes(CONFIRMED)) await expect(row).toContainText(formatDate(order.confirmed_delivery_date!));
    else await expect(row).not.toContainText(formatDate(order.confirmed_delivery_date!));

    // Manage Columns says the same: Ctrl+K on a keyboard, the Columns button on a phone.
    if (isPhone(testInfo)) await page.getByRole('button', { name: 'Columns', exact: true }).click();
    else await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Manage Columns' });
    // The dialog's own element has no box (its panel is fixed-positioned inside it): its heading shows it open.
    await expect(dialog.getByRole('heading', { name: 'Manage Columns' })).toBeVisible();
    const customer = dialog.getByRole('checkbox', { name: /^Customer/ });
    await expect(customer).toBeChecked();
    await expect(customer).toBeDisabled();
    for (const column of shownHere.filter((label) => label !== 'Customer')) await expect(dialog.getByRole('checkbox', { name: column, exact: true })).toBeChecked();
    const hidden = [...HIDDEN_COLUMNS, ...(shown.includes(CONFIRMED) ? [] : [CONFIRMED]), ...(shownHere.includes(CREATED_BY) ? [] : [CREATED_BY])];
    for (const column of hidden) await expect(dialog.getByRole('checkbox', { name: column, exact: true })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
  });
}

test('the orders list scrolls in one place: on a desktop or tablet the table scrolls and fills the window, the page does not, the pager always in view', async ({ page }, testInfo) => {
  await signIn(page, 'Sam Rivera', { from: '/orders' });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText(/Showing 1–\d+ of/);
  if (isPhone(testInfo)) {
    // A phone's cards scroll with the page, and the pager follows the last card.
    await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first()).toBeVisible();
    return;
  }
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
  const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, window: window.innerHeight }));
  expect(sizes.page).toBeLessThanOrEqual(sizes.window);
  await expect(pager).toBeInViewport();
  const area = page.getByRole('table', { name: 'Orders' }).locator('xpath=..');
  expect(await area.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  // With more orders than fit, the table uses the window's height: the pager sits at its bottom, not in the
  // middle of a tall tablet's screen (the page's empty space once counted as content below the table).
  const pagerBottom = (await page.locator('footer').filter({ has: pager }).or(pager).first().boundingBox())!;
  expect(sizes.window - (pagerBottom.y + pagerBottom.height)).toBeLessThan(48);
});

test('clicking an order that needs no action opens its preview', async ({ page, completedOrder: order }, testInfo) => {
  await signIn(page, 'Sam Rivera', { from: '/orders' });
  const row = await findOrder(page, testInfo, order);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/orders/preview/${order.order_id}$`));
  await expect(page.getByRole('heading', { name: `Order Preview: ${order.reference_id}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Completed');
});

test('a search that matches no order says No orders found, and clearing it brings the orders back', async ({ page }, testInfo) => {
  await signIn(page, 'Sam Rivera', { from: '/orders' });
  const orders = isPhone(testInfo)
    ? page.getByRole('list', { name: 'Orders' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(orders.first()).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('ORD-NO-SUCH-ORDER');
  await expect(page).toHaveURL(/search=ORD-NO-SUCH-ORDER/);
  await expect(page.getByText('No orders found', { exact: true })).toBeVisible();
  await expect(page.getByText('There are no records to be displayed')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(orders.first()).toBeVisible();
  await expect(page.getByText('No orders found', { exact: true })).toHaveCount(0);
});

test('leaving a new order with items in its cart asks first: No stays with the cart, Yes leaves', async ({ page }, testInfo) => {
  await signIn(page, 'Jordan Lee', { from: '/orders/create' });
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();

  // One case of the first batch listed: any batch will do, as the order is never submitted.
  const inventory = page.getByRole('region', { name: 'Inventory' });
  const cases = inventory.getByRole('textbox', { name: /^Cases of / }).first();
  await expect(cases).toBeVisible();
  if (isPhone(testInfo)) await inventory.getByRole('button', { name: /^One case more: Cases of / }).first().click();
  else await cases.fill('1');
  await expect(cases).toHaveValue('1');
  const cart = page.getByRole('complementary', { name: 'Cart' }).or(page.getByRole('region', { name: 'Cart' }));
  await expect(cart).toContainText('1 item');

  const question = 'Are you sure you want to exit and discard this order?';
  const leave = page.getByRole('alertdialog', { name: question });
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(leave.getByRole('heading', { name: question })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await leave.getByRole('button', { name: 'No' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/orders\/create$/);
  await expect(cases).toHaveValue('1');
  await expect(cart).toContainText('1 item');

  // Any way out asks, the main navigation too.
  const nav = await openNavigation(page, testInfo);
  await nav.getByRole('link', { name: /^Picklists/ }).click();
  await expect(leave.getByRole('heading', { name: question })).toBeVisible();
  await leave.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/orders\/picklists$/);
  await expect(page.getByRole('heading', { name: 'Picklists', level: 1 })).toBeVisible();
});

test('the cart totals only the lines that can be ordered and says how many need fixing; on a phone every target is thumb-sized', async ({ page, data }, testInfo) => {
  const phone = isPhone(testInfo);
  // Any free case will do, as the order is never submitted.
  const [batch] = await data.batches(1);
  await signIn(page, 'Jordan Lee');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem').or(page.getByRole('table', { name: 'Orders' }).getByRole('row')).nth(1)).toBeVisible();
  if (phone) await expectTouchSizedTargets(page);

  await page.goto('/orders/create');
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
  const inventory = page.getByRole('region', { name: 'Inventory' });
  await inventory.getByRole('searchbox').fill(batch!.batch_number);
  const cases = inventory.getByRole('textbox', { name: `Cases of ${batch!.product_name}, batch ${batch!.batch_number}` });
  // Far more cases than the batch has: the line needs fixing and is no part of the total.
  await cases.fill(String(batch!.available_case_size + 977));
  const cart = page.getByRole('complementary', { name: 'Cart' }).or(page.getByRole('region', { name: 'Cart' }));
  await expect(cart).toContainText('1 line needs fixing');
  await expect(cart).toContainText('$0.00');
  if (phone) {
    await expectTouchSizedTargets(page);
    await page.screenshot({ path: testInfo.outputPath('cart-to-fix-phone.png') });
  }
});

test('the cart badge counts the items exactly up to 20 and shows 20+ beyond', async ({ page, data }) => {
  test.slow();
  // Any free case will do, as the order is never submitted.
  const batches = await data.batches(21);
  await signIn(page, 'Jordan Lee', { from: '/orders/create' });
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();

  const inventory = page.getByRole('region', { name: 'Inventory' });
  // The count the badge shows (the screen-reader text beside it says "N items").
  const badge = (hasSideCart(page) ? page.getByRole('complementary', { name: 'Cart' }).locator('header') : page.getByRole('region', { name: 'Cart' })).getByText(/^\d+\+?$/);
  await expect(badge).toHaveText('0');
  for (const [index, batch] of batches.entries()) {
    await inventory.getByRole('searchbox').fill(batch.batch_number);
    const cases = inventory.getByRole('textbox', { name: `Cases of ${batch.product_name}, batch ${batch.batch_number}` });
    await cases.fill('1');
    await expect(cases).toHaveValue('1');
    const count = index + 1;
    await expect(badge).toHaveText(count > 20 ? '20+' : String(count));
  }
  const cart = page.getByRole('complementary', { name: 'Cart' }).or(page.getByRole('region', { name: 'Cart' }));
  await expect(cart).toContainText('21 items');
  await expectNoSeriousA11yViolations(page);
});

test('the sidebar remembers for 7 days whether it is collapsed', async ({ page }, testInfo) => {
  if (isPhone(testInfo)) {
    // A phone has no collapsible sidebar: the state a desktop visit left in the same browser must not
    // shrink the phone's menu to icons.
    await page.context().addCookies([{ name: 'sidebar_state', value: 'collapsed', url: testInfo.project.use.baseURL! }]);
    await signIn(page, 'Sam Rivera');
    const nav = await openNavigation(page, testInfo);
    // A collapsed entry names itself only in aria-label; an expanded one shows its label as text.
    await expect(nav.getByRole('link', { name: /^Orders/ })).toContainText('Orders');
    return;
  }
  await signIn(page, 'Sam Rivera', { from: '/orders' });
  // A desktop starts with the sidebar open; a tablet (768 to 1180 px) with it collapsed to icons.
  const startsOpen = !isTablet(testInfo);
  const toggle = (open: boolean) => page.getByRole('button', { name: open ? /Collapse sidebar/ : /Expand sidebar/ });
  await expect(toggle(startsOpen)).toHaveAttribute('aria-expanded', String(startsOpen));

  const sidebarCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'sidebar_state');
  // A minute's slack either side for the test's own run time.
  const expectSevenDays = (expires: number | undefined) => expect(Math.abs((expires ?? 0) * 1000 - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);

  for (const open of [!startsOpen, startsOpen]) {
    await page.keyboard.press('Control+b');
    await expect(toggle(open)).toHaveAttribute('aria-expanded', String(open));
    const cookie = await sidebarCookie();
    expect(cookie?.value).toBe(open ? 'expanded' : 'collapsed');
    expectSevenDays(cookie?.expires);
  }
  // What the user chose holds on the next visit, whatever the width's default.
  await page.keyboard.press('Control+b');
  await page.reload();
  await expect(toggle(!startsOpen)).toHaveAttribute('aria-expanded', String(!startsOpen));
});

test.describe('on a tablet', () => {
  test('a Sales Person sees the key columns without scrolling sideways, and orders with thumb-sized fields @tablet-only', async ({ page }) => {
    await signIn(page, 'Jordan Lee');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    // The sidebar starts as icons at a tablet's width.
    await expect(page.getByRole('button', { name: /Expand sidebar/ })).toHaveAttribute('aria-expanded', 'false');
    const orders = page.getByRole('table', { name: 'Orders' });
    for (const column of ['Customer', 'Order ID', 'Status']) await expect(orders.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeInViewport();
    expect(await tableScrollsSideways(orders)).toBeNull();

    await page.goto('/orders/create');
    await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
    const inventory = page.getByRole('region', { name: 'Inventory' }).getByRole('table');
    await expect(inventory.getByRole('row').nth(1)).toBeVisible();
    expect(await tableScrollsSideways(inventory)).toBeNull();
    for (const field of [page.getByLabel(/^Cases of /).first(), page.getByLabel(/^Unit price of /).first(), inventory.getByRole('button', { name: /^Filter / }).first()]) {
      const box = (await field.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
  });
});

test('on a 1280 px screen the orders table wraps its long headers rather than scrolling sideways @desktop-only', async ({ page, data }) => {
  const [batch] = await data.batches(1);
  const [customer] = await data.customers(1);
  const ref = await data.order(customer!, [{ batch: batch!, cases: 1 }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The Fulfilment Person's list has the most default columns (the confirmed delivery date besides).
  await signIn(page, 'Casey Nguyen', { from: '/orders' });
  await page.getByRole('searchbox').first().fill(ref.referenceId);
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect.poll(async () => (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual([...DEFAULT_COLUMNS, CONFIRMED]);
  expect(await tableScrollsSideways(table)).toBeNull();
  // Its last header is in view, whole.
  const last = (await table.getByRole('columnheader', { name: CONFIRMED }).boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(1280);
});

test('the lists keep their default columns in view without sideways scrolling; on a tablet every target is thumb-sized @desktop-only', async ({ page }, testInfo) => {
  const tablet = isTablet(testInfo);
  await signIn(page, 'Alex Morgan');
  const lists = [
    { path: '/orders', table: 'Orders' },
    { path: '/orders/picklists', table: 'Picklists' },
    { path: '/inventory/history', table: 'Import History' },
    // Below 1024 px the case sizes are cards with finger-sized inputs (case-sizes.spec.ts).
    ...(tablet ? [] : [{ path: '/config/standard-case-sizes', table: 'Standard case sizes' }]),
    // The issue lists carry many columns: a tablet shows the ones that say what is wrong.
    ...(tablet ? [{ path: '/inventory/issues', table: 'Item Issues' }, { path: '/inventory/issues?tab=lab_data_warnings', table: 'Lab Data Warnings' }] : []),
  ];
  for (const { path, table: caption } of lists) {
    await page.goto(path);
    const table = page.getByRole('table', { name: caption });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    expect(await tableScrollsSideways(table), `${path}: the table scrolls sideways`).toBeNull();
    if (tablet) {
      // The collapsed sidebar's icons too: a finger, not a mouse pointer.
      await expectTouchSizedTargets(page);
      // A wrapped row is as tall as its text, and nothing overlaps the next.
      const rows = await table.locator('tbody tr[data-row-index]').evaluateAll((elements) => elements.slice(0, 20).map((row) => row.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })));
      for (const [index, row] of rows.entries()) if (index > 0) expect(row.top).toBeGreaterThanOrEqual(rows[index - 1]!.bottom - 1);
    }
  }
});

