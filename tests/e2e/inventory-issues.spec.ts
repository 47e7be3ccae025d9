// Inventory issues end to end, as issue 12 tells it: a commit leaves a new batch out of stock because no standard
// case size of its product fits, and an Item Issue 009 says so; the Market Admin gives the product a size that
// fits on the standard case sizes screen, refreshes that issue, and sees it fixed and the counts fall by one.
// Each project uses a market of its own, held against the import specs, whose commits replace a location's issues.
import { CASE_SIZE_MESSAGES, CASE_SIZE_SLOTS, MAX_CASE_SIZE, caseSizeSlotKey, type CaseSizeRow } from '../../src/shared/api/case-sizes';
import type { ImportDetailRow, InventoryLocation } from '../../src/shared/api/inventory-import';
import type { InventoryIssueRow, IssueRefreshStatusRecord } from '../../src/shared/api/inventory-issues';
import type { MarketCode } from '../../src/shared/enums';
import { apiAs, type ApiClient, type DemoUserName } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, openNavigation, signIn, tableRows } from './support/app';
import { expect, test } from './support/fixtures';
import { discardIfWaiting, holdMarket, importStatusOf } from './support/imports';

type IssuesPage = { data: InventoryIssueRow[]; totalTabCounts: { item_issues: number; lab_warning: number } };

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

async function openIssues(api: ApiClient, market: MarketCode, search?: string): Promise<IssuesPage> {
  const response = await api.send('POST', '/inventory/issues', { marketCode: market, tab: 'item_issues', search, pagination: { page: 1, pageSize: 25 } });
  return (await response.json()) as IssuesPage;
}

async function caseSizeRowOf(api: ApiClient, market: MarketCode, productName: string): Promise<CaseSizeRow> {
  const rows = await api.post<CaseSizeRow[]>('/products/case-sizes', {
    marketCode: market,
    pagination: { page: 1, pageSize: 100 },
    columnFilter: [{ column: 'productName', type: 'text', value: productName }],
  });
  const row = rows.find((candidate) => candidate.productName === productName);
  if (!row) throw new Error(`${productName} is not in the case-size list of ${market}`);
  return row;
}

/** Every Case Size Errors row of an import: batches in stock whose quantity fits no size come first, and fill pages. */
async function caseSizeErrors(api: ApiClient, market: MarketCode, referenceId: string): Promise<ImportDetailRow[]> {
  const rows: ImportDetailRow[] = [];
  for (let page = 1; ; page += 1) {
    const found = (await (
      await api.send('POST', `/inventory/import/${referenceId}/details`, { marketCode: market, tab: 'case_size_errors', pagination: { page, pageSize: 200 } })
    ).json()) as { data: ImportDetailRow[]; pagination: { totalPages: number } };
    rows.push(...found.data);
    if (page >= found.pagination.totalPages) return rows;
  }
}

/**
 * The open Item Issue 009 of a new batch the commit held back because no standard case size fits it, whose
 * product has an empty slot for a size that does: the batch's quantity, as one case.
 */
async function fixableIssue(api: ApiClient, market: MarketCode, referenceId: string) {
  const heldBack = (await caseSizeErrors(api, market, referenceId)).filter((row) => row.held_back);
  for (const row of heldBack) {
    const quantity = row.total_quantity;
    if (!row.product_name || quantity === null || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CASE_SIZE) continue;
    const issue = (await openIssues(api, market, row.batch_id)).data.find((each) => each.batch_id === row.batch_id && each.reason_code === '009');
    const product = await caseSizeRowOf(api, market, row.product_name);
    const slot = CASE_SIZE_SLOTS.find((each) => product[caseSizeSlotKey(each)] === null);
    if (issue && slot) return { issue, product, slot, size: quantity };
  }
  throw new Error(`No new batch ${referenceId} held back for its case sizes has an open 009 and a product with an empty slot: ${heldBack.length} held back`);
}

