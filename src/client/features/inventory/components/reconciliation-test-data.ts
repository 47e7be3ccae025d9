// Records the reconciliation screens' tests answer with, as the server would send them.
import type { ReconBatchRow, ReconStatusRecord } from '../../../../shared/api/reconciliation';

export function testReconRecord(overrides: Partial<ReconStatusRecord> = {}): ReconStatusRecord {
  return {
    recon_id: 12,
    reference_id: 'REC-MN-000012',
    market_code: 'MN',
    recon_status: 'REPORT-GENERATED',
    file_name: null,
    file_path: null,
    s2s_location_name: 'MN Cultivation',
    inventory_location_id: [1],
    comments: null,
    tab_counts: { status_mismatch: 2, inventory_mismatch: 3 },
    created_ts: '2026-03-02T15:00:00.000Z',
    updated_ts: '2026-03-02T15:04:00.000Z',
    created_user_name: 'Avery Admin',
    ...overrides,
  };
}

export function testReconRow(overrides: Partial<ReconBatchRow> = {}): ReconBatchRow {
  return {
    recon_batch_id: 1,
    recon_batch_status: 'accept_s2s_inventory',
    recon_batch_status_label: 'Accept S2S Active',
    batch_id: 'MN-B-100',
    s2s_product_name: 'SD Flower 1g',
    otc_active_quantity: 240,
    s2s_active_quantity: 200,
    in_transit_quantity: 0,
    total_quantity: 240,
    otc_order_ids: [],
    order_details: [],
    accepted: false,
    reason_code: null,
    comments: null,
    ...overrides,
  };
}
