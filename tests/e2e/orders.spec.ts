// Orders end to end: create on the project's viewport, approve, confirm the delivery date, an over-order
// fixed on the edit screen, the buyer and sales person changed from the preview, notes, cancel, and links
// to orders that cannot exist. Each test orders from batches and for customers of its own (see
// support/fixtures.ts), so no test changes what another one counts on.
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { Customer, OrderDetail, OrderInventoryRow } from '../../src/shared/api/orders';
import { formatUsd } from '../../src/shared/format';
import { MARKET } from './support/api';
import { expectNoSeriousA11yViolations, expectTouchSizedTargets, hasSideCart, isPhone, signIn, tableScrollsSideways } from './support/app';
import { expect, test } from './support/fixtures';
import { marketDay, usDate } from './support/market-days';

/** A buyer's radio in the people picker, by the buyer's name (its label also shows the MSO and sales person). */
const buyerRadio = (picker: Locator, name: string) => picker.locator('label').filter({ has: picker.page().getByText(name, { exact: true }) }).getByRole('radio');

const nameOf = (batch: OrderInventoryRow) => `${batch.product_name}, batch ${batch.batch_number}`;

/** Finds a batch in the create or edit screen's inventory and sets its cases, as a thumb or a keyboard would. */
async function orderCases(page: Page, testInfo: TestInfo, batch: OrderInventoryRow, cases: number) {
  const inventory = page.getByRole('region', { name: /^(Inventory|Add from inventory)$/ });
  await inventory.getByRole('searchbox').fill(batch.batch_number);
  const field = inventory.getByRole('textbox', { name: `Cases of ${nameOf(batch)}` });
  await expect(field).toBeVisible();
  if (isPhone(testInfo) && cases <= 3) {
    for (let step = 0; step < cases; step += 1) await inventory.getByRole('button', { name: `One case more: Cases of ${nameOf(batch)}` }).click();
  } else {
    await field.fill(String(cases));
  }
  await expect(field).toHaveValue(String(cases));
}

