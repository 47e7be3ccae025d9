import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, isPhone, openNavigation, signIn } from './support/app';

async function openRowActions(page: Page, name: string) {
  const row = page.getByRole('row', { name: new RegExp(name) }).or(page.getByRole('article', { name }));
  await row.getByRole('button', { name: 'Row actions' }).click();
}

test('a Market Admin changes a role, and that user’s sidebar follows it', async ({ page, browser }, testInfo) => {
  // Phone and desktop run at once on one database: each changes a different market's user.
  const phone = isPhone(testInfo);
  const admin = phone ? 'Grace Kim' : 'Marcus Bell';
  const target = phone ? 'Riley Chen' : 'Priya Shah';
  const market = phone ? 'Florida' : 'Illinois';

  await signIn(page, admin);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users & Roles' })).toBeVisible();
  if (!phone) await page.getByRole('tab', { name: 'All users' }).click();
  await openRowActions(page, target);
  await page.getByRole('menuitem', { name: phone ? 'Change role' : `Give a role in ${market}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: new RegExp(`Role in ${market}`) }).click();
  await page.getByRole('option', { name: phone ? 'Fulfilment Person' : 'Sales Person' }).click();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: `${target} is now` })).toBeVisible();

  const other = await browser.newContext({ viewport: page.viewportSize()!, isMobile: phone, hasTouch: phone });
  const theirPage = await other.newPage();
  await signIn(theirPage, target);
  if (!phone) {
    // Priya now works in two markets: the switcher offers Illinois.
    await theirPage.getByRole('button', { name: /Switch market/ }).click();
    await theirPage.getByRole('menuitem', { name: /Illinois/ }).click();
  }
  const nav = await openNavigation(theirPage, testInfo);
  if (phone) {
    await expect(nav.getByRole('link', { name: /^Picklists/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Import History/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Menu Management/ })).toHaveCount(0);
  } else {
    await expect(nav.getByRole('link', { name: /^Orders/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Users & Roles/ })).toHaveCount(0);
  }
  await other.close();
});

test('deactivating asks first; the user is then refused at their next request and cannot sign in until reactivated', async ({ page, browser }, testInfo) => {
  // Phone and desktop run at once: each works on its own market's second user.
  const phone = isPhone(testInfo);
  const admin = phone ? 'Alex Morgan' : 'Elena Petrova';
  const target = phone ? 'Pat Quinn' : 'Luis Ortega';
  await signIn(page, admin);
  await page.goto('/admin/users');
  await openRowActions(page, admin);
  await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toBeDisabled();
  await page.keyboard.press('Escape');

  async function changeStatus(action: 'Activate' | 'Deactivate', toast: string) {
    await openRowActions(page, target);
    await page.getByRole('menuitem', { name: action }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: `${action} ${target}?` })).toBeVisible();
    await confirm.getByRole('button', { name: action, exact: true }).click();
    await expect(page.getByText(toast)).toBeVisible();
  }

  // Pat starts deactivated: the admin lets them back in first.
  if (phone) await changeStatus('Activate', 'Pat Quinn can sign in again.');

  const other = await browser.newContext({ viewport: page.viewportSize()!, isMobile: phone, hasTouch: phone });
  const theirPage = await other.newPage();
  await signIn(theirPage, target);

  await changeStatus('Deactivate', `${target} is deactivated and can no longer sign in.`);

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
    await changeStatus('Activate', 'Luis Ortega can sign in again.');
    await loginPage.reload();
    await expect(loginPage.getByRole('button', { name: /^Luis Ortega/ })).toBeVisible();
  }
  await fresh.close();
});

test('Ctrl+K opens Manage Columns: a column can be hidden and the default restored', async ({ page }) => {
  await signIn(page, 'Alex Morgan');
  await page.goto('/admin/users');
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
  await signIn(page, 'Alex Morgan');
  await page.goto('/admin/users');
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
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Deactivate Jordan Lee?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  const jordan = page.getByRole('row', { name: /Jordan Lee/ }).or(page.getByRole('article', { name: 'Jordan Lee' }));
  await expect(jordan.getByText('Active', { exact: true })).toBeVisible();
});
