// Menus: the listing a Sales Manager shapes into a buyer's menu (internal or external), its export as one
// styled workbook per dispensary chain (MSO), and the market's menu settings that order the rows. Names follow
// the spec (inventory-and-menus.md sections 3, 4, 5, 7 and 9): rows in snake_case, requests in camelCase.
import { z } from 'zod';
import { MENU_TYPES } from '../enums';
import { envelope, listEnvelope, listQuerySchema, rowIdSchema } from './common';
import { defineEndpoint, requirePermission } from './endpoint';
import { marketCodeSchema } from './enum-schemas';

/** The screens' and the server's strings (spec sections 2, 4 and 8), defined once for both sides. */
export const MENU_MESSAGES = {
  hubTitle: 'Menu Management',
  createTitle: 'Create Menu',
  settingsTitle: 'Menu Settings',
  internalTab: 'Internal Menu',
  externalTab: 'External Menu',
  exportMenu: 'Export Menu',
  chooserTitle: 'Select Dispensary Chain',
  exporting: 'Exporting in process, please do not close or move to another screen',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to export menu. Please try again.',
  noColumns: 'Please select at least one column to export.',
  settingsLoadFailed: 'Failed to load menu settings',
  settingsSaveFailed: 'Failed to save menu settings',
  noChanges: 'No changes to save',
  settingsSaved: 'Menu settings saved successfully',
  discardChanges: 'Are you sure you want to exit and discard unsaved changes?',
} as const;

/** The URL's `tab` of /menus/create: internal or external (the listing's and the export's menuType). */
export const menuTypeSchema = z.enum(MENU_TYPES, { error: `must be one of ${MENU_TYPES.join(', ')}` });

// ---- listing (POST /menu/listing) --------------------------------------------------------------------------

/**
 * Columns a listing may be sorted and filtered by. Without a sort the rows follow the market's menu settings:
 * category order, then the category's brand order, its subcategory order and its sort fields, then product
 * name and batch number.
 */
export const MENU_SORT_COLUMNS = [
  'batch_number',
  'category_name',
  'subcategory_name',
  'brand_name',
  'strain_name',
  'strain_type',
  'item_size',
  'expired_date',
  's2s_product_name',
  'product_name',
  'base_price',
  's2s_location_name',
  'case_size',
  'available_case_size',
  'standard_case_size',
  'total_available_quantity',
] as const;
export type MenuSortColumn = (typeof MENU_SORT_COLUMNS)[number];
export const MENU_FILTER_COLUMNS: readonly MenuSortColumn[] = [...MENU_SORT_COLUMNS];

const terpeneSchema = z.object({ terpeneName: z.string(), percentage: z.number() });
const yyyyMmDd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-MM-dd');

/**
 * A sellable batch of the market as a menu shows it (spec section 3, menu listing row). Internal rows carry
 * case_size and available_case_size ('Cases Available'); external rows carry standard_case_size and
 * total_available_quantity. batch_id is the row's id (what excludedBatches lists); batch_number is Batch#.
 */
