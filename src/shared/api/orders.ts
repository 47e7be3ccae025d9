// Orders: the list, the detail, create and edit, duplicate, notes, status changes, the people and
// inventory the create screen needs, and the bulk menu upload. Names follow the spec: list rows in
// snake_case as the spec shows them, the order detail in camelCase.
import { z } from 'zod';
import { BULK_UPLOAD_STATUSES, CUSTOMER_GROUPS, MENU_TYPES, ORDER_STATUSES } from '../enums';
import { ORDER_ACTIONS, STATUS_CHANGE_VALUES } from '../order-status';
import { customerGroupSchema, marketCodeSchema } from './enum-schemas';
import { envelope, listEnvelope, listQuerySchema, MAX_DB_INTEGER, MAX_PAGE, pageNumberSchema, paginationMetaSchema, rowIdParamSchema, rowIdSchema } from './common';
import { defineEndpoint, requirePermission } from './endpoint';
import { marketQuerySchema } from './markets';
import { MAX_ORDER_LINES, ORDER_LINE_MESSAGES, ORDER_MESSAGES } from './order-protocol';

export { ORDER_MESSAGES, orderIdProblem } from './order-protocol';

/** Notes are at most 500 characters and not blank (spec, section 5). */
export const NOTE_MAX_LENGTH = 500;
/** The bulk upload limit (spec, section 5 and 9). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_REQUIRED_COLUMNS = ['Batch#', 'Dispensary Location(s)', 'Case Size'] as const;
export const UPLOAD_POLL_MS = 10_000;

const yyyyMmDd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-MM-dd');
const isoDateTime = z.string().datetime({ offset: true });
const id = rowIdParamSchema();
const cases = z.number({ error: 'must be a number' }).int('must be a whole number of cases').max(100_000, 'is more cases than any batch holds');
const price = z.number({ error: 'must be a number' }).min(0.01, ORDER_LINE_MESSAGES.priceNotPositive).max(1_000_000, 'is too high');

export const orderIdParamsSchema = z.object({ id });

// ---- list (POST /order/history) -----------------------------------------------------------------------

export const ORDER_HISTORY_SORT_COLUMNS = [
  'customer_name',
  'created_user_name',
  'created_ts',
  'reference_id',
  'metadata_label',
  'approved_date',
  'requested_delivery_date',
  'confirmed_delivery_date',
  'total_cases',
  'total_price',
] as const;
export const ORDER_HISTORY_FILTER_COLUMNS = [...ORDER_HISTORY_SORT_COLUMNS, 'mso_owner_name', 'sales_person_name'] as const;

export const orderListRowSchema = z.object({
  order_id: z.number().int(),
  reference_id: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  created_user_name: z.string().nullable(),
  created_ts: isoDateTime,
  /** The status as a code (PENDING, PARTIALLY_PICKED...). */
  metadata_code: z.string(),
  /** The status as the spec names it. */
  metadata_label: z.enum(ORDER_STATUSES),
  approved_date: isoDateTime.nullable(),
  requested_delivery_date: yyyyMmDd.nullable(),
  confirmed_delivery_date: yyyyMmDd.nullable(),
  total_cases: z.number().int(),
  total_price: z.number(),
  /** The inventory locations of the order's batches, comma separated. */
  inventory_location_name: z.string().nullable(),
  mso_owner_name: z.string().nullable(),
  sales_person_name: z.string().nullable(),
  tax_price: z.number().nullable(),
  status_description: z.string().nullable(),
  /** The comment of the latest status change. */
  history_comments: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;
export const orderHistoryResponseSchema = listEnvelope(orderListRowSchema);

// ---- detail (POST /order/{id}/details) ------------------------------------------------------------------

