// The picklist register answered on the phone from the picklists saved there, with no signal: the same
// search, filters and order as the server's (picklists.repository.ts, listPicklists), over fewer rows.
import type { ListQuery } from '../../../shared/api/common';
import type { ColumnFilter, SortItem } from '../../../shared/api/list-items';
import type { PicklistRow } from '../../../shared/api/picklists';
import type { MarketCode } from '../../../shared/enums';
import { marketDate } from '../../../shared/market-time';

type Column = keyof PicklistRow;

/** A row's value for a register column, as the server compares it (a date column by its calendar day). */
function valueOf(row: PicklistRow, column: string): string | number | null {
  const value = row[column as Column];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

const contains = (value: unknown, needle: string) => String(value ?? '').toLowerCase().includes(needle.toLowerCase());

/** The search matches the picklist's and the order's references, the dispensary and the location. */
function matchesSearch(row: PicklistRow, search: string): boolean {
  return [row.picklist_reference_id, row.reference_id, row.customer_name, row.inventory_location_name].some((value) => contains(value, search));
}

/** Computed columns are compared whole (the server's `total_cases = 12`), the others contain the text. */
const WHOLE_VALUE_COLUMNS = new Set(['total_cases', 'percentage_completion']);

/** Columns that hold an instant: their day is the market's, as the screen shows it and the server filters. */
const INSTANT_COLUMNS = new Set(['created_ts', 'updated_ts']);

function dayOf(value: string | number | null, column: string, market: MarketCode): string | null {
  if (typeof value !== 'string') return null;
  return INSTANT_COLUMNS.has(column) ? marketDate(market, new Date(value)) : value.slice(0, 10);
}

function matchesFilter(row: PicklistRow, filter: ColumnFilter, market: MarketCode): boolean {
  const value = valueOf(row, filter.column);
  if (filter.type === 'text') {
    return WHOLE_VALUE_COLUMNS.has(filter.column) ? String(value ?? '') === filter.value.trim() : contains(value, filter.value);
  }
  if (filter.type === 'select') return filter.value.includes(String(value ?? ''));
  const day = dayOf(value, filter.column, market);
  if (day === null) return false;
  if (filter.value.from && day < filter.value.from) return false;
  if (filter.value.to && day > filter.value.to) return false;
  return true;
}

/**
 * Text in the order the embedded database sorts it (its C collation: by code point, 'B d' before 'acme'), not
 * the browser's locale order, so that a row is on the same page offline as online.
 */
const byCodePoint = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

function compareBy(sort: SortItem) {
  return (a: PicklistRow, b: PicklistRow): number => {
    const left = valueOf(a, sort.column);
    const right = valueOf(b, sort.column);
    // Empty values last, whichever the direction (the server's 'nulls last').
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    const order = typeof left === 'number' && typeof right === 'number' ? left - right : byCodePoint(String(left), String(right));
    return sort.order === 'asc' ? order : -order;
  };
}

export function selectSavedPicklists(rows: PicklistRow[], query: ListQuery, market: MarketCode): PicklistRow[] {
  const search = query.search?.trim();
  const filters = (query.columnFilter ?? []) as ColumnFilter[];
  const sorts = ((query.sort ?? []) as SortItem[]).length > 0 ? (query.sort as SortItem[]) : [{ column: 'created_ts', order: 'desc' as const }];
  const comparators = sorts.map(compareBy);
  return rows
    .filter((row) => (!search || matchesSearch(row, search)) && filters.every((filter) => matchesFilter(row, filter, market)))
    .sort((a, b) => {
      for (const compare of comparators) {
        const order = compare(a, b);
        if (order !== 0) return order;
      }
      return b.picklist_id - a.picklist_id;
    });
}
