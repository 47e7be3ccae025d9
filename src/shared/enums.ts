// Every status, role, group and category of the spec, defined once for server and client. No zod here:
// the client needs these at start-up; their request schemas are in api/enum-schemas.ts.
// Exports tagged @public are spec vocabulary that the inventory, reconciliation, menus and case-size
// issues build on; knip leaves them until then.

export const MARKET_CODES = ['MN', 'NV', 'IL', 'MD', 'NJ', 'FL'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];
export const DEFAULT_MARKET_CODE: MarketCode = 'MN';

export const SEED_TO_SALE_SYSTEMS = ['metrc', 'biotrack'] as const;
export type SeedToSaleSystem = (typeof SEED_TO_SALE_SYSTEMS)[number];

export const ROLES = ['Market Admin', 'Sales Manager', 'Sales Person', 'Fulfilment Person'] as const;
export type Role = (typeof ROLES)[number];

export const ORDER_STATUSES = [
  'Pending',
  'Revised',
  'Approved',
  'Cancelled',
  'Rejected',
  'Partially Picked',
  'Picked',
  'Packaged',
  'Shipped',
  'Delivered',
  'Completed',
  'Action Required',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses whose items hold stock: the order has not been released (cancel, reject) or fulfilled. */
export const STOCK_HOLDING_ORDER_STATUSES: readonly OrderStatus[] = [
  'Pending',
  'Revised',
  'Approved',
  'Partially Picked',
  'Picked',
  'Packaged',
  'Action Required',
];

/** Orders waiting for a manager's decision, counted in the sidebar badge. */
export const PENDING_ORDER_STATUSES: readonly OrderStatus[] = ['Pending', 'Revised', 'Action Required'];

export const PICKLIST_STATUSES = ['Pending', 'In Progress', 'Picked', 'Cancelled'] as const;
export type PicklistStatus = (typeof PICKLIST_STATUSES)[number];
export const OPEN_PICKLIST_STATUSES: readonly PicklistStatus[] = ['Pending', 'In Progress'];

/**
 * Item pick status codes as stored (the spec's partially-picked is code partial, picked is code complete),
 * and the labels shown: in the same words and case as the spec's picklist and order statuses beside them.
 */
export const PICK_ITEM_STATUS_CODES = ['partial', 'complete'] as const;
export type PickItemStatusCode = (typeof PICK_ITEM_STATUS_CODES)[number];
export const PICK_ITEM_STATUS_LABELS: Record<PickItemStatusCode, string> = {
  partial: 'Partially Picked',
  complete: 'Picked',
};
export const PICK_ITEM_STATUS_FALLBACK_LABEL = 'Not started';

export const IMPORT_STATUSES = [
  'IDLE',
  'DRAFT',
  'IN_PROGRESS',
  'FETCH_COMPLETED',
  'COMMITTED',
  'FAILED',
  'DISCARDED',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** The spec shows both IN-PROGRESS and IN_PROGRESS; the server stores the underscore form. */
export function normaliseImportStatus(value: string): ImportStatus | undefined {
  const upper = value.trim().toUpperCase().replace(/-/g, '_');
  return (IMPORT_STATUSES as readonly string[]).includes(upper) ? (upper as ImportStatus) : undefined;
}
export const ACTIVE_IMPORT_STATUSES: readonly ImportStatus[] = ['DRAFT', 'IN_PROGRESS'];

/** @public */
export const RECONCILIATION_STATUSES = ['DRAFT', 'IN-PROGRESS', 'REPORT-GENERATED', 'COMPLETED', 'FAILED'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];
export const ACTIVE_RECONCILIATION_STATUSES: readonly ReconciliationStatus[] = ['DRAFT', 'IN-PROGRESS'];

/** @public */
export const RECONCILIATION_BATCH_STATUSES = {
  new_tags_detected: 'New Tags Detected',
  inventory_mismatch_otc_over: 'OTC Over. Adjust Orders First',
  accept_s2s_inventory: 'Accept S2S Active',
} as const;

/** @public */
export const ISSUE_REFRESH_STATUSES = ['IN-PROGRESS', 'FAILED', 'COMPLETED'] as const;
/** @public */
export type IssueRefreshStatus = (typeof ISSUE_REFRESH_STATUSES)[number];

export const BULK_UPLOAD_STATUSES = ['IN-PROGRESS', 'ORDER-INITIATED', 'COMPLETED', 'FAILED'] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];

export const CUSTOMER_GROUPS = ['INT', 'EXT'] as const;
export type CustomerGroup = (typeof CUSTOMER_GROUPS)[number];

export const MENU_TYPES = ['internal', 'external'] as const;
/** @public */
export type MenuType = (typeof MENU_TYPES)[number];

export const PRODUCT_CATEGORIES = [
  'flower',
  'vape',
  'edible',
  'concentrate',
  'tincture',
  'topical',
  'pre-roll',
  'beverage',
  'capsule',
  'wax',
  'shatter',
  'resin/rosin',
  'accessory',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** @public */
export const STRAIN_TYPES = ['Indica', 'Sativa', 'Hybrid', 'CBD'] as const;
export type StrainType = (typeof STRAIN_TYPES)[number];

/** @public */
export const ITEM_SIZE_UNITS = ['g', 'mg'] as const;
export type ItemSizeUnit = (typeof ITEM_SIZE_UNITS)[number];

/**
 * Units a lab reports potency in: WeightRatio is shown as mg/g, Percentage as %.
 * @public
 */
export const POTENCY_UNITS = ['Percentage', 'WeightRatio'] as const;
export type PotencyUnit = (typeof POTENCY_UNITS)[number];

/** @public */
export const LAB_STATUSES = ['passed', 'failed', 'missing'] as const;
export type LabStatus = (typeof LAB_STATUSES)[number];

/** @public */
export const BATCH_STATUSES = ['active', 'inactive'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const IMPORT_TABS = ['inventory_updates', 'item_issues', 'lab_data_warnings', 'case_size_errors'] as const;
export type ImportTab = (typeof IMPORT_TABS)[number];
export const IMPORT_TAB_LABELS: Record<ImportTab, string> = {
  inventory_updates: 'Inventory Updates',
  item_issues: 'Item Issues',
  lab_data_warnings: 'Lab Data Warnings',
  case_size_errors: 'Case Size Errors',
};

/** @public */
export const ISSUE_TABS = ['item_issues', 'lab_data_warnings'] as const;
/** @public */
export type IssueTab = (typeof ISSUE_TABS)[number];

