// The parts of the list query a screen keeps in its URL: a sort item and a column filter. Written with
// zod/mini, because the client validates its URL state at start-up and the full zod would double the
// JavaScript of the first screen; the server composes these into the list query schema (api/common.ts).
import * as z from 'zod/mini';
import { MAX_SEARCH_LENGTH } from './protocol';

const columnName = () => z.string().check(z.minLength(1), z.maxLength(64));
const yyyyMmDd = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-MM-dd'));

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
  value: z.array(z.string().check(z.maxLength(MAX_SEARCH_LENGTH))).check(z.maxLength(50)),
});
export const columnFilterSchema = z.discriminatedUnion('type', [textFilterSchema, dateRangeFilterSchema, selectFilterSchema], {
  error: 'type must be text, dateRange or select',
});
export type ColumnFilter = z.infer<typeof columnFilterSchema>;
