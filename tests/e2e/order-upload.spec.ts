// Bulk menu upload end to end: a spreadsheet made in the test becomes a per-customer review, the review
// insists on a delivery date for everyone, and confirming makes one order per customer; a malformed file
// is refused with a message saying what to fix, and changes nothing.
//
// Each test names customers and batches of its own (see support/fixtures.ts), so no other test changes
// the orders and free cases it counts. The server keeps one upload open per market: when another test's
// upload is under review, the upload is refused with a message naming it, and the test waits for that
// upload to end and tries again, as a colleague would.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { format } from 'date-fns';
import ExcelJS from 'exceljs';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Customer, OrderDetail, OrderInventoryRow, OrderListRow } from '../../src/shared/api/orders';
import { MARKET, type ApiClient } from './support/api';
import { expectNoSeriousA11yViolations, isPhone, signIn } from './support/app';
import { expect, test as base } from './support/fixtures';
import { marketDay } from './support/market-days';
import { COLUMNS_RULE, chooseFile, confirmUpload, customerNamed, datePicker, escape, localDay, openUpload, openUploadDialog, pickDate, reviewEntry, reviewPanel, uploadForReview } from './support/uploads';

const USER = 'Jordan Lee';

// The spec's strings (orders spec, sections 2, 4 and 5), and the server's.
const DATES_REQUIRED = 'Please enter the delivery dates for all orders.';

// ---- the API, as the server sees it ------------------------------------------------------------------

