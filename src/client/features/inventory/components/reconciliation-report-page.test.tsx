import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_ACCEPT_DETAIL, RECON_MESSAGES, RECONCILIATION_POLL_MS, type ReconBatchRow, type ReconStatusRecord } from '../../../../shared/api/reconciliation';
import { callsTo, failure, listPage, ok, renderInventoryScreen, useInventoryScreenEnvironment, type ApiAnswers } from '../test-support';
import { ReconciliationReportPage } from './reconciliation-report-page';
import { testReconRecord, testReconRow } from './reconciliation-test-data';

const STATUS_ROWS = [
  testReconRow({ recon_batch_id: 1, batch_id: 'MN-B-001', recon_batch_status: 'active_in_otc_only', recon_batch_status_label: 'Active in OTC only', s2s_active_quantity: 0 }),
  testReconRow({ recon_batch_id: 2, batch_id: 'MN-B-002', recon_batch_status: 'active_in_s2s_only', recon_batch_status_label: 'Active in S2S only', otc_active_quantity: 0 }),
];
const MISMATCH_ROWS = [
  testReconRow({ recon_batch_id: 3, batch_id: 'MN-B-100' }),
  testReconRow({
    recon_batch_id: 4,
    batch_id: 'MN-B-200',
    recon_batch_status: 'inventory_mismatch_otc_over',
    recon_batch_status_label: 'OTC Over. Adjust Orders First',
    in_transit_quantity: 120,
    otc_order_ids: ['ORD-MN-000031'],
    order_details: [{ order_id: 31, order_reference_id: 'ORD-MN-000031', case_size: 12, no_of_case: 10, metadata_label: 'Approved' }],
  }),
  testReconRow({ recon_batch_id: 5, batch_id: 'MN-B-300', recon_batch_status: 'new_tags_detected', recon_batch_status_label: 'New Tags Detected' }),
  testReconRow({ recon_batch_id: 6, batch_id: 'MN-B-400', accepted: true, reason_code: 2 }),
  testReconRow({ recon_batch_id: 7, batch_id: 'MN-B-500' }),
];

function details(run: ReconStatusRecord) {
  return (body: unknown) => {
    const tab = (body as { tab: string }).tab;
    return listPage(tab === 'inventory_mismatch' ? MISMATCH_ROWS : STATUS_ROWS, { reconStatuses: [], metaDetails: run });
  };
}

function renderReport(answers: ApiAnswers = {}, run: ReconStatusRecord = testReconRecord()) {
  return renderInventoryScreen(<ReconciliationReportPage reconId="REC-MN-000012" />, {
    'GET /inventory/reconciliation/status': () => ok({ reconData: run, latestData: run }),
    'POST /inventory/reconciliation/details': details(run),
    ...answers,
  });
}

async function openInventoryMismatch(user: ReturnType<typeof renderReport>['user']) {
  await user.click(await screen.findByRole('tab', { name: /Inventory Mismatch/ }));
  await screen.findByText('MN-B-100');
}

const rowOf = (batch: string) => screen.getByText(batch).closest('tr') as HTMLElement;

