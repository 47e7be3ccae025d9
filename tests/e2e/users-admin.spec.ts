import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectTouchSizedTargets, isPhone, openNavigation, signIn } from './support/app';

/** A user's row (desktop) or card (phone) in the list. */
const userEntry = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) }).or(page.getByRole('article', { name }));

async function openRowActions(page: Page, name: string) {
  await userEntry(page, name).getByRole('button', { name: 'Row actions' }).click();
}

test('a Market Admin adds an account from another market; deactivated there, it still works in its own', async ({ page, browser }, testInfo) => {
  // Phone and desktop run at once on one database: each adds a different market's admin to its own market.
  const phone = isPhone(testInfo);
  const admin = phone ? 'Grace Kim' : 'Marcus Bell';
  const target = phone ? 'Tom Okafor' : 'Priya Shah';
  const market = phone ? { code: 'FL', name: 'Florida' } : { code: 'IL', name: 'Illinois' };
  const own = phone ? 'New Jersey' : 'Nevada';
  const role = phone ? 'Fulfilment Person' : 'Sales Person';

  await signIn(page, admin, { from: '/admin/users' });
  await expect(page.getByRole('heading', { name: 'Users & Roles' })).toBeVisible();
  // Nobody outside the market is offered for a role change: the other market's admin is not listed.
  await page.getByRole('tab', { name: 'All your markets' }).click();
  await expect(userEntry(page, admin)).toBeVisible();
  await expect(userEntry(page, target)).toHaveCount(0);

  await page.getByRole('button', { name: `Add user to ${market.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add a user to ${market.name}` });
  await dialog.getByRole('searchbox', { name: 'Name or email' }).fill(target.split(' ')[1]!.toLowerCase());
  await dialog.getByRole('radio', { name: new RegExp(target) }).check();
  await dialog.getByRole('button', { name: new RegExp(`Role in ${market.name}`) }).click();
  await page.getByRole('option', { name: role }).click();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: `Add to ${market.name}` }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: `${target} is now ${role} in ${market.name}.` })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = userEntry(page, target);
  await expect(row.getByText(role, { exact: true })).toBeVisible();

  // The account now works in both markets: its switcher offers the new one, and its sidebar follows the role.
  const other = await browser.newContext({ viewport: page.viewportSize()!, isMobile: phone, hasTouch: phone });
  const theirPage = await other.newPage();
  await signIn(theirPage, target);
  await theirPage.getByRole('button', { name: /Switch market/ }).click();
  await theirPage.getByRole('menuitem', { name: new RegExp(market.name) }).click();
  await expect(theirPage.getByRole('button', { name: new RegExp(`Market: ${market.name}`) })).toBeVisible();
  const nav = await openNavigation(theirPage, testInfo);
  if (phone) {
    await expect(nav.getByRole('link', { name: /^Picklists/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Menu Management/ })).toHaveCount(0);
    await theirPage.keyboard.press('Escape');
  } else {
    await expect(nav.getByRole('link', { name: /^Orders/ })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: /^Users & Roles/ })).toHaveCount(0);

  // Deactivated in the admin's market only.
  await openRowActions(page, target);
  await page.getByRole('menuitem', { name: `Deactivate in ${market.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: `Deactivate ${target} in ${market.name}?` })).toBeVisible();
  await expect(confirm).toContainText('Their other markets are not affected.');
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByText(`${target} is deactivated in ${market.name}.`)).toBeVisible();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

  // Their app's next request there is refused: it moves them to their own market, where they still work.
  // Opening Orders may itself make that request (then they land on their own market's home, which need not
  // have a search box); when the list is fresh enough to show as it is, a search no cache can answer makes it.
  await (await openNavigation(theirPage, testInfo)).getByRole('link', { name: /^Orders/ }).click();
  const refused = theirPage.getByText(`You no longer have access to ${market.code}.`);
  let searches = 0;
  await expect(async () => {
    if (!(await refused.isVisible())) await theirPage.getByPlaceholder('Search...').fill(`ORD-${++searches}`, { timeout: 2_000 });
    await expect(refused).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(theirPage.getByLabel(`Market: ${own}`)).toBeVisible();
  await expect(theirPage.getByRole('button', { name: /Switch market/ })).toHaveCount(0);
  const ownNav = await openNavigation(theirPage, testInfo);
  await expect(ownNav.getByRole('link', { name: /^Users & Roles/ })).toBeVisible();
  await other.close();
});

test('deactivating a user in their only market asks first; they are then refused at their next request and cannot sign in until reactivated', async ({ page, browser }, testInfo) => {
  // Phone and desktop run at once: each works on its own market's second user.
  const phone = isPhone(testInfo);
  const admin = phone ? 'Alex Morgan' : 'Elena Petrova';
  const target = phone ? 'Pat Quinn' : 'Luis Ortega';
  const market = phone ? 'Minnesota' : 'Maryland';
  await signIn(page, admin, { from: '/admin/users' });
  await openRowActions(page, admin);
  await expect(page.getByRole('menuitem', { name: `Deactivate in ${market}` })).toBeDisabled();
  await page.keyboard.press('Escape');

  async function changeStatus(action: 'Activate' | 'Deactivate', toast: string) {
    await openRowActions(page, target);
    await page.getByRole('menuitem', { name: `${action} in ${market}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: `${action} ${target} in ${market}?` })).toBeVisible();
    await confirm.getByRole('button', { name: action, exact: true }).click();
    await expect(page.getByText(toast)).toBeVisible();
  }

  // Pat starts deactivated: the admin lets them back in first.
  if (phone) await changeStatus('Activate', 'Pat Quinn can work in Minnesota again.');

  const other = await browser.newContext({ viewport: page.viewportSize()!, isMobile: phone, hasTouch: phone });
  const theirPage = await other.newPage();
  await signIn(theirPage, target);

  // Their only market: deactivated there, they are refused everywhere.
  await changeStatus('Deactivate', `${target} is deactivated in ${market}.`);

  const status = await theirPage.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('gv-demo-session') ?? '{}') as { token?: string };
    return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } })).status;
  });
  expect(status).toBe(401);
  if (!phone) {
    // Their app's next call to the server (a badge poll, the picklist prefetch, or the reload's own
    // calls) answers 401, which signs them out.
    await theirPage.reload();
    await expect(theirPage).toHaveURL(/\/login/);
  }
  await other.close();

  // Someone arriving at the sign-in page no longer finds them, until they are reactivated.
  const fresh = await browser.newContext({ viewport: page.viewportSize()!, isMobile: phone, hasTouch: phone });
  const loginPage = await fresh.newPage();
  await loginPage.goto('/login');
  await expect(loginPage.getByRole('list', { name: 'Demo users' })).toBeVisible();
  await expect(loginPage.getByRole('button', { name: new RegExp(`^${target}`) })).toHaveCount(0);
  if (!phone) {
    await changeStatus('Activate', 'Luis Ortega can work in Maryland again.');
    await loginPage.reload();
    await expect(loginPage.getByRole('button', { name: /^Luis Ortega/ })).toBeVisible();
  }
  await fresh.close();
});