/** Free cases of each batch, by batch number, as the order screens see them. */
async function availability(api: ApiClient, batches: OrderInventoryRow[]): Promise<Record<string, number>> {
  const entries = await Promise.all(
    batches.map(async (batch) => {
      const rows = await api.post<OrderInventoryRow[]>('/order/inventory', {
        marketCode: MARKET,
        pagination: { page: 1, pageSize: 50 },
        columnFilter: [{ column: 'batch_number', type: 'text', value: batch.batch_number }],
      });
      return [batch.batch_number, rows.find((row) => row.batch_id === batch.batch_id)?.available_case_size ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The orders of these customers, by order id. */
async function ordersOf(api: ApiClient, customers: Customer[]): Promise<OrderListRow[]> {
  const lists = await Promise.all(
    customers.map((customer) =>
      api
        .post<OrderListRow[]>('/order/history', {
          marketCode: MARKET,
          pagination: { page: 1, pageSize: 200 },
          columnFilter: [{ column: 'customer_name', type: 'text', value: customer.customer_name }],
        })
        .then((rows) => rows.filter((row) => row.customer_id === customer.customer_id)),
    ),
  );
  return lists.flat().sort((a, b) => a.order_id - b.order_id);
}

const test = base.extend<{ uploadCustomers: [Customer, Customer] }>({
  /** Two customers of the test's; an upload of theirs still under review when the test ends is cancelled. */
  uploadCustomers: async ({ data }, use) => {
    const customers = (await data.customers(2)) as [Customer, Customer];
    await use(customers);
    // Left under review, it would refuse every later upload of the market.
    const api = data.api(USER);
    const { customers: open } = await openUpload(api);
    const ours = open.result.filter((entry) => customers.some((customer) => customer.customer_id === entry.customer_id));
    if (open.referenceId && ours.some((entry) => entry.menu_upload_status === 'IN-PROGRESS')) {
      await api.post('/order/upload/process', { marketCode: MARKET, referenceId: open.referenceId, action: 'cancel', result: [] });
    }
  },
});

// ---- files ---------------------------------------------------------------------------------------------

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- the screen ---------------------------------------------------------------------------------------

/**
 * A screenshot of what the user sees, for a person to look at: attached to the report, and written to
 * E2E_SHOTS_DIR when set.
 */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, path.join(dir, `upload-${name}-${testInfo.project.name}.png`));
  }
}

/** The file's first rows as the dialog shows them before anything is sent. */
const previewOf = (dialog: Locator, name: string) => dialog.getByRole('region', { name: `First rows of ${name}` });

// ---- the tests ----------------------------------------------------------------------------------------

test('a bulk upload of an xlsx is reviewed, needs a delivery date per customer, and creates one order for each', async ({ page, data, uploadCustomers: [first, second] }, testInfo) => {
  test.slow();
  const phone = isPhone(testInfo);
  const api = data.api(USER);
  const [b1, b2, b3] = (await data.batches(3, { minCases: 6 })) as [OrderInventoryRow, OrderInventoryRow, OrderInventoryRow];
  const ordersBefore = await ordersOf(api, [first, second]);
  const freeBefore = await availability(api, [b1, b2, b3]);

  // The file as a sales team writes it: a title row above the header, a row for both dispensaries.
  const name = `menu-${testInfo.project.name}.xlsx`;
  const buffer = await xlsxOf([
    ['Weekly menu order'],
    ['Batch#', 'Dispensary Location(s)', 'Case Size'],
    [b1.batch_number, `${first.customer_name}, ${second.customer_name}`, 2],
    [b2.batch_number, first.customer_name, 1],
    [b3.batch_number, second.customer_name, 3],
  ]);
  // What each order should hold, by batch number: cases.
  const expected = new Map<number, Record<string, number>>([
    [first.customer_id, { [b1.batch_number]: 2, [b2.batch_number]: 1 }],
    [second.customer_id, { [b1.batch_number]: 2, [b3.batch_number]: 3 }],
  ]);

  await signIn(page, USER);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

  await uploadForReview(page, testInfo, api, { name, buffer, customer: first }, async (dialog) => {
    // The client reads the file first and shows its header and first rows.
    const preview = previewOf(dialog, name);
    await expect(preview).toBeVisible();
    for (const header of ['Batch#', 'Dispensary Location(s)', 'Case Size']) await expect(preview.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(preview.getByRole('row')).toHaveCount(4);
    await expect(preview.getByRole('row').nth(1)).toContainText(b1.batch_number);
    await expect(dialog.getByText(/is missing the column/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await shot(page, testInfo, 'dialog');
  });

  // The review: one entry per customer, in the order of the file, with the upload's reference.
  await expect(page.getByRole('status').filter({ hasText: `${name} is ready for review: 2 customers.` })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upload Order File' })).toHaveCount(0);
  const review = reviewPanel(page);
  const { customers: open } = await openUpload(api);
  expect(open.referenceId).toMatch(/^UPL-MN-\d{4}$/);
  expect(open.result.map((customer) => [customer.customer_id, customer.menu_upload_status])).toEqual([
    [first.customer_id, 'IN-PROGRESS'],
    [second.customer_id, 'IN-PROGRESS'],
  ]);
  const referenceId = open.referenceId!;
  await expect(review).toContainText(`Upload ${referenceId}: 2 customers.`);
  await expect(reviewEntry(page, testInfo, first)).toContainText('2 batches, 3 cases');
  await expect(reviewEntry(page, testInfo, second)).toContainText('2 batches, 5 cases');
  if (phone) await expect(review.getByRole('listitem')).toHaveCount(2);
  else {
    await expect(review.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(review.getByRole('columnheader', { name: 'Delivery Date' })).toBeVisible();
    await expect(review.getByRole('row')).toHaveCount(3);
  }
  for (const customer of [first, second]) {
    await expect(datePicker(page, customer)).toHaveText('Select Date');
    await expect(datePicker(page, customer)).not.toHaveAttribute('aria-invalid', 'true');
  }

  // Confirm without dates: the message, and every empty picker outlined in red.
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(review.getByRole('alert').filter({ hasText: DATES_REQUIRED })).toBeVisible();
  for (const customer of [first, second]) {
    await expect(datePicker(page, customer)).toHaveAttribute('aria-invalid', 'true');
    await expect(datePicker(page, customer)).toHaveCSS('border-top-color', /^(rgb\(2[23]\d, [3-6]\d, [3-6]\d\)|oklch\(0\.6\d* 0\.2\d*)/);
  }
  await expectNoSeriousA11yViolations(page);
  await review.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'review');
  expect((await openUpload(api)).customers.result.map((customer) => customer.menu_upload_status)).toEqual(['IN-PROGRESS', 'IN-PROGRESS']);

  // Past days cannot be chosen: the calendar opens on this month with every earlier day disabled.
  await datePicker(page, first).click();
  const calendar = page.getByRole('grid', { name: new RegExp(`^Delivery date for ${escape(first.customer_name)}, ${format(localDay(marketDay(0)), 'MMMM yyyy')}$`) });
  await expect(calendar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  const today = localDay(marketDay(0));
  await expect(calendar.getByRole('button', { disabled: true })).toHaveCount(today.getDate() - 1);
  if (today.getDate() > 1) await expect(calendar.getByRole('button', { name: format(localDay(marketDay(-1)), 'EEEE, MMMM d, yyyy') })).toBeDisabled();
  await expect(calendar.getByRole('button', { name: format(today, 'EEEE, MMMM d, yyyy') })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'calendar');
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();

  // One date set: only the other picker stays red.
  const firstDay = marketDay(phone ? 3 : 4);
  const secondDay = marketDay(phone ? 9 : 10);
  await pickDate(page, testInfo, first, firstDay, phone ? 3 : 4);
  await expect(datePicker(page, first)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(datePicker(page, second)).toHaveAttribute('aria-invalid', 'true');
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(review.getByRole('alert').filter({ hasText: DATES_REQUIRED })).toBeVisible();
  await pickDate(page, testInfo, second, secondDay, phone ? 9 : 10);
  await expect(datePicker(page, second)).not.toHaveAttribute('aria-invalid', 'true');

  const outcome = await confirmUpload(page, referenceId, `Upload ${referenceId}: 2 orders created.`);
  await expect(review).toBeHidden();

  // Exactly one new order per customer, holding the file's lines, for the chosen day.
  const created = (await ordersOf(api, [first, second])).filter((order) => !ordersBefore.some((before) => before.order_id === order.order_id));
  expect(created.map((order) => order.customer_id).sort()).toEqual([first.customer_id, second.customer_id].sort());
  for (const order of created) {
    const detail = await api.post<OrderDetail>(`/order/${order.order_id}/details`, { marketCode: MARKET });
    expect(Object.fromEntries(detail.items.map((item) => [item.batchNumber, item.noOfCase]))).toEqual(expected.get(order.customer_id));
    expect(detail.orderStatus).toBe('Pending');
    expect(detail.requestedDeliveryDate).toBe(order.customer_id === first.customer_id ? firstDay : secondDay);
    expect(detail.createdByName).toBe(USER);
    const customer = order.customer_id === first.customer_id ? first : second;
    await expect(outcome.getByRole('listitem').filter({ hasText: new RegExp(`^${escape(customer.customer_name)}:`) })).toHaveText(`${customer.customer_name}: ${order.reference_id}`);
  }
  expect(await availability(api, [b1, b2, b3])).toEqual({
    [b1.batch_number]: freeBefore[b1.batch_number]! - 4,
    [b2.batch_number]: freeBefore[b2.batch_number]! - 1,
    [b3.batch_number]: freeBefore[b3.batch_number]! - 3,
  });
  expect((await openUpload(api)).customers.result.filter((customer) => customer.customer_id === first.customer_id || customer.customer_id === second.customer_id)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'outcome');

  // The orders list shows them.
  for (const order of created) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(order.reference_id);
    await expect(page).toHaveURL(new RegExp(`search=${order.reference_id}`));
    const row = phone
      ? page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: order.reference_id })
      : page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: order.reference_id });
    await expect(row).toContainText(order.customer_name);
    await expect(row).toContainText('Pending');
  }
});

test('a malformed upload says what to fix and changes nothing', async ({ page, data, uploadCustomers: [first, second] }, testInfo) => {
  test.slow();
  const api = data.api(USER);
  const [b1, b2] = (await data.batches(2, { minCases: 2 })) as [OrderInventoryRow, OrderInventoryRow];
  const ordersBefore = await ordersOf(api, [first, second]);
  const freeBefore = await availability(api, [b1, b2]);

  await signIn(page, USER);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const dialog = await openUploadDialog(page);
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  // A file without Case Size: the dialog names the missing column before anything is sent.
  const noCaseSize = `no-case-size-${testInfo.project.name}.xlsx`;
  await chooseFile(dialog, noCaseSize, await xlsxOf([['Batch#', 'Dispensary Location(s)', 'Cases'], [b1.batch_number, first.customer_name, 1]]));
  await expect(previewOf(dialog, noCaseSize)).toBeVisible();
  const missing = dialog.getByRole('alert').filter({ hasText: 'The file is missing the column Case Size.' });
  await expect(missing).toBeVisible();
  await expect(missing).toContainText(COLUMNS_RULE);
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // A file the dialog accepts, with a Case Size that is not a number on row 3 and an unknown batch on row 4:
  // the server refuses it, naming the row and the column.
  const badRows = `bad-rows-${testInfo.project.name}.xlsx`;
  await chooseFile(
    dialog,
    badRows,
    await xlsxOf([
      ['Batch#', 'Dispensary Location(s)', 'Case Size'],
      [b1.batch_number, first.customer_name, 2],
      [b2.batch_number, second.customer_name, 'two'],
      ['MN-NO-SUCH-BATCH', `${first.customer_name}, ${second.customer_name}`, 1],
    ]),
  );
  await expect(previewOf(dialog, badRows)).toBeVisible();
  await expect(missing).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'Row 3, Case Size: two is not a whole number of cases above 0 (and 1 more problem)' });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal.getByRole('listitem')).toHaveText(['Row 4, Batch#: MN-NO-SUCH-BATCH is not a batch in this market']);
  await expect(dialog.getByRole('heading', { name: 'Upload Order File' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'refused');

  // Nothing changed: no review of these customers, no order for them, every case still free.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' }).or(page.getByRole('list', { name: 'Orders' })).first()).toBeVisible();
  for (const customer of [first, second]) await expect(reviewPanel(page).filter({ has: customerNamed(page, customer) })).toHaveCount(0);
  expect((await ordersOf(api, [first, second])).map((order) => order.order_id)).toEqual(ordersBefore.map((order) => order.order_id));
  expect(await availability(api, [b1, b2])).toEqual(freeBefore);
  expect((await openUpload(api)).customers.result.filter((customer) => customer.customer_id === first.customer_id || customer.customer_id === second.customer_id)).toEqual([]);
});
