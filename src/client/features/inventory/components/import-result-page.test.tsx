import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportDetailRow, ImportMeta } from '../../../../shared/api/inventory-import';
import type { Role } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { callsTo, failure, listPage, ok, renderInventoryScreen, testDetailRow, testImportMeta, useInventoryScreenEnvironment, type ApiAnswers } from '../test-support';
import { ACTIVE_TAB_STORAGE_KEY, ImportResultPage } from './import-result-page';

const DETAILS = 'POST /inventory/import/IMP-MN-000012/details';

function renderResults({
  meta = testImportMeta(),
  rows = [testDetailRow()],
  role = 'Market Admin',
  importId = 'IMP-MN-000012',
  status,
  fromHistory = false,
  answers = {},
}: { meta?: ImportMeta; rows?: ImportDetailRow[]; role?: Role; importId?: string; status?: string; fromHistory?: boolean; answers?: ApiAnswers } = {}) {
  return renderInventoryScreen(<ImportResultPage importId={importId} status={status} fromHistory={fromHistory} userId="7" role={role} canViewImport={role === 'Market Admin'} />, {
    [DETAILS]: () => listPage(rows, { metaDetails: meta }),
    ...answers,
  });
}

const INVALID_TEXT = 'Invalid Market & Import ID combination. Please Initiate new import or select a valid Import from Import History';

