import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_MESSAGES, IMPORT_POLL_MS, type InventoryLocation } from '../../../../shared/api/inventory-import';
import type { Market } from '../../../../shared/api/markets';
import { formatDateTime } from '../../../lib/format';
import { callsTo, failure, ok, renderInventoryScreen, testImportState, useInventoryScreenEnvironment, type ApiAnswers } from '../test-support';
import { ImportPage } from './import-page';

const MN: Market = { id: 1, name: 'Minnesota', code: 'MN', seedToSaleSystem: 'metrc' };

const location = (id: number, name: string): InventoryLocation => ({
  market_code: 'MN',
  source_system: 'metrc',
  s2s_location_id: `LIC-${id}`,
  inventory_location_id: id,
  display_name: name,
  s2s_location_name: `S2S ${name}`,
});

const LOCATIONS = [location(1, 'Minneapolis Vault'), location(2, 'Duluth Annex')];

function renderImport(answers: ApiAnswers, { market = MN }: { market?: Market | null } = {}) {
  return renderInventoryScreen(<ImportPage market={market ?? undefined} userId="7" />, {
    'POST /locations/query': () => ok(LOCATIONS),
    'GET /inventory/import/status': () => ok([testImportState({ updated_ts: '2020-01-01T00:00:00.000Z' })]),
    ...answers,
  });
}

const startButton = () => screen.findByRole('button', { name: 'Start Import' });

