// Picklists end to end: the register and the detail, and offline picking as a picker in a vault does it:
// picks entered with no signal survive a reload, the app being killed and signing in again, reach the
// server exactly once, settle a conflict with a second picker, and get through a connection that drops
// a third of its requests. Each test picks a picklist of its own: an order it makes and approves first.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { PicklistDetail, PicklistItem } from '../../src/shared/api/picklists';
import { PICK_MESSAGES } from '../../src/shared/api/picklist-protocol';
import type { ApiClient } from './support/api';
import { expectNoSeriousA11yViolations, expectTouchSizedTargets, isPhone, signIn, waitForServiceWorker } from './support/app';
import { expect, test } from './support/fixtures';
import { marketDay } from './support/market-days';
import { persistedPicklistIds } from './support/persisted-cache';

const serverPicklist = (api: ApiClient, id: number) => api.get<PicklistDetail>(`/picklist/${id}/detail`);

/** Items whose product name is theirs alone on the picklist, so the screen can be asked for them by name. */
function distinctItems(detail: PicklistDetail): PicklistItem[] {
  return detail.items.filter((item) => detail.items.filter((other) => other.product_name === item.product_name).length === 1);
}

// ---- the screen ---------------------------------------------------------------------------------------

/** The item's card (phone) or row (desktop). */
function itemOf(page: Page, testInfo: TestInfo, item: PicklistItem): Locator {
  return isPhone(testInfo) ? page.getByRole('article', { name: item.product_name }) : page.getByRole('row', { name: new RegExp(escape(item.product_name)) });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const markAsPicked = (page: Page) => page.getByRole('button', { name: 'Mark as Picked' });
/** The edit calls: one edit (PUT …/edit) or a picklist's waiting edits together (POST …/edits). */
const EDIT_CALLS = '**/api/picklist/*/edit*';
const syncButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /waiting to sync|No edits waiting/ });

async function openPicklist(page: Page, detail: PicklistDetail) {
  await page.goto(`/orders/picklists/${detail.picklist_id}`);
  await expect(page.getByRole('heading', { level: 1, name: detail.picklist_reference_id })).toBeVisible();
}

/** Enters a short pick: one case fewer than ordered (the − stepper on a phone, typing on desktop) with a reason. */
async function pickShort(page: Page, testInfo: TestInfo, item: PicklistItem, reason: string) {
  const cases = item.no_of_case_ordered - 1;
  if (isPhone(testInfo)) await page.getByRole('button', { name: `One case fewer of ${item.product_name}` }).click();
  else await page.getByRole('spinbutton', { name: `Case Picked for ${item.product_name}` }).fill(String(cases));
  await expect(page.getByText(PICK_MESSAGES.reasonRequired(item.no_of_case_ordered))).toBeVisible();
  await expect(markAsPicked(page)).toBeDisabled();
  await page.getByRole('combobox', { name: `Reason for ${item.product_name}` }).selectOption({ label: reason });
  await expect(markAsPicked(page)).toBeEnabled();
  await markAsPicked(page).click();
}

/** Changes the reason of a short pick already made, and saves it. */
async function reason(page: Page, item: PicklistItem, label: string) {
  await page.getByRole('combobox', { name: `Reason for ${item.product_name}` }).selectOption({ label });
  await expect(markAsPicked(page)).toBeEnabled();
  await markAsPicked(page).click();
}

/** Enters a full pick: the item is ticked and keeps its ordered count, no reason needed. */
async function pickFull(page: Page, item: PicklistItem) {
  await page.getByRole('checkbox', { name: `Select ${item.product_name}` }).check();
  await expect(page.getByText('1 row(s) selected')).toBeVisible();
  await markAsPicked(page).click();
}

async function syncNow(page: Page) {
  await syncButton(page).click();
  const now = page.getByRole('button', { name: 'Sync now' });
  // The app may finish the sync on its own between a check and the click; the button is then disabled because
  // nothing waits, and the caller's next assertion says whether the sync really happened.
  await now.click({ timeout: 5_000 }).catch(async (error: unknown) => {
    if (await now.isEnabled()) throw error;
  });
  await page.keyboard.press('Escape');
}

