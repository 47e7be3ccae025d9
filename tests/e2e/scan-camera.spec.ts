// Scan to confirm with the camera: Chromium's webcam plays a video of tag barcodes (Code 128, as Metrc
// prints them). The picker opens the scanner on a picklist and points it at a case of another batch
// first (the screen flashes red, the phone buzzes, the scanner stays open), then at a case of the
// picklist (the scanner closes and the item is found and ticked). The decoding is the app's own: the
// barcode-detector polyfill (ZXing-C++ in WebAssembly), since Chromium on Linux has no BarcodeDetector.
// Nothing is saved; both picklists are the test's own.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from '../../playwright.config';
import { expectNoSeriousA11yViolations, isPhone, signIn } from './support/app';
import { writeCameraVideo } from './support/fake-camera';
import { expect, test } from './support/fixtures';

test('the camera finds a tag of the picklist and flashes red for a case of another batch', async ({ data, baseURL }, testInfo) => {
  // A picklist whose items can be named on screen, and a tag of another batch, on another picklist.
  const picklist = await data.picklist([1, 1]);
  const otherTag = (await data.picklist([1])).items[0]!.tag_numbers[0];
  const target = picklist.items.filter((item) => item.tag_numbers.length > 0).at(-1);
  if (!target || !otherTag) throw new Error('the batches the test ordered from have no tags to scan');

  const folder = mkdtempSync(path.join(os.tmpdir(), 'wbo-camera-'));
  const video = path.join(folder, 'tags.y4m');
  // The wrong case first, a moment of nothing, then the right one; Chromium plays the video from its
  // start when the scanner opens the camera, and loops it. The wrong case stays in view long enough for
  // the accessibility check of the scanner saying so, before the right one can close it.
  writeCameraVideo(video, [
    { tag: otherTag, seconds: 8 },
    { tag: null, seconds: 1 },
    { tag: target.tag_numbers[0]!, seconds: 3 },
  ]);
  // The full Chromium: the headless shell that the other specs drive has no camera ('This browser cannot use the camera here').
  const browser = await chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, permissions: ['camera'] });
    await context.addInitScript(() => {
      const buzzes: unknown[] = [];
      (window as unknown as { buzzes: unknown[] }).buzzes = buzzes;
      Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern: unknown) => (buzzes.push(pattern), true) });
      // The red flash lasts a moment: on a busy machine it can be gone before the test looks, so the page counts
      // each one as it is added.
      const counted = { flashes: 0 };
      (window as unknown as { flashes: typeof counted }).flashes = counted;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof HTMLElement && (node.dataset.testid === 'scan-flash' || node.querySelector('[data-testid="scan-flash"]'))) counted.flashes += 1;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    try {
      await signIn(page, 'Casey Nguyen', { from: `/orders/picklists/${picklist.picklist_id}` });
      await expect(page.getByRole('heading', { level: 1, name: picklist.picklist_reference_id })).toBeVisible();

      await page.getByRole('button', { name: isPhone(testInfo) ? 'Scan tag' : 'Scan', exact: true }).click();
      const scanner = page.getByRole('dialog', { name: 'Scan a tag' });
      await expect(scanner.getByLabel('Camera view')).toBeVisible();
      await expect(scanner.getByText('Looking for a barcode…')).toBeVisible();

      // Another batch's case: a red flash, a buzz, and the scanner says so and keeps looking.
      await expect(scanner.getByRole('alert').filter({ hasText: `Tag ${otherTag} is not on this picklist. It belongs to another batch: do not pick this case.` })).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { flashes: { flashes: number } }).flashes.flashes)).toBe(1);
      await expect(page.getByRole('dialog', { name: 'Scan a tag' })).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes)).toEqual([[200, 100, 200]]);
      await expectNoSeriousA11yViolations(page);

      // The picklist's case: the scanner closes and the item is ticked, ready for Mark as Picked.
      await expect(scanner).toBeHidden({ timeout: 20_000 });
      await expect(page.getByRole('checkbox', { name: `Select ${target.product_name}` }).first()).toBeChecked();
      await expect(page.getByText('1 row(s) selected')).toBeVisible();
    } catch (error) {
      // This browser is the test's own, outside Playwright's trace: keep what the page showed.
      await testInfo.attach('page.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      await testInfo.attach('page.html', { body: await page.content(), contentType: 'text/html' });
      throw error;
    }
    await context.close();
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
