// Inventory issues end to end: a Market Admin selects two open issues and refreshes them; the job re-checks
// them against the simulated seed-to-sale system and lab, the screen follows it to its result, and the issues
// it fixed leave the tab's count and the sidebar's. Each project uses a market of its own, held against the
// import specs, whose commits replace a location's issues.
import type { InventoryIssueRow, IssueRefreshStatusRecord } from '../../src/shared/api/inventory-issues';
import type { MarketCode } from '../../src/shared/enums';
import { apiAs } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, signIn, tableRows } from './support/app';
import { expect, test } from './support/fixtures';
import { holdMarket } from './support/imports';

type IssuesPage = { data: InventoryIssueRow[]; totalTabCounts: { item_issues: number; lab_warning: number } };

test('a Market Admin refreshes two issues: the result is shown and the fixed ones leave the counts', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { market, admin } = isPhone(testInfo) ? { market: 'IL' as MarketCode, admin: 'Marcus Bell' as const } : { market: 'NJ' as MarketCode, admin: 'Tom Okafor' as const };
  const api = apiAs(request, baseURL!, admin, market);
  const release = await holdMarket(baseURL!, market);
  try {
    const issues = async (): Promise<IssuesPage> =>
      (await (await api.send('POST', '/inventory/issues', { marketCode: market, tab: 'item_issues', pagination: { page: 1, pageSize: 2 } })).json()) as IssuesPage;
    const before = await issues();
    expect(before.data.length, `${market} has open item issues`).toBe(2);
    const statsBefore = await api.get<{ issueCount: number }>(`/inventory/stat?marketCode=${market}`);

    await signIn(page, admin);
    await page.goto('/inventory/issues');
    await expect(page.getByRole('heading', { name: 'Inventory Issues', level: 1 })).toBeVisible();
    await expect(page.getByText(/Last import: /)).toBeVisible();
    const tab = page.getByRole('tab', { name: /^Item Issues/ });
    await expect(tab).toContainText(before.totalTabCounts.item_issues > 99 ? '99+' : String(before.totalTabCounts.item_issues));

    const rows = tableRows(page, 'Item Issues');
    for (const issue of before.data) {
      await rows.filter({ hasText: issue.batch_id }).first().getByRole('checkbox').check();
    }
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Refresh selected (2)' }).click();

    // The job runs in the background; the screen asks for its status every 10 s until it ends.
    const result = page.getByText(/^\d+ of 2 items fixed$/);
    await expect(result).toBeVisible({ timeout: 45_000 });
    const latest = await api.get<IssueRefreshStatusRecord>(`/inventory/issues/refresh/status?marketCode=${market}`);
    expect(latest).toMatchObject({ issue_status: 'COMPLETED', no_of_items: 2 });
    await expect(result).toHaveText(`${latest.no_of_fixed_items} of 2 items fixed`);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('refreshed.png'), fullPage: true });

    // What it counts as fixed is what it closed: exactly that many of the two are no longer open, and the
    // list no longer shows them.
    const stillOpen: string[] = [];
    for (const issue of before.data) {
      const found = (await (await api.send('POST', '/inventory/issues', { marketCode: market, tab: 'item_issues', search: issue.batch_id, pagination: { page: 1, pageSize: 25 } })).json()) as IssuesPage;
      if (found.data.some((row) => row.batch_id === issue.batch_id && row.product_name === issue.product_name)) stillOpen.push(issue.batch_id);
    }
    expect(stillOpen.length).toBe(2 - latest.no_of_fixed_items);
    for (const issue of before.data.filter((each) => !stillOpen.includes(each.batch_id))) await expect(rows.filter({ hasText: issue.batch_id })).toHaveCount(0);

    // What it fixed is closed: the tab and the sidebar's statistics count that many fewer.
    const after = await issues();
    expect(after.totalTabCounts.item_issues).toBe(before.totalTabCounts.item_issues - latest.no_of_fixed_items);
    const expected = after.totalTabCounts.item_issues;
    await expect(tab).toContainText(expected > 99 ? '99+' : String(expected));
    const statsAfter = await api.get<{ issueCount: number }>(`/inventory/stat?marketCode=${market}`);
    expect(statsAfter.issueCount).toBe(statsBefore.issueCount - latest.no_of_fixed_items);
  } finally {
    release();
  }
});