// ---- the tests ----------------------------------------------------------------------------------------

test('the register and a picklist: columns, order links in a new tab, scan to confirm, not found, accessibly', async ({ page, data }, testInfo) => {
  const phone = isPhone(testInfo);
  const detail = await data.picklist([2, 1]);
  await signIn(page, 'Casey Nguyen');
  await expect(page).toHaveURL(/\/orders\/picklists$/);
  await expect(page.getByRole('heading', { name: 'Picklists', level: 1 })).toBeVisible();
  await expect(page.getByText('Market: Minnesota • One Order ID can have multiple Picklist IDs')).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill(detail.picklist_reference_id);
  const row = phone ? page.getByRole('article', { name: new RegExp(detail.picklist_reference_id) }) : page.getByRole('row', { name: new RegExp(detail.picklist_reference_id) });
  await expect(row).toBeVisible();
  if (!phone) {
    const headers = page.getByRole('columnheader');
    for (const name of ['Picklist ID', 'Order ID', 'Inventory Location', 'Dispensary Location (MSO)', '# of Cases', 'Status']) await expect(headers.filter({ hasText: name })).toHaveCount(1);
    for (const hidden of ['Percentage Completion', 'Delivery Date', 'Last Updated', 'Created On']) await expect(headers.filter({ hasText: hidden })).toHaveCount(0);
  }
  await expect(row).toContainText(`${detail.customer_name} (${detail.mso_owner_name})`);
  await expect(row).toContainText('Pending');
  await expectNoSeriousA11yViolations(page);

  /** The order link opens the preview in a new tab, and does not open the row. */
  async function checkOrderLink(scope: Locator) {
    const link = scope.getByRole('link', { name: new RegExp(detail.reference_id) });
    await expect(link).toHaveAttribute('href', `/orders/preview/${detail.order_id}`);
    await expect(link).toHaveAttribute('target', '_blank');
    const before = page.url();
    const popup = page.waitForEvent('popup');
    await link.click();
    await (await popup).close();
    expect(page.url()).toBe(before);
  }
  if (phone) {
    // A picker's card is one tap target, the picklist's: compact, with where, how much, when and how far.
    await expect(row).toContainText(detail.inventory_location_name);
    await expect(row).toContainText(`${detail.total_cases} cases`);
    await expect(row).toContainText('0% picked');
    await expect(row.getByRole('link')).toHaveCount(0);
    // At least four cards to a 390×844 screen, under the app's header.
    const { height } = (await row.boundingBox())!;
    expect(4 * (height + 12)).toBeLessThanOrEqual(844 - 56 - 32);
    await expectTouchSizedTargets(page);
    await page.screenshot({ path: testInfo.outputPath('picklists-phone.png') });
  } else {
    await checkOrderLink(row);
  }

  // Anywhere on the card (or the row) opens the picklist.
  await (phone ? row.click({ position: { x: 8, y: 8 } }) : row.getByText(detail.picklist_reference_id, { exact: true }).click());
  await expect(page).toHaveURL(new RegExp(`/orders/picklists/${detail.picklist_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: detail.picklist_reference_id })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Picklists' })).toBeVisible();
  await checkOrderLink(page.getByRole('region', { name: 'Picklist summary' }));
  if (phone) {
    await expectTouchSizedTargets(page);
    await page.screenshot({ path: testInfo.outputPath('picklist-phone.png'), fullPage: true });
  }
  await expect(page.getByText(`Picked 0 of ${detail.items.length} items (0%)`)).toBeVisible();
  await expect(page.getByText('0 row(s) selected')).toBeVisible();
  await expect(markAsPicked(page)).toBeDisabled();
  const [first, second] = distinctItems(detail);
  await expect(page.getByRole('spinbutton', { name: `Case Picked for ${first!.product_name}` })).toHaveValue(String(first!.no_of_case_ordered));
  await expectNoSeriousA11yViolations(page);

  // Scan to confirm, by typing: a known tag goes to its item and ticks it; another batch's tag is refused.
  const tagField = page.getByRole('search', { name: 'Find an item by tag' }).getByRole('textbox');
  await tagField.fill(second!.tag_numbers[0]!);
  await tagField.press('Enter');
  await expect(page.getByRole('checkbox', { name: `Select ${second!.product_name}` })).toBeChecked();
  await tagField.fill('1A40ZZ9999002EE100000001');
  await tagField.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'is not on this picklist' })).toBeVisible();

  await page.goto('/orders/picklists/999999999');
  await expect(page.getByRole('heading', { name: 'Picklist Not Found' })).toBeVisible();
  await expect(page.getByText('The requested picklist could not be found.')).toBeVisible();
});

test('every open picklist is put on the phone while there is signal: one never opened reads with none, after a reload too', async ({ page, context, data }, testInfo) => {
  // A picklist due today, which this test only reads: the prefetch keeps those with the nearest delivery dates.
  const never = await data.picklist([1, 1], { requestedDeliveryDate: marketDay(0) });
  await signIn(page, 'Casey Nguyen');
  await expect(page.getByRole('heading', { name: 'Picklists', level: 1 })).toBeVisible();
  await waitForServiceWorker(page);
  // The prefetch runs shortly after start; its copies reach IndexedDB with the rest of the query cache.
  await expect.poll(() => persistedPicklistIds(page), { timeout: 30_000 }).toContain(never.picklist_id);
  // Said once, quietly, in the header: the app and the open picklists are on the phone; the register marks them.
  await expect(page.getByRole('status').filter({ hasText: 'Ready offline' })).toContainText(/open picklists? (is|are) saved on this device/);
  const row = isPhone(testInfo) ? page.getByRole('article', { name: new RegExp(never.picklist_reference_id) }) : page.getByRole('row', { name: new RegExp(never.picklist_reference_id) });
  await expect(row).toContainText('Saved on this device');

  await context.setOffline(true);
  await page.goto(`/orders/picklists/${never.picklist_id}`);
  await expect(page.getByRole('heading', { level: 1, name: never.picklist_reference_id })).toBeVisible();
  await expect(page.getByText(`Picked 0 of ${never.items.length} items (0%)`)).toBeVisible();
  await expect(itemOf(page, testInfo, never.items[0]!).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: never.picklist_reference_id })).toBeVisible();
  await expect(itemOf(page, testInfo, never.items[0]!).first()).toBeVisible();

  // The register searched with no signal (a view never fetched) answers from the picklists saved on the
  // phone, and says so, with no progress bar that never ends.
  await page.goto(`/orders/picklists?search=${never.picklist_reference_id}`);
  await expect(page.getByRole('heading', { name: 'Picklists', level: 1 })).toBeVisible();
  await expect(page.getByText('Offline: showing saved picklists')).toBeVisible();
  await expect(row).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Showing 1–1 of 1');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await context.setOffline(false);
});

test('a shift offline: picks survive a reload, the app being killed and signing in again, and reach the server exactly once', async ({ page, context, data }, testInfo) => {
  // Three items: two are picked, so the picklist is In Progress and not Picked; the short pick needs two cases.
  const detail = await data.picklist([2, 1, 1]);
  const casey = data.api('Casey Nguyen');
  const [short, full] = distinctItems(detail).sort((a, b) => b.no_of_case_ordered - a.no_of_case_ordered);
  await signIn(page, 'Casey Nguyen');
  await expect(page.getByRole('heading', { name: 'Picklists', level: 1 })).toBeVisible();
  // The picker looks the picklist up in the register before walking into the vault.
  const registerView = `/orders/picklists?search=${detail.picklist_reference_id}`;
  await page.goto(registerView);
  const listed = () => (isPhone(testInfo) ? page.getByRole('article', { name: new RegExp(detail.picklist_reference_id) }) : page.getByRole('row', { name: new RegExp(detail.picklist_reference_id) }));
  await expect(listed()).toBeVisible();
  await openPicklist(page, detail);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await pickShort(page, testInfo, short!, 'Damaged');
  await expect(itemOf(page, testInfo, short!).getByText('Waiting to sync')).toBeVisible();
  await pickFull(page, full!);
  await expect(itemOf(page, testInfo, full!).getByText('Waiting to sync')).toBeVisible();
  await expect(syncButton(page)).toHaveAccessibleName(/^2 edits waiting to sync/);

  // Reload with no signal: the picklist and the pending picks are still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: detail.picklist_reference_id })).toBeVisible();
  await expect(itemOf(page, testInfo, short!).getByText('Partially Picked')).toBeVisible();
  await expect(itemOf(page, testInfo, short!).getByText('Waiting to sync')).toBeVisible();
  await expect(itemOf(page, testInfo, full!).getByText('Waiting to sync')).toBeVisible();
  await expect(syncButton(page)).toHaveAccessibleName(/^2 edits waiting to sync/);

  // The register opens with no signal too, from the cache, marking the picklist as waiting.
  await page.goto(registerView);
  await expect(listed().getByText('Waiting to sync')).toBeVisible();
  await expect(listed().getByText('In Progress')).toBeVisible();

  // The app is killed: a new page in the same browser, still offline, still has everything.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/orders/picklists/${detail.picklist_id}`);
  await expect(again.getByRole('heading', { level: 1, name: detail.picklist_reference_id })).toBeVisible();
  await expect(itemOf(again, testInfo, short!).getByText('Waiting to sync')).toBeVisible();

  // Logging out with picks waiting asks first; staying keeps the picker where they were.
  await again.getByRole('button', { name: 'Log out' }).click();
  const asking = again.getByRole('alertdialog', { name: '2 picks have not reached the server yet' });
  // The dialog element has no box of its own (its panel is fixed-positioned): its title shows it is open.
  await expect(asking.getByRole('heading')).toBeVisible();
  await asking.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(asking).toHaveCount(0);
  await expect(again.getByRole('heading', { level: 1, name: detail.picklist_reference_id })).toBeVisible();
  // Signing out anyway with no signal: the sign-in page says that it needs one, and that the picks are kept.
  await again.getByRole('button', { name: 'Log out' }).click();
  await asking.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(again).toHaveURL(/\/login/);
  const offline = again.getByRole('status').filter({ hasText: "You're offline. Signing in needs a connection" });
  await expect(offline).toContainText('Picks saved on this device stay on it and are sent when their picker signs in again.');

  // The signal returns and the sign-in page carries on by itself, but the picks cannot get through (the
  // edit calls fail) until the picker has signed in again.
  await context.route(EDIT_CALLS, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await again.getByRole('list', { name: 'Demo users' }).getByRole('button', { name: /^Casey Nguyen/ }).click();
  await expect(again).not.toHaveURL(/\/login/);
  await expect(syncButton(again)).toHaveAccessibleName(/^2 edits waiting to sync/);
  const before = await serverPicklist(casey, detail.picklist_id);
  expect(before.version).toBe(detail.version);

  await context.unroute(EDIT_CALLS);
  await syncNow(again);
  await expect(syncButton(again)).toHaveAccessibleName(/^No edits waiting\. Synced just now\./);

  // The server holds exactly what was entered, once: one version per save.
  const after = await serverPicklist(casey, detail.picklist_id);
  expect(after.version).toBe(detail.version + 2);
  const byId = new Map(after.items.map((item) => [item.picklist_item_id, item]));
  expect(byId.get(short!.picklist_item_id)).toMatchObject({ no_of_case_picked: short!.no_of_case_ordered - 1, pick_status: 'partial', reason_label: 'Damaged' });
  expect(byId.get(full!.picklist_item_id)).toMatchObject({ no_of_case_picked: full!.no_of_case_ordered, pick_status: 'complete', reason_id: null });
  for (const item of after.items.filter((i) => i.picklist_item_id !== short!.picklist_item_id && i.picklist_item_id !== full!.picklist_item_id)) expect(item.pick_status).toBeNull();
  expect(after.updated_user_name).toBe('Casey Nguyen');
});

test('a second picker changes the same item meanwhile: the first sees both values, keeps theirs, and it syncs', async ({ page, context, browser, data }, testInfo) => {
  // Two items: Alex picking the only item would close the picklist (a 409, not a conflict); the short pick needs two cases.
  const detail = await data.picklist([2, 1]);
  const casey = data.api('Casey Nguyen');
  const item = distinctItems(detail).find((candidate) => candidate.no_of_case_ordered >= 2)!;
  await signIn(page, 'Casey Nguyen');
  await openPicklist(page, detail);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await pickShort(page, testInfo, item, 'Damaged');
  await expect(itemOf(page, testInfo, item).getByText('Waiting to sync')).toBeVisible();

  // Alex, a Market Admin on another device, picks the whole item while Casey has no signal.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const alex = await other.newPage();
  await signIn(alex, 'Alex Morgan');
  await openPicklist(alex, detail);
  await pickFull(alex, item);
  await expect.poll(async () => (await serverPicklist(casey, detail.picklist_id)).version).toBe(detail.version + 1);
  await other.close();

  // Casey's signal returns: the pick conflicts, and both values are shown.
  await context.setOffline(false);
  const panel = page.getByText('Someone changed this item while you were picking.').locator('..');
  await expect(panel).toBeVisible();
  await expect(panel.getByText(`${item.no_of_case_ordered - 1} of ${item.no_of_case_ordered} cases · Damaged`)).toBeVisible();
  await expect(panel.getByText(`${item.no_of_case_ordered} of ${item.no_of_case_ordered} cases`, { exact: true })).toBeVisible();
  await expect(syncButton(page)).toHaveAccessibleName(/1 needs you/);
  await expectNoSeriousA11yViolations(page);

  await panel.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByText('Someone changed this item while you were picking.')).toHaveCount(0);
  await expect(syncButton(page)).toHaveAccessibleName(/^No edits waiting/);
  const after = await serverPicklist(casey, detail.picklist_id);
  expect(after.version).toBe(detail.version + 2);
  expect(after.items.find((i) => i.picklist_item_id === item.picklist_item_id)).toMatchObject({ no_of_case_picked: item.no_of_case_ordered - 1, reason_label: 'Damaged', pick_status: 'partial' });
  await expect(itemOf(page, testInfo, item).getByText('Partially Picked')).toBeVisible();
});

test('picking through a connection that drops a third of the requests loses and duplicates nothing', async ({ page, context, data }, testInfo) => {
  // Five items: four are picked and one is left for the end; the first is short-picked, so it needs two cases.
  const detail = await data.picklist([2, 1, 1, 1, 1]);
  const casey = data.api('Casey Nguyen');
  const distinct = distinctItems(detail);
  const first = distinct.find((item) => item.no_of_case_ordered >= 2)!;
  const [b, c, d] = distinct.filter((item) => item !== first);
  await signIn(page, 'Casey Nguyen');
  await openPicklist(page, detail);
  await waitForServiceWorker(page);

  // Every third edit call fails, alternately before it reaches the server and after the server applied
  // it (the answer is lost; a call carrying nothing new to the server then goes through, and the next
  // third loses one instead). A call carries one edit or several; the answer says of each edit whether it
  // was applied now or answered from the server's store (replayed).
  let calls = 0;
  let failedBefore = 0;
  let lostEdits = 0;
  let replayedEdits = 0;
  let severalInOneCall = 0;
  let nextFailure: 'before' | 'after' = 'before';
  const answered = (ok: boolean, replayedHeader: boolean, body: unknown) => {
    if (!ok) return { fresh: 0, replayed: 0 };
    const results = (body as { data?: { results?: { status: number; replayed: boolean }[] } } | null)?.data?.results;
    if (!results) return { fresh: replayedHeader ? 0 : 1, replayed: replayedHeader ? 1 : 0 };
    return { fresh: results.filter((r) => r.status === 200 && !r.replayed).length, replayed: results.filter((r) => r.status === 200 && r.replayed).length };
  };
  await context.route(EDIT_CALLS, async (route) => {
    calls += 1;
    if (route.request().method() === 'POST') severalInOneCall += 1;
    const third = calls % 3 === 2;
    if (third && nextFailure === 'before') {
      nextFailure = 'after';
      failedBefore += 1;
      await route.abort('connectionreset');
      return;
    }
    const response = await route.fetch();
    const { fresh, replayed } = answered(response.ok(), response.headers()['idempotent-replayed'] === 'true', await response.json().catch(() => null));
    if (third && fresh > 0) {
      nextFailure = 'before';
      lostEdits += fresh;
      await route.abort('connectionreset');
      return;
    }
    replayedEdits += replayed;
    await route.fulfill({ response });
  });

  /** Does something that sends, and waits until it has gone out (whatever became of it). */
  const tried = async (action: () => Promise<void>) => {
    const before = calls;
    await action();
    await expect.poll(() => calls).toBeGreaterThan(before);
  };
  /** Sends again until nothing waits. */
  const settle = () =>
    expect(async () => {
      await syncNow(page);
      await expect(syncButton(page)).toHaveAccessibleName(/^No edits waiting/, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });

  // With signal: each pick goes at once, in a call of its own.
  await tried(() => pickShort(page, testInfo, first, 'Damaged'));
  await tried(() => pickFull(page, b!));
  // No signal for a while: picks wait on the phone, with any that did not get through, and go together when it returns.
  await context.setOffline(true);
  await pickFull(page, c!);
  await reason(page, first, 'Expired');
  await context.setOffline(false);
  await settle();
  await tried(() => pickFull(page, d!));
  await settle();
  // The picker changes their mind about the reason, with signal, until the connection has both dropped
  // a call before the server had it and lost the answer of one it applied.
  let saves = 5;
  let lastReason = 'Expired';
  for (let round = 0; (failedBefore === 0 || lostEdits === 0) && round < 8; round += 1) {
    lastReason = lastReason === 'Expired' ? 'Damaged' : 'Expired';
    await tried(() => reason(page, first, lastReason));
    saves += 1;
    await settle();
  }

  const entered = new Map<number, { cases: number; reason: string | null }>([
    [first.picklist_item_id, { cases: first.no_of_case_ordered - 1, reason: lastReason }],
    ...[b!, c!, d!].map((item): [number, { cases: number; reason: string | null }] => [item.picklist_item_id, { cases: item.no_of_case_ordered, reason: null }]),
  ]);
  const after = await serverPicklist(casey, detail.picklist_id);
  // Each save applied once.
  expect(after.version).toBe(detail.version + saves);
  for (const item of after.items) {
    const mine = entered.get(item.picklist_item_id);
    if (!mine) expect(item.pick_status).toBeNull();
    else expect({ cases: item.no_of_case_picked, reason: item.reason_label }).toEqual(mine);
  }
  expect(severalInOneCall).toBeGreaterThan(0);
  expect(failedBefore).toBeGreaterThan(0);
  expect(lostEdits).toBeGreaterThan(0);
  // Every edit whose answer was lost was answered from the store later, once.
  expect(replayedEdits).toBe(lostEdits);
  await context.unroute(EDIT_CALLS);

  // With the signal back, picking the rest completes the picklist (short picks stay open to pick, so Select all takes them too).
  const fullPicks = [...entered.values()].filter((pick) => pick.reason === null).length;
  await page.getByRole('checkbox', { name: /Select all/ }).check();
  await expect(page.getByText(`${detail.items.length - fullPicks} row(s) selected`)).toBeVisible();
  await markAsPicked(page).click();
  await expect(page.getByRole('status').filter({ hasText: PICK_MESSAGES.complete })).toBeVisible();
  await expect(page.getByText(`Picked ${detail.items.length} of ${detail.items.length} items (100%)`)).toBeVisible();
  expect((await serverPicklist(casey, detail.picklist_id)).pick_status_label).toBe('Picked');
});
