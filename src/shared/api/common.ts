// The shapes every endpoint shares: the response envelope, the error body and the list query.
import { z } from 'zod';
import { marketCodeSchema } from '../enums';

export const PAGE_SIZES = [25, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;
/** Some server-driven detail calls (upload review) ask for more than a table page. */
export const MAX_PAGE_SIZE = 200;
export const MAX_SORT_COLUMNS = 5;
export const MAX_COLUMN_FILTERS = 20;
export const MAX_SEARCH_LENGTH = 200;

export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1, 'must be 1 or more').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE),
});

const yyyyMmDd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-MM-dd');

export const textFilterSchema = z.object({
  column: z.string().min(1).max(64),
  type: z.literal('text'),
  value: z.string().max(MAX_SEARCH_LENGTH),
});
export const dateRangeFilterSchema = z.object({
  column: z.string().min(1).max(64),
  type: z.literal('dateRange'),
  value: z.object({ from: yyyyMmDd.optional(), to: yyyyMmDd.optional() }),
});
export const selectFilterSchema = z.object({
  column: z.string().min(1).max(64),
  type: z.literal('select'),
  value: z.array(z.string().max(MAX_SEARCH_LENGTH)).max(50),
});
export const columnFilterSchema = z.discriminatedUnion('type', [textFilterSchema, dateRangeFilterSchema, selectFilterSchema], {
  error: 'type must be text, dateRange or select',
});
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

export const sortItemSchema = z.object({
  column: z.string().min(1).max(64),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }),
});
export type SortItem = z.infer<typeof sortItemSchema>;

/** The spec sends one `{column, order}`; multi-column sort sends a list. Both become a list. */
export const sortSchema = z
  .union([sortItemSchema, z.array(sortItemSchema).max(MAX_SORT_COLUMNS, `at most ${MAX_SORT_COLUMNS} sort columns`)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const listQuerySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  pagination: paginationSchema.default({ page: 1, pageSize: DEFAULT_PAGE_SIZE }),
  tab: z.string().trim().max(64).optional(),
  search: z.string().trim().max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  columnFilter: z.array(columnFilterSchema).max(MAX_COLUMN_FILTERS).optional(),
  sort: sortSchema.optional(),
  status: z.string().trim().max(64).optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;
export type ParsedListQuery = z.output<typeof listQuerySchema>;

export const paginationMetaSchema = z.object({
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  recordsOnPage: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export function paginationMeta(page: number, pageSize: number, totalRecords: number, recordsOnPage: number): PaginationMeta {
  return {
    pageSize,
    totalRecords,
    totalPages: totalRecords === 0 ? 0 : Math.ceil(totalRecords / pageSize),
    currentPage: page,
    recordsOnPage,
  };
}

/** `{ success, message, data }` with the given data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data,
    metaDetails: z.record(z.string(), z.unknown()).optional(),
  });
}

/** A page of rows with the spec's pagination block. */
export function listEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(row),
    metaDetails: z.record(z.string(), z.unknown()).optional(),
    pagination: paginationMetaSchema,
  });
}

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One thing to fix: the field (dotted path) when there is one, and what is wrong with it. */
export const errorDetailSchema = z.looseObject({
  field: z.string().optional(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The details text the client turns into a redirect to /unauthorized. */
export const UNKNOWN_AZURE_USER = 'azure user id does not exist';

/** An empty success answer for writes that return nothing else. */
export const okSchema = envelope(z.null());

export const MARKET_HEADER = 'otc-market';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
