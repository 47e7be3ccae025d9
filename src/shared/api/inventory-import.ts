// Inventory import: the locations to import from, the latest import's state, start, commit or discard,
// the history, the detail rows of the four tabs, a re-check of case sizes, and a batch's tags. Names follow
// the spec (section 3 and 7): rows and payloads in snake_case as it shows them, metaDetails in camelCase.
import { z } from 'zod';
import { IMPORT_STATUSES, IMPORT_TABS, SEED_TO_SALE_SYSTEMS } from '../enums';
import { envelope, listEnvelope, listQuerySchema, rowIdSchema } from './common';
import { anyMarketRole, defineEndpoint, requirePermission } from './endpoint';
import { marketCodeSchema } from './enum-schemas';
import { marketQuerySchema } from './markets';

/** Strings of the spec's catalogue (section 8) and the server's refusals, defined once for both sides. */
export const IMPORT_MESSAGES = {
  alreadyInProgress: 'An import is already in progress for stock locations.',
  started: 'Import started successfully',
  startFailed: 'Failed to start import',
  noMarket: 'No market selected',
  noLocations: 'No inventory locations available for the selected market.',
  actionFailed: 'Failed to perform action on inventory.',
  unknownError: 'An unknown error occurred.',
  commitFailed: 'An unexpected error occurred while committing.',
  discardFailed: 'An unexpected error occurred while discarding.',
  fetchStatusFailed: 'Failed to fetch import status',
  fetchTagsFailed: 'Failed to fetch tags',
  noTags: 'No tags found',
  invalidImportTitle: 'Invalid Import Request',
  invalidImportText: 'Invalid Market & Import ID combination. Please Initiate new import or select a valid Import from Import History',
  pending: 'Commit / Discard Pending',
  inProgress: 'Import in progress...',
  historyEmpty: 'There are no records to be displayed',
  /** VALIDATION_ERROR details of the details call; the client shows the invalid-import page for these. */
  importNotFound: 'Import id does not exist',
  importOtherMarket: 'Import id is not valid for the market',
  notFetchCompleted: 'Only an import whose fetch has completed can be committed or discarded.',
  notAllowed: 'Only a Market Admin or the user who started this import can commit or discard it.',
} as const;

/** The spec polls the latest import every 5 s while it is DRAFT or IN_PROGRESS. */
export const IMPORT_POLL_MS = 5_000;
/** A location list is short; more ids than this in one start request is a mistake. */
const MAX_IMPORT_LOCATIONS = 100;

const isoDateTime = z.string().datetime({ offset: true });
/** Import ids as the screens show them ('IMP-MN-000123'): the reference id, never the row id. */
export const importReferenceSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'is not an import id')
  .regex(/^[A-Za-z0-9-]+$/, 'is not an import id: letters, digits and dashes only');
const importIdParamsSchema = z.object({ importId: importReferenceSchema });

// ---- locations (POST /locations/query) -------------------------------------------------------------------

const inventoryLocationSchema = z.object({
  market_code: z.string(),
  source_system: z.enum(SEED_TO_SALE_SYSTEMS),
  s2s_location_id: z.string(),
  inventory_location_id: z.number().int(),
  display_name: z.string(),
  s2s_location_name: z.string(),
});
export type InventoryLocation = z.infer<typeof inventoryLocationSchema>;

const locationsQueryBodySchema = z.object({
  /** The spec sends a market list; every code must be the market the caller works in (Otc-Market). */
  market: z.array(marketCodeSchema).max(6).optional(),
  is_all: z.boolean().optional(),
  status: z.object({ room: z.boolean().optional(), location: z.boolean().optional() }).partial().optional(),
});

// ---- state of the latest import (GET /inventory/import/status) -----------------------------------------

const importStateSchema = z.object({
  import_id: z.number().int(),
  reference_id: z.string(),
  import_status: z.enum(IMPORT_STATUSES),
  comments: z.string().nullable(),
  created_ts: isoDateTime,
  updated_ts: isoDateTime,
  created_user: z.string().nullable(),
  created_user_name: z.string().nullable(),
  inventory_location_id: z.number().int().nullable(),
  s2s_location_name: z.string().nullable(),
  inventory_location: z.array(z.object({ id: z.number().int(), displayName: z.string(), name: z.string() })),
  /** Detail rows written (after the fetch), shown by the banner's DISCARDED rule. */
  record_count: z.number().int(),
  /** Packages fetched so far while IN_PROGRESS: the progress the screen shows. */
  records_fetched: z.number().int(),
  /** The time the latest import last changed, for the last import time the screens show (COMMITTED only). */
  last_committed_ts: isoDateTime.nullable(),
});
export type ImportState = z.infer<typeof importStateSchema>;
const importStatusResponseSchema = envelope(z.array(importStateSchema));

// ---- start, commit, discard ---------------------------------------------------------------------------