describe('the Import Results screen', () => {
  useInventoryScreenEnvironment();

  it('shows the import id, its created date, the four tabs with their counts and the rows of the first', async () => {
    renderResults();
    expect(await screen.findByRole('heading', { name: 'Import Results', level: 1 })).toBeTruthy();
    expect(await screen.findByText(`Created ${formatDateTime('2026-03-02T15:00:00.000Z')}`, { exact: false })).toBeTruthy();
    expect(screen.getByText('Import ID: IMP-MN-000012')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.childNodes[0]?.textContent)).toEqual(['Inventory Updates', 'Item Issues', 'Lab Data Warnings', 'Case Size Errors']);
    expect(tabs.map((tab) => tab.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(['3', '99+', '0', '1']);
    const table = await screen.findByRole('table', { name: 'Inventory Updates' });
    expect(within(table).getByText('Sour Diesel 1g')).toBeTruthy();
    expect(within(table).getByText('New Batch')).toBeTruthy();
    expect(within(table).getByText('21.5%')).toBeTruthy();
    expect(within(table).getByText('Missing')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Total Cannabinoids/ })).toBeTruthy();
    expect(callsTo('POST', '/inventory/import/IMP-MN-000012/details')[0]?.body).toMatchObject({ tab: 'inventory_updates', pagination: { page: 1, pageSize: 100 } });
  });

  it('remembers the active tab under import-result-active-tab and asks for that tab', async () => {
    const { user } = renderResults({ rows: [testDetailRow({ reason_code: 'RC-001', metadata_label: 'miss_item', change: null })] });
    await user.click(await screen.findByRole('tab', { name: /Item Issues/ }));
    const table = await screen.findByRole('table', { name: 'Item Issues' });
    expect(within(table).getByText('miss_item')).toBeTruthy();
    expect(window.localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('item_issues');
    await waitFor(() => expect(callsTo('POST', '/inventory/import/IMP-MN-000012/details').at(-1)?.body).toMatchObject({ tab: 'item_issues' }));
  });

  it('shows the lab tab with WeightRatio as mg/g and the top three terpenes to 2 decimals', async () => {
    window.localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'lab_data_warnings');
    renderResults({
      rows: [
        testDetailRow({
          thc_value: 180,
          thc_total_uom: 'WeightRatio',
          cbd_value: 2.25,
          cbd_total_uom: 'Percentage',
          top_terpenes: [
            { terpeneName: 'Myrcene', percentage: 1.2 },
            { terpeneName: 'Pinene', percentage: 0.1 },
            { terpeneName: 'Limonene', percentage: 0.853 },
            { terpeneName: 'Linalool', percentage: 0.3 },
          ],
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Lab Data Warnings' });
    expect(await within(table).findByText('180 mg/g')).toBeTruthy();
    expect(within(table).getByText('2.25%')).toBeTruthy();
    expect(within(table).getByText('Myrcene 1.20%, Limonene 0.85%, Linalool 0.30%')).toBeTruthy();
  });

  it("shows 'Invalid Import Request' when the server says the id is not an import of this market", async () => {
    renderResults({ answers: { [DETAILS]: () => failure(400, 'Request validation failed', 'VALIDATION_ERROR', [{ field: 'importId', message: 'Import id is not valid for the market' }]) } });
    expect(await screen.findByText('Invalid Import Request')).toBeTruthy();
    expect(screen.getByText(INVALID_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Import Results' })).toBeNull();
  });

  it("shows 'Invalid Import Request' for an id no import can have, without asking the server", async () => {
    renderResults({ importId: 'not an id!' });
    expect(await screen.findByText('Invalid Import Request')).toBeTruthy();
    expect(callsTo('POST', '/inventory/import/not an id!/details')).toEqual([]);
  });

  it('says why the results could not be fetched on any other failure', async () => {
    renderResults({ answers: { [DETAILS]: () => failure(503, 'The database is unavailable.', 'SERVICE_UNAVAILABLE') } });
    expect(await screen.findByText('Failed to fetch import results: The database is unavailable.')).toBeTruthy();
  });

  it("warns 'Commit / Discard Pending' to a user who may not act on a fetched import", async () => {
    renderResults({ meta: testImportMeta({ canAct: false }), role: 'Sales Manager' });
    expect(await screen.findByText('Commit / Discard Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Commit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('shows no pending warning to a Fulfilment Person', async () => {
    renderResults({ meta: testImportMeta({ canAct: false }), role: 'Fulfilment Person' });
    expect(await screen.findByRole('table', { name: 'Inventory Updates' })).toBeTruthy();
    expect(screen.queryByText('Commit / Discard Pending')).toBeNull();
  });

  it('commits after confirmation, then offers only Back and Back to History', async () => {
    let meta = testImportMeta();
    const { user } = renderResults({
      answers: {
        [DETAILS]: () => listPage([testDetailRow()], { metaDetails: meta }),
        'POST /inventory/import/IMP-MN-000012/action': () => {
          meta = testImportMeta({ importStatus: 'COMMITTED', canAct: false });
          return ok({ reference_id: 'IMP-MN-000012', import_status: 'COMMITTED', applied: 1, held_back: 0 });
        },
      },
    });
    const commit = await screen.findByRole('button', { name: 'Commit' });
    expect(screen.queryByText('Commit / Discard Pending')).toBeNull();
    // Import Inventory shows a waiting import's notice rather than sending the user straight back here.
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/inventory/import');
    await user.click(commit);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Commit' }));

    expect(await screen.findByRole('link', { name: 'Back to History' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('POST', '/inventory/import/IMP-MN-000012/action').map((call) => call.body)).toEqual([{ action: 'commit', userId: '7' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Commit' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/inventory/import'));
  });

  it('opened from history, a committed import offers Back to History alone', async () => {
    renderResults({ meta: testImportMeta({ importStatus: 'COMMITTED', canAct: false }), status: 'COMMITTED', fromHistory: true });
    expect(await screen.findByRole('link', { name: 'Back to History' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
    expect(screen.queryByText('Commit / Discard Pending')).toBeNull();
    await waitFor(() => expect(callsTo('POST', '/inventory/import/IMP-MN-000012/details')[0]?.body).toMatchObject({ status: 'COMMITTED' }));
  });

  it("says 'An unexpected error occurred while discarding.' when a discard fails on the server, or the server's own reason", async () => {
    let answer = failure(500, 'boom', 'INTERNAL_ERROR');
    const { user } = renderResults({ answers: { 'POST /inventory/import/IMP-MN-000012/action': () => answer } });
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('An unexpected error occurred while discarding.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    answer = failure(409, 'Only an import whose fetch has completed can be committed or discarded.');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Only an import whose fetch has completed can be committed or discarded.')).toBeTruthy();
  });

  it('re-checks the Case Size Errors against the current case sizes and shows the tab again', async () => {
    window.localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'case_size_errors');
    let rows = [testDetailRow({ change: null, total_quantity: 250, standard_case_sizes: [12, 24] }), testDetailRow({ id: 2, batch_id: 'MN-B-200', change: null, standard_case_sizes: [] })];
    let meta = testImportMeta({ tabCounts: { inventory_updates: 3, item_issues: 0, lab_data_warnings: 0, case_size_errors: 2 } });
    const { user } = renderResults({
      answers: {
        [DETAILS]: () => listPage(rows, { metaDetails: meta }),
        'GET /inventory/import/IMP-MN-000012/refresh': () => {
          rows = rows.slice(1);
          meta = testImportMeta({ tabCounts: { inventory_updates: 4, item_issues: 0, lab_data_warnings: 0, case_size_errors: 1 } });
          return ok({ checked: 2, still_wrong: 1, fixed: 1 });
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Case Size Errors' });
    expect(await within(table).findByText('12, 24')).toBeTruthy();
    expect(within(table).getByText('None set')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Re-check case sizes' }));
    expect(await screen.findByText('1 case size error fixed, 1 still to fix.')).toBeTruthy();
    expect(callsTo('GET', '/inventory/import/IMP-MN-000012/refresh').map((call) => call.search)).toEqual(['?marketCode=MN']);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Case Size Errors' })).queryByText('12, 24')).toBeNull());
    const counts = screen.getAllByRole('tab').map((tab) => tab.querySelector('[aria-hidden="true"]')?.textContent);
    expect(counts).toEqual(['4', '0', '0', '1']);
  });

  it('offers Re-check case sizes only on that tab, while the import waits, to whoever may act on it', async () => {
    const { user } = renderResults({ meta: testImportMeta({ canAct: false }), role: 'Sales Manager' });
    await user.click(await screen.findByRole('tab', { name: /Case Size Errors/ }));
    await screen.findByRole('table', { name: 'Case Size Errors' });
    expect(screen.queryByRole('button', { name: 'Re-check case sizes' })).toBeNull();
    cleanup();

    window.localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'case_size_errors');
    renderResults({ meta: testImportMeta({ importStatus: 'COMMITTED', canAct: false }), status: 'COMMITTED' });
    await screen.findByRole('table', { name: 'Case Size Errors' });
    expect(screen.queryByRole('button', { name: 'Re-check case sizes' })).toBeNull();
    cleanup();

    window.localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'inventory_updates');
    renderResults();
    await screen.findByRole('table', { name: 'Inventory Updates' });
    expect(screen.queryByRole('button', { name: 'Re-check case sizes' })).toBeNull();
    expect(callsTo('GET', '/inventory/import/IMP-MN-000012/refresh')).toEqual([]);
  });

  it("opens a batch's tags: 'Tag #' and 'Qty', or 'No tags found', or 'Failed to fetch tags'", async () => {
    const { user } = renderResults({
      rows: [testDetailRow(), testDetailRow({ id: 2, batch_id: 'MN-B-200', product_name: 'Blue Dream 1g' }), testDetailRow({ id: 3, batch_id: 'MN-B-300' })],
      answers: {
        'GET /inventory/batches/MN-B-100/tags': () => ok([{ tag_number: '1A4000000000000000000123', quantity: 120 }]),
        'GET /inventory/batches/MN-B-200/tags': () => ok([]),
        'GET /inventory/batches/MN-B-300/tags': () => failure(500, 'boom', 'INTERNAL_ERROR'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Tags of batch MN-B-100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of batch MN-B-100' });
    expect(await within(dialog).findByRole('columnheader', { name: 'Tag #' })).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: 'Qty' })).toBeTruthy();
    expect(within(dialog).getByText('1A4000000000000000000123')).toBeTruthy();
    expect(callsTo('GET', '/inventory/batches/MN-B-100/tags')[0]?.search).toBe('?marketCode=MN&issueTab=inventory_updates&importId=IMP-MN-000012');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Tags of batch MN-B-200' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Tags of batch MN-B-200' })).findByText('No tags found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Tags of batch MN-B-300' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Tags of batch MN-B-300' })).findByText('Failed to fetch tags')).toBeTruthy();
  });
});