export const orderItemSchema = z.object({
  orderItemId: z.number().int(),
  batchId: z.number().int(),
  /** The batch number users see as 'Batch #'. */
  batchNumber: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  s2sProductName: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  subcategoryId: z.number().int().nullable(),
  subcategoryName: z.string().nullable(),
  strainId: z.number().int().nullable(),
  strainName: z.string().nullable(),
  lineage: z.string().nullable(),
  strainType: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  packageSize: z.number().nullable(),
  packageSizeUom: z.string().nullable(),
  caseSize: z.number().int(),
  noOfCase: z.number().int(),
  /** Cases picked so far across the order's picklists. */
  caseFulfilled: z.number().int(),
  /** Cases of this line the batch could not cover when ordered: the line needs changing or removing. */
  shortCases: z.number().int(),
  unitBasePrice: z.number(),
  unitSalePrice: z.number(),
  /** cases × case size × unit sale price. */
  subTotalPrice: z.number(),
  expiryDate: yyyyMmDd.nullable(),
  inventoryLocationName: z.string(),
  /** 'Action Required' when the line is short, else null. */
  metadataLabel: z.string().nullable(),
  /** Cases this line could hold now: its own reservation plus what the batch still has free. */
  available_case_size: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderDetailSchema = z.object({
  orderId: z.number().int(),
  referenceId: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  marketCode: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerGroup: z.enum(CUSTOMER_GROUPS),
  msoOwnerName: z.string().nullable(),
  salesPersonId: z.number().int().nullable(),
  salesPersonName: z.string().nullable(),
  requestedDeliveryDate: yyyyMmDd.nullable(),
  confirmedDeliveryDate: yyyyMmDd.nullable(),
  approvedDate: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  createdByName: z.string().nullable(),
  comment: z.string().nullable(),
  /** The latest note, for the summary; the list is GET /order/{id}/notes. */
  note: z.string().nullable(),
  totalBatches: z.number().int(),
  totalCases: z.number().int(),
  totalPrice: z.number(),
  /** Bumped by every change; edits may send it back to refuse a lost update. */
  version: z.number().int(),
  /** What the caller's role may do with the order now (the status action table). */
  allowedActions: z.array(z.enum(ORDER_ACTIONS)),
  items: z.array(orderItemSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The list query pages the items; a price or a confirmed delivery date may be set in the same call. */
export const orderDetailsBodySchema = listQuerySchema.extend({
  batchId: rowIdSchema().optional(),
  unitSalePrice: price.optional(),
  confirmedDeliveryDate: yyyyMmDd.optional(),
});
export const orderDetailsResponseSchema = envelope(orderDetailSchema).extend({ pagination: paginationMetaSchema.optional() });

// ---- create, edit, duplicate -----------------------------------------------------------------------------

export const orderLineInputSchema = z.object({
  batchId: z.number({ error: 'batchId is required' }).pipe(rowIdSchema()),
  noOfCases: cases.min(1, ORDER_LINE_MESSAGES.quantityNotPositive),
  /** Empty falls back to the default price: the lower of base and vendor price. */
  unitSalePrice: price.optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const createOrderBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  customerId: z.number({ error: ORDER_MESSAGES.missingBuyer }).pipe(rowIdSchema(ORDER_MESSAGES.missingBuyer)),
  salesPersonId: rowIdSchema().optional(),
  requestedDeliveryDate: yyyyMmDd,
  items: z.array(orderLineInputSchema).min(1, ORDER_MESSAGES.noItems).max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines in one order`),
  /** The client sends 'Action Required' when it knows lines are over-ordered; the server decides anyway. */
  status: z.literal('Action Required').optional(),
  note: z.string().max(NOTE_MAX_LENGTH).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderRefSchema = z.object({ orderId: z.number().int(), referenceId: z.string(), orderStatus: z.enum(ORDER_STATUSES) });
export type OrderRef = z.infer<typeof orderRefSchema>;
export const orderRefResponseSchema = envelope(orderRefSchema);

/** Edit: the order's full new list of lines (and optionally its date, buyer, sales person); or only the confirmed delivery date. */
export const editOrderBodySchema = z.union([
  z.object({
    marketCode: marketCodeSchema.optional(),
    items: z.array(orderLineInputSchema).min(1, ORDER_MESSAGES.noItems).max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines in one order`),
    requestedDeliveryDate: yyyyMmDd.optional(),
    customerId: rowIdSchema().optional(),
    salesPersonId: rowIdSchema().nullable().optional(),
    /** The version the edit was based on; a stale one answers 409. */
    version: z.number().int().optional(),
  }),
  z.object({
    marketCode: marketCodeSchema.optional(),
    /** ISO date or date-time; stored as the calendar day. */
    confirmDeliveryDate: z.string().min(10),
  }),
]);
export type EditOrderBody = z.infer<typeof editOrderBodySchema>;

export const duplicateOrderBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  customerId: rowIdSchema(ORDER_MESSAGES.missingBuyer),
  salesPersonId: rowIdSchema().optional(),
});

// ---- notes ---------------------------------------------------------------------------------------------