test('a Market Admin refreshes issues after fixing a product’s case sizes and sees the count fall', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { market, admin } = isPhone(testInfo) ? { market: 'IL' as MarketCode, admin: 'Marcus Bell' as DemoUserName } : { market: 'NJ' as MarketCode, admin: 'Tom Okafor' as DemoUserName };
  const api = apiAs(request, baseURL!, admin, market);
  const release = await holdMarket(baseURL!, market);
  let referenceId: string | undefined;
  try {
    // An import of every location of the market, committed: the simulator brings each location a new batch in a
    // quantity none of its product's standard case sizes fits, which the commit leaves out and opens a 009 for.
    const locations = await api.post<InventoryLocation[]>('/locations/query', { market: [market] });
    const started = await api.post<{ reference_id: string }>('/inventory/import/initiate', { market_code: market, inventory_location_ids: locations.map((location) => location.inventory_location_id) });
    referenceId = started.reference_id;
    await expect.poll(() => importStatusOf(api, market, started.reference_id), { timeout: 30_000 }).toBe('FETCH_COMPLETED');
    await api.post(`/inventory/import/${referenceId}/action`, { action: 'commit' });
    const { issue, product, slot, size } = await fixableIssue(api, market, referenceId);
    expect(issue).toMatchObject({ metadata_label: 'manual_review', total_quantity: size, import_reference_id: referenceId });
    const before = await openIssues(api, market);
    const statsBefore = await api.get<{ issueCount: number }>(`/inventory/stat?marketCode=${market}`);

    // The standard case sizes screen: the batch's quantity as one case of its product, in an empty slot.
    await signIn(page, admin, { from: '/config/standard-case-sizes' });
    await expect(page.getByRole('heading', { name: CASE_SIZE_MESSAGES.title, level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(product.productName);
    const input = page.getByRole('spinbutton', { name: `Standard Case Size ${slot} for ${product.productName}` });
    await input.fill(String(size));
    await input.blur();
    await page.getByRole('button', { name: 'Save (1)' }).click();
    await expect(page.getByText(CASE_SIZE_MESSAGES.saved)).toBeVisible();
    await expect(input).toHaveValue(String(size));
    expect((await caseSizeRowOf(api, market, product.productName))[caseSizeSlotKey(slot)]).toBe(size);

    // The issue is still open: saving a size changes no issue until a refresh checks it again.
    await page.goto('/inventory/issues');
    await expect(page.getByRole('heading', { name: 'Inventory Issues', level: 1 })).toBeVisible();
    await expect(page.getByText(/Last import: /)).toBeVisible();
    // The badge shows at most 99+; its name for screen readers has the whole count.
    const tab = page.getByRole('tab', { name: /^Item Issues/ });
    await expect(tab).toHaveAccessibleName(`Item Issues ${before.totalTabCounts.item_issues} open issues`);
    await expect(tab).toContainText(badgeText(before.totalTabCounts.item_issues));
    await page.getByRole('searchbox', { name: 'Search' }).fill(issue.batch_id);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    const rows = tableRows(page, 'Item Issues');
    const row = rows.filter({ hasText: issue.batch_id }).first();
    await expect(row).toContainText('manual_review');
    await row.getByRole('checkbox').check();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('before-refresh.png'), fullPage: true });
    await page.getByRole('button', { name: 'Refresh selected (1)' }).click();

    // The job runs in the background; the screen asks for its status every 10 s until it ends.
    // The banner says what the run's comment says.
    const result = page.getByText(/^\d+ of 1 item fixed$/);
    await expect(result).toBeVisible({ timeout: 45_000 });
    await expect(result).toHaveText('1 of 1 item fixed');
    const latest = await api.get<IssueRefreshStatusRecord>(`/inventory/issues/refresh/status?marketCode=${market}`);
    expect(latest).toMatchObject({ issue_status: 'COMPLETED', no_of_items: 1, no_of_fixed_items: 1, comments: '1 of 1 item fixed' });
    await expect(rows.filter({ hasText: issue.batch_id })).toHaveCount(0);

    // Fixed and closed: the tab and the sidebar's statistics count one fewer.
    const after = await openIssues(api, market);
    expect(after.totalTabCounts.item_issues).toBe(before.totalTabCounts.item_issues - 1);
    expect((await openIssues(api, market, issue.batch_id)).data.filter((each) => each.batch_id === issue.batch_id)).toEqual([]);
    await expect(tab).toHaveAccessibleName(`Item Issues ${after.totalTabCounts.item_issues} open issues`);
    await expect(tab).toContainText(badgeText(after.totalTabCounts.item_issues));
    const statsAfter = await api.get<{ issueCount: number }>(`/inventory/stat?marketCode=${market}`);
    expect(statsAfter.issueCount).toBe(statsBefore.issueCount - 1);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('refreshed.png'), fullPage: true });
    const navigation = await openNavigation(page, testInfo);
    await expect(navigation.getByRole('link', { name: new RegExp(`^Inventory Issues,? ${statsAfter.issueCount} incomplete inventory items$`) })).toBeVisible();
  } finally {
    try {
      // A failed run leaves no import holding the market's locations.
      if (referenceId) {
        await expect.poll(() => importStatusOf(api, market, referenceId!), { timeout: 30_000 }).not.toBe('IN_PROGRESS');
        await discardIfWaiting(api, market, referenceId);
      }
    } finally {
      release();
    }
  }
});
