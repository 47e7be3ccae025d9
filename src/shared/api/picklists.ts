// Picklists: the register (list), one picklist with its items and the short-pick reasons, and the edit a
// picker sends (from the offline outbox, with Idempotency-Key and If-Match). Names follow the spec.
import { z } from 'zod';
import { PICK_ITEM_STATUS_CODES, PICKLIST_STATUSES } from '../enums';
import { envelope, errorBodySchema, listEnvelope, listQuerySchema, rowIdParamSchema, rowIdSchema } from './common';
import { defineEndpoint, requirePermission } from './endpoint';
import { MAX_PICK_EDIT_BATCH, MAX_PICK_EDIT_ITEMS } from './picklist-protocol';
import { IDEMPOTENCY_KEY_PATTERN } from './protocol';

export {
  MAX_PICK_EDIT_BATCH,
  MAX_PICK_EDIT_ITEMS,
  PICK_MESSAGES,
  PICKLIST_REGISTER_FILTER_COLUMNS,
  PICKLIST_REGISTER_SORT_COLUMNS,
  parseVersionTag,
  versionTag,
} from './picklist-protocol';

const isoDateTime = z.string().datetime({ offset: true });
const yyyyMmDd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const picklistIdParamsSchema = z.object({
  id: rowIdParamSchema(),
});

// ---- register (POST /picklist/register) ----------------------------------------------------------------

export const picklistRowSchema = z.object({
  picklist_id: z.number().int(),
  picklist_reference_id: z.string(),
  order_id: z.number().int(),
  /** The order's reference id, shown as 'Order ID'. */
  reference_id: z.string(),
  inventory_location_id: z.number().int(),
  inventory_location_name: z.string(),
  /** The dispensary, with its MSO owner: 'Dispensary Location (MSO)'. */
  customer_name: z.string(),
  mso_owner_name: z.string().nullable(),
  total_cases: z.number().int(),
  picked_cases: z.number().int(),
  /** Rounded; 0 when there are no items. */
  percentage_completion: z.number().int(),
  requested_delivery_date: yyyyMmDd.nullable(),
  pick_status: z.string(),
  pick_status_label: z.enum(PICKLIST_STATUSES),
  created_ts: isoDateTime,
  updated_ts: isoDateTime,
  created_user_name: z.string().nullable(),
  updated_user_name: z.string().nullable(),
  version: z.number().int(),
});
export type PicklistRow = z.infer<typeof picklistRowSchema>;
export const picklistRegisterResponseSchema = listEnvelope(picklistRowSchema);

// ---- detail (GET /picklist/{id}/detail) ---------------------------------------------------------------

export const pickReasonSchema = z.object({
  order_metadata_id: z.number().int(),
  metadata_code: z.string(),
  metadata_label: z.string(),
});
export type PickReason = z.infer<typeof pickReasonSchema>;

export const picklistItemSchema = z.object({
  picklist_item_id: z.number().int(),
  order_item_id: z.number().int(),
  product_name: z.string(),
  /** The batch number, shown as 'Batch #'. */
  batch_id: z.string(),
  category_name: z.string(),
  /** null until the item is picked. */
  pick_status: z.enum(PICK_ITEM_STATUS_CODES).nullable(),
  pick_status_code: z.string().nullable(),
  pick_status_label: z.string(),
  no_of_case_ordered: z.number().int(),
  /** null until the item is picked. */
  no_of_case_picked: z.number().int().nullable(),
  case_size: z.number().int(),
  expiry_date: yyyyMmDd.nullable(),
  reason_id: z.number().int().nullable(),
  reason_code: z.string().nullable(),
  reason_label: z.string().nullable(),
  /** Tag numbers of the batch, for scan-to-confirm. */
  tag_numbers: z.array(z.string()),
  /** The picklist version at this item's last change. */
  changed_in_version: z.number().int(),
});
export type PicklistItem = z.infer<typeof picklistItemSchema>;

export const picklistDetailSchema = picklistRowSchema.extend({
  items: z.array(picklistItemSchema),
  reasons: z.array(pickReasonSchema),
});
export type PicklistDetail = z.infer<typeof picklistDetailSchema>;
export const picklistDetailResponseSchema = envelope(picklistDetailSchema);

// ---- edit (PUT /picklist/{id}/edit) --------------------------------------------------------------------

export const picklistEditBodySchema = z.object({
  items: z
    .array(
      z.object({
        picklist_item_id: z.number({ error: 'picklist_item_id is required' }).pipe(rowIdSchema()),
        no_of_cases: z.number({ error: 'must be a number' }).int('must be a whole number of cases').min(0, 'Quantity cannot be negative'),
        reason_id: rowIdSchema().nullable().optional(),
      }),
    )
    .min(1, 'Select at least one item')
    .max(MAX_PICK_EDIT_ITEMS),
});
export type PicklistEditBody = z.infer<typeof picklistEditBodySchema>;