export const orderNoteSchema = z.object({
  noteId: z.number().int(),
  notes: z.string(),
  created_ts: isoDateTime,
  created_user_name: z.string().nullable(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;
export const orderNotesQuerySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  page: pageNumberSchema(MAX_PAGE).default(1),
  pagesize: pageNumberSchema(100).default(100),
});
export const orderNotesResponseSchema = listEnvelope(orderNoteSchema);
export const createNoteBodySchema = z.object({
  notes: z
    .string({ error: 'notes is required' })
    .max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`)
    .refine((value) => value.trim().length > 0, 'must not be blank'),
});
export const createNoteResponseSchema = envelope(z.object({ orderNotes: orderNoteSchema }));

// ---- status ----------------------------------------------------------------------------------------------

export const orderStatusBodySchema = z.object({
  status: z.enum(STATUS_CHANGE_VALUES, { error: `must be one of ${STATUS_CHANGE_VALUES.join(', ')}` }),
  comment: z.string().max(NOTE_MAX_LENGTH).optional(),
});

// ---- people for pickers ------------------------------------------------------------------------------------

export const salesPersonSchema = z.object({ sales_person_id: z.number().int(), sales_person_name: z.string() });
export type SalesPerson = z.infer<typeof salesPersonSchema>;
export const salesPersonsResponseSchema = envelope(z.array(salesPersonSchema));

export const customerQuerySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  /** Comma-separated sales person ids: only their customers. */
  salesPersonId: z
    .string()
    .regex(/^[1-9]\d*(,[1-9]\d*)*$/, 'must be sales person ids (plain digits) separated by commas')
    .transform((value) => value.split(',').map(Number))
    .refine((ids) => ids.every((one) => one <= MAX_DB_INTEGER), 'is not a known sales person id')
    .optional(),
  group: customerGroupSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export const customerSchema = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_group: z.enum(CUSTOMER_GROUPS),
  mso_owner_id: z.number().int().nullable(),
  mso_owner_name: z.string().nullable(),
  sales_person_id: z.number().int().nullable(),
  sales_person_name: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customersResponseSchema = envelope(z.array(customerSchema));
export const msoOwnerSchema = z.object({ mso_owner_id: z.number().int(), mso_owner_name: z.string() });
export type MsoOwner = z.infer<typeof msoOwnerSchema>;
export const msoOwnersResponseSchema = envelope(z.array(msoOwnerSchema));

// ---- inventory to order from (POST /order/inventory) -----------------------------------------------------

export const ORDER_INVENTORY_SORT_COLUMNS = [
  'product_name',
  's2s_product_name',
  'batch_number',
  'category_name',
  'brand_name',
  'strain_name',
  'expiry_date',
  'available_case_size',
  'default_price',
  'inventory_location_name',
] as const;
export const ORDER_INVENTORY_FILTER_COLUMNS = [...ORDER_INVENTORY_SORT_COLUMNS, 'subcategory_name', 'strain_type'] as const;

export const orderInventoryRowSchema = z.object({
  batch_id: z.number().int(),
  batch_number: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  s2s_product_name: z.string(),
  category_name: z.string(),
  subcategory_name: z.string().nullable(),
  brand_name: z.string().nullable(),
  strain_name: z.string().nullable(),
  strain_type: z.string().nullable(),
  item_size: z.number().nullable(),
  item_size_uom: z.string().nullable(),
  case_size: z.number().int(),
  /** Whole cases not yet held by open orders. */
  available_case_size: z.number().int(),
  base_price: z.number(),
  vendor_price: z.number().nullable(),
  /** The lower of base and vendor price: what a line costs unless the rep changes it. */
  default_price: z.number(),
  expiry_date: yyyyMmDd.nullable(),
  inventory_location_name: z.string(),
  thc_value: z.number().nullable(),
  thc_total_uom: z.string().nullable(),
  cbd_value: z.number().nullable(),
  cbd_total_uom: z.string().nullable(),
});
export type OrderInventoryRow = z.infer<typeof orderInventoryRowSchema>;
export const orderInventoryResponseSchema = listEnvelope(orderInventoryRowSchema);

// ---- bulk menu upload ------------------------------------------------------------------------------------

export const uploadCreateBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  menuType: z.enum(MENU_TYPES).default('internal'),
  fileName: z.string().trim().min(1, 'fileName is required').max(255),
  /** The file's bytes in base64, without a data: prefix. */
  file: z.string().min(1, 'file is required'),
});

export const uploadCustomerResultSchema = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  index: z.number().int(),
  customer_group: z.enum(CUSTOMER_GROUPS),
  menu_upload_status: z.enum(BULK_UPLOAD_STATUSES),
  /** yyyy-MM-dd once chosen. */
  delivery_date: yyyyMmDd.nullable(),
  /** Lines read for this customer, and the order made from them once confirmed. */
  line_count: z.number().int(),
  total_cases: z.number().int(),
  reference_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type UploadCustomerResult = z.infer<typeof uploadCustomerResultSchema>;
export const uploadCustomersSchema = z.object({ result: z.array(uploadCustomerResultSchema), referenceId: z.string().nullable() });
export const uploadResponseSchema = envelope(z.object({ customers: uploadCustomersSchema }));

export const uploadProcessBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  referenceId: z.string().min(1),
  menuType: z.enum(MENU_TYPES).default('internal'),
  action: z.enum(['confirm', 'cancel'], { error: 'must be confirm or cancel' }),
  result: z
    .array(
      z.object({
        customer_id: z.number().int(),
        customer_name: z.string(),
        index: z.number().int(),
        customer_group: z.enum(CUSTOMER_GROUPS),
        /** yyyy-MM-dd on confirm; empty for other actions. */
        delivery_date: z.union([yyyyMmDd, z.literal('')]).optional(),
      }),
    )
    .max(500),
});

export const uploadStatusQuerySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  /** A particular upload (also a finished one, to show its outcome); without it, the open one. */
  referenceId: z.string().trim().min(1).max(64).optional(),
});

// ---- endpoints -----------------------------------------------------------------------------------------
// Each guard is the least grant any role needs for the endpoint; the server enforces the status action
// table per role for the rest.

const viewOrders = requirePermission('orders-orders_history', 'view');
const createOrders = requirePermission('orders-orders_history', 'create_order');
const uploadMenu = requirePermission('orders-orders_history', 'upload_menu');
const tag = 'orders';

export const listOrdersEndpoint = defineEndpoint({
  operationId: 'listOrders',
  method: 'POST',
  path: '/order/history',
  tag,
  summary: "A page of the market's orders",
  description:
    'search matches reference id, customer, MSO owner and sales person; status filters by status; sort and filter columns are those of ORDER_HISTORY_*_COLUMNS. Default order: newest first.',
  access: viewOrders,
  body: listQuerySchema,
  responses: { 200: orderHistoryResponseSchema },
});

export const orderDetailsEndpoint = defineEndpoint({
  operationId: 'getOrderDetails',
  method: 'POST',
  path: '/order/{id}/details',
  tag,
  summary: 'An order with a page of its items',
  description:
    'The order with a page of its items and the actions the caller may take. With batchId and unitSalePrice, first sets that line’s price (edit); with confirmedDeliveryDate, first sets the confirmed delivery date.',
  access: viewOrders,
  params: orderIdParamsSchema,
  body: orderDetailsBodySchema,
  errors: [409],
  responses: { 200: orderDetailsResponseSchema },
});

export const createOrderEndpoint = defineEndpoint({
  operationId: 'createOrder',
  method: 'POST',
  path: '/order/create',
  tag,
  summary: 'Create an order',
  description: 'Creates an order and reserves its stock; lines the stock cannot cover are kept as short and the order is Action Required.',
  access: createOrders,
  body: createOrderBodySchema,
  errors: [404],
  responses: { 201: orderRefResponseSchema },
});

export const editOrderEndpoint = defineEndpoint({
  operationId: 'editOrder',
  method: 'PUT',
  path: '/order/{id}/edit',
  tag,
  summary: "Replace an order's lines, or set its confirmed delivery date",
  description:
    'Replaces the order’s lines (needs orders-order_detail edit_order and a status that allows edit; send version to refuse a lost update), or sets only the confirmed delivery date (confirmDeliveryDate).',
  access: viewOrders,
  params: orderIdParamsSchema,
  body: editOrderBodySchema,
  errors: [409],
  responses: { 200: orderRefResponseSchema },
});

export const duplicateOrderEndpoint = defineEndpoint({
  operationId: 'duplicateOrder',
  method: 'POST',
  path: '/order/{id}/duplicate',
  tag,
  summary: 'Copy an order for a buyer',
  description: 'A new Pending order for the given buyer with the same lines, each at what is available now.',
  access: createOrders,
  params: orderIdParamsSchema,
  body: duplicateOrderBodySchema,
  responses: { 201: orderRefResponseSchema },
});

export const orderNotesEndpoint = defineEndpoint({
  operationId: 'listOrderNotes',
  method: 'GET',
  path: '/order/{id}/notes',
  tag,
  summary: "An order's notes",
  description: 'The order’s notes, newest first.',
  access: viewOrders,
  params: orderIdParamsSchema,
  query: orderNotesQuerySchema,
  responses: { 200: orderNotesResponseSchema },
});

export const addOrderNoteEndpoint = defineEndpoint({
  operationId: 'addOrderNote',
  method: 'POST',
  path: '/order/{id}/notes',
  tag,
  summary: 'Add a note to an order',
  description: 'Adds a note (at most 500 characters, not blank); refused on Cancelled and Completed orders.',
  access: viewOrders,
  params: orderIdParamsSchema,
  body: createNoteBodySchema,
  errors: [409],
  responses: { 201: createNoteResponseSchema },
});

export const changeOrderStatusEndpoint = defineEndpoint({
  operationId: 'changeOrderStatus',
  method: 'PUT',
  path: '/order/{id}/status',
  tag,
  summary: 'Move an order to its next status',
  description: 'Moves the order on as the status action table allows the caller’s role: 403 when the status allows it but the role may not, 409 when the status does not.',
  access: viewOrders,
  params: orderIdParamsSchema,
  body: orderStatusBodySchema,
  errors: [409],
  responses: { 200: orderRefResponseSchema },
});

export const orderInventoryEndpoint = defineEndpoint({
  operationId: 'listOrderInventory',
  method: 'POST',
  path: '/order/inventory',
  tag,
  summary: 'The batches an order can take',
  description:
    'Active, lab-passed and unexpired batches with at least one whole case free unless the query filters on available_case_size. Default order: product name.',
  access: createOrders,
  body: listQuerySchema,
  responses: { 200: orderInventoryResponseSchema },
});

export const uploadCreateEndpoint = defineEndpoint({
  operationId: 'createOrderUpload',
  method: 'POST',
  path: '/order/upload/create',
  tag,
  summary: 'Upload an order file for review',
  description:
    'Reads an order file (xlsx, xls or csv by content, at most 10 MB, base64 without a data: prefix) with the columns Batch#, Dispensary Location(s) and Case Size, and opens it for review: one entry per dispensary. A bad file or row answers 400 naming what to fix (413 when too large) and stores nothing; another upload still open in the market answers 409, and a third file sent while two of the same user are being read answers 429.',
  access: uploadMenu,
  body: uploadCreateBodySchema,
  errors: [409, 413, 429, 503],
  responses: { 200: uploadResponseSchema },
});

export const uploadProcessEndpoint = defineEndpoint({
  operationId: 'processOrderUpload',
  method: 'POST',
  path: '/order/upload/process',
  tag,
  summary: 'Confirm or cancel an upload under review',
  description:
    'Cancels an upload under review, or confirms it with a delivery date for every customer: one order per customer is created, and the answer shows each outcome (COMPLETED with its order reference id, or FAILED with the reason).',
  access: uploadMenu,
  body: uploadProcessBodySchema,
  errors: [404, 409],
  responses: { 200: uploadResponseSchema },
});

export const uploadStatusEndpoint = defineEndpoint({
  operationId: 'getOrderUploadStatus',
  method: 'GET',
  path: '/order/upload/status',
  tag,
  summary: "The market's open upload",
  description: "The market's upload under review or being processed (empty when none), or the one named by referenceId.",
  access: uploadMenu,
  query: uploadStatusQuerySchema,
  errors: [404],
  responses: { 200: uploadResponseSchema },
});

// The people pickers of the order screens, guarded by the orders list's view grant, which every role that
// sees orders holds; the menus area will reuse these and may widen the guard then.

export const salesPersonsEndpoint = defineEndpoint({
  operationId: 'listSalesPersons',
  method: 'GET',
  path: '/sales-person',
  tag: 'customers',
  summary: "The market's sales persons",
  description: "The market's sales persons, by name.",
  access: viewOrders,
  query: marketQuerySchema,
  responses: { 200: salesPersonsResponseSchema },
});

export const customersEndpoint = defineEndpoint({
  operationId: 'listCustomers',
  method: 'GET',
  path: '/customer',
  tag: 'customers',
  summary: "The market's buyers",
  description: "The market's active buyers, by name: of a group (INT or EXT), of some sales persons (salesPersonId=1,2), matching a search.",
  access: viewOrders,
  query: customerQuerySchema,
  responses: { 200: customersResponseSchema },
});

export const msoOwnersEndpoint = defineEndpoint({
  operationId: 'listMsoOwners',
  method: 'GET',
  path: '/customer/mso',
  tag: 'customers',
  summary: "The market's MSO owners (dispensary chains)",
  description:
    "The market's MSO owners, by name. With salesPersonId or group, only those owning an active customer of those sales persons or that group (the menu's 'Select Dispensary Chain'); search matches the owner's name.",
  access: viewOrders,
  query: customerQuerySchema,
  responses: { 200: msoOwnersResponseSchema },
});
