// Reconciliation against the seed-to-sale system: start a run for some locations, follow its status, read
// its Status Mismatch and Inventory Mismatch rows, and act on it (accept the seed-to-sale quantity of some
// batches with a reason, export the report as a workbook, complete it), or run the comparison again. Names
// follow the spec (inventory-and-menus.md sections 3, 4 and 7): records and rows in snake_case, the action
// payload in camelCase.
import { z } from 'zod';
import { RECONCILIATION_BATCH_STATUSES, RECONCILIATION_STATUSES } from '../enums';
import { envelope, listEnvelope, listQuerySchema, rowIdSchema } from './common';
import { defineEndpoint, requirePermission } from './endpoint';
import { marketCodeSchema } from './enum-schemas';
import { importReferenceSchema } from './inventory-import';
import { marketQuerySchema } from './markets';

/** The run's status is polled this often while DRAFT or IN-PROGRESS (spec section 4). */
export const RECONCILIATION_POLL_MS = 5_000;
/** Batches accepted in one action, at most. */
export const MAX_ACCEPT_BATCHES = 500;
/** Characters of an accept's additional detail, at most. */
export const MAX_ACCEPT_DETAIL = 500;
/** An export's download link works this long. */
export const EXPORT_LINK_MINUTES = 10;
/** 'Other' needs at least this much detail after trimming (spec section 5). */
export const MIN_OTHER_DETAIL = 10;

export const RECONCILIATION_TABS = ['status_mismatch', 'inventory_mismatch'] as const;
export type ReconciliationTab = (typeof RECONCILIATION_TABS)[number];
export const RECONCILIATION_TAB_LABELS: Record<ReconciliationTab, string> = {
  status_mismatch: 'Status Mismatch',
  inventory_mismatch: 'Inventory Mismatch',
};

/**
 * Batch statuses: the spec's three on Inventory Mismatch, and on Status Mismatch the two ways the sides
 * disagree about a batch being active.
 */
export const RECON_BATCH_STATUS_LABELS = {
  ...RECONCILIATION_BATCH_STATUSES,
  active_in_otc_only: 'Active in OTC only',
  active_in_s2s_only: 'Active in S2S only',
} as const;
export type ReconBatchStatus = keyof typeof RECON_BATCH_STATUS_LABELS;
const RECON_BATCH_STATUSES = Object.keys(RECON_BATCH_STATUS_LABELS) as [ReconBatchStatus, ...ReconBatchStatus[]];

/** Why a Market Admin accepts the seed-to-sale quantity; 'Other' needs a detail of MIN_OTHER_DETAIL characters. */
export const RECON_ACCEPT_REASONS = [
  { code: 1, label: 'Damaged or destroyed' },
  { code: 2, label: 'Lost or stolen' },
  { code: 3, label: 'Samples or lab testing' },
  { code: 4, label: 'Count correction' },
  { code: 5, label: 'Transfer not recorded' },
  { code: 99, label: 'Other' },
] as const;
export const OTHER_REASON_CODE = 99;

/** The spec's strings (sections 4, 5 and 8) and the server's refusals, defined once for both sides. */
export const RECON_MESSAGES = {
  title: 'Reconciliation Report',
  reportTitle: 'Inventory Reconciliation',
  tab: 'API Import',
  initiate: 'Initiate Reconciliation',
  inProgress: 'Import in progress...',
  acceptAction: 'Accept S2S Active',
  selectReason: 'Please select a reason',
  otherDetail: 'Please provide at least 10 characters for additional detail',
  acceptFailed: 'Failed to accept reconciliation. Please try again.',
  alreadyRunning: 'A reconciliation is already in progress for this market.',
  completeOnlyGenerated: 'Only a reconciliation whose report is generated can be completed.',
  ordersHoldMore: 'Open orders hold more of this batch than the seed-to-sale quantity: adjust those orders first.',
} as const;

const isoDateTime = z.string().datetime({ offset: true });
/** Reconciliation ids in URLs are reference ids ('REC-MN-000012'), as import ids are. */
const reconReferenceSchema = importReferenceSchema;

// ---- status record (GET /inventory/reconciliation/status) ---------------------------------------------------

