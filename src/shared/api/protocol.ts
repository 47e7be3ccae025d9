// The API's fixed vocabulary, without zod so that the client can use it at start-up: header names,
// error codes, the details text the client acts on, and the limits of every list.

export const MARKET_HEADER = 'otc-market';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** What an Idempotency-Key may be: the outbox makes them on the device (UUIDs). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** The details text the client turns into a redirect to /unauthorized. */
export const UNKNOWN_AZURE_USER = 'azure user id does not exist';

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
export type ErrorDetail = { field?: string; message: string; [key: string]: unknown };

export const PAGE_SIZES = [25, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;
/** Some server-driven detail calls (upload review) ask for more than a table page. */
export const MAX_PAGE_SIZE = 200;
export const MAX_SORT_COLUMNS = 5;
export const MAX_COLUMN_FILTERS = 20;
export const MAX_SEARCH_LENGTH = 200;

/** The largest id or count a database integer column holds; anything above cannot name a row. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** Whether a path segment can be a row's id: a positive whole number a database integer holds. */
export function isRowIdText(text: string): boolean {
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_DB_INTEGER;
}