/** A second person's browser: at the project's viewport (a phone, a tablet or a desktop), or at a desktop's. */
async function openAs(browser: Browser, testInfo: TestInfo, user: string, viewport: 'project' | 'desktop'): Promise<Page> {
  const { viewport: size, isMobile, hasTouch } = viewport === 'project' ? testInfo.project.use : { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false };
  const context = await browser.newContext({ viewport: size, isMobile, hasTouch });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const banner = (page: Page, text: string | RegExp) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

test('a Sales Person creates an order, a Sales Manager approves it and a Fulfilment Person confirms its delivery date', async ({ page, browser, data }, testInfo) => {
  // Three people in three browsers, with an accessibility check on every screen they see.
  test.slow();
  const phone = isPhone(testInfo);
  const [batch] = await data.batches(1, { minCases: 3 });
  const [customer] = await data.customers(1);
  const buyerName = customer!.customer_name;
  await signIn(page, 'Jordan Lee');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Last import: |^Manage your orders$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The buyer first: confirm waits for one.
  await page.getByRole('button', { name: 'Create Order' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Customer' });
  await expect(picker.getByText('Choose buyer to create order.')).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Create Order' })).toBeDisabled();
  await buyerRadio(picker, buyerName).check();
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL(/\/orders\/create\?.*buyerId=\d+/);
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
  await expect(page.getByText(`Order for ${buyerName}`)).toBeVisible();

  // Nothing in the cart, no date: the order says what it misses.
  await page.getByRole('button', { name: 'Create Order' }).first().click();
  await expect(page.getByText('No items in order').first()).toBeVisible();
  const cartBar = !hasSideCart(page);
  if (cartBar) {
    // Where a phone or a tablet takes the user: in sight, not below the inventory behind the cart bar.
    const problems = page.getByRole('alert').filter({ hasText: 'No items in order' });
    await expect(problems).toBeInViewport();
    const [list, bar] = await Promise.all([problems.boundingBox(), page.getByRole('region', { name: 'Cart' }).boundingBox()]);
    expect(list!.y + list!.height).toBeLessThanOrEqual(bar!.y);
  }

  await orderCases(page, testInfo, batch!, 2);
  await page.getByLabel('Requested delivery date').first().fill(marketDay(5));
  if (cartBar) {
    // The sticky cart bar counts the line and opens the cart as a sheet.
    await page.getByRole('button', { name: /View cart/ }).click();
    const cart = page.getByRole('dialog', { name: /Cart/ });
    await expect(cart.getByRole('listitem', { name: nameOf(batch!) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await cart.getByRole('button', { name: 'Create Order' }).click();
  } else {
    const cart = page.getByRole('complementary', { name: 'Cart' });
    await expect(cart.getByRole('listitem', { name: nameOf(batch!) })).toContainText(`2 × ${batch!.case_size} units`);
    await expectNoSeriousA11yViolations(page);
    await cart.getByRole('button', { name: 'Create Order' }).click();
  }

  const created = banner(page, 'has been created successfully.');
  await expect(created).toBeVisible();
  await expect(page).toHaveURL(/\/orders\?/);
  const link = created.getByRole('link');
  const referenceId = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { name: `Order Preview: ${referenceId}` })).toBeVisible();
  const orderUrl = page.url();
  // The lines with their price fields fit a tablet as well as a desktop (a tablet folds category, brand,
  // case size and expiry under the product's name).
  if (!phone) {
    await expect(page.getByRole('table', { name: 'Order items' }).getByRole('row').nth(1)).toBeVisible();
    expect(await tableScrollsSideways(page.getByRole('table', { name: 'Order items' }))).toBeNull();
  }
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Pending');
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(buyerName);
  // A Sales Person may not approve.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A Sales Manager approves it, on desktop.
  const manager = await openAs(browser, testInfo, 'Sam Rivera', 'desktop');
  await manager.goto(orderUrl);
  await manager.getByRole('button', { name: 'Approve' }).click();
  await expect(banner(manager, `${referenceId} is now Approved.`)).toBeVisible();
  await expect(manager.getByRole('region', { name: 'Status' })).toContainText('Approved');
  await expect(manager.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(manager);
  await manager.context().close();

  // The Fulfilment Person confirms the delivery date: past days are refused, a later one is saved.
  const fulfilment = await openAs(browser, testInfo, 'Casey Nguyen', 'project');
  await fulfilment.goto(orderUrl);
  const confirmed = fulfilment.getByRole('region', { name: 'Confirmed Delivery Date' });
  await expect(confirmed).toContainText('-');
  await expect(fulfilment.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(fulfilment.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  const dateField = confirmed.getByLabel('Set the confirmed delivery date');
  await expect(dateField).toHaveAttribute('min', marketDay(0));
  await dateField.fill(marketDay(-1));
  await expect(confirmed.getByText('Past dates cannot be chosen.')).toBeVisible();
  await expect(confirmed.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dateField.fill(marketDay(phone ? 9 : 10));
  await confirmed.getByRole('button', { name: 'Save' }).click();
  await expect(banner(fulfilment, 'Confirmed Delivery Date updated successfully.')).toBeVisible();
  await expect(confirmed.getByText(usDate(marketDay(phone ? 9 : 10)), { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(fulfilment);

  // The Fulfilment Person's order list shows the confirmed date from the start.
  await fulfilment.goto('/orders');
  await fulfilment.getByRole('searchbox', { name: 'Search' }).fill(referenceId);
  await expect(fulfilment).toHaveURL(new RegExp(`search=${referenceId}`));
  const row = phone ? fulfilment.getByRole('listitem').filter({ hasText: referenceId }) : fulfilment.getByRole('row').filter({ hasText: referenceId });
  await expect(row).toContainText(usDate(marketDay(phone ? 9 : 10)));
  if (!phone) await expect(fulfilment.getByRole('columnheader', { name: /Confirmed Delivery Date/ })).toBeVisible();
  await fulfilment.context().close();
});

test('an order competing for a batch’s last cases becomes Action Required and is put right on the edit screen', async ({ page, data }, testInfo) => {
  test.slow();
  const [contested, spare] = await data.batches(2);
  const [customer] = await data.customers(1);
  await signIn(page, 'Jordan Lee');
  const params = new URLSearchParams({
    buyerId: String(customer!.customer_id),
    buyerName: customer!.customer_name,
    salesPersonId: String(customer!.sales_person_id),
    salesPersonName: customer!.sales_person_name ?? '',
  });
  await page.goto(`/orders/create?${params.toString()}`);
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
  await page.getByLabel('Requested delivery date').first().fill(marketDay(6));
  await orderCases(page, testInfo, contested!, contested!.available_case_size);
  await orderCases(page, testInfo, spare!, 1);

  // Meanwhile another order takes every free case of the contested batch.
  const competitor = await data.order(customer!, [{ batch: contested!, cases: contested!.available_case_size }]);
  expect(competitor.orderStatus).toBe('Pending');

  await page.getByRole(hasSideCart(page) ? 'complementary' : 'region', { name: 'Cart' }).getByRole('button', { name: 'Create Order' }).click();
  const created = banner(page, 'has been created successfully.');
  await expect(created).toContainText('Some lines ask for more cases than are left');
  const referenceId = (await created.getByRole('link').textContent())!.trim();

  // The list shows it as Action Required, and opening it goes to the edit screen.
  await page.getByRole('searchbox', { name: 'Search' }).fill(referenceId);
  await expect(page).toHaveURL(new RegExp(`search=${referenceId}`));
  const row = isPhone(testInfo) ? page.getByRole('listitem').filter({ hasText: referenceId }) : page.getByRole('row').filter({ hasText: referenceId });
  await expect(row).toContainText('Action Required');
  await row.click();
  await expect(page).toHaveURL(/\/orders\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Order' })).toBeVisible();

  const short = page.getByRole('listitem', { name: nameOf(contested!) });
  await expect(short).toHaveAttribute('data-action-required', 'true');
  await expect(short).toContainText('Please remove the batch completely as no cases are available');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Change or remove every line marked Action Required before saving.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await short.getByRole('button', { name: `Remove ${nameOf(contested!)}` }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/orders\/preview\/\d+$/);
  await expect(page.getByText(`${referenceId} has been updated successfully.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Revised');
  await expect(page.getByRole('table', { name: 'Order items' }).or(page.getByRole('list', { name: 'Order items' }))).not.toContainText(contested!.batch_number);
});

test('an edit with nothing changed says so, and leaving with changes asks first', async ({ page, data }) => {
  const [batch] = await data.batches(1, { minCases: 2 });
  const [customer] = await data.customers(1);
  const order = await data.order(customer!, [{ batch: batch!, cases: 1 }]);
  await signIn(page, 'Jordan Lee', { from: `/orders/edit/${order.orderId}` });
  await expect(page.getByRole('heading', { name: 'Edit Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No changes detected in the order')).toBeVisible();

  const line = page.getByRole('listitem', { name: nameOf(batch!) });
  await line.getByRole('textbox', { name: `Cases of ${nameOf(batch!)}` }).fill('2');
  await page.getByRole('link', { name: 'Back to Order' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Are you sure you want to exit and discard unsaved changes?' });
  await expect(leave.getByRole('heading', { name: 'Are you sure you want to exit and discard unsaved changes?' })).toBeVisible();
  await leave.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/orders\/edit\//);

  // Removing the only line would empty the order: that cancels it, after asking.
  await line.getByRole('button', { name: `Remove ${nameOf(batch!)}` }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Are you sure you want to exit and Cancel this order?' });
  await expect(cancel.getByRole('heading', { name: 'Are you sure you want to exit and Cancel this order?' })).toBeVisible();
  await cancel.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(`${order.referenceId} has been cancelled.`)).toBeVisible();
  const detail = await data.api('Jordan Lee').post<OrderDetail>(`/order/${order.orderId}/details`, { marketCode: MARKET });
  expect(detail.orderStatus).toBe('Cancelled');
});

test('on the preview the seller moves the requested delivery date and changes a line’s price', async ({ page, data }) => {
  const [batch] = await data.batches(1, { minCases: 2 });
  const [customer] = await data.customers(1);
  const order = await data.order(customer!, [{ batch: batch!, cases: 2 }], { requestedDeliveryDate: marketDay(7) });
  await signIn(page, 'Jordan Lee', { from: `/orders/preview/${order.orderId}` });
  await expect(page.getByRole('heading', { name: `Order Preview: ${order.referenceId}` })).toBeVisible();

  const requested = page.getByRole('region', { name: 'Requested Delivery Date' });
  await expect(requested.getByText(usDate(marketDay(7)), { exact: true })).toBeVisible();
  const dateField = requested.getByLabel('Set the requested delivery date');
  await dateField.fill(marketDay(-1));
  await expect(requested.getByText('Past dates cannot be chosen.')).toBeVisible();
  await expect(requested.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dateField.fill(marketDay(20));
  await requested.getByRole('button', { name: 'Save' }).click();
  await expect(banner(page, 'Requested Delivery Date updated successfully.')).toBeVisible();
  await expect(requested.getByText(usDate(marketDay(20)), { exact: true })).toBeVisible();

  const price = page.getByRole('spinbutton', { name: `Unit price: ${nameOf(batch!)}` });
  await price.fill('0');
  await expect(page.getByText('Price cannot be zero or negative')).toBeVisible();
  await price.fill('12.50');
  await price.press('Enter');
  await expect(banner(page, 'Price updated successfully')).toBeVisible();
  const subtotal = 2 * batch!.case_size * 12.5;
  await expect(page.getByRole('region', { name: 'Order totals' })).toContainText(formatUsd(subtotal));
  await expectNoSeriousA11yViolations(page);

  const detail = await data.api('Jordan Lee').post<OrderDetail>(`/order/${order.orderId}/details`, { marketCode: MARKET });
  expect(detail.requestedDeliveryDate).toBe(marketDay(20));
  expect(detail.items.map((item) => item.unitSalePrice)).toEqual([12.5]);
  expect(detail.totalPrice).toBe(subtotal);
});

test('on a phone every target is thumb-sized, and the toast after Duplicate never covers the order’s action bar', { tag: '@phone-only' }, async ({ page, data }, testInfo) => {
  const [batch] = await data.batches(1, { minCases: 2 });
  const [customer] = await data.customers(1);
  const order = await data.order(customer!, [{ batch: batch!, cases: 1 }]);
  await signIn(page, 'Jordan Lee', { from: `/orders/preview/${order.orderId}` });
  await expect(page.getByRole('heading', { name: `Order Preview: ${order.referenceId}` })).toBeVisible();
  await expectTouchSizedTargets(page);

  await page.getByRole('region', { name: 'Order actions' }).getByRole('button', { name: 'Duplicate' }).click();
  await page.getByRole('alertdialog', { name: `Duplicate ${order.referenceId}?` }).getByRole('button', { name: 'Duplicate' }).click();
  const toast = banner(page, 'has been created successfully.');
  await expect(toast).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/orders/preview/${order.orderId}$`));
  const bar = page.getByRole('region', { name: 'Order actions' });
  await expect(bar).toBeVisible();
  // Measured as soon as the toast and the bar are up (the toast leaves after 5 s): the touch check and the screenshot
  // took longer than that on a loaded machine, and a box read after them waited out the test for a toast gone.
  const [toastBox, barBox] = [(await toast.boundingBox())!, (await bar.boundingBox())!];
  await page.screenshot({ path: testInfo.outputPath('toast-over-preview-phone.png') });
  expect(toastBox.y + toastBox.height, 'the toast ends above the action bar').toBeLessThanOrEqual(barBox.y);
  await expectTouchSizedTargets(page);

  await page.goto(`/orders/edit/${order.orderId}`);
  await expect(page.getByRole('heading', { name: 'Edit Order' })).toBeVisible();
  await expectTouchSizedTargets(page);
});

test('the Order Items section hands the order to another buyer and sales person, for those who may edit it', async ({ page, browser, data }, testInfo) => {
  const [batch] = await data.batches(1, { minCases: 2 });
  // Of two sales persons: choosing the other one narrows the buyers to theirs.
  const [from, to] = (await data.customers(2, { distinctSalesPersons: true })) as [Customer, Customer];
  const order = await data.order(from, [{ batch: batch!, cases: 1 }]);
  await signIn(page, 'Jordan Lee', { from: `/orders/preview/${order.orderId}` });
  await expect(page.getByRole('heading', { name: `Order Preview: ${order.referenceId}` })).toBeVisible();

  const items = page.getByRole('region', { name: 'Order Items', exact: true });
  await expect(items).toContainText(from.customer_name);
  await expect(items).toContainText(from.sales_person_name!);
  await items.getByRole('button', { name: 'Change customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Customer' });
  // It opens on the order's own pair; choosing the other sales person narrows the buyers to theirs.
  await expect(picker.getByRole('radio', { name: from.sales_person_name!, exact: true })).toBeChecked();
  await picker.getByRole('radio', { name: to.sales_person_name!, exact: true }).check();
  await expect(buyerRadio(picker, from.customer_name)).toHaveCount(0);
  await buyerRadio(picker, to.customer_name).check();
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole('button', { name: 'Use this customer' }).click();
  await expect(banner(page, `${order.referenceId} is now for ${to.customer_name}.`)).toBeVisible();
  await expect(picker).toBeHidden();

  // What the server keeps, seen again after a reload: the new buyer and sales person, and the edit made it Revised.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(to.customer_name);
  await expect(items).toContainText(to.customer_name);
  await expect(items).toContainText(to.sales_person_name!);
  await expect(items).not.toContainText(from.customer_name);
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Revised');
  const detail = await data.api('Jordan Lee').post<OrderDetail>(`/order/${order.orderId}/details`, { marketCode: MARKET });
  expect(detail).toMatchObject({ customerId: to.customer_id, salesPersonId: to.sales_person_id, orderStatus: 'Revised' });
  expect(detail.items.map((item) => [item.batchId, item.noOfCase])).toEqual([[batch!.batch_id, 1]]);

  // The Fulfilment Person sees who the order is for, and cannot change it.
  const fulfilment = await openAs(browser, testInfo, 'Casey Nguyen', 'project');
  await fulfilment.goto(`/orders/preview/${order.orderId}`);
  const theirItems = fulfilment.getByRole('region', { name: 'Order Items', exact: true });
  await expect(theirItems).toContainText(to.customer_name);
  await expect(theirItems.getByRole('button', { name: 'Change customer' })).toHaveCount(0);
  await fulfilment.context().close();
});

test('notes are added and checked, and cancelling asks first and closes the order to notes', async ({ page, data }, testInfo) => {
  const [batch] = await data.batches(1);
  const [customer] = await data.customers(1);
  const order = await data.order(customer!, [{ batch: batch!, cases: 1 }]);
  await signIn(page, 'Jordan Lee', { from: `/orders/preview/${order.orderId}` });
  await expect(page.getByRole('heading', { name: `Order Preview: ${order.referenceId}` })).toBeVisible();

  const notes = page.getByRole('region', { name: 'Order Notes' });
  const field = notes.getByRole('textbox', { name: 'Add a note' });
  await field.fill('   ');
  await expect(notes.getByRole('button', { name: 'Add Note' })).toBeDisabled();
  await field.fill('x'.repeat(520));
  await expect(field).toHaveValue('x'.repeat(500));
  await expect(notes.getByText('500/500')).toBeVisible();
  const text = `Deliver to the back door (${testInfo.project.name})`;
  await field.fill(text);
  await notes.getByRole('button', { name: 'Add Note' }).click();
  const note = notes.getByRole('listitem').filter({ hasText: text });
  await expect(note).toContainText('Jordan Lee');
  await expect(note.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
  await expect(field).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  // Cancel asks; No keeps the order.
  const actions = isPhone(testInfo) ? page.getByRole('region', { name: 'Order actions' }) : page.getByRole('main');
  await actions.getByRole('button', { name: 'Cancel', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to cancel this order?' });
  await expect(confirm.getByRole('heading', { name: 'Are you sure you want to cancel this order?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Pending');

  await actions.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(banner(page, `${order.referenceId} is now Cancelled.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Order totals' })).not.toContainText('Created Date');
  await expect(field).toBeDisabled();
  await expect(notes.getByRole('button', { name: 'Add Note' })).toBeDisabled();
});

test('a link without an order id, or with one no order can have, says which, inside the app', async ({ page }) => {
  await signIn(page, 'Jordan Lee');
  const detailCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/order\/[^/]*\/details/.test(request.url())) detailCalls.push(request.url());
  });
  for (const [path, message] of [
    ['/orders/preview/abc', 'Order ID is invalid.'],
    ['/orders/edit/0', 'Order ID is invalid.'],
    ['/orders/preview/12.5', 'Order ID is invalid.'],
    ['/orders/preview/', 'Order ID is required'],
    ['/orders/edit/%20', 'Order ID is required'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: message, exact: true, level: 1 }), path).toBeVisible();
    // The app around it stays: the user can go on from here.
    await expect(page.getByRole('navigation', { name: 'Main' }).or(page.getByRole('button', { name: 'Open menu' })), path).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // Nothing was asked of the server about an order that cannot exist.
  expect(detailCalls).toEqual([]);
});

test('a missing order says so, and screens a role may not use send it away', async ({ page }) => {
  await signIn(page, 'Casey Nguyen', { from: '/orders/preview/999999' });
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('The requested order could not be found.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // The Fulfilment Person may not create or edit orders.
  await expect(page.getByRole('button', { name: 'Create Order' })).toHaveCount(0);
  await page.goto('/orders/create');
  await expect(page).not.toHaveURL(/\/orders\/create/);
  await page.goto('/orders/edit/1');
  await expect(page).toHaveURL(/\/orders$/);
});
