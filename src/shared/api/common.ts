// The shapes every endpoint shares: the response envelope, the error body and the list query.
// Sort items and column filters are in list-items.ts (the client needs them at start-up).
import { z } from 'zod';
import { marketCodeSchema } from './enum-schemas';
import { columnFilterSchema, sortItemSchema } from './list-items';
import { DEFAULT_PAGE_SIZE, ERROR_CODES, MAX_DB_INTEGER, MAX_COLUMN_FILTERS, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, MAX_SORT_COLUMNS } from './protocol';

export { MAX_DB_INTEGER };

/** Pages beyond this are never asked for by a screen; the bound keeps the offset a small number. */
export const MAX_PAGE = 1_000_000;

/** A row's id in a request body. */
export const rowIdSchema = (message = 'must be a positive id') =>
  z.number({ error: 'must be a number' }).int('must be a whole number').positive(message).max(MAX_DB_INTEGER, 'is not a known id');

/** How a whole number is written in a path or query string: digits only, no sign, point, exponent, space or leading zero. */
const PLAIN_DIGITS_PATTERN = /^(0|[1-9]\d*)$/;

/**
 * A whole number that arrives as text in paths and query strings (and as a number in JSON bodies). Only
 * plain digits are read: JavaScript's Number() would read '0x10' as 16, '1e3' as 1000 and ' 16' or '16.0'
 * as 16, so that one row would answer to many spellings.
 */
const wholeNumberText = (message = 'must be a whole number written in digits, such as 16') =>
  z.union([z.number(), z.string().regex(PLAIN_DIGITS_PATTERN).transform(Number)], { error: message });

/** A row's id in a path or query string, where it arrives as text. */
export const rowIdParamSchema = () =>
  wholeNumberText('must be an id written in digits, such as 16').pipe(
    z.number().int('must be a whole number').positive('must be a positive id').max(MAX_DB_INTEGER, 'is not a known id'),
  );

/** A page number or size, from a list query's body or a query string. */
export const pageNumberSchema = (max: number) =>
  wholeNumberText().pipe(z.number().int('must be a whole number').min(1, 'must be 1 or more').max(max, `must be at most ${max}`));

const paginationSchema = z.object({
  page: pageNumberSchema(MAX_PAGE).default(1),
  pageSize: pageNumberSchema(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** The spec sends one `{column, order}`; multi-column sort sends a list. Both become a list. */
const sortSchema = z
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
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data,
    metaDetails: z.record(z.string(), z.unknown()).optional(),
  });
}

/** A page of rows with the spec's pagination block. */
export function listEnvelope<T extends z.core.$ZodType>(row: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(row),
    metaDetails: z.record(z.string(), z.unknown()).optional(),
    pagination: paginationMetaSchema,
  });
}

const errorDetailSchema = z.looseObject({
  field: z.string().optional(),
  message: z.string(),
});

export const errorBodySchema = z
  .object({
    success: z.literal(false),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorBody', description: 'A refusal: what to fix in message, and each field with its problem in details.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

