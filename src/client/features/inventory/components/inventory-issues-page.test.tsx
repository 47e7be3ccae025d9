import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { InventoryIssueRow, IssueRefreshStatusRecord } from '../../../../shared/api/inventory-issues';
import type { IssueTab } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import type { TableState } from '../../../components/ui/data-table/types';
import { useAppStats } from '../../../lib/app-stats';
import { callsTo, failure, listPage, ok, renderInventoryScreen, testDetailRow, useInventoryScreenEnvironment, type ApiAnswers } from '../test-support';
import { InventoryIssuesPage } from './inventory-issues-page';

const LIST = 'POST /inventory/issues';
const REFRESH = 'POST /inventory/issues/refresh';
const STATUS = 'GET /inventory/issues/refresh/status';
const STATS = 'GET /inventory/stat';
const TOO_MANY = 'You can only refresh up to 100 items at a time. Please reduce your selection and try again.';
const LAST_IMPORT = '2026-03-02T15:04:00.000Z';

function issue(id: number, overrides: Partial<InventoryIssueRow> = {}): InventoryIssueRow {
  return {
    ...testDetailRow({ id, batch_id: `MN-B-${100 + id}`, product_name: `Product ${id}`, change: null, reason_code: 'RC-001', metadata_label: 'miss_item' }),
    import_reference_id: 'IMP-MN-000012',
    ...overrides,
  };
}

function refreshRecord(overrides: Partial<IssueRefreshStatusRecord> = {}): IssueRefreshStatusRecord {
  return {
    inventory_refresh_id: 7,
    market_code: 'MN',
    tab_name: 'item_issues',
    issue_status: 'IN-PROGRESS',
    comments: null,
    no_of_fixed_items: 0,
    no_of_items: 2,
    is_deleted: false,
    created_ts: '2026-03-02T16:00:00.000Z',
    created_user: '7',
    created_user_name: 'Avery Admin',
    updated_ts: '2026-03-02T16:00:00.000Z',
    updated_user: '7',
    ...overrides,
  };
}

type Counts = { item_issues: number; lab_warning: number };
const issuesPage = (rows: InventoryIssueRow[], counts: Counts = { item_issues: rows.length, lab_warning: 0 }, totalRecords = rows.length) =>
  listPage(rows, {
    totalTabCounts: counts,
    metaDetails: { lastImportTime: LAST_IMPORT },
    pagination: { pageSize: 100, totalRecords, totalPages: Math.ceil(totalRecords / 100), currentPage: 1, recordsOnPage: rows.length },
  });

const stats = (issueCount: number) => ok({ issueCount, pendingOrders: 0, pendingPicklists: 0, isSyncing: false, importStatus: 'COMMITTED', lastImportAt: LAST_IMPORT });

/** The sidebar's issue badge, fed by the same statistics query as the app's. */
function IssueBadge() {
  const appStats = useAppStats();
  return <p>{`Sidebar issues: ${appStats?.incompleteInventoryCount ?? '-'}`}</p>;
}

/** Keeps the tab and list state as the route keeps them in the URL: a new tab starts afresh. */
function IssuesScreen() {
  const [tab, setTab] = useState<IssueTab>('item_issues');
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  return (
    <>
      <InventoryIssuesPage
        marketName="Minnesota"
        tab={tab}
        state={state}
        onTabChange={(next) => {
          setTab(next);
          setState(DEFAULT_TABLE_STATE);
        }}
        onStateChange={setState}
      />
      <IssueBadge />
    </>
  );
}

function renderIssues(answers: ApiAnswers = {}) {
  return renderInventoryScreen(<IssuesScreen />, {
    [LIST]: () => issuesPage([issue(1), issue(2)]),
    [STATUS]: () => ok(null),
    [STATS]: () => stats(2),
    ...answers,
  });
}

const refreshButton = () => screen.findByRole('button', { name: /Refresh selected/ });

