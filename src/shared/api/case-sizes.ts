// Standard case sizes: the list of a market's ERP products with their five case-size slots, and the save
// that changes them. Names follow the spec (orders-picklists-case-sizes.md, sections 3 and 7): the row is
// flattened to case_sizes_1..case_sizes_5; the update payload and its answer are camelCase as it shows them.
import { z } from 'zod';
import { envelope, listEnvelope, listQuerySchema, rowIdSchema } from './common';
import { defineEndpoint, requirePermission } from './endpoint';
import { marketCodeSchema } from './enum-schemas';

/** The spec's five standard case size slots (section 9). */
export const CASE_SIZE_SLOTS = [1, 2, 3, 4, 5] as const;
export type CaseSizeSlot = (typeof CASE_SIZE_SLOTS)[number];
/** A case holds at least one unit; more than this is a typing mistake, not a case. */
export const MIN_CASE_SIZE = 1;
export const MAX_CASE_SIZE = 10_000;
/** Products in one save: a page is 100 by default; a few pages of edits at once is still one deliberate save. */
export const MAX_CASE_SIZE_PRODUCTS = 500;

/** The screen's messages (spec section 8), defined once for both sides. */
export const CASE_SIZE_MESSAGES = {
  title: 'Standard Case Size',
  subtitle: (market: string) => `Configure case sizes for products in ${market}`,
  allFailed: 'Changes could not be saved due to existing inventory tied to certain case sizes.',
  partial: "Valid case sizes were updated. Some changes couldn't be saved due to inventory constraints.",
  failed: 'Something went wrong. Please try again later.',
  saved: 'Changes have been made successfully.',
  viewAllNames: 'View All Names',
  noNames: 'No names found',
  s2sName: 'S2S Name',
  aliasName: 'Alias Name',
} as const;

export const CASE_SIZE_SORT_COLUMNS = [
  'productName',
  's2sItemName',
  'categoryName',
  'subcategoryName',
  'brandName',
  'case_sizes_1',
  'case_sizes_2',
  'case_sizes_3',
  'case_sizes_4',
  'case_sizes_5',
] as const;
export type CaseSizeSortColumn = (typeof CASE_SIZE_SORT_COLUMNS)[number];
/** Text filters match within names (s2sItemName also matches aliases); case_sizes_N filters match the number exactly. */
export const CASE_SIZE_FILTER_COLUMNS: readonly CaseSizeSortColumn[] = [...CASE_SIZE_SORT_COLUMNS];

/** `case_sizes_1` … `case_sizes_5`: the flattened slot of the row. */
export type CaseSizeSlotKey = `case_sizes_${CaseSizeSlot}`;
export const caseSizeSlotKey = (slot: CaseSizeSlot): CaseSizeSlotKey => `case_sizes_${slot}`;

// ---- list (POST /products/case-sizes) -----------------------------------------------------------------

const slotValue = z.number().int().nullable();

export const caseSizeRowSchema = z.object({
  productId: z.number().int(),
  /** The ERP product name ('ERP Product'). */
  productName: z.string(),
  /** The product's S2S name, null when it has none. */
  s2sItemName: z.string().nullable(),
  aliasNames: z.array(z.string()),
  categoryName: z.string(),
  subcategoryName: z.string().nullable(),
  brandName: z.string().nullable(),
  case_sizes_1: slotValue,
  case_sizes_2: slotValue,
  case_sizes_3: slotValue,
  case_sizes_4: slotValue,
  case_sizes_5: slotValue,
});
export type CaseSizeRow = z.infer<typeof caseSizeRowSchema>;
const caseSizeListResponseSchema = listEnvelope(caseSizeRowSchema);

// ---- save (POST /products/case-sizes/manage) ----------------------------------------------------------

const caseIndexSchema = z
  .number({ error: 'must be a number from 1 to 5' })
  .int('must be a whole number from 1 to 5')
  .min(1, 'must be from 1 to 5')
  .max(CASE_SIZE_SLOTS.length, 'must be from 1 to 5');
const caseSizeValueSchema = z
  .number({ error: `must be a whole number of units from ${MIN_CASE_SIZE} to ${MAX_CASE_SIZE.toLocaleString('en-US')}, or null to clear the slot` })
  .int(`must be a whole number of units from ${MIN_CASE_SIZE} to ${MAX_CASE_SIZE.toLocaleString('en-US')}`)
  .min(MIN_CASE_SIZE, `must be at least ${MIN_CASE_SIZE} unit`)
  .max(MAX_CASE_SIZE, `must be at most ${MAX_CASE_SIZE.toLocaleString('en-US')} units`)
  .nullable();

