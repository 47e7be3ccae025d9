// The bulk menu upload as a user drives it, shared by the specs that upload a spreadsheet (the order upload
// and the menu round trip): the dialog, the wait while another upload of the market is open, the review and
// its delivery dates.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { format } from 'date-fns';
import type { Customer, UploadCustomerResult } from '../../../src/shared/api/orders';
import { MARKET, type ApiClient } from './api';
import { isPhone } from './app';
import { expect } from './fixtures';
import { marketDay, usDate } from './market-days';

/** The upload dialog's rule (orders spec, section 4). */
export const COLUMNS_RULE = 'The file must include Batch#, Dispensary Location(s) and Case Size.';

const OTHER_UPLOAD_OPEN = /^Upload UPL-MN-\d{4} is (waiting for review|still creating orders)\./;

/** The day as a local date, for the calendar's labels. */
export const localDay = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export const openUpload = (api: ApiClient) => api.get<{ customers: { result: UploadCustomerResult[]; referenceId: string | null } }>(`/order/upload/status?marketCode=${MARKET}`);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function openUploadDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload Menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Order File' });
  // The dialog element itself has no box (its panel is fixed-positioned): its title shows it is open.
  await expect(dialog.getByRole('heading', { name: 'Upload Order File' })).toBeVisible();
  await expect(dialog.getByText(COLUMNS_RULE).first()).toBeVisible();
  return dialog;
}

export async function chooseFile(dialog: Locator, name: string, buffer: Buffer) {
  await dialog.getByLabel('Order file').setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
}

export const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Review uploaded orders' });

/**
 * The customer's name as the review shows it, whole: 'Blue Heron St. Paul' is not 'Blue Heron St. Paul Airport'
 * (another test's customer, under review in parallel), which a text or row-name prefix would also take.
 */
export const customerNamed = (page: Page, customer: Customer) => page.getByText(customer.customer_name, { exact: true });

/** A customer's row in the review: a table row on desktop, a card on a phone. */
export function reviewEntry(page: Page, testInfo: TestInfo, customer: Customer): Locator {
  return reviewPanel(page)
    .getByRole(isPhone(testInfo) ? 'listitem' : 'row')
    .filter({ has: customerNamed(page, customer) });
}

export const datePicker = (page: Page, customer: Customer) => page.getByRole('button', { name: new RegExp(`^Delivery date for ${escape(customer.customer_name)}: `) });

/**
 * Opens a customer's date picker and picks the day: with a finger on a phone (paging months with the
 * arrows), with the keyboard on desktop (the calendar opens on the first day it allows: today).
 */
export async function pickDate(page: Page, testInfo: TestInfo, customer: Customer, day: string, daysAhead: number) {
  await datePicker(page, customer).click();
  const calendar = page.getByRole('grid', { name: new RegExp(`^Delivery date for ${escape(customer.customer_name)}, `) });
  await expect(calendar).toBeVisible();
  const label = format(localDay(day), 'EEEE, MMMM d, yyyy');
  if (isPhone(testInfo)) {
    const month = format(localDay(day), 'MMMM yyyy');
    while (!((await calendar.getAttribute('aria-label')) ?? '').endsWith(month)) {
      const before = await calendar.getAttribute('aria-label');
      await page.getByRole('button', { name: 'Next month' }).click();
      await expect(calendar).not.toHaveAttribute('aria-label', before ?? '');
    }
    await calendar.getByRole('button', { name: label }).click();
  } else {
    await expect(calendar.getByRole('button', { name: format(localDay(marketDay(0)), 'EEEE, MMMM d, yyyy') })).toBeFocused();
    for (let step = 0; step < daysAhead; step += 1) await page.keyboard.press('ArrowRight');
    await expect(calendar.getByRole('button', { name: label })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(calendar).toBeHidden();
  await expect(datePicker(page, customer)).toHaveText(usDate(day));
}

/**
 * Confirms the review and answers the outcome banner of the upload, once it says `expected`. It waits for
 * whatever the upload came to first (its outcome, or a refusal shown in the review) so that a failure names
 * what the user saw rather than timing out on a banner that never came.
 */
export async function confirmUpload(page: Page, referenceId: string, expected: string): Promise<Locator> {
  await reviewPanel(page).getByRole('button', { name: 'Confirm' }).click();
  // A string in hasText matches case-insensitively, so it would also take the progress line ('Creating orders
  // for upload UPL-…: 0 of 2 done.', a status too) for the outcome; the expression is case-sensitive.
  const outcome = page.getByRole('status').filter({ hasText: new RegExp(`Upload ${referenceId}: `) });
  const refused = reviewPanel(page).getByRole('alert');
  await expect(outcome.or(refused).first()).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveCount(0);
  await expect(outcome.getByText(/^Upload UPL-/)).toHaveText(expected);
  return outcome;
}

/**
 * Sends the file from the dialog and waits for its review (naming `customer`: the page may have opened on
 * another upload's review). While another upload of the market is open the server refuses the file naming
 * that upload: wait for it to end, then start again from a fresh page.
 */
export async function uploadForReview(
  page: Page,
  testInfo: TestInfo,
  api: ApiClient,
  file: { name: string; buffer: Buffer; customer: Customer },
  check: (dialog: Locator) => Promise<void>,
) {
  for (let attempt = 1; ; attempt += 1) {
    const dialog = await openUploadDialog(page);
    await chooseFile(dialog, file.name, file.buffer);
    await check(dialog);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const busy = dialog.getByRole('alert').filter({ hasText: OTHER_UPLOAD_OPEN });
    const mine = reviewEntry(page, testInfo, file.customer);
    await expect(mine.or(busy).first()).toBeVisible({ timeout: 30_000 });
    if (!(await busy.isVisible())) return;
    if (attempt === 5) throw new Error('another upload kept the market busy');
    await expect.poll(async () => (await openUpload(api)).customers.referenceId, { timeout: 60_000 }).toBeNull();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    testInfo.annotations.push({ type: 'waited', description: 'another upload of the market was open' });
  }
}