describe('the Inventory Issues screen', () => {
  useInventoryScreenEnvironment();

  it('shows the title, market, last import time, both tabs with counts capped at 99+ and the rows of Item Issues', async () => {
    renderIssues({ [LIST]: () => issuesPage([issue(1, { s2s_location_name: 'Duluth Annex' })], { item_issues: 120, lab_warning: 4 }) });
    expect(await screen.findByRole('heading', { name: 'Inventory Issues', level: 1 })).toBeTruthy();
    expect(await screen.findByText(`· Last import: ${formatDateTime(LAST_IMPORT)}`, { exact: false })).toBeTruthy();
    expect(screen.getByText('Minnesota')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.childNodes[0]?.textContent)).toEqual(['Item Issues', 'Lab Data Warnings']);
    expect(tabs.map((tab) => tab.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(['99+', '4']);
    const table = await screen.findByRole('table', { name: 'Item Issues' });
    expect(within(table).getByText('Product 1')).toBeTruthy();
    expect(within(table).getByText('Duluth Annex')).toBeTruthy();
    expect(within(table).getByText('miss_item')).toBeTruthy();
    expect(callsTo('POST', '/inventory/issues')[0]?.body).toMatchObject({ tab: 'item_issues', pagination: { page: 1, pageSize: 100 } });
  });

  it('asks for the other tab from its first page without the search when the tab changes', async () => {
    const { user } = renderIssues({
      [LIST]: (body) => ((body as { tab: IssueTab }).tab === 'lab_data_warnings' ? issuesPage([], { item_issues: 2, lab_warning: 0 }) : issuesPage([issue(1), issue(2)])),
    });
    await screen.findByRole('table', { name: 'Item Issues' });
    await user.type(screen.getByRole('searchbox'), 'MN-B');
    await waitFor(() => expect(callsTo('POST', '/inventory/issues').at(-1)?.body).toMatchObject({ search: 'MN-B' }), { timeout: 2_000 });

    await user.click(screen.getByRole('tab', { name: /Lab Data Warnings/ }));
    const table = await screen.findByRole('table', { name: 'Lab Data Warnings' });
    const last = callsTo('POST', '/inventory/issues').at(-1)?.body as Record<string, unknown>;
    expect(last).toMatchObject({ tab: 'lab_data_warnings', pagination: { page: 1 } });
    expect(last.search).toBeUndefined();
    expect(await within(table).findByText('There are no records to be displayed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refresh selected/ })).toBeNull();
  });

  it('refreshes the selected rows of the open tab with their product names and batches', async () => {
    const { user } = renderIssues({ [REFRESH]: () => ok(refreshRecord(), { status: 201 }) });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1 MN-B-101' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2 MN-B-102' }));
    const button = await refreshButton();
    expect(button.textContent).toBe('Refresh selected (2)');
    await user.click(button);

    await waitFor(() => expect(callsTo('POST', '/inventory/issues/refresh')).toHaveLength(1));
    expect(callsTo('POST', '/inventory/issues/refresh')[0]?.body).toEqual({
      marketCode: 'MN',
      tab: 'item_issues',
      records: [
        { productName: 'Product 1', batchId: 'MN-B-101' },
        { productName: 'Product 2', batchId: 'MN-B-102' },
      ],
    });
    expect(await screen.findByText('Refreshing inventory issues...')).toBeTruthy();
  });

  it('refuses more than 100 selected items with the spec message, and allows 100', async () => {
    const firstPage = Array.from({ length: 100 }, (_, index) => issue(index + 1));
    const { user } = renderIssues({
      [LIST]: (body) => ((body as { pagination: { page: number } }).pagination.page === 2 ? issuesPage([issue(101)], undefined, 101) : issuesPage(firstPage, undefined, 101)),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows on this page' }));
    const button = await refreshButton();
    expect(button.textContent).toBe('Refresh selected (100)');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(TOO_MANY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 101 MN-B-201' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_MANY);
    const tooMany = await refreshButton();
    expect(tooMany.textContent).toBe('Refresh selected (101)');
    expect((tooMany as HTMLButtonElement).disabled).toBe(true);
    await user.click(tooMany);
    expect(callsTo('POST', '/inventory/issues/refresh')).toEqual([]);
    // A full page of 100 rows, rendered twice in jsdom: seconds on a loaded machine, not a hang.
  }, 20_000);

  it('polls every 10 s while the refresh runs, then shows how many were fixed and the counts fall', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: IssueRefreshStatusRecord | null = null;
    let open = [issue(1), issue(2)];
    let issueCount = 2;
    const { user } = renderIssues({
      [LIST]: () => issuesPage(open),
      [STATUS]: () => ok(status),
      [STATS]: () => stats(issueCount),
      [REFRESH]: () => {
        status = refreshRecord();
        return ok(status, { status: 201 });
      },
    });
    expect(await screen.findByText('Sidebar issues: 2')).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(await refreshButton());
    expect(await screen.findByText('Refreshing inventory issues...')).toBeTruthy();
    const asked = callsTo('GET', '/inventory/issues/refresh/status').length;

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(callsTo('GET', '/inventory/issues/refresh/status')).toHaveLength(asked + 1));
    expect(screen.getByText('Refreshing inventory issues...')).toBeTruthy();

    status = refreshRecord({ issue_status: 'COMPLETED', no_of_fixed_items: 1, no_of_items: 2 });
    open = [issue(2)];
    issueCount = 1;
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(await screen.findByText('1 of 2 items fixed')).toBeTruthy();
    expect(screen.queryByText('Refreshing inventory issues...')).toBeNull();
    expect(await screen.findByText('Sidebar issues: 1')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('tab')[0]?.querySelector('[aria-hidden="true"]')?.textContent).toBe('1'));
    expect(screen.queryByText('Product 1')).toBeNull();
    const polls = callsTo('GET', '/inventory/issues/refresh/status').length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(callsTo('GET', '/inventory/issues/refresh/status')).toHaveLength(polls);
  });

  it('takes the last result away when another refresh starts, rather than showing it beside the new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: IssueRefreshStatusRecord | null = null;
    let started = 0;
    const { user } = renderIssues({
      [STATUS]: () => ok(status),
      [REFRESH]: () => {
        started += 1;
        status = refreshRecord({ inventory_refresh_id: started });
        return ok(status, { status: 201 });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1 MN-B-101' }));
    await user.click(await refreshButton());
    expect(await screen.findByText('Refreshing inventory issues...')).toBeTruthy();
    status = refreshRecord({ inventory_refresh_id: 1, issue_status: 'COMPLETED', no_of_fixed_items: 0, no_of_items: 1 });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('0 of 1 item fixed')).toBeTruthy();

    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1 MN-B-101' }));
    await user.click(await refreshButton());
    expect(await screen.findByText('Refreshing inventory issues...')).toBeTruthy();
    expect(screen.queryByText('0 of 1 item fixed')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Refreshing inventory issues...')).toBeTruthy();
    expect(screen.queryByText('0 of 1 item fixed')).toBeNull();
  });

  it('follows a refresh already running when the page opens, and shows its comments when it fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = refreshRecord();
    const { user } = renderIssues({ [STATUS]: () => ok(status) });
    expect(await screen.findByText('Refreshing inventory issues...')).toBeTruthy();
    // Perhaps another user's: the banner says whose.
    expect(screen.getByText(`Started by Avery Admin at ${formatDateTime('2026-03-02T16:00:00.000Z')}`)).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1 MN-B-101' }));
    expect(((await refreshButton()) as HTMLButtonElement).disabled).toBe(true);

    status = refreshRecord({ issue_status: 'FAILED', comments: 'The lab system did not answer.' });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('The lab system did not answer.')).toBeTruthy();
    expect(screen.getByText('Refresh failed')).toBeTruthy();
  });

  it('shows nothing of a refresh that had already ended when the page opened', async () => {
    renderIssues({ [STATUS]: () => ok(refreshRecord({ issue_status: 'COMPLETED', no_of_fixed_items: 2 })) });
    await screen.findByRole('table', { name: 'Item Issues' });
    await waitFor(() => expect(callsTo('GET', '/inventory/issues/refresh/status')).toHaveLength(1));
    expect(screen.queryByText('2 of 2 items fixed')).toBeNull();
    expect(screen.queryByText('Refreshing inventory issues...')).toBeNull();
  });

  it("shows the server's message when another refresh of the market is running", async () => {
    const { user } = renderIssues({ [REFRESH]: () => failure(409, 'A refresh of inventory issues is already in progress for this market.') });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1 MN-B-101' }));
    await user.click(await refreshButton());
    expect(await screen.findByText('A refresh of inventory issues is already in progress for this market.')).toBeTruthy();
  });

  it('falls back to the generic message when the refresh fails on the server', async () => {
    const { user } = renderIssues({ [REFRESH]: () => failure(500, 'relation "inventory_refresh" does not exist', 'INTERNAL') });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Product 1 MN-B-101' }));
    await user.click(await refreshButton());
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
  });
});