// ---- several waiting edits at once (POST /picklist/{id}/edits) ----------------------------------------
// The outbox's replay of a picklist's waiting edits in one call. Each edit is what PUT /picklist/{id}/edit
// would have carried: its own Idempotency-Key and the version it was made on (If-Match). The server
// applies them in order, each exactly as that call would (a key it has seen answers as it did then, from
// either route), and answers each edit with the status that call would have had.

export const picklistEditBatchBodySchema = z.object({
  edits: z
    .array(
      z.object({
        key: z.string({ error: 'key is required' }).regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 128 letters, digits, - or _'),
        /** The version the edit was made on, as If-Match would carry it; null: apply whatever the version. */
        base_version: z.number({ error: 'must be a version number or null' }).int().min(0).nullable(),
        items: picklistEditBodySchema.shape.items,
      }),
    )
    .min(1, 'Send at least one edit')
    .max(MAX_PICK_EDIT_BATCH, `Send at most ${MAX_PICK_EDIT_BATCH} edits at a time`)
    .refine((edits) => new Set(edits.map((edit) => edit.key)).size === edits.length, 'Each edit needs its own key'),
});
export type PicklistEditBatchBody = z.infer<typeof picklistEditBatchBodySchema>;

/** What became of one edit: the status PUT /picklist/{id}/edit would have answered, and its error body if any. */
export const picklistEditOutcomeSchema = z.object({
  key: z.string(),
  status: z.number().int(),
  /** Applied by an earlier call with the same key: answered from the store, applied nothing now. */
  replayed: z.boolean(),
  /** The picklist's version right after this edit (applied edits only). */
  version: z.number().int().nullable(),
  /** A 412 carries the picklist as it was then and the conflicting items, as the single call's body does. */
  error: errorBodySchema.extend({ picklist: picklistDetailSchema.optional(), conflictingItems: z.array(z.number().int()).optional() }).optional(),
});
export type PicklistEditOutcome = z.infer<typeof picklistEditOutcomeSchema>;

export const picklistEditBatchResponseSchema = envelope(
  z.object({
    results: z.array(picklistEditOutcomeSchema),
    /** The picklist after the whole call. */
    picklist: picklistDetailSchema,
  }),
);
export type PicklistEditBatchResult = z.infer<typeof picklistEditBatchResponseSchema>['data'];

// ---- endpoints -----------------------------------------------------------------------------------------

const tag = 'picklists';
const markPicked = requirePermission('orders-picklist_details', 'picked');

/** A 412 answer to an edit: the picklist as it is now, and the items someone else changed since the edit's version. */
export const picklistConflictSchema = errorBodySchema.extend({
  picklist: picklistDetailSchema,
  conflictingItems: z.array(z.number().int()),
});

export const picklistRegisterEndpoint = defineEndpoint({
  operationId: 'listPicklists',
  method: 'POST',
  path: '/picklist/register',
  tag,
  summary: "A page of the market's picklists",
  description: 'The picklist register: one row per picklist with its order, customer, location and progress.',
  access: requirePermission('orders-picklist_register', 'view'),
  body: listQuerySchema,
  responses: { 200: picklistRegisterResponseSchema },
});

export const picklistDetailEndpoint = defineEndpoint({
  operationId: 'getPicklist',
  method: 'GET',
  path: '/picklist/{id}/detail',
  tag,
  summary: 'A picklist with its items',
  description: 'The picklist, its items and the short-pick reasons; its version in the ETag header.',
  access: requirePermission('orders-picklist_details', 'view'),
  params: picklistIdParamsSchema,
  responses: { 200: picklistDetailResponseSchema },
});

export const picklistEditEndpoint = defineEndpoint({
  operationId: 'editPicklist',
  method: 'PUT',
  path: '/picklist/{id}/edit',
  tag,
  summary: 'Record picks',
  description:
    'Records picks. A replay with the same Idempotency-Key returns the first answer and applies nothing twice (422 if the key was used for another request). If-Match carries the version the edit was made on: 412 with the current picklist when an edited item was changed by someone else since.',
  access: markPicked,
  params: picklistIdParamsSchema,
  body: picklistEditBodySchema,
  headers: {
    'idempotency-key': 'A key the client made for this edit (8 to 128 letters, digits, - or _); a replay answers as the first call did.',
    'if-match': 'The version tag the picklist was read with, like "v12".',
  },
  errors: [409, 422],
  responses: { 200: picklistDetailResponseSchema, 412: picklistConflictSchema },
});

export const picklistEditBatchEndpoint = defineEndpoint({
  operationId: 'editPicklistBatch',
  method: 'POST',
  path: '/picklist/{id}/edits',
  tag,
  summary: 'Record several waiting edits of a picklist',
  description:
    "The offline outbox's replay: several waiting edits of one picklist in one call, applied in order, each as PUT /picklist/{id}/edit would apply it with its key as Idempotency-Key and base_version as If-Match. Each edit is answered with the status that call would have had; the picklist after the call is in data.picklist and its version in the ETag.",
  access: markPicked,
  params: picklistIdParamsSchema,
  body: picklistEditBatchBodySchema,
  responses: { 200: picklistEditBatchResponseSchema },
});