const reconStatusRecordSchema = z.object({
  recon_id: z.number().int(),
  reference_id: z.string(),
  market_code: z.string(),
  recon_status: z.enum(RECONCILIATION_STATUSES),
  /** The last export's file name and download path, once exported. */
  file_name: z.string().nullable(),
  file_path: z.string().nullable(),
  /** The locations compared, by their seed-to-sale names and our ids. */
  s2s_location_name: z.string().nullable(),
  inventory_location_id: z.array(z.number().int()),
  /** Why it FAILED. */
  comments: z.string().nullable(),
  tab_counts: z.object({ status_mismatch: z.number().int(), inventory_mismatch: z.number().int() }),
  created_ts: isoDateTime,
  updated_ts: isoDateTime,
  created_user_name: z.string().nullable(),
});
export type ReconStatusRecord = z.infer<typeof reconStatusRecordSchema>;

const reconStatusQuerySchema = marketQuerySchema.extend({ reconId: reconReferenceSchema.optional() });
const reconStatusResponseSchema = envelope(
  z.object({
    /** The run asked for with reconId, else the market's run in DRAFT or IN-PROGRESS, else null. */
    reconData: reconStatusRecordSchema.nullable(),
    /** The market's latest run, whatever its status, or null. */
    latestData: reconStatusRecordSchema.nullable(),
  }),
);

// ---- start (POST /inventory/reconciliation/initiate) ---------------------------------------------------------

const initiateBodySchema = z.object({
  market_code: marketCodeSchema,
  inventory_location_ids: z.array(rowIdSchema('must be a location id')).min(1, 'choose at least one location').max(100, 'at most 100 locations'),
});
const initiateResponseSchema = envelope(z.object({ reconId: z.string(), recon_id: z.number().int(), recon_status: z.enum(RECONCILIATION_STATUSES) }));

// ---- rows (POST /inventory/reconciliation/details) ---------------------------------------------------------

export const RECON_DETAIL_SORT_COLUMNS = ['batch_id', 's2s_product_name', 'otc_active_quantity', 's2s_active_quantity', 'in_transit_quantity', 'total_quantity', 'recon_batch_status'] as const;

const orderDetailSchema = z.object({
  order_id: z.number().int(),
  order_reference_id: z.string(),
  case_size: z.number().int(),
  no_of_case: z.number().int(),
  /** The order's status as the spec labels it. */
  metadata_label: z.string(),
});
const reconBatchRowSchema = z.object({
  recon_batch_id: z.number().int(),
  recon_batch_status: z.enum(RECON_BATCH_STATUSES),
  recon_batch_status_label: z.string(),
  batch_id: z.string(),
  s2s_product_name: z.string().nullable(),
  /** Our active units and the seed-to-sale system's, when the comparison ran. */
  otc_active_quantity: z.number().int(),
  s2s_active_quantity: z.number().int(),
  /** Units open orders hold (in transit to buyers), and active plus in transit. */
  in_transit_quantity: z.number().int(),
  total_quantity: z.number().int(),
  otc_order_ids: z.array(z.string()),
  order_details: z.array(orderDetailSchema),
  /** Set once the seed-to-sale quantity was accepted. */
  accepted: z.boolean(),
  reason_code: z.number().int().nullable(),
  comments: z.string().nullable(),
});
export type ReconBatchRow = z.infer<typeof reconBatchRowSchema>;

const detailsBodySchema = listQuerySchema.extend({
  reconId: reconReferenceSchema,
  tab: z.enum(RECONCILIATION_TABS, { error: `must be one of ${RECONCILIATION_TABS.join(', ')}` }).default('status_mismatch'),
});
const detailsResponseSchema = listEnvelope(reconBatchRowSchema).extend({
  /** The batch statuses, with labels, for the status filter. */
  reconStatuses: z.array(z.object({ value: z.enum(RECON_BATCH_STATUSES), label: z.string() })),
  metaDetails: reconStatusRecordSchema,
});

// ---- actions (POST /inventory/reconciliation/{reconId}/action) ---------------------------------------------

const actionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('accept'),
      marketCode: marketCodeSchema.optional(),
      /** Batch numbers of the run's Inventory Mismatch rows whose status is accept_s2s_inventory. */
      batchId: z.array(z.string().trim().min(1).max(100)).min(1, 'choose at least one batch').max(MAX_ACCEPT_BATCHES, `at most ${MAX_ACCEPT_BATCHES} batches at once`),
      reasonCode: z.number({ error: RECON_MESSAGES.selectReason }).int(RECON_MESSAGES.selectReason),
      comments: z.string().max(MAX_ACCEPT_DETAIL, `must be at most ${MAX_ACCEPT_DETAIL} characters`).optional(),
    }),
    z.object({ action: z.literal('export'), marketCode: marketCodeSchema.optional() }),
    z.object({ action: z.literal('complete'), marketCode: marketCodeSchema.optional() }),
  ],
  { error: 'action must be accept, export or complete' },
);
export type ReconActionBody = z.input<typeof actionBodySchema>;

const actionResponseSchema = envelope(
  z.object({
    recon_status: z.enum(RECONCILIATION_STATUSES),
    /** accept: the batches whose quantity was set to the seed-to-sale one. */
    accepted: z.array(z.string()).optional(),
    /** export: a short-lived link our server serves (spec: downloadUrl or data.presignedUrl). */
    downloadUrl: z.string().optional(),
    presignedUrl: z.string().optional(),
    file_name: z.string().optional(),
  }),
);

const reconIdParamsSchema = z.object({ reconId: reconReferenceSchema });
const referenceIdParamsSchema = z.object({ referenceId: reconReferenceSchema });

export const initiateReconciliationEndpoint = defineEndpoint({
  operationId: 'initiateReconciliation',
  method: 'POST',
  path: '/inventory/reconciliation/initiate',
  summary: 'Start a reconciliation of some locations against the seed-to-sale system, as a job',
  description: 'Answers 201 with the run in DRAFT; 409 with RECON_MESSAGES.alreadyRunning while a run of the market is DRAFT or IN-PROGRESS.',
  tag: 'Reconciliation',
  access: requirePermission('inventory-reconciliation_report', 'view'),
  body: initiateBodySchema,
  responses: { 201: initiateResponseSchema },
  errors: [409],
});

export const reconciliationStatusEndpoint = defineEndpoint({
  operationId: 'getReconciliationStatus',
  method: 'GET',
  path: '/inventory/reconciliation/status',
  summary: 'The running (or asked for) reconciliation and the latest one of the market',
  tag: 'Reconciliation',
  access: requirePermission('inventory-reconciliation_report', 'view'),
  query: reconStatusQuerySchema,
  responses: { 200: reconStatusResponseSchema },
});

export const reconciliationDetailsEndpoint = defineEndpoint({
  operationId: 'listReconciliationRows',
  method: 'POST',
  path: '/inventory/reconciliation/details',
  summary: 'A page of the rows of one tab of a reconciliation',
  description: 'search matches batch and S2S product name; sort and filter columns are those of RECON_DETAIL_SORT_COLUMNS. An unknown or another market\'s reconId answers 404.',
  tag: 'Reconciliation',
  access: requirePermission('inventory-reconciliation_report', 'view'),
  body: detailsBodySchema,
  responses: { 200: detailsResponseSchema },
  errors: [404],
});

export const reconciliationActionEndpoint = defineEndpoint({
  operationId: 'actOnReconciliation',
  method: 'POST',
  path: '/inventory/reconciliation/{reconId}/action',
  summary: 'Accept the seed-to-sale quantity of some batches, export the report, or complete the run',
  description:
    'accept sets our active units of each batch to the seed-to-sale quantity in one transaction, with the reason and comments in the audit log; it is refused (409) while open orders hold more than the new quantity, or when the run is not REPORT-GENERATED. export writes an xlsx of both tabs and answers a link valid EXPORT_LINK_MINUTES. complete only at REPORT-GENERATED (else 409).',
  tag: 'Reconciliation',
  access: requirePermission('inventory-reconciliation_report', 'view'),
  params: reconIdParamsSchema,
  body: actionBodySchema,
  responses: { 200: actionResponseSchema },
  errors: [409],
});

export const refreshReconciliationEndpoint = defineEndpoint({
  operationId: 'refreshReconciliation',
  method: 'GET',
  path: '/inventory/reconciliation/{referenceId}/refresh',
  summary: 'Run the comparison of a reconciliation again (it is IN-PROGRESS until the new report is generated)',
  tag: 'Reconciliation',
  access: requirePermission('inventory-reconciliation_report', 'view'),
  params: referenceIdParamsSchema,
  query: marketQuerySchema,
  responses: { 200: envelope(reconStatusRecordSchema) },
  errors: [409],
});
