import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_STATE } from '../../../components/ui/data-table/table-state';
import { ordersEmptyText } from './orders-page';

describe('the orders list when it has no rows', () => {
  it('shows the table’s own text while nothing narrows the list', () => {
    expect(ordersEmptyText(DEFAULT_TABLE_STATE)).toBe('There are no records to be displayed');
    // A blank search or an emptied filter narrows nothing either.
    expect(ordersEmptyText({ ...DEFAULT_TABLE_STATE, search: '   ', filters: [{ column: 'customer_name', type: 'text', value: ' ' }] })).toBe(
      'There are no records to be displayed',
    );
  });

  it('says No orders found when a search or a filter matched nothing', () => {
    expect(ordersEmptyText({ ...DEFAULT_TABLE_STATE, search: 'ORD-MN-999999' })).toBe('No orders found');
    expect(ordersEmptyText({ ...DEFAULT_TABLE_STATE, filters: [{ column: 'metadata_label', type: 'select', value: ['Draft'] }] })).toBe('No orders found');
  });
});