test('Ctrl+K opens Manage Columns: a column can be hidden and the default restored', async ({ page }) => {
  await signIn(page, 'Alex Morgan', { from: '/admin/users' });
  await expect(page.getByText('Jordan Lee').first()).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Manage Columns' });
  await expect(dialog.getByRole('heading', { name: 'Manage Columns' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Name/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Email' }).uncheck();
  await expect(page.getByText('jordan.lee@demo.greenvault.example')).toBeHidden();
  await dialog.getByRole('button', { name: 'Reset to Default' }).click();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('jordan.lee@demo.greenvault.example')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the change-role dialog and the deactivate confirmation are accessible, and cancelling changes nothing', async ({ page }) => {
  await signIn(page, 'Alex Morgan', { from: '/admin/users' });
  await expect(page.getByText('Jordan Lee').first()).toBeVisible();

  await openRowActions(page, 'Jordan Lee');
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const dialog = page.getByRole('dialog', { name: "Change Jordan Lee's role" });
  await expect(dialog.getByRole('button', { name: /Role in Minnesota/ })).toContainText('Sales Person');
  await expect(dialog.getByRole('button', { name: 'Save role' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await openRowActions(page, 'Jordan Lee');
  await page.getByRole('menuitem', { name: 'Deactivate in Minnesota' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Deactivate Jordan Lee in Minnesota?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(userEntry(page, 'Jordan Lee').getByText('Active', { exact: true })).toBeVisible();
});

test('the Which users tabs move with the arrow keys, and every target is thumb-sized on a phone', async ({ page }, testInfo) => {
  await signIn(page, 'Alex Morgan', { from: '/admin/users' });
  await expect(page.getByRole('heading', { name: 'Users & Roles' })).toBeVisible();
  const inMarket = page.getByRole('tab', { name: 'In Minnesota' });
  const all = page.getByRole('tab', { name: 'All your markets' });
  await expect(inMarket).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await inMarket.focus();
  await page.keyboard.press('ArrowRight');
  await expect(all).toBeFocused();
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=all/);
  await page.keyboard.press('ArrowLeft');
  await expect(inMarket).toHaveAttribute('aria-selected', 'true');
  if (isPhone(testInfo)) {
    await expect(userEntry(page, 'Alex Morgan')).toBeVisible();
    await expectTouchSizedTargets(page);
    await page.screenshot({ path: testInfo.outputPath('users-phone.png') });
  }
});
