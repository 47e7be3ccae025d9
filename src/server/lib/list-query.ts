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

/** A real day of the calendar written yyyy-MM-dd (2024-02-31 is not). */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  // Date.UTC reads years 0-99 as 1900-1999, so they fail the comparison, as PostgreSQL would refuse year 0.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/**
 * `dateColumns`, when given, are the only columns a dateRange filter may name, and its days must be real;
 * lists that check their filters' types themselves leave it out.
 */
export function checkListQuery<const S extends string, const F extends string>(
  query: ParsedListQuery,
  allowed: { sortable: readonly S[]; filterable: readonly F[]; dateColumns?: readonly F[] },
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
    if (filter.type === 'dateRange' && allowed.dateColumns) {
      if (!(allowed.dateColumns as readonly string[]).includes(filter.column)) {
        throw invalidField(`columnFilter[${index}].type`, `${filter.column} takes a text or select filter; dateRange is for ${allowed.dateColumns.join(', ')}`);
      }
      for (const end of ['from', 'to'] as const) {
        const day = filter.value[end];
        if (day !== undefined && !isCalendarDay(day)) throw invalidField(`columnFilter[${index}].value.${end}`, `is not a real date (got '${day}')`);
      }
    }
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
