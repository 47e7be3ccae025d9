// A table's list state in the URL, and its translation into the shared ListQuery the API takes.
import type { SearchSchemaInput } from '@tanstack/react-router';
import type { ListQuery } from '../../../../shared/api/common';
import { readColumnFilter, readSortItem, type ColumnFilter, type SortItem } from '../../../../shared/api/list-items';
import { DEFAULT_PAGE_SIZE, MAX_COLUMN_FILTERS, MAX_SEARCH_LENGTH, MAX_SORT_COLUMNS, PAGE_SIZES } from '../../../../shared/api/protocol';
import { searchChoice, searchText, searchWholeNumber } from '../../../lib/search-params';
import { normaliseFilters, normaliseSearch } from './table-state';
import type { PageSize, TableState } from './types';

/** What a link may put in a table screen's URL: every field is optional and falls back to its default. */
export type TableSearchInput = { page?: number; pageSize?: PageSize; search?: string; sort?: SortItem[]; filters?: ColumnFilter[] };

/** Keeps the items that read, so one bad entry in a hand-edited URL does not drop the rest. */
function validItems<T>(value: unknown, read: (item: unknown) => T | null, max: number): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => read(item) ?? []).slice(0, max);
}

const uniqueColumns = (items: SortItem[]) => items.filter((item, index) => items.findIndex((other) => other.column === item.column) === index);

/**
 * URL search params of a table screen: `validateSearch: tableSearchSchema` (or a function adding a screen's
 * own params to its result). A mangled URL never breaks the page: each field falls back to its default.
 */
export function tableSearchSchema(input: TableSearchInput & SearchSchemaInput): TableState {
  const search = input as Record<string, unknown>;
  const page = searchWholeNumber(search.page);
  const text = normaliseSearch(searchText(search.search, MAX_SEARCH_LENGTH));
  return {
    page: page !== undefined && page >= 1 ? page : 1,
    pageSize: searchChoice(searchWholeNumber(search.pageSize), PAGE_SIZES) ?? DEFAULT_PAGE_SIZE,
    ...(text === undefined ? {} : { search: text }),
    sort: uniqueColumns(validItems(search.sort, readSortItem, MAX_SORT_COLUMNS)),
    filters: normaliseFilters(validItems(search.filters, readColumnFilter, MAX_COLUMN_FILTERS)),
  };
}

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
