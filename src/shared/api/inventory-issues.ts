// Inventory issues: what the latest committed imports left open (Item Issues and Lab Data Warnings), a refresh
// that re-checks chosen items against the ERP, the lab and the seed-to-sale system as a job, and that job's
// status. Names follow the spec (inventory-and-menus.md sections 3, 4 and 7): rows in snake_case as the import
// detail rows, the refresh payload in camelCase.
import { z } from 'zod';
import { ISSUE_REFRESH_STATUSES, ISSUE_TABS } from '../enums';
import { envelope, listEnvelope, listQuerySchema } from './common';
import { defineEndpoint, requirePermission } from './endpoint';
import { marketCodeSchema } from './enum-schemas';
import { importDetailRowSchema } from './inventory-import';
import { marketQuerySchema } from './markets';

/** At most this many items in one refresh (spec sections 5 and 9). */
export const MAX_ISSUE_REFRESH_ITEMS = 100;
/** While a refresh is IN-PROGRESS the screen asks for its status this often (spec section 4). */
export const ISSUE_REFRESH_POLL_MS = 10_000;

/** The screen's and the server's strings, defined once for both sides. */
export const ISSUE_MESSAGES = {
  title: 'Inventory Issues',
  tooMany: 'You can only refresh up to 100 items at a time. Please reduce your selection and try again.',
  refreshInProgress: 'A refresh of inventory issues is already in progress for this market.',
  failed: 'Something went wrong. Please try again later.',
} as const;

/** What a completed refresh found, as its comment (server) and the screen's result (client) both say it. */
export function refreshOutcomeText(fixed: number, asked: number): string {
  return `${fixed} of ${asked} ${asked === 1 ? 'item' : 'items'} fixed`;
}

export const ISSUE_SORT_COLUMNS = ['product_name', 's2s_product_name', 'batch_id', 'total_quantity', 's2s_location_name', 'category_name', 'metadata_label', 'created_ts'] as const;
export const ISSUE_FILTER_COLUMNS: readonly (typeof ISSUE_SORT_COLUMNS)[number][] = [...ISSUE_SORT_COLUMNS];

const isoDateTime = z.string().datetime({ offset: true });
const issueTabSchema = z.enum(ISSUE_TABS, { error: `must be one of ${ISSUE_TABS.join(', ')}` });

// ---- list (POST /inventory/issues) ------------------------------------------------------------------------

const issuesBodySchema = listQuerySchema.extend({ tab: issueTabSchema.default('item_issues') });

/** An open issue: the import detail row it came from (its `id` is the issue's), and the import that found it. */
const inventoryIssueRowSchema = importDetailRowSchema.extend({
  /** The reference id of the committed import that found it ('IMP-MN-000123'); null for issues older than import rows. */
  import_reference_id: z.string().nullable(),
});
export type InventoryIssueRow = z.infer<typeof inventoryIssueRowSchema>;

const issueTabCountsSchema = z.object({ item_issues: z.number().int(), lab_warning: z.number().int() });
const issuesResponseSchema = listEnvelope(inventoryIssueRowSchema).extend({
  /** Open issues per tab (spec: item_issues and lab_warning), for the tab badges. */
  totalTabCounts: issueTabCountsSchema,
  metaDetails: z.object({
    /** When the market's latest import was committed: the subtitle's last import time. */
    lastImportTime: isoDateTime.nullable(),
  }),
});

// ---- refresh (POST /inventory/issues/refresh) and its status ---------------------------------------------

const refreshRecordSchema = z.object({
  productName: z.string().trim().max(300).nullable().optional(),
  batchId: z.string().trim().min(1, 'must name a batch').max(100, 'is not a batch number'),
});
const refreshBodySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  tab: issueTabSchema,
  records: z
    .array(refreshRecordSchema)
    .min(1, 'select at least one item to refresh')
    .max(MAX_ISSUE_REFRESH_ITEMS, ISSUE_MESSAGES.tooMany),
});
export type IssueRefreshBody = z.input<typeof refreshBodySchema>;

const refreshStatusSchema = z.object({
  inventory_refresh_id: z.number().int(),
  market_code: z.string(),
  tab_name: z.enum(ISSUE_TABS),
  issue_status: z.enum(ISSUE_REFRESH_STATUSES),
  comments: z.string().nullable(),
  /** Issues the refresh found fixed and closed. */
  no_of_fixed_items: z.number().int(),
  /** Items the refresh was asked to check. */
  no_of_items: z.number().int(),
  is_deleted: z.boolean(),
  created_ts: isoDateTime,
  created_user: z.string().nullable(),
  /** Beyond the spec's record: the name of who started the refresh, so that a screen can say whose it is. */
  created_user_name: z.string().nullable(),
  updated_ts: isoDateTime,
  updated_user: z.string().nullable(),
});
export type IssueRefreshStatusRecord = z.infer<typeof refreshStatusSchema>;

export const listInventoryIssuesEndpoint = defineEndpoint({
  operationId: 'listInventoryIssues',
  method: 'POST',
  path: '/inventory/issues',
  summary: 'A page of the open inventory issues of one tab, with the open count of each tab',
  description:
    'Open issues are those the latest committed import of each location left (a later commit of the location replaces them) and no refresh has closed. search matches batch, product, S2S name and location; sort and filter columns are those of ISSUE_SORT_COLUMNS. Default order: newest first.',
  tag: 'Inventory issues',
  access: requirePermission('inventory-issues', 'view'),
  body: issuesBodySchema,
  responses: { 200: issuesResponseSchema },
});

export const refreshInventoryIssuesEndpoint = defineEndpoint({
  operationId: 'refreshInventoryIssues',
  method: 'POST',
  path: '/inventory/issues/refresh',
  summary: 'Re-check up to 100 open issues against the ERP, the lab and the seed-to-sale system, as a job',
  description: 'Answers 201 with the refresh status record (IN-PROGRESS); 409 while another refresh of the market runs. Items that are not open issues of the tab are counted as checked and change nothing.',
  tag: 'Inventory issues',
  access: requirePermission('inventory-issues', 'view'),
  body: refreshBodySchema,
  responses: { 201: envelope(refreshStatusSchema) },
  errors: [409],
});

export const issueRefreshStatusEndpoint = defineEndpoint({
  operationId: 'getIssueRefreshStatus',
  method: 'GET',
  path: '/inventory/issues/refresh/status',
  summary: "The market's latest issue refresh, or null when there has been none",
  tag: 'Inventory issues',
  access: requirePermission('inventory-issues', 'view'),
  query: marketQuerySchema,
  responses: { 200: envelope(refreshStatusSchema.nullable()) },
});