const initiateImportBodySchema = z.object({
  market_code: marketCodeSchema,
  /** Sent by the spec's client; the server uses the signed-in caller. */
  userId: z.union([z.string(), z.number()]).optional(),
  inventory_location_ids: z
    .array(rowIdSchema('must be a location id'))
    .min(1, 'choose at least one location')
    .max(MAX_IMPORT_LOCATIONS, `at most ${MAX_IMPORT_LOCATIONS} locations`),
});
const initiateImportResponseSchema = envelope(
  z.object({ import_id: z.number().int(), reference_id: z.string(), import_status: z.enum(IMPORT_STATUSES) }),
);

const IMPORT_ACTIONS = ['commit', 'discard'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];
const importActionBodySchema = z.object({
  action: z.enum(IMPORT_ACTIONS, { error: 'must be commit or discard' }),
  userId: z.union([z.string(), z.number()]).optional(),
  marketCode: marketCodeSchema.optional(),
});
const importActionResponseSchema = envelope(
  z.object({
    reference_id: z.string(),
    import_status: z.enum(IMPORT_STATUSES),
    /** Inventory Updates applied by a commit; rows that would take stock below open orders became issues. */
    applied: z.number().int(),
    held_back: z.number().int(),
  }),
);

// ---- history (POST /inventory/import/history) -----------------------------------------------------------

export const IMPORT_HISTORY_SORT_COLUMNS = ['created_ts', 'reference_id', 'import_status', 'user_name', 'no_of_records_imported'] as const;
const importHistoryRowSchema = z.object({
  import_id: z.number().int(),
  reference_id: z.string(),
  import_mode: z.string(),
  import_status: z.string(),
  no_of_records_imported: z.number().int(),
  created_ts: isoDateTime,
  updated_ts: isoDateTime,
  created_user: z.string().nullable(),
  updated_user: z.string().nullable(),
  /** Empty for imports the system ran; the screen shows 'System'. */
  user_name: z.string().nullable(),
});
export type ImportHistoryRow = z.infer<typeof importHistoryRowSchema>;
const importHistoryResponseSchema = listEnvelope(importHistoryRowSchema);

// ---- details (POST /inventory/import/{importId}/details) -------------------------------------------------

export const IMPORT_DETAIL_SORT_COLUMNS = ['product_name', 's2s_product_name', 'batch_id', 'total_quantity', 's2s_location_name', 'category_name', 'metadata_label', 'case_size'] as const;
const importDetailsBodySchema = listQuerySchema.extend({
  tab: z.enum(IMPORT_TABS, { error: `must be one of ${IMPORT_TABS.join(', ')}` }).default('inventory_updates'),
});
const terpeneSchema = z.object({ terpeneName: z.string(), percentage: z.number() });
export const importDetailRowSchema = z.object({
  id: z.number().int(),
  product_name: z.string().nullable(),
  s2s_product_name: z.string().nullable(),
  batch_id: z.string(),
  total_quantity: z.number().nullable(),
  s2s_location_name: z.string().nullable(),
  category_name: z.string().nullable(),
  /** The reason's code ('001') and its label ('miss_item'); null on Inventory Updates. */
  reason_code: z.string().nullable(),
  metadata_label: z.string().nullable(),
  created_ts: isoDateTime,
  top_terpenes: z.array(terpeneSchema),
  thc_value: z.number().nullable(),
  thc_total_uom: z.string().nullable(),
  cbd_value: z.number().nullable(),
  cbd_total_uom: z.string().nullable(),
  case_size: z.number().int().nullable(),
  /** The product's standard case sizes, on Case Size Errors. */
  standard_case_sizes: z.array(z.number().int()),
  /**
   * Case Size Errors: a new batch that the import holds back (a commit does not bring it in) until one of the
   * product's standard case sizes fits its quantity; false for a batch already in stock.
   */
  held_back: z.boolean(),
  /** Inventory Updates: new_batch, new_tag or quantity_changed, with the quantity before. */
  change: z.enum(['new_batch', 'new_tag', 'quantity_changed']).nullable(),
  previous_quantity: z.number().nullable(),
  tag_number: z.string().nullable(),
  tag_count: z.number().int(),
});
export type ImportDetailRow = z.infer<typeof importDetailRowSchema>;
const importMetaSchema = z.object({
  importId: z.string(),
  userId: z.string().nullable(),
  importStatus: z.enum(IMPORT_STATUSES),
  importStartTime: isoDateTime,
  /** Rows per tab, for the tab badges. */
  tabCounts: z.object({
    inventory_updates: z.number().int(),
    item_issues: z.number().int(),
    lab_data_warnings: z.number().int(),
    case_size_errors: z.number().int(),
  }),
  /** Whether the caller may commit or discard now (FETCH_COMPLETED and Market Admin or the starter). */
  canAct: z.boolean(),
});
export type ImportMeta = z.infer<typeof importMetaSchema>;
export const importDetailsResponseSchema = listEnvelope(importDetailRowSchema).extend({ metaDetails: importMetaSchema });