describe('the Inventory Reconciliation report', () => {
  useInventoryScreenEnvironment();

  it('shows the title with the reference id, both tabs with their counts, and the rows of each', async () => {
    const { user } = renderReport();
    expect(await screen.findByRole('heading', { name: 'Inventory Reconciliation', level: 1 })).toBeTruthy();
    expect(screen.getByText('REC-MN-000012')).toBeTruthy();
    const statusTab = await screen.findByRole('tab', { name: /Status Mismatch/ });
    expect(statusTab.textContent).toContain('2');
    expect(screen.getByRole('tab', { name: /Inventory Mismatch/ }).textContent).toContain('3');
    expect(await screen.findByText('MN-B-001')).toBeTruthy();
    expect(screen.getByText('Active in S2S only')).toBeTruthy();
    // Nothing on this tab can be accepted: no selection column, rather than a select-all that selects nothing.
    expect(screen.queryByRole('checkbox', { name: 'Select all rows on this page' })).toBeNull();
    for (const header of ['Batch', 'S2S Product', 'OTC Active', 'S2S Active', 'In Transit', 'Total', 'Orders', 'Status']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }

    await openInventoryMismatch(user);
    expect(screen.getByText('OTC Over. Adjust Orders First')).toBeTruthy();
    expect(screen.getByText('New Tags Detected')).toBeTruthy();
    expect(callsTo('POST', '/inventory/reconciliation/details').map((call) => (call.body as { reconId: string; tab: string }).tab)).toEqual(['status_mismatch', 'inventory_mismatch']);
    expect(callsTo('POST', '/inventory/reconciliation/details')[0]?.body).toMatchObject({ reconId: 'REC-MN-000012', tab: 'status_mismatch' });
  });

  it('links each order holding a batch to its preview in a new tab', async () => {
    const { user } = renderReport();
    await openInventoryMismatch(user);
    const link = within(rowOf('MN-B-200')).getByRole('link', { name: 'ORD-MN-000031' });
    expect(link.getAttribute('href')).toBe('/orders/preview/31');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("offers 'Accept S2S Active' only on accept_s2s_inventory rows not yet accepted", async () => {
    const { user } = renderReport();
    await openInventoryMismatch(user);
    expect(within(rowOf('MN-B-100')).getByRole('button', { name: 'Row actions' })).toBeTruthy();
    for (const batch of ['MN-B-200', 'MN-B-300', 'MN-B-400']) expect(within(rowOf(batch)).queryByRole('button', { name: 'Row actions' })).toBeNull();
    expect(within(rowOf('MN-B-400')).getByText('Accepted')).toBeTruthy();

    await user.click(within(rowOf('MN-B-100')).getByRole('button', { name: 'Row actions' }));
    expect(await screen.findByRole('menuitem', { name: RECON_MESSAGES.acceptAction })).toBeTruthy();
  });

  it('shows an accepted row at the quantity the accept set, beside the compared one struck through', async () => {
    const { user } = renderReport();
    await openInventoryMismatch(user);
    const accepted = rowOf('MN-B-400');
    // Compared: OTC 240, S2S 200, nothing in transit; the accept made our active 200, and the total with it.
    const struck = [...accepted.querySelectorAll('del')].map((cell) => cell.textContent);
    const now = [...accepted.querySelectorAll('ins')].map((cell) => cell.textContent);
    expect(struck).toEqual(['was 240', 'was 240']);
    expect(now).toEqual(['now 200', 'now 200']);
    // A row not yet accepted shows what was compared, as it was.
    expect(rowOf('MN-B-100').querySelector('del')).toBeNull();
  });

  it('accepts one batch with a reason and Other detail, then refreshes the rows', async () => {
    const { user } = renderReport({ 'POST /inventory/reconciliation/REC-MN-000012/action': () => ok({ recon_status: 'REPORT-GENERATED', accepted: ['MN-B-100'] }) });
    await openInventoryMismatch(user);
    await user.click(within(rowOf('MN-B-100')).getByRole('button', { name: 'Row actions' }));
    await user.click(await screen.findByRole('menuitem', { name: RECON_MESSAGES.acceptAction }));

    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(within(dialog).getByText(RECON_MESSAGES.selectReason)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    expect(within(dialog).getByText(RECON_MESSAGES.otherDetail)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Additional detail'), '  short  ');
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Additional detail'), 'Recounted');
    expect(confirm.disabled).toBe(false);
    const before = callsTo('POST', '/inventory/reconciliation/details').length;
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/inventory/reconciliation/REC-MN-000012/action').map((call) => call.body)).toEqual([
      { action: 'accept', batchId: ['MN-B-100'], reasonCode: 99, comments: 'short  Recounted', marketCode: 'MN' },
    ]);
    await waitFor(() => expect(callsTo('POST', '/inventory/reconciliation/details').length).toBeGreaterThan(before));
    // Typing into the dialog is slow on a busy machine.
  }, 15_000);

  it('counts the additional detail and says so when a paste reached the most it keeps', async () => {
    const { user } = renderReport();
    await openInventoryMismatch(user);
    await user.click(within(rowOf('MN-B-100')).getByRole('button', { name: 'Row actions' }));
    await user.click(await screen.findByRole('menuitem', { name: RECON_MESSAGES.acceptAction }));
    const dialog = await screen.findByRole('dialog');
    const detail = within(dialog).getByLabelText('Additional detail') as HTMLTextAreaElement;
    await user.click(detail);
    await user.paste('Recounted');
    expect(within(dialog).getByText(`9/${MAX_ACCEPT_DETAIL}`)).toBeTruthy();
    await user.paste('x'.repeat(MAX_ACCEPT_DETAIL + 100));
    expect(detail.value).toHaveLength(MAX_ACCEPT_DETAIL);
    expect(within(dialog).getByText(`${MAX_ACCEPT_DETAIL} of ${MAX_ACCEPT_DETAIL} characters, the most kept`)).toBeTruthy();
  });

  it('accepts several selected batches at once', async () => {
    const { user } = renderReport({ 'POST /inventory/reconciliation/REC-MN-000012/action': () => ok({ recon_status: 'REPORT-GENERATED', accepted: ['MN-B-100', 'MN-B-500'] }) });
    await openInventoryMismatch(user);
    expect(screen.queryByRole('checkbox', { name: /Select MN-B-200/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Select MN-B-100/ }));
    await user.click(screen.getByRole('checkbox', { name: /Select MN-B-500/ }));
    await user.click(screen.getByRole('button', { name: `${RECON_MESSAGES.acceptAction} (2)` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Count correction' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/inventory/reconciliation/REC-MN-000012/action')[0]?.body).toEqual({ action: 'accept', batchId: ['MN-B-100', 'MN-B-500'], reasonCode: 4, marketCode: 'MN' });
  });

  it("says 'Failed to accept reconciliation. Please try again.' on failure, and the server's reason for a 409", async () => {
    const answers = [failure(500, 'Internal error', 'INTERNAL_ERROR'), failure(409, RECON_MESSAGES.ordersHoldMore)];
    const { user } = renderReport({ 'POST /inventory/reconciliation/REC-MN-000012/action': () => answers.shift() ?? failure(500, 'x') });
    await openInventoryMismatch(user);
    await user.click(within(rowOf('MN-B-100')).getByRole('button', { name: 'Row actions' }));
    await user.click(await screen.findByRole('menuitem', { name: RECON_MESSAGES.acceptAction }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Lost or stolen' }));

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(RECON_MESSAGES.acceptFailed)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(RECON_MESSAGES.ordersHoldMore)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no accept action, no selection and no Complete once the run is completed', async () => {
    const { user } = renderReport({}, testReconRecord({ recon_status: 'COMPLETED' }));
    await openInventoryMismatch(user);
    expect(screen.queryByRole('checkbox', { name: /Select MN-B-100/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    // The row that could be accepted while the report stood offers nothing now.
    expect(within(rowOf('MN-B-100')).queryByRole('button', { name: 'Row actions' })).toBeNull();
  });

  it('opens the answered download link in a new window on Export, and says the report was exported', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = renderReport({
      'POST /inventory/reconciliation/REC-MN-000012/action': () => ok({ recon_status: 'REPORT-GENERATED', downloadUrl: '/api/files/recon-REC-MN-000012.xlsx?token=abc', file_name: 'MN_Reconciliation_REC-MN-000012_2026_11_28_2309.xlsx' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/files/recon-REC-MN-000012.xlsx?token=abc', '_blank', 'noopener,noreferrer'));
    // The new window may close at once or be blocked: the page itself says the workbook was made, and its name.
    expect(await screen.findByText('Report exported')).toBeTruthy();
    expect(screen.getByText('MN_Reconciliation_REC-MN-000012_2026_11_28_2309.xlsx')).toBeTruthy();
    expect(callsTo('POST', '/inventory/reconciliation/REC-MN-000012/action')[0]?.body).toEqual({ action: 'export', marketCode: 'MN' });
  });

  it('completes the run only after confirmation', async () => {
    let run = testReconRecord();
    const { user } = renderReport({
      'GET /inventory/reconciliation/status': () => ok({ reconData: run, latestData: run }),
      'POST /inventory/reconciliation/REC-MN-000012/action': () => {
        run = testReconRecord({ recon_status: 'COMPLETED' });
        return ok({ recon_status: 'COMPLETED' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST', '/inventory/reconciliation/REC-MN-000012/action')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Reconciliation REC-MN-000012 has been completed.')).toBeTruthy();
    expect(callsTo('POST', '/inventory/reconciliation/REC-MN-000012/action')[0]?.body).toEqual({ action: 'complete', marketCode: 'MN' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull());
  });

  it.each(['FAILED', 'DRAFT-unknown'] as const)('leads back to the entry page when the run has no report (%s)', async (kind) => {
    const run = kind === 'FAILED' ? testReconRecord({ recon_status: 'FAILED' }) : null;
    const { router } = renderInventoryScreen(<ReconciliationReportPage reconId="REC-MN-000012" />, {
      'GET /inventory/reconciliation/status': () => ok({ reconData: run, latestData: run }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/reconciliation-report'));
    expect(callsTo('POST', '/inventory/reconciliation/details')).toHaveLength(0);
  });

  it("shows 'Import in progress...' while the run is compared again, polls, and then shows the new rows", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: ReconStatusRecord[] = [testReconRecord({ recon_status: 'IN-PROGRESS' }), testReconRecord()];
    const rows: ReconBatchRow[] = [testReconRow({ batch_id: 'MN-B-900', recon_batch_status: 'active_in_s2s_only', recon_batch_status_label: 'Active in S2S only' })];
    const { router } = renderReport({
      'GET /inventory/reconciliation/status': () => {
        const run = answers.shift() ?? testReconRecord();
        return ok({ reconData: run, latestData: run });
      },
      'POST /inventory/reconciliation/details': () => listPage(rows, { reconStatuses: [], metaDetails: testReconRecord() }),
    });
    expect(await screen.findByText(RECON_MESSAGES.inProgress)).toBeTruthy();
    expect(callsTo('POST', '/inventory/reconciliation/details')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RECONCILIATION_POLL_MS);

    expect(await screen.findByText('MN-B-900')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('GET', '/inventory/reconciliation/status').map((call) => call.search)).toEqual(['?marketCode=MN&reconId=REC-MN-000012', '?marketCode=MN&reconId=REC-MN-000012']);
  });

  it('runs the comparison again on Refresh, and follows it while it is in progress', async () => {
    let run = testReconRecord();
    const { user } = renderReport({
      'GET /inventory/reconciliation/status': () => ok({ reconData: run, latestData: run }),
      'GET /inventory/reconciliation/REC-MN-000012/refresh': () => {
        run = testReconRecord({ recon_status: 'IN-PROGRESS' });
        return ok(run);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText(RECON_MESSAGES.inProgress)).toBeTruthy();
    expect(callsTo('GET', '/inventory/reconciliation/REC-MN-000012/refresh').map((call) => call.search)).toEqual(['?marketCode=MN']);
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });
});