export const menuListingRowSchema = z.object({
  batch_id: z.number().int(),
  batch_number: z.string(),
  product_id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  subcategory_id: z.number().int().nullable(),
  subcategory_name: z.string().nullable(),
  brand_id: z.number().int().nullable(),
  brand_name: z.string().nullable(),
  strain_id: z.number().int().nullable(),
  strain_name: z.string().nullable(),
  /** Column 'Dominance'. */
  strain_type: z.string().nullable(),
  item_size: z.number().nullable(),
  /** 'g' or 'mg'. */
  item_size_uom: z.string().nullable(),
  thc_value: z.number().nullable(),
  thc_a: z.number().nullable(),
  /** 'WeightRatio' (shown as mg/g) or 'Percentage' (shown as %); null with a null value shows 'Missing'. */
  thc_total_uom: z.string().nullable(),
  cbd_value: z.number().nullable(),
  cbd_a: z.number().nullable(),
  cbd_total_uom: z.string().nullable(),
  /** The three highest, highest first. */
  top_terpenes: z.array(terpeneSchema),
  expired_date: yyyyMmDd.nullable(),
  /** Column 'Product Name' (hidden by default). */
  s2s_product_name: z.string(),
  /** Column 'ERP Product Name' (hidden by default). */
  product_name: z.string(),
  /** Internal: the batch's units per case. */
  case_size: z.number().int().optional(),
  /** Internal: whole cases not held by open orders ('Cases Available'). */
  available_case_size: z.number().int().optional(),
  /** External: the product's first standard case size, else the batch's units per case. */
  standard_case_size: z.number().int().optional(),
  /** External: units not held by open orders (shown, never exported). */
  total_available_quantity: z.number().int().optional(),
  /** Column 'Price per unit' (hidden by default). */
  base_price: z.number(),
  /** Column 'Inventory Location' (hidden by default). */
  s2s_location_name: z.string(),
  /** A colour hex from the ERP, the word 'unavailable' (no whole case free: a red row), or null. See menu-colors. */
  row_color: z.string().nullable(),
});
export type MenuListingRow = z.infer<typeof menuListingRowSchema>;
export type MenuField = keyof MenuListingRow;

const menuListingBodySchema = listQuerySchema.extend({ menuType: menuTypeSchema });
export type MenuListingBody = z.input<typeof menuListingBodySchema>;

const menuListingResponseSchema = listEnvelope(menuListingRowSchema).extend({
  metaDetails: z.object({
    /** When the market's latest import was committed: the screen's last import time. */
    lastImportTime: z.string().datetime({ offset: true }).nullable(),
  }),
});

// ---- export (POST /menu/export) -----------------------------------------------------------------------------

/** Never exported (spec section 5): the table's own columns and the external quantity. */
export const NON_EXPORTED_COLUMNS = ['select', 'actions', 'total_available_quantity'] as const;
/** Fields a workbook may carry: every listing field a user sees as a column, less total_available_quantity. */
export const EXPORTABLE_MENU_FIELDS = [
  'batch_number',
  'category_name',
  'subcategory_name',
  'brand_name',
  'strain_name',
  'strain_type',
  'item_size',
  'thc_value',
  'cbd_value',
  'top_terpenes',
  'expired_date',
  's2s_product_name',
  'product_name',
  'case_size',
  'available_case_size',
  'standard_case_size',
  'base_price',
  's2s_location_name',
] as const satisfies readonly MenuField[];
export type ExportableMenuField = (typeof EXPORTABLE_MENU_FIELDS)[number];
/** A workbook per chain; more in one request is a mistake rather than a menu run. */
export const MAX_EXPORT_MSOS = 50;
/** The internal menu's columns the bulk menu upload reads back (orders spec section 3), added to every internal workbook. */
export const ROUND_TRIP_COLUMNS = { batch: 'Batch#', dispensaries: 'Dispensary Location(s)', caseSize: 'Case Size', cases: 'Cases' } as const;
/** How long an export's links stay valid. */
export const EXPORT_LINK_MINUTES = 15;

const selectedColumnSchema = z.object({
  /** Position in the workbook, 0 first; columns are written in this order. */
  index: z.number().int().min(0).max(99),
  field: z.enum(EXPORTABLE_MENU_FIELDS, { error: `is not an exported column; use one of ${EXPORTABLE_MENU_FIELDS.join(', ')}` }),
  /** The header the screen shows for it. */
  label: z.string().trim().min(1, 'must not be blank').max(100),
});
export type SelectedMenuColumn = z.infer<typeof selectedColumnSchema>;

const msoDetailSchema = z.object({ id: rowIdSchema('must be an MSO owner id'), name: z.string().trim().min(1).max(200) });

