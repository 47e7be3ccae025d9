// Turns the spec's list query into a checked, typed request for a repository: sort and filter columns
// must be among the list's allowed columns, or the caller gets a 400 that names the allowed ones.
import type { ParsedListQuery } from '../../shared/api/common';
import type { ColumnFilter, SortItem } from '../../shared/api/list-items';
import { invalidField } from './errors';

export type CheckedListQuery<S extends string, F extends string> = {
  page: number;
  pageSize: number;
  search?: string;
  tab?: string;
  status?: string;
  sort: (SortItem & { column: S })[];
  filters: (ColumnFilter & { column: F })[];
};

export function checkListQuery<const S extends string, const F extends string>(
  query: ParsedListQuery,
  allowed: { sortable: readonly S[]; filterable: readonly F[] },
): CheckedListQuery<S, F> {
  const sort = (query.sort ?? []).map((item, index) => {
    if (!(allowed.sortable as readonly string[]).includes(item.column)) {
      throw invalidField(`sort[${index}].column`, `must be one of ${allowed.sortable.join(', ')} (got '${item.column}')`);
    }
    return item as SortItem & { column: S };
  });
  // Empty filters are dropped, as the client would; a filter on an unknown column is an error.
  const filters = (query.columnFilter ?? []).flatMap((filter, index) => {
    if (!(allowed.filterable as readonly string[]).includes(filter.column)) {
      throw invalidField(`columnFilter[${index}].column`, `must be one of ${allowed.filterable.join(', ')} (got '${filter.column}')`);
    }
    if (filter.type === 'text' && filter.value.trim() === '') return [];
    if (filter.type === 'dateRange' && !filter.value.from && !filter.value.to) return [];
    if (filter.type === 'select' && filter.value.length === 0) return [];
    return [filter as ColumnFilter & { column: F }];
  });
  return {
    page: query.pagination.page,
    pageSize: query.pagination.pageSize,
    search: query.search || undefined,
    tab: query.tab || undefined,
    status: query.status || undefined,
    sort,
    filters,
  };
}
