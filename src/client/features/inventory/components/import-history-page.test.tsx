import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ImportHistoryRow } from '../../../../shared/api/inventory-import';
import { formatDateTime } from '../../../lib/format';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import type { TableState } from '../../../components/ui/data-table/types';
import { setViewport } from '../../../components/ui/data-table/test-support';
import { callsTo, listPage, renderInventoryScreen, useInventoryScreenEnvironment } from '../test-support';
import { ImportHistoryPage } from './import-history-page';

function historyRow(overrides: Partial<ImportHistoryRow>): ImportHistoryRow {
  return {
    import_id: 1,
    reference_id: 'IMP-MN-000001',
    import_mode: 'API',
    import_status: 'COMMITTED',
    no_of_records_imported: 12,
    created_ts: '2026-03-02T15:00:00.000Z',
    updated_ts: '2026-03-02T15:05:00.000Z',
    created_user: '7',
    updated_user: '7',
    user_name: 'Avery Admin',
    ...overrides,
  };
}

const ROWS = [
  historyRow({}),
  historyRow({ import_id: 2, reference_id: 'IMP-MN-000002', import_status: 'DISCARDED', user_name: null }),
  historyRow({ import_id: 3, reference_id: 'IMP-MN-000003', import_status: 'ARCHIVED', user_name: '', created_ts: 'not a date' }),
];

function Screen() {
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  return <ImportHistoryPage marketName="Minnesota" state={state} onStateChange={setState} />;
}

function renderHistory(rows: ImportHistoryRow[] = ROWS) {
  return renderInventoryScreen(<Screen />, { 'POST /inventory/import/history': () => listPage(rows) });
}

const rowOf = async (importId: string) => (await screen.findByText(importId)).closest('tr')!;

describe('the Import History screen', () => {
  useInventoryScreenEnvironment();

  it('names the market and lists who imported, the status, the id and when', async () => {
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'Import History', level: 1 })).toBeTruthy();
    expect(screen.getByText('View and manage import history entries for Minnesota.')).toBeTruthy();

    const committed = await rowOf('IMP-MN-000001');
    expect(within(committed).getByText('Avery Admin')).toBeTruthy();
    const completed = within(committed).getByText('Completed');
    expect(completed.className).toContain('bg-emerald-50');
    expect(within(committed).getByText(formatDateTime('2026-03-02T15:00:00.000Z'))).toBeTruthy();

    const discarded = await rowOf('IMP-MN-000002');
    expect(within(discarded).getByText('System')).toBeTruthy();
    expect(within(discarded).getByText('DISCARDED')).toBeTruthy();

    const odd = await rowOf('IMP-MN-000003');
    expect(within(odd).getByText('System')).toBeTruthy();
    expect(within(odd).getByText('Unknown')).toBeTruthy();
    expect(within(odd).getByText('Invalid date')).toBeTruthy();
    expect(within(odd).getByRole('button', { name: 'View Details of IMP-MN-000003' })).toBeTruthy();
  });

  it("says 'There are no records to be displayed' when the market has no imports", async () => {
    renderHistory([]);
    expect(await screen.findByText('There are no records to be displayed')).toBeTruthy();
    expect(callsTo('POST', '/inventory/import/history')[0]?.body).toEqual({ pagination: { page: 1, pageSize: 100 } });
  });

  it('opens a committed import with ?status=COMMITTED&fromHistory=true, by row or by View Details', async () => {
    const { user, router } = renderHistory();
    await user.click(within(await rowOf('IMP-MN-000001')).getByText('Avery Admin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000001'));
    expect(router.state.location.search).toEqual({ status: 'COMMITTED', fromHistory: true });

    await user.click(screen.getByRole('button', { name: 'View Details of IMP-MN-000002' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/import-result/IMP-MN-000002'));
    expect(router.state.location.search).toEqual({ fromHistory: true });
  });

  it('shows each import as a card on a phone', async () => {
    setViewport('phone');
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Import History' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getByText('Completed')).toBeTruthy();
  });
});