export const menuExportBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  menuType: menuTypeSchema,
  selectedColumns: z
    .array(selectedColumnSchema)
    .min(1, MENU_MESSAGES.noColumns)
    .max(EXPORTABLE_MENU_FIELDS.length)
    .refine((columns) => new Set(columns.map((column) => column.field)).size === columns.length, 'names a column twice'),
  /** The sales person the menu is sent by: an id (digits) or a name, for the workbook's title row. */
  salesPersonIdORName: z.string().trim().max(200).optional(),
  /** The chains to write a workbook for, one each. */
  msoDetails: z
    .array(msoDetailSchema)
    .min(1, 'choose at least one dispensary chain')
    .max(MAX_EXPORT_MSOS, `at most ${MAX_EXPORT_MSOS} dispensary chains at once`)
    .refine((chains) => new Set(chains.map((chain) => chain.id)).size === chains.length, 'names a dispensary chain twice'),
  /** External only: batch ids deselected on the screen, left out of every workbook. */
  excludedBatches: z.array(rowIdSchema('must be a batch id')).max(100_000).optional(),
  /** The screen's search and column filters, so that the workbook holds the rows the user sees. */
  search: listQuerySchema.shape.search,
  columnFilter: listQuerySchema.shape.columnFilter,
});
export type MenuExportBody = z.input<typeof menuExportBodySchema>;

const menuExportResponseSchema = envelope(
  z.object({
    exports: z.array(
      z.object({
        /** A link this server serves: HMAC-signed, bound to the market, valid for EXPORT_LINK_MINUTES. */
        presignedUrl: z.string(),
        msoName: z.string(),
        /** The workbook's file name: market code, MSO name, tab, yyyy_MM_dd_HHmm, .xlsx. */
        fileName: z.string(),
      }),
    ),
  }),
);
export type MenuExportResponse = z.infer<typeof menuExportResponseSchema>;

// ---- settings (GET and POST /menu/settings) -----------------------------------------------------------------

export const MENU_SORT_FIELDS = ['packagingSize', 'dominance', 'strain'] as const;
export type MenuSortField = (typeof MENU_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
/** How the settings screen names each sort field's directions (spec section 3). */
export const MENU_SORT_FIELD_LABELS: Record<MenuSortField, { label: string; asc: string; desc: string }> = {
  packagingSize: { label: 'Packaging Size', asc: 'Small to Large', desc: 'Large to Small' },
  dominance: { label: 'Dominance', asc: 'A-Z', desc: 'Z-A' },
  strain: { label: 'Strain', asc: 'A-Z', desc: 'Z-A' },
};

const orderNumber = z.number().int().min(1).max(100_000);
const sortFieldSchema = z.object({
  field: z.enum(MENU_SORT_FIELDS, { error: `must be one of ${MENU_SORT_FIELDS.join(', ')}` }),
  direction: z.enum(SORT_DIRECTIONS, { error: 'must be asc or desc' }),
  sortOrder: orderNumber,
});
const brandOrderSchema = z.object({ brandId: rowIdSchema('must be a brand id'), brandName: z.string(), brandOrder: orderNumber });
const subcategoryOrderSchema = z.object({ subcategoryId: rowIdSchema('must be a subcategory id'), subcategoryName: z.string(), subcategoryOrder: orderNumber });

/** One category's settings as GET answers them: every level filled in, defaults where nothing was saved. */
export const categorySettingsSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  categoryOrder: z.number().int(),
  brandOrder: z.array(brandOrderSchema),
  subcategoryOrder: z.array(subcategoryOrderSchema),
  sortFields: z.array(sortFieldSchema),
});
export type CategorySettings = z.infer<typeof categorySettingsSchema>;

const menuSettingsSchema = z.object({ marketCode: z.string(), settings: z.array(categorySettingsSchema) });
export type MenuSettings = z.infer<typeof menuSettingsSchema>;

