import { describe, expect, it } from 'vitest';
import type { PicklistRow } from '../../../shared/api/picklists';
import { selectSavedPicklists } from './saved-register';

function row(id: number, fields: Partial<PicklistRow>): PicklistRow {
  return {
    picklist_id: id,
    picklist_reference_id: `PL-MN-${String(id).padStart(6, '0')}`,
    order_id: id,
    reference_id: `ORD-MN-${id}`,
    inventory_location_id: 1,
    inventory_location_name: 'Vault A',
    customer_name: 'Acme',
    mso_owner_name: null,
    total_cases: 4,
    picked_cases: 0,
    percentage_completion: 0,
    requested_delivery_date: '2026-11-25',
    pick_status: 'PENDING',
    pick_status_label: 'Pending',
    created_ts: '2026-11-20T10:00:00.000Z',
    updated_ts: '2026-11-20T10:00:00.000Z',
    created_user_name: null,
    updated_user_name: null,
    version: 1,
    ...fields,
  };
}

const rows = [
  row(319, { customer_name: 'Green Leaf', created_ts: '2026-11-21T10:00:00.000Z' }),
  row(320, { inventory_location_name: 'Cage 7', pick_status_label: 'In Progress', requested_delivery_date: null }),
  row(321, { total_cases: 12, requested_delivery_date: '2026-11-27' }),
  row(322, { created_ts: '2026-11-21T10:00:00.000Z', requested_delivery_date: '2026-11-24' }),
];
const ids = (selected: PicklistRow[]) => selected.map((each) => each.picklist_id);

describe('the picklist register answered from the picklists saved on the phone', () => {
  it('searches the picklist and order references, the dispensary and the location, whatever the case', () => {
    expect(ids(selectSavedPicklists(rows, { search: 'pl-mn-000319' }, 'MN'))).toEqual([319]);
    expect(ids(selectSavedPicklists(rows, { search: 'ORD-MN-321' }, 'MN'))).toEqual([321]);
    expect(ids(selectSavedPicklists(rows, { search: 'green' }, 'MN'))).toEqual([319]);
    expect(ids(selectSavedPicklists(rows, { search: 'cage' }, 'MN'))).toEqual([320]);
  });

  it('orders as the server does: newest first by default, ties by the later picklist, empty values last both ways', () => {
    expect(ids(selectSavedPicklists(rows, {}, 'MN'))).toEqual([322, 319, 321, 320]);
    expect(ids(selectSavedPicklists(rows, { sort: [{ column: 'requested_delivery_date', order: 'asc' }] }, 'MN'))).toEqual([322, 319, 321, 320]);
    expect(ids(selectSavedPicklists(rows, { sort: [{ column: 'requested_delivery_date', order: 'desc' }] }, 'MN'))).toEqual([321, 319, 322, 320]);
  });

  it('applies status, text, whole-number and date filters', () => {
    expect(ids(selectSavedPicklists(rows, { columnFilter: [{ column: 'pick_status_label', type: 'select', value: ['In Progress'] }] }, 'MN'))).toEqual([320]);
    expect(ids(selectSavedPicklists(rows, { columnFilter: [{ column: 'total_cases', type: 'text', value: '12' }] }, 'MN'))).toEqual([321]);
    expect(ids(selectSavedPicklists(rows, { columnFilter: [{ column: 'total_cases', type: 'text', value: '1' }] }, 'MN'))).toEqual([]);
    expect(ids(selectSavedPicklists(rows, { columnFilter: [{ column: 'requested_delivery_date', type: 'dateRange', value: { from: '2026-11-25' } }] }, 'MN'))).toEqual([319, 321]);
    expect(ids(selectSavedPicklists(rows, { columnFilter: [{ column: 'created_ts', type: 'dateRange', value: { to: '2026-11-20' } }] }, 'MN'))).toEqual([321, 320]);
  });

  it('orders text as the database does (by code point), not by the browser’s locale', () => {
    const named = ['acme', 'B d', 'Zeta', 'bc', 'Élan'].map((name, index) => row(400 + index, { customer_name: name }));
    expect(selectSavedPicklists(named, { sort: [{ column: 'customer_name', order: 'asc' }] }, 'MN').map((each) => each.customer_name)).toEqual(['B d', 'Zeta', 'acme', 'bc', 'Élan']);
  });

  it('filters Created On and Last Updated by the market’s day: 7:48 PM in Minnesota on 11/23 is 11/24 in UTC', () => {
    const evening = [row(400, { created_ts: '2026-11-24T01:48:00.000Z', updated_ts: '2026-11-24T01:48:00.000Z' })];
    for (const column of ['created_ts', 'updated_ts']) {
      expect(ids(selectSavedPicklists(evening, { columnFilter: [{ column, type: 'dateRange', value: { from: '2026-11-23', to: '2026-11-23' } }] }, 'MN'))).toEqual([400]);
      expect(ids(selectSavedPicklists(evening, { columnFilter: [{ column, type: 'dateRange', value: { from: '2026-11-24' } }] }, 'MN'))).toEqual([]);
    }
  });
});
