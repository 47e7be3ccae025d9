// A table's list state in the URL, and its translation into the shared ListQuery the API takes.
import { z } from 'zod';
import {
  columnFilterSchema,
  DEFAULT_PAGE_SIZE,
  MAX_COLUMN_FILTERS,
  MAX_SEARCH_LENGTH,
  MAX_SORT_COLUMNS,
  PAGE_SIZES,
  sortItemSchema,
  type ColumnFilter,
  type ListQuery,
  type SortItem,
} from '../../../../shared/api/common';
import type { MarketCode } from '../../../../shared/enums';
import { normaliseFilters, normaliseSearch } from './table-state';
import type { TableState } from './types';

/** Keeps the items that parse, so one bad entry in a hand-edited URL does not drop the rest. */
function validItems<T>(schema: z.ZodType<T>, max: number) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((item) => (schema.safeParse(item).success ? [schema.parse(item)] : [])).slice(0, max));
}

/**
 * URL search params of a table screen: `validateSearch: tableSearchSchema` (or `.extend({...})` for a
 * screen's own params). Every field is optional in links and falls back to its default, so a mangled URL
 * never breaks the page.
 */
export const tableSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().pipe(z.literal(PAGE_SIZES)).catch(DEFAULT_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH)
    .optional()
    .catch(undefined)
    .transform((value) => normaliseSearch(value)),
  sort: validItems<SortItem>(sortItemSchema, MAX_SORT_COLUMNS)
    .transform((items) => items.filter((item, index) => items.findIndex((other) => other.column === item.column) === index))
    .default([]),
  filters: validItems<ColumnFilter>(columnFilterSchema, MAX_COLUMN_FILTERS).transform(normaliseFilters).default([]),
});
export type TableSearch = z.output<typeof tableSearchSchema>;

/** The ListQuery extras some endpoints take (tab, status, menuType); blank strings are left out. */
export type ListQueryExtra = Record<string, unknown>;

function withoutBlankStrings<E extends ListQueryExtra>(extra: E): E {
  return Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined && !(typeof value === 'string' && value.trim() === ''))) as E;
}

/** The body of a list call: pagination, the search when not blank, the sort list, the non-empty filters, the market. */
export function toListQuery<E extends ListQueryExtra = Record<never, never>>(state: TableState, marketCode: MarketCode, extra?: E): ListQuery & Partial<E> {
  const search = normaliseSearch(state.search);
  const columnFilter = normaliseFilters(state.filters);
  return {
    ...withoutBlankStrings(extra ?? ({} as E)),
    marketCode,
    pagination: { page: state.page, pageSize: state.pageSize },
    ...(search ? { search } : {}),
    ...(state.sort.length > 0 ? { sort: state.sort } : {}),
    ...(columnFilter.length > 0 ? { columnFilter } : {}),
  };
}
