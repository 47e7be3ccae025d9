// The parts of the list query a screen keeps in its URL: a sort item and a column filter. The server
// composes the schemas into the list query schema (api/common.ts). The client reads the same shapes from
// its URLs with the plain functions at the end (readSortItem, readColumnFilter): every route's search
// validation loads with the first screen, which carries no zod at all. list-items.test.ts holds each
// reader to its schema.
import * as z from 'zod/mini';
import { MAX_SEARCH_LENGTH } from './protocol';

const MAX_COLUMN_NAME_LENGTH = 64;
const MAX_SELECTED_VALUES = 50;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const columnName = () => z.string().check(z.minLength(1), z.maxLength(MAX_COLUMN_NAME_LENGTH));
const yyyyMmDd = z.string().check(z.regex(DATE_PATTERN, 'must be a date written yyyy-MM-dd'));

export const sortItemSchema = z.object({
  column: columnName(),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }),
});
export type SortItem = z.infer<typeof sortItemSchema>;

const textFilterSchema = z.object({
  column: columnName(),
  type: z.literal('text'),
  value: z.string().check(z.maxLength(MAX_SEARCH_LENGTH)),
});
const dateRangeFilterSchema = z.object({
  column: columnName(),
  type: z.literal('dateRange'),
  value: z.object({ from: z.optional(yyyyMmDd), to: z.optional(yyyyMmDd) }),
});
const selectFilterSchema = z.object({
  column: columnName(),
  type: z.literal('select'),
  value: z.array(z.string().check(z.maxLength(MAX_SEARCH_LENGTH))).check(z.maxLength(MAX_SELECTED_VALUES)),
});
export const columnFilterSchema = z.discriminatedUnion('type', [textFilterSchema, dateRangeFilterSchema, selectFilterSchema], {
  error: 'type must be text, dateRange or select',
});
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

// ---- The same rules without zod ---------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isColumnName = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= MAX_COLUMN_NAME_LENGTH;
const isFilterText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_SEARCH_LENGTH;
const isDateOrAbsent = (value: unknown) => value === undefined || (typeof value === 'string' && DATE_PATTERN.test(value));

/** A sort item as sortItemSchema reads it, or null where the schema refuses it. */
export function readSortItem(value: unknown): SortItem | null {
  if (!isRecord(value) || !isColumnName(value.column) || (value.order !== 'asc' && value.order !== 'desc')) return null;
  return { column: value.column, order: value.order };
}

/** A column filter as columnFilterSchema reads it, or null where the schema refuses it. */
export function readColumnFilter(value: unknown): ColumnFilter | null {
  if (!isRecord(value) || !isColumnName(value.column)) return null;
  const { column, value: filterValue } = value;
  switch (value.type) {
    case 'text':
      return isFilterText(filterValue) ? { column, type: 'text', value: filterValue } : null;
    case 'dateRange': {
      if (!isRecord(filterValue) || !isDateOrAbsent(filterValue.from) || !isDateOrAbsent(filterValue.to)) return null;
      const { from, to } = filterValue as { from?: string; to?: string };
      return { column, type: 'dateRange', value: { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) } };
    }
    case 'select':
      return Array.isArray(filterValue) && filterValue.length <= MAX_SELECTED_VALUES && filterValue.every(isFilterText)
        ? { column, type: 'select', value: [...filterValue] }
        : null;
    default:
      return null;
  }
}