/**
 * A change to one category: each level given replaces that level (brandOrder and subcategoryOrder list the
 * category's brands or subcategories in their new order; any left out follow, by name). Names are ignored.
 */
const categorySettingsChangeSchema = z.object({
  categoryId: rowIdSchema('must be a category id'),
  categoryName: z.string().max(200).optional(),
  categoryOrder: orderNumber.optional(),
  brandOrder: z.array(brandOrderSchema.extend({ brandName: z.string().max(200).optional() })).max(1_000).optional(),
  subcategoryOrder: z.array(subcategoryOrderSchema.extend({ subcategoryName: z.string().max(200).optional() })).max(1_000).optional(),
  sortFields: z
    .array(sortFieldSchema)
    .max(MENU_SORT_FIELDS.length)
    .refine((fields) => new Set(fields.map((one) => one.field)).size === fields.length, 'names a sort field twice')
    .optional(),
});
const saveMenuSettingsBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  settings: z
    .array(categorySettingsChangeSchema)
    .min(1, MENU_MESSAGES.noChanges)
    .max(1_000)
    .refine((changes) => new Set(changes.map((one) => one.categoryId)).size === changes.length, 'names a category twice'),
});
export type SaveMenuSettingsBody = z.input<typeof saveMenuSettingsBodySchema>;

// ---- endpoints ------------------------------------------------------------------------------------------------

const tag = 'Menus';
const createMenu = requirePermission('menu_management-create_menu', 'view');
const menuSettingsAccess = requirePermission('menu_management-menu_settings', 'view');

export const menuListingEndpoint = defineEndpoint({
  operationId: 'listMenu',
  method: 'POST',
  path: '/menu/listing',
  tag,
  summary: "A page of the market's sellable batches as an internal or external menu shows them",
  description:
    'Active, lab-passed, unexpired batches with units left. Rows with no whole case free have row_color unavailable. Without a sort the rows follow the menu settings. Sort and filter columns are those of MENU_SORT_COLUMNS; search matches batch, product, S2S name, brand, strain and category.',
  access: createMenu,
  body: menuListingBodySchema,
  responses: { 200: menuListingResponseSchema },
});

export const menuExportEndpoint = defineEndpoint({
  operationId: 'exportMenu',
  method: 'POST',
  path: '/menu/export',
  tag,
  summary: 'One styled workbook per dispensary chain, written by a background job, answered as signed links',
  description:
    'Writes the listing (in menu settings order, with the search and filters given, less excludedBatches for external menus) with the selected columns. Internal workbooks also carry Batch#, Dispensary Location(s), Case Size and an empty Cases column that the bulk menu upload reads back. 400 for an unknown or another market\'s MSO id.',
  access: createMenu,
  body: menuExportBodySchema,
  responses: { 200: menuExportResponseSchema },
  errors: [503],
});

export const menuSettingsEndpoint = defineEndpoint({
  operationId: 'getMenuSettings',
  method: 'GET',
  path: '/menu/settings',
  tag,
  summary: "The market's menu settings, every category with its brands, subcategories and sort fields",
  description: 'Categories, brands and subcategories are those the market has products in; levels never saved come in their default order (by name; sort fields packagingSize, dominance, strain, all asc).',
  access: menuSettingsAccess,
  query: z.object({ market_code: marketCodeSchema.optional(), marketCode: marketCodeSchema.optional() }),
  responses: { 200: envelope(menuSettingsSchema) },
});

export const saveMenuSettingsEndpoint = defineEndpoint({
  operationId: 'saveMenuSettings',
  method: 'POST',
  path: '/menu/settings',
  tag,
  summary: 'Merge changes into the market\'s menu settings and answer the whole settings',
  description: '400 naming the entry for a category, brand or subcategory id the market does not have (or that is not in that category); nothing is saved then.',
  access: menuSettingsAccess,
  body: saveMenuSettingsBodySchema,
  responses: { 200: envelope(menuSettingsSchema) },
});