describe('the Import Inventory screen', () => {
  useInventoryScreenEnvironment();

  it('shows the market, the last import time and the API Import tab with the locations', async () => {
    renderImport({});
    expect(await screen.findByRole('heading', { name: 'Import Inventory', level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'API Import' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /Minneapolis Vault/ })).toBeTruthy();
    expect(screen.getByText('Minnesota')).toBeTruthy();
    expect(await screen.findByText(`· Last import: ${formatDateTime('2026-03-01T18:30:00.000Z')}`, { exact: false })).toBeTruthy();
    expect(callsTo('POST', '/locations/query')[0]?.body).toEqual({ market: ['MN'], is_all: false });
  });

  it("says 'No market selected' and offers no start without a market", async () => {
    renderImport({}, { market: null });
    expect(await screen.findByText('No market selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Import' })).toBeNull();
  });

  it('says so when the market has no inventory locations', async () => {
    renderImport({ 'POST /locations/query': () => ok([]) });
    expect(await screen.findByText('No inventory locations available for the selected market.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Import' })).toBeNull();
  });

  it('keeps Start disabled until a location is checked, then starts an import of the checked ones', async () => {
    const { user } = renderImport({
      'POST /inventory/import/initiate': () => ok({ import_id: 13, reference_id: 'IMP-MN-000013', import_status: 'IN_PROGRESS' }),
    });
    const start = await startButton();
    expect((start as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /Duluth Annex/ }));
    expect((start as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /Minneapolis Vault/ }));
    await user.click(screen.getByRole('checkbox', { name: /Minneapolis Vault/ }));
    await user.click(start);

    expect(await screen.findByText('Import started successfully')).toBeTruthy();
    expect(callsTo('POST', '/inventory/import/initiate').map((call) => call.body)).toEqual([{ market_code: 'MN', userId: '7', inventory_location_ids: [2] }]);
  });

  it('shows the loader as soon as an import starts, until the 5 s poll finds its fetch complete, however quick the fetch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let started = false;
    const { user, router } = renderImport({
      'POST /inventory/import/initiate': () => {
        started = true;
        return ok({ import_id: 15, reference_id: 'IMP-MN-000015', import_status: 'IN_PROGRESS' });
      },
      'GET /inventory/import/status': () =>
        ok([started ? testImportState({ import_status: 'FETCH_COMPLETED', reference_id: 'IMP-MN-000015' }) : testImportState({ updated_ts: '2020-01-01T00:00:00.000Z' })]),
    });
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(await startButton());

    expect(await screen.findByText('Import in progress...')).toBeTruthy();
    expect(screen.getByText('0 records fetched')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Import' })).toBeNull();
    expect(callsTo('GET', '/inventory/import/status')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);

    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000015'));
    expect(callsTo('GET', '/inventory/import/status')).toHaveLength(2);
  });

  it("counts 'An import is already in progress for stock locations.' as a start, says so, and follows that import", async () => {
    const { user, router } = renderImport({
      'POST /inventory/import/initiate': () =>
        failure(409, 'An import is already in progress for stock locations.', 'CONFLICT', [{ message: 'running', import_status: 'FETCH_COMPLETED', reference_id: 'IMP-MN-000009' }]),
    });
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(await startButton());

    // Said as it is: nothing was started, the running import is the one shown.
    expect(await screen.findByText('An import is already in progress for stock locations.')).toBeTruthy();
    expect(screen.getByText('Showing IMP-MN-000009.')).toBeTruthy();
    expect(screen.queryByText('Import started successfully')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000009'));
  });

  it("says 'Failed to start import' when the start fails", async () => {
    const { user } = renderImport({ 'POST /inventory/import/initiate': () => failure(500, 'Internal error', 'INTERNAL_ERROR') });
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(await startButton());

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to start import')).toBeTruthy();
    expect(screen.queryByText('Import started successfully')).toBeNull();
  });

  it('shows the block loader with the progress while an import runs, and no start', async () => {
    renderImport({ 'GET /inventory/import/status': () => ok([testImportState({ import_status: 'IN_PROGRESS', records_fetched: 1250, created_user: '9' })]) });
    expect(await screen.findByText('Import in progress...')).toBeTruthy();
    expect(screen.getByText('1250 records fetched')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Import' })).toBeNull();
  });

  it('polls every 5 s while the import runs and opens the results when its fetch completes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      testImportState({ import_status: 'IN_PROGRESS', records_fetched: 10 }),
      testImportState({ import_status: 'IN_PROGRESS', records_fetched: 400 }),
      testImportState({ import_status: 'FETCH_COMPLETED', reference_id: 'IMP-MN-000014' }),
    ];
    const { router } = renderImport({ 'GET /inventory/import/status': () => ok([answers.shift() ?? answers.at(-1)]) });

    expect(await screen.findByText('10 records fetched')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('400 records fetched')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await vi.advanceTimersByTimeAsync(5_000);

    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000014'));
    expect(callsTo('GET', '/inventory/import/status').map((call) => call.search)).toEqual(['?marketCode=MN', '?marketCode=MN', '?marketCode=MN']);
  });

  it('on arrival at an import whose fetch already completed, stays usable and links to its results', async () => {
    const waiting = testImportState({ import_status: 'FETCH_COMPLETED', reference_id: 'IMP-MN-000015', updated_ts: '2020-01-01T00:00:00.000Z' });
    const { user, router } = renderImport({ 'GET /inventory/import/status': () => ok([waiting]) });

    const link = await screen.findByRole('link', { name: 'View import results' });
    expect(link.getAttribute('href')).toBe('/inventory/import-result/IMP-MN-000015');
    expect(screen.getByText('An import is waiting to be committed or discarded')).toBeTruthy();
    // The checklist stays: other locations can be imported meanwhile; the waiting import's own is held, not offered.
    const heldLocation = (await screen.findByRole('checkbox', { name: /Minneapolis Vault/ })) as HTMLInputElement;
    expect(heldLocation.disabled).toBe(true);
    expect(heldLocation.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(heldLocation.getAttribute('aria-describedby')!)?.textContent).toBe('Held by IMP-MN-000015 until it is committed or discarded');
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    expect(((await startButton()) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(callsTo('GET', '/inventory/import/status')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/');

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000015'));
  });

  it('opens the results of an import it started even when the next status already says its fetch completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = testImportState({ updated_ts: '2020-01-01T00:00:00.000Z' });
    const { user, router } = renderImport({
      'GET /inventory/import/status': () => ok([status]),
      'POST /inventory/import/initiate': () => {
        status = testImportState({ import_status: 'FETCH_COMPLETED', reference_id: 'IMP-MN-000016', updated_ts: new Date().toISOString() });
        return ok({ import_id: 16, reference_id: 'IMP-MN-000016', import_status: 'IN_PROGRESS' });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: /Duluth Annex/ }));
    await user.click(await startButton());
    // Starting shows the import IN_PROGRESS; the next 5 s poll finds its fetch complete.
    expect(await screen.findByText(IMPORT_MESSAGES.inProgress)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(IMPORT_POLL_MS);

    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000016'));
  });

  it("says 'Failed to fetch import status' when the status cannot be fetched", async () => {
    renderImport({ 'GET /inventory/import/status': () => failure(500, 'Internal error', 'INTERNAL_ERROR') });
    expect(await screen.findByText('Failed to fetch import status')).toBeTruthy();
  });

  it('announces a fresh failure, then dismisses it for this user and location 5 s later, also after a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failed = testImportState({ import_status: 'FAILED', updated_ts: new Date(Date.now() - 2_000).toISOString() });
    renderImport({ 'GET /inventory/import/status': () => ok([failed]) });

    expect(await screen.findByText('Last import failed for Minneapolis Vault')).toBeTruthy();
    expect(screen.getByText('This import has been discarded and no changes were applied.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(screen.queryByText('Last import failed for Minneapolis Vault')).toBeNull());
    expect(window.localStorage.getItem('import-alert-dismissed:7:1')).not.toBeNull();

    cleanup();
    renderImport({ 'GET /inventory/import/status': () => ok([failed]) });
    // The status has arrived once the last import time shows.
    expect(await screen.findByText('Last import:', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Last import failed for Minneapolis Vault')).toBeNull();
  });
});