// ---- refresh and tags ----------------------------------------------------------------------------------

const importRefreshResponseSchema = envelope(z.object({ checked: z.number().int(), still_wrong: z.number().int(), fixed: z.number().int() }));

const batchTagsQuerySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  issueTab: z.enum(IMPORT_TABS).optional(),
  importId: importReferenceSchema.optional(),
});
const batchTagSchema = z.object({ tag_number: z.string(), quantity: z.number() });
const batchTagsResponseSchema = envelope(z.array(batchTagSchema));

// ---- endpoints -----------------------------------------------------------------------------------------

const tag = 'inventory-import';
const importAccess = requirePermission('inventory-import', 'view');
const historyAccess = requirePermission('inventory-history', 'view');

export const queryLocationsEndpoint = defineEndpoint({
  operationId: 'queryInventoryLocations',
  method: 'POST',
  path: '/locations/query',
  tag,
  summary: "The market's inventory locations",
  description: 'Active inventory locations of the market of Otc-Market, by display name. A market code in the body other than that market is refused.',
  access: anyMarketRole,
  body: locationsQueryBodySchema,
  responses: { 200: envelope(z.array(inventoryLocationSchema)) },
});

export const importStatusEndpoint = defineEndpoint({
  operationId: 'getImportStatus',
  method: 'GET',
  path: '/inventory/import/status',
  tag,
  summary: "The market's latest import",
  description: 'A list holding the latest import of the market (empty when there has been none); screens poll it every 5 s while it is DRAFT or IN_PROGRESS.',
  access: importAccess,
  query: marketQuerySchema,
  responses: { 200: importStatusResponseSchema },
});

export const initiateImportEndpoint = defineEndpoint({
  operationId: 'initiateImport',
  method: 'POST',
  path: '/inventory/import/initiate',
  tag,
  summary: 'Start an import',
  description:
    "Starts an import of the chosen locations' packages as a background job and answers at once with the import id (IN_PROGRESS). 409 'An import is already in progress for stock locations.' when one of the locations has an import DRAFT, IN_PROGRESS or FETCH_COMPLETED, with that import's import_status and reference_id in details[0].",
  access: importAccess,
  body: initiateImportBodySchema,
  errors: [409],
  responses: { 201: initiateImportResponseSchema },
});

export const importActionEndpoint = defineEndpoint({
  operationId: 'actOnImport',
  method: 'POST',
  path: '/inventory/import/{importId}/action',
  tag,
  summary: 'Commit or discard an import',
  description:
    'Commit applies Inventory Updates to batches and tags in one transaction (never taking a batch below what open orders reserve; those rows become Item Issues); discard changes nothing. Only at FETCH_COMPLETED (409 otherwise) and only by a Market Admin or the user who started it (403).',
  access: importAccess,
  params: importIdParamsSchema,
  body: importActionBodySchema,
  errors: [409],
  responses: { 200: importActionResponseSchema },
});

export const importHistoryEndpoint = defineEndpoint({
  operationId: 'listImportHistory',
  method: 'POST',
  path: '/inventory/import/history',
  tag,
  summary: "A page of the market's imports",
  description: 'Newest first. status filters by import status; search matches the import id and who started it.',
  access: historyAccess,
  body: listQuerySchema,
  responses: { 200: importHistoryResponseSchema },
});

export const importDetailsEndpoint = defineEndpoint({
  operationId: 'getImportDetails',
  method: 'POST',
  path: '/inventory/import/{importId}/details',
  tag,
  summary: 'A page of one tab of an import',
  description: "The detail rows of one tab, with the import's id, status, start time and tab counts in metaDetails. 400 VALIDATION_ERROR when the id does not exist or belongs to another market.",
  access: historyAccess,
  params: importIdParamsSchema,
  body: importDetailsBodySchema,
  responses: { 200: importDetailsResponseSchema },
});

export const refreshImportEndpoint = defineEndpoint({
  operationId: 'refreshImportCaseSizes',
  method: 'GET',
  path: '/inventory/import/{importId}/refresh',
  tag,
  summary: "Re-check an import's case-size errors",
  description: 'Checks the Case Size Errors of an import that is not yet committed against the current standard case sizes and removes those now fixed.',
  access: importAccess,
  params: importIdParamsSchema,
  query: marketQuerySchema,
  errors: [409],
  responses: { 200: importRefreshResponseSchema },
});

export const batchTagsEndpoint = defineEndpoint({
  operationId: 'listBatchTags',
  method: 'GET',
  path: '/inventory/batches/{batchId}/tags',
  tag,
  summary: "A batch's tags",
  description: "With importId, the tags the import found for the batch; without, the batch's tags in stock.",
  access: anyMarketRole,
  params: z.object({ batchId: z.string().trim().min(1, 'must not be empty').max(64, 'is not a batch id') }),
  query: batchTagsQuerySchema,
  responses: { 200: batchTagsResponseSchema },
});
