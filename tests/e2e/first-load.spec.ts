// What a device that has never opened the app gets first (issue 17): the sign-in panel painted before any
// script has run, its data asked for with the page, and files answered as files.
import { expect, test, type Page } from '@playwright/test';

/** How long the app's first load may take with nothing cached (what is asserted is where and how it paints, not how fast). */
const FIRST_LOAD_MS = 30_000;

/** Where the sign-in page's heading and introduction are drawn. */
async function panelBoxes(page: Page) {
  const heading = page.locator('main h1', { hasText: 'Welcome' });
  const introduction = page.locator('main p', { hasText: 'Orders, picklists and inventory for every market' });
  return { heading: await heading.boundingBox(), introduction: await introduction.boundingBox() };
}

test('the sign-in panel is painted before any script runs, exactly where the app then draws it', async ({ browser, page }, testInfo) => {
  const noScripts = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  try {
    const before = await noScripts.newPage();
    await before.goto('/login');
    await expect(before.locator('main h1')).toHaveText('Welcome');
    await expect(before.getByText('Sign in as a demo user')).toBeVisible();
    await expect(before.getByText('Demo mode').first()).toBeVisible();
    const painted = await panelBoxes(before);

    await page.goto('/login');
    // The app's whole first load on a browser with nothing cached (the first test of a project): on a loaded 2-core
    // machine it ran past the default 10 s twice in one afternoon's CI runs, and passed alone afterwards.
    await expect(page.getByRole('list', { name: 'Demo users' })).toBeVisible({ timeout: FIRST_LOAD_MS });
    expect(await panelBoxes(page)).toEqual(painted);
  } finally {
    await noScripts.close();
  }
});

test('the sign-in page paints with its own styles, and the app waits for its whole style sheet before drawing a screen', async ({ page }) => {
  // When the app's first screen appears (the picker's picklists), whether the app's style sheet had loaded.
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { appStylesAtFirstScreen: boolean[] }).appStylesAtFirstScreen = seen;
    new MutationObserver(() => {
      if (seen.length === 0 && [...document.querySelectorAll('#root h1')].some((heading) => heading.textContent === 'Picklists')) seen.push([...document.styleSheets].some((sheet) => /\/assets\/index-[\w-]+\.css$/.test(sheet.href ?? '')));
    }).observe(document, { childList: true, subtree: true });
  });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/login');
  const html = await response!.text();
  expect(html).toMatch(/<style>/);
  expect(html).toMatch(/<template id="app-styles"><link rel="stylesheet"[^>]*href="\/assets\/index-/);
  await expect(page.getByRole('list', { name: 'Demo users' }).getByRole('button').first()).toBeVisible();
  // Asked for once the page has painted, by boot.ts, with the install manifest (which the page held back too).
  await expect.poll(() => stylesheets.filter((file) => /^\/assets\/index-[\w-]+\.css$/.test(file))).toHaveLength(1);
  expect(html.replace(/<template id="app-styles">[\s\S]*?<\/template>/, '')).not.toContain('rel="manifest"');
  await expect(page.locator('head > link[rel="manifest"]')).toHaveCount(1);

  await page.getByRole('button', { name: /^Casey Nguyen/ }).click();
  await expect(page.getByRole('heading', { name: 'Picklists' })).toBeVisible({ timeout: FIRST_LOAD_MS });
  expect(await page.evaluate(() => (window as unknown as { appStylesAtFirstScreen: boolean[] }).appStylesAtFirstScreen)).toEqual([true]);
});

test('the sign-in screen is complete with the page: the sign-in mode and the demo users come in it, with no API call', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('list', { name: 'Demo users' }).getByRole('button').first()).toBeVisible();
  expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
});

test('robots.txt is the real file, and a missing file is a 404 rather than the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  for (const path of ['/assets/index-0ld8uild.js', '/.well-known/security.txt', '/sitemap.xml']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('<div id="root">');
  }
});
