// Reconciliation end to end: a Market Admin reconciles a market's locations against the simulated Metrc,
// which reports a lower quantity for some batches and new tags for others; accepts one lower quantity with
// the reason 'Other' and a comment, sees a batch with new tags offered no such action, exports the report and
// opens the workbook, and completes the run. Each project reconciles a market of its own, held against the
// import specs (whose commits change the same stock).
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { InventoryLocation } from '../../src/shared/api/inventory-import';
import { RECON_MESSAGES, type ReconBatchRow } from '../../src/shared/api/reconciliation';
import type { MarketCode } from '../../src/shared/enums';
import { apiAs, type DemoUserName } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, signIn, tableRows } from './support/app';
import { expect, test } from './support/fixtures';
import { holdMarket } from './support/imports';

type Market = { market: MarketCode; name: string; admin: DemoUserName };
const PHONE: Market = { market: 'IL', name: 'Illinois', admin: 'Marcus Bell' };
const DESKTOP: Market = { market: 'NJ', name: 'New Jersey', admin: 'Tom Okafor' };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a Market Admin reconciles: accepts a lower S2S quantity with a reason, exports the report and completes it', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { market, name, admin } = isPhone(testInfo) ? PHONE : DESKTOP;
  const api = apiAs(request, baseURL!, admin, market);
  const release = await holdMarket(baseURL!, market);
  try {
    const locations = await api.post<InventoryLocation[]>('/locations/query', { market: [market] });

    await signIn(page, admin, { from: '/inventory/reconciliation-report' });
    await expect(page.getByRole('heading', { name: RECON_MESSAGES.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(name)).toBeVisible();
    await expect(page.getByRole('tab', { name: RECON_MESSAGES.tab })).toBeVisible();
    const start = page.getByRole('button', { name: RECON_MESSAGES.initiate });
    await expect(start).toBeDisabled();
    for (const location of locations) await page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(location.display_name)}\\b`) }).check();
    await start.click();
    await expect(page).toHaveURL(/\/inventory\/reconciliation-report\/REC-[A-Z]{2}-\d+$/, { timeout: 60_000 });
    const reconId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: RECON_MESSAGES.reportTitle, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // What the simulator made of it: a lower S2S quantity to accept, and a batch with tags we do not know.
    const rows = (await (
      await api.send('POST', '/inventory/reconciliation/details', { marketCode: market, reconId, tab: 'inventory_mismatch', pagination: { page: 1, pageSize: 200 } })
    ).json()) as { data: ReconBatchRow[] };
    const lower = rows.data.find((row) => row.recon_batch_status === 'accept_s2s_inventory' && row.s2s_active_quantity < row.otc_active_quantity);
    const newTags = rows.data.find((row) => row.recon_batch_status === 'new_tags_detected');
    expect(lower, 'a batch the simulator reports lower').toBeDefined();
    expect(newTags, 'a batch the simulator reports new tags for').toBeDefined();

    await page.getByRole('tab', { name: /^Inventory Mismatch/ }).click();
    const search = page.getByRole('searchbox', { name: 'Search' });
    const table = tableRows(page, 'Inventory Mismatch');
    if (!isPhone(testInfo)) await expectRowActionsInReachAtTabletWidth(page, table);

    // New tags: no quantity to accept until they are imported.
    // Each search settles (its one row listed) before a row is used: a menu opened on the list it replaces closes.
    await search.fill(newTags!.batch_id);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    const tagged = table.filter({ hasText: newTags!.batch_id }).first();
    await expect(tagged).toContainText('New Tags Detected');
    await expect(tagged.getByRole('button', { name: 'Row actions' })).toHaveCount(0);

    // The lower quantity: accepted with 'Other', which needs ten characters of detail.
    await search.fill(lower!.batch_id);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    const row = table.filter({ hasText: lower!.batch_id }).first();
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: RECON_MESSAGES.acceptAction }).click();
    const dialog = page.getByRole('dialog', { name: RECON_MESSAGES.acceptAction });
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('button', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    const detail = dialog.getByRole('textbox', { name: 'Additional detail' });
    await detail.fill('  short  ');
    await expect(dialog.getByText(RECON_MESSAGES.otherDetail)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await detail.fill(`Recounted after the vault audit (${testInfo.project.name})`);
    await expect(confirm).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await confirm.click();
    await expect(page.getByText('The S2S active quantity was accepted.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const accepted = (await (
      await api.send('POST', '/inventory/reconciliation/details', { marketCode: market, reconId, tab: 'inventory_mismatch', search: lower!.batch_id, pagination: { page: 1, pageSize: 10 } })
    ).json()) as { data: ReconBatchRow[] };
    expect(accepted.data.find((each) => each.batch_id === lower!.batch_id)).toMatchObject({ accepted: true, reason_code: 99 });
    // The row shows the quantity the accept set, beside the compared one struck through.
    const quantity = new Intl.NumberFormat('en-US');
    await expect(row.getByRole('insertion').first()).toHaveText(`now ${quantity.format(lower!.s2s_active_quantity)}`);
    await expect(row.getByRole('deletion').first()).toHaveText(`was ${quantity.format(lower!.otc_active_quantity)}`);

    // Export: the report as a workbook with both tabs, served by a short-lived link.
    const [exported] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/inventory/reconciliation/${reconId}/action`) && response.request().postDataJSON()?.action === 'export'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const link = ((await exported.json()) as { data: { downloadUrl: string } }).data.downloadUrl;
    const file = await request.get(new URL(link, baseURL).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Status Mismatch', 'Inventory Mismatch']);
    const cells: string[] = [];
    workbook.getWorksheet('Inventory Mismatch')!.eachRow((sheetRow) => sheetRow.eachCell((cell) => void cells.push(String(cell.value))));
    expect(cells).toContain(lower!.batch_id);
    expect(cells).toContain(newTags!.batch_id);

    // Complete, after a confirmation; then nothing is offered that would change it.
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Complete this reconciliation?' }).getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText(`Reconciliation ${reconId} has been completed.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('completed.png'), fullPage: true });
  } finally {
    release();
  }
});

/**
 * At a tablet's 820 px the report's table is wider than its box and scrolls sideways: the row actions stay at its
 * right edge, in view and on top of what scrolls under them (they were past the box's edge, out of reach).
 */
async function expectRowActionsInReachAtTabletWidth(page: Page, table: Locator) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 820, height: 1180 });
  const actions = table.getByRole('button', { name: 'Row actions' }).first();
  await expect(actions).toBeInViewport({ ratio: 1 });
  const box = (await actions.boundingBox())!;
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'), [box.x + box.width / 2, box.y + box.height / 2]);
  expect(hit).toBe('Row actions');
  await page.setViewportSize(desktop);
}
