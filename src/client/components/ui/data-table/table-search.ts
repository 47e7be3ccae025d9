// A table's list state in the URL, and its translation into the shared ListQuery the API takes.
// zod/mini, as every route's search validation loads with the first screen.
import * as z from 'zod/mini';
import type { ListQuery } from '../../../../shared/api/common';
import { columnFilterSchema, sortItemSchema, type ColumnFilter, type SortItem } from '../../../../shared/api/list-items';
import { DEFAULT_PAGE_SIZE, MAX_COLUMN_FILTERS, MAX_SEARCH_LENGTH, MAX_SORT_COLUMNS, PAGE_SIZES } from '../../../../shared/api/protocol';
import { normaliseFilters, normaliseSearch } from './table-state';
import type { TableState } from './types';

/** Keeps the items that parse, so one bad entry in a hand-edited URL does not drop the rest. */
function validItems<T>(schema: z.ZodMiniType<T>, max: number) {
  return z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items: unknown[]) =>
      items
        .flatMap((item) => {
          const parsed = schema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        })
        .slice(0, max),
    ),
  );
}

const uniqueColumns = (items: SortItem[]) => items.filter((item, index) => items.findIndex((other) => other.column === item.column) === index);

/**
 * URL search params of a table screen: `validateSearch: tableSearchSchema` (or `z.extend(tableSearchSchema,
 * {...})` for a screen's own params). Every field is optional in links and falls back to its default, so
 * a mangled URL never breaks the page.
 */
export const tableSearchSchema = z.object({
  page: z._default(z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1), 1),
  pageSize: z._default(z.catch(z.pipe(z.coerce.number(), z.literal(PAGE_SIZES)), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  search: z.pipe(
    z.catch(z.optional(z.string().check(z.maxLength(MAX_SEARCH_LENGTH))), undefined),
    z.transform((value: string | undefined) => normaliseSearch(value)),
  ),
  sort: z._default(z.pipe(validItems<SortItem>(sortItemSchema, MAX_SORT_COLUMNS), z.transform(uniqueColumns)), []),
  filters: z._default(z.pipe(validItems<ColumnFilter>(columnFilterSchema, MAX_COLUMN_FILTERS), z.transform((items: ColumnFilter[]) => normaliseFilters(items))), []),
});

/** The ListQuery extras some endpoints take (tab, status, menuType); blank strings are left out. */
export type ListQueryExtra = Record<string, unknown>;

function withoutBlankStrings<E extends ListQueryExtra>(extra: E): E {
  return Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined && !(typeof value === 'string' && value.trim() === ''))) as E;
}

/** The body of a list call: pagination, the search when not blank, the sort list, the non-empty filters (the market goes in its header). */
export function toListQuery<E extends ListQueryExtra = Record<never, never>>(state: TableState, extra?: E): ListQuery & Partial<E> {
  const search = normaliseSearch(state.search);
  const columnFilter = normaliseFilters(state.filters);
  return {
    ...withoutBlankStrings(extra ?? ({} as E)),
    pagination: { page: state.page, pageSize: state.pageSize },
    ...(search ? { search } : {}),
    ...(state.sort.length > 0 ? { sort: state.sort } : {}),
    ...(columnFilter.length > 0 ? { columnFilter } : {}),
  };
}