const slotChangeSchema = z.object({ caseIndex: caseIndexSchema, value: caseSizeValueSchema });
export type CaseSizeSlotChange = z.infer<typeof slotChangeSchema>;

const productChangeSchema = z.object({
  productId: rowIdSchema('must be a product id'),
  caseSizes: z
    .array(slotChangeSchema)
    .min(1, 'name at least one slot to change')
    .max(CASE_SIZE_SLOTS.length, 'a product has five slots')
    .superRefine((slots, ctx) => {
      const seen = new Set<number>();
      slots.forEach((slot, index) => {
        if (seen.has(slot.caseIndex)) ctx.addIssue({ code: 'custom', path: [index, 'caseIndex'], message: `slot ${slot.caseIndex} is named twice` });
        seen.add(slot.caseIndex);
      });
    }),
});

export const manageCaseSizesBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  products: z
    .array(productChangeSchema)
    .min(1, 'send at least one product')
    .max(MAX_CASE_SIZE_PRODUCTS, `at most ${MAX_CASE_SIZE_PRODUCTS} products in one save`)
    .superRefine((products, ctx) => {
      const seen = new Set<number>();
      products.forEach((product, index) => {
        if (seen.has(product.productId)) ctx.addIssue({ code: 'custom', path: [index, 'productId'], message: `product ${product.productId} is sent twice` });
        seen.add(product.productId);
      });
    }),
});
export type ManageCaseSizesBody = z.input<typeof manageCaseSizesBodySchema>;

const appliedSlotSchema = z.object({ caseIndex: z.number().int(), value: z.number().int().nullable() });
const refusedSlotSchema = appliedSlotSchema.extend({
  /** The value the slot keeps. */
  currentValue: z.number().int().nullable(),
  /** Why, naming the product, the slot and what uses it: shown beside the highlighted cell. */
  reason: z.string(),
});

const manageCaseSizesResponseSchema = envelope(
  z.object({
    summary: z.object({
      totalProducts: z.number().int(),
      /** Products with at least one slot applied. */
      successfulUpdates: z.number().int(),
      /** Products with at least one slot refused: a product may count in both. */
      failedUpdates: z.number().int(),
      updatedProductIds: z.array(z.number().int()),
    }),
    successfulUpdates: z.array(z.object({ productId: z.number().int(), caseSizes: z.array(appliedSlotSchema) })),
    failedUpdates: z.array(z.object({ productId: z.number().int(), productName: z.string(), caseSizes: z.array(refusedSlotSchema) })),
    /**
     * The latest import waiting for commit or discard, when its Case Size Errors were checked again against
     * the new sizes: how many now fit (they moved to Inventory Updates).
     */
    importRecheck: z.object({ referenceId: z.string(), fixed: z.number().int(), remaining: z.number().int() }).nullable(),
  }),
);
export type ManageCaseSizesAnswer = z.infer<typeof manageCaseSizesResponseSchema>['data'];

// ---- endpoints -------------------------------------------------------------------------------------------

export const listCaseSizesEndpoint = defineEndpoint({
  operationId: 'listCaseSizes',
  method: 'POST',
  path: '/products/case-sizes',
  summary: "A page of the market's ERP products with their five standard case sizes",
  description:
    'search matches the ERP name, the S2S name and aliases, category, subcategory and brand; sort and filter columns are those of CASE_SIZE_SORT_COLUMNS. Default order: ERP product name.',
  tag: 'Case sizes',
  access: requirePermission('standard-case-sizes', 'view'),
  body: listQuerySchema,
  responses: { 200: caseSizeListResponseSchema },
});

export const manageCaseSizesEndpoint = defineEndpoint({
  operationId: 'manageCaseSizes',
  method: 'POST',
  path: '/products/case-sizes/manage',
  summary: 'Change standard case sizes; a slot that stock or open orders use keeps its value',
  description:
    'Every product and slot is checked first: an unknown or other market product, a duplicate size within a product (after the change) or a value outside 1 to 10,000 refuses the whole request with 400. Then each product is changed in its own transaction: a slot whose current size is used by a batch with stock or by an open order, and that the change would remove from the product, is refused in failedUpdates; the other slots apply. The latest import waiting for commit has its Case Size Errors checked again.',
  tag: 'Case sizes',
  access: requirePermission('standard-case-sizes', 'update'),
  body: manageCaseSizesBodySchema,
  responses: { 200: manageCaseSizesResponseSchema },
});
