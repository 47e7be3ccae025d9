// Picklists for the client tests: a Pending picklist whose items nobody has picked yet.
import type { PicklistDetail, PicklistItem } from '../../../shared/api/picklists';

export function testItem(id: number, overrides: Partial<PicklistItem> = {}): PicklistItem {
  return {
    picklist_item_id: id,
    order_item_id: 1000 + id,
    product_name: `Product ${id}`,
    batch_id: `MN-B${String(id).padStart(7, '0')}`,
    category_name: 'flower',
    pick_status: null,
    pick_status_code: null,
    pick_status_label: 'Not started',
    no_of_case_ordered: 5,
    no_of_case_picked: null,
    case_size: 12,
    expiry_date: '2027-06-30',
    reason_id: null,
    reason_code: null,
    reason_label: null,
    tag_numbers: [`1A40MN0001002EE10000000${String(id).padStart(2, '0')}`],
    changed_in_version: 1,
    ...overrides,
  };
}

export function testPicklist(overrides: Partial<PicklistDetail> = {}): PicklistDetail {
  const items = overrides.items ?? [testItem(1), testItem(2), testItem(3, { no_of_case_ordered: 2 })];
  return {
    picklist_id: 7,
    picklist_reference_id: 'PL-MN-000007',
    order_id: 70,
    reference_id: 'ORD-MN-000070',
    inventory_location_id: 1,
    inventory_location_name: 'Minneapolis Distribution Center',
    customer_name: 'GreenVault Bemidji',
    mso_owner_name: 'GreenVault Retail',
    total_cases: items.reduce((sum, item) => sum + item.no_of_case_ordered, 0),
    picked_cases: 0,
    percentage_completion: 0,
    requested_delivery_date: '2026-11-24',
    pick_status: 'PENDING',
    pick_status_label: 'Pending',
    created_ts: '2026-11-20T00:51:43.000Z',
    updated_ts: '2026-11-20T00:51:43.000Z',
    created_user_name: 'Sam Rivera',
    updated_user_name: 'Sam Rivera',
    version: 4,
    reasons: [
      { order_metadata_id: 11, metadata_code: 'DAMAGED', metadata_label: 'Damaged' },
      { order_metadata_id: 12, metadata_code: 'SHORT', metadata_label: 'Out of stock' },
    ],
    ...overrides,
    items,
  };
}
