import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InventoryLocation } from '../../../../shared/api/inventory-import';
import type { Market } from '../../../../shared/api/markets';
import { RECON_MESSAGES, RECONCILIATION_POLL_MS, type ReconStatusRecord } from '../../../../shared/api/reconciliation';
import { callsTo, failure, ok, renderInventoryScreen, useInventoryScreenEnvironment, type ApiAnswers } from '../test-support';
import { ReconciliationEntryPage } from './reconciliation-entry-page';
import { testReconRecord } from './reconciliation-test-data';

const MN: Market = { id: 1, name: 'Minnesota', code: 'MN', seedToSaleSystem: 'metrc' };

const location = (id: number, name: string): InventoryLocation => ({
  market_code: 'MN',
  source_system: 'metrc',
  s2s_location_id: `LIC-${id}`,
  inventory_location_id: id,
  display_name: name,
  s2s_location_name: `S2S ${name}`,
});

const statusOf = (latest: ReconStatusRecord | null) => ok({ reconData: latest && ['DRAFT', 'IN-PROGRESS'].includes(latest.recon_status) ? latest : null, latestData: latest });

function renderEntry(answers: ApiAnswers) {
  return renderInventoryScreen(<ReconciliationEntryPage market={MN} />, {
    'POST /locations/query': () => ok([location(1, 'Minneapolis Vault'), location(2, 'Duluth Annex')]),
    'GET /inventory/reconciliation/status': () => statusOf(null),
    ...answers,
  });
}

const initiateButton = async () => (await screen.findByRole('button', { name: RECON_MESSAGES.initiate })) as HTMLButtonElement;

describe('the Reconciliation Report entry screen', () => {
  useInventoryScreenEnvironment();

  it('shows the title, the market and the API Import tab with the locations', async () => {
    renderEntry({});
    expect(await screen.findByRole('heading', { name: 'Reconciliation Report', level: 1 })).toBeTruthy();
    expect(screen.getByText('Minnesota')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'API Import' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /Minneapolis Vault/ })).toBeTruthy();
    expect(callsTo('GET', '/inventory/reconciliation/status').map((call) => call.search)).toEqual(['?marketCode=MN']);
  });

  it('keeps Initiate Reconciliation disabled until a location is chosen, then starts one for the chosen locations', async () => {
    const { user } = renderEntry({ 'POST /inventory/reconciliation/initiate': () => ok({ reconId: 'REC-MN-000013', recon_id: 13, recon_status: 'DRAFT' }, {}) });
    const start = await initiateButton();
    expect(start.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(screen.getByRole('checkbox', { name: /Minneapolis Vault/ }));
    expect(start.disabled).toBe(false);
    await user.click(start);

    await waitFor(() => expect(callsTo('POST', '/inventory/reconciliation/initiate')).toHaveLength(1));
    expect(callsTo('POST', '/inventory/reconciliation/initiate')[0]?.body).toEqual({ market_code: 'MN', inventory_location_ids: [2, 1] });
  });

  it("shows 'Import in progress...' and no start while the run is in progress, polls every 5 s and opens the report when it is generated", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [testReconRecord({ recon_status: 'DRAFT' }), testReconRecord({ recon_status: 'IN-PROGRESS' }), testReconRecord({ recon_status: 'REPORT-GENERATED' })];
    const { router } = renderEntry({ 'GET /inventory/reconciliation/status': () => statusOf(answers.shift() ?? testReconRecord()) });

    expect(await screen.findByText(RECON_MESSAGES.inProgress)).toBeTruthy();
    expect(screen.queryByRole('button', { name: RECON_MESSAGES.initiate })).toBeNull();
    await vi.advanceTimersByTimeAsync(RECONCILIATION_POLL_MS);
    await waitFor(() => expect(callsTo('GET', '/inventory/reconciliation/status')).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/');
    await vi.advanceTimersByTimeAsync(RECONCILIATION_POLL_MS);

    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/reconciliation-report/REC-MN-000012'));
    expect(callsTo('GET', '/inventory/reconciliation/status')).toHaveLength(3);
  });

  it('follows a run it started to its report', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let latest: ReconStatusRecord | null = null;
    const { user, router } = renderEntry({
      'GET /inventory/reconciliation/status': () => statusOf(latest),
      'POST /inventory/reconciliation/initiate': () => {
        latest = testReconRecord({ reference_id: 'REC-MN-000013', recon_status: 'DRAFT' });
        return ok({ reconId: 'REC-MN-000013', recon_id: 13, recon_status: 'DRAFT' });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(await initiateButton());
    expect(await screen.findByText(RECON_MESSAGES.inProgress)).toBeTruthy();

    latest = testReconRecord({ reference_id: 'REC-MN-000013', recon_status: 'REPORT-GENERATED' });
    await vi.advanceTimersByTimeAsync(RECONCILIATION_POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/reconciliation-report/REC-MN-000013'));
  });

  it('stops polling when a run fails, and says so with its comments', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [testReconRecord({ recon_status: 'IN-PROGRESS' }), testReconRecord({ recon_status: 'FAILED', comments: 'The seed-to-sale system did not answer.' })];
    const { router } = renderEntry({ 'GET /inventory/reconciliation/status': () => statusOf(answers.shift() ?? testReconRecord({ recon_status: 'FAILED' })) });
    expect(await screen.findByText(RECON_MESSAGES.inProgress)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(RECONCILIATION_POLL_MS);

    expect(await screen.findByText('Reconciliation REC-MN-000012 failed.')).toBeTruthy();
    expect(screen.getByText('The seed-to-sale system did not answer.')).toBeTruthy();
    expect(await initiateButton()).toBeTruthy();
    await vi.advanceTimersByTimeAsync(RECONCILIATION_POLL_MS * 2);
    expect(callsTo('GET', '/inventory/reconciliation/status')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/');
  });

  it('links to the latest generated report on arrival, without leaving the page', async () => {
    const { router } = renderEntry({ 'GET /inventory/reconciliation/status': () => statusOf(testReconRecord({ recon_status: 'COMPLETED' })) });
    const link = await screen.findByRole('link', { name: 'View report' });
    expect(link.getAttribute('href')).toBe('/inventory/reconciliation-report/REC-MN-000012');
    expect(await initiateButton()).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the server message when a run is already in progress', async () => {
    const { user } = renderEntry({ 'POST /inventory/reconciliation/initiate': () => failure(409, RECON_MESSAGES.alreadyRunning) });
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(await initiateButton());
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(RECON_MESSAGES.alreadyRunning)).toBeTruthy();
  });
});
