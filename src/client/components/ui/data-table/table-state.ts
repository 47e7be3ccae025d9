// The state changes the table emits. Any change of search, filter or sort goes back to page 1 (spec
// section 4); empty filters and a blank search are dropped (section 5).
import type { ColumnFilter, SortItem } from '../../../../shared/api/list-items';
import { MAX_SORT_COLUMNS } from '../../../../shared/api/protocol';
import type { PageSize, TableState } from './types';

export const DEFAULT_TABLE_STATE: TableState = { page: 1, pageSize: 100, sort: [], filters: [] };

/** The filter as it should be sent, or null when it filters nothing (blank text, no bounds, no choices). */
function normaliseFilter(filter: ColumnFilter): ColumnFilter | null {
  switch (filter.type) {
    case 'text': {
      const value = filter.value.trim();
      return value ? { ...filter, value } : null;
    }
    case 'dateRange': {
      const { from, to } = filter.value;
      if (!from && !to) return null;
      return { ...filter, value: { ...(from ? { from } : {}), ...(to ? { to } : {}) } };
    }
    case 'select':
      return filter.value.length > 0 ? filter : null;
  }
}

export function normaliseFilters(filters: readonly ColumnFilter[]): ColumnFilter[] {
  return filters.map(normaliseFilter).filter((filter): filter is ColumnFilter => filter !== null);
}

export function normaliseSearch(search: string | undefined): string | undefined {
  const value = search?.trim();
  return value ? value : undefined;
}

export function withSearch(state: TableState, search: string): TableState {
  const next = normaliseSearch(search);
  if (next === normaliseSearch(state.search)) return state;
  const { search: _previous, ...rest } = state;
  return next === undefined ? { ...rest, page: 1 } : { ...rest, search: next, page: 1 };
}

/** Sets (or with null, removes) the filter of one column; an empty filter removes it. */
export function withColumnFilter(state: TableState, column: string, filter: ColumnFilter | null): TableState {
  const next = filter ? normaliseFilter({ ...filter, column }) : null;
  const index = state.filters.findIndex((existing) => existing.column === column);
  if (index === -1 && !next) return state;
  const filters = index === -1 ? [...state.filters, next!] : state.filters.flatMap((existing, i) => (i !== index ? [existing] : next ? [next] : []));
  if (JSON.stringify(filters) === JSON.stringify(state.filters)) return state;
  return { ...state, filters, page: 1 };
}

export function withoutFilters(state: TableState): TableState {
  return state.filters.length === 0 ? state : { ...state, filters: [], page: 1 };
}

const nextOrder = (order: SortItem['order'] | undefined): SortItem['order'] | null => (order === undefined ? 'asc' : order === 'asc' ? 'desc' : null);

/**
 * A click sorts by the column alone, cycling ascending, descending, none. With `additive` (shift+click) the
 * column is added as the next sort key, or its direction cycles in place; at the limit of sort columns
 * the new one takes the last place.
 */
export function withSortToggled(state: TableState, column: string, additive: boolean): TableState {
  const current = state.sort.find((item) => item.column === column);
  const order = nextOrder(current?.order);
  let sort: SortItem[];
  if (!additive) {
    sort = order ? [{ column, order }] : [];
  } else if (current) {
    sort = order ? state.sort.map((item) => (item.column === column ? { column, order } : item)) : state.sort.filter((item) => item.column !== column);
  } else {
    sort = [...state.sort.slice(0, MAX_SORT_COLUMNS - 1), { column, order: 'asc' }];
  }
  return { ...state, sort, page: 1 };
}

export function withSort(state: TableState, sort: SortItem[]): TableState {
  return { ...state, sort, page: 1 };
}

export function withPage(state: TableState, page: number): TableState {
  return page === state.page ? state : { ...state, page };
}

export function withPageSize(state: TableState, pageSize: PageSize): TableState {
  return pageSize === state.pageSize ? state : { ...state, pageSize, page: 1 };
}
