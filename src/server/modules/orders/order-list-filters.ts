// The list queries of orders and of the inventory an order can take: each column filter checked against
// the column's type and turned into the typed filter the repository writes as SQL.
import type { ParsedListQuery } from '../../../shared/api/common';
import type { ColumnFilter } from '../../../shared/api/list-items';
import { ORDER_HISTORY_FILTER_COLUMNS, ORDER_HISTORY_SORT_COLUMNS, ORDER_INVENTORY_FILTER_COLUMNS, ORDER_INVENTORY_SORT_COLUMNS } from '../../../shared/api/orders';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/enums';
import { MARKET_TIME_ZONES } from '../../../shared/market-time';
import type { MarketScope } from '../../auth/access-control';
import { invalidField } from '../../lib/errors';
import { checkListQuery, isCalendarDay } from '../../lib/list-query';
import type { InventoryQuery, InventoryTextColumn } from './order-inventory.repository';
import type { OrderListFilter } from './order-list.repository';
import { statusCode } from './order-rules';

/** The status a list query names, by label or code ('Partially Picked', 'PARTIALLY_PICKED'), case aside. */
function statusNamed(value: string): OrderStatus | undefined {
  const wanted = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return ORDER_STATUSES.find((status) => statusCode(status) === wanted);
}

function parseNumber(value: string, field: string): number {
  const number = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(number)) throw invalidField(field, `must be a number (got '${value}')`);
  return number;
}

function checkDay(value: string | undefined, field: string): string | undefined {
  if (value !== undefined && !isCalendarDay(value)) throw invalidField(field, 'is not a real date');
  return value;
}

export function toListFilter(market: MarketScope, query: ParsedListQuery, checked: ReturnType<typeof checkOrderListQuery>): OrderListFilter {
  const filter: OrderListFilter = {
    marketId: market.id,
    timeZone: MARKET_TIME_ZONES[market.code],
    search: checked.search,
    statusSets: [],
    text: [],
    equals: [],
    numbers: [],
    dateRanges: [],
  };
  if (checked.status) {
    const statuses = checked.status.split(',').map((value) => {
      const status = statusNamed(value);
      if (!status) throw invalidField('status', `must be one of ${ORDER_STATUSES.join(', ')} (got '${value.trim()}')`);
      return status;
    });
    filter.statusSets.push(statuses);
  }
  for (const columnFilter of checked.filters) {
    const index = (query.columnFilter ?? []).indexOf(columnFilter as ColumnFilter);
    const field = `columnFilter[${index}].value`;
    const { column } = columnFilter;
    const wrongType = (takes: string) => invalidField(`columnFilter[${index}].type`, `${column} takes ${takes}`);
    switch (column) {
      case 'metadata_label': {
        if (columnFilter.type === 'dateRange') throw wrongType('a text or select filter');
        if (columnFilter.type === 'text') {
          const wanted = columnFilter.value.trim().toLowerCase();
          filter.statusSets.push(ORDER_STATUSES.filter((status) => status.toLowerCase().includes(wanted) || statusCode(status).toLowerCase() === wanted));
        } else {
          filter.statusSets.push(
            columnFilter.value.map((value) => {
              const status = statusNamed(value);
              if (!status) throw invalidField(field, `must list statuses among ${ORDER_STATUSES.join(', ')} (got '${value}')`);
              return status;
            }),
          );
        }
        break;
      }
      case 'total_cases':
      case 'total_price': {
        if (columnFilter.type === 'dateRange') throw wrongType('a text or select filter of numbers');
        const values = columnFilter.type === 'text' ? [columnFilter.value] : columnFilter.value;
        filter.numbers.push({ column, values: values.map((value) => parseNumber(value, field)) });
        break;
      }
      case 'created_ts':
      case 'approved_date':
      case 'requested_delivery_date':
      case 'confirmed_delivery_date': {
        if (columnFilter.type === 'select') throw wrongType('a dateRange filter (or a text filter of one day)');
        if (columnFilter.type === 'text') {
          const day = columnFilter.value.trim();
          if (!isCalendarDay(day)) throw invalidField(field, 'must be a date written yyyy-MM-dd');
          filter.dateRanges.push({ column, from: day, to: day });
        } else {
          filter.dateRanges.push({
            column,
            from: checkDay(columnFilter.value.from, `${field}.from`),
            to: checkDay(columnFilter.value.to, `${field}.to`),
          });
        }
        break;
      }
      default: {
        if (columnFilter.type === 'dateRange') throw wrongType('a text or select filter');
        if (columnFilter.type === 'text') filter.text.push({ column, value: columnFilter.value.trim() });
        else filter.equals.push({ column, values: columnFilter.value });
      }
    }
  }
  return filter;
}

export function checkOrderListQuery(query: ParsedListQuery) {
  return checkListQuery(query, { sortable: ORDER_HISTORY_SORT_COLUMNS, filterable: ORDER_HISTORY_FILTER_COLUMNS });
}


/** The inventory query of POST /order/inventory from a checked list query: each filter on its column, typed. */
export function toInventoryQuery(market: MarketScope, query: ParsedListQuery, checked: ReturnType<typeof checkInventoryListQuery>, today: string): InventoryQuery {
  const inventoryQuery: InventoryQuery = {
    marketId: market.id,
    today,
    search: checked.search,
    text: [],
    equals: [],
    numbers: [],
    includeUnavailable: false,
    sort: checked.sort,
    page: checked.page,
    pageSize: checked.pageSize,
  };
  for (const columnFilter of checked.filters) {
    const index = (query.columnFilter ?? []).indexOf(columnFilter as ColumnFilter);
    const field = `columnFilter[${index}].value`;
    const { column } = columnFilter;
    const wrongType = (takes: string) => invalidField(`columnFilter[${index}].type`, `${column} takes ${takes}`);
    if (column === 'expiry_date') {
      if (columnFilter.type === 'select') throw wrongType('a dateRange filter');
      inventoryQuery.expiry =
        columnFilter.type === 'text'
          ? { from: checkDay(columnFilter.value.trim(), field), to: columnFilter.value.trim() }
          : { from: checkDay(columnFilter.value.from, `${field}.from`), to: checkDay(columnFilter.value.to, `${field}.to`) };
    } else if (column === 'available_case_size' || column === 'default_price') {
      if (columnFilter.type === 'dateRange') throw wrongType('a text or select filter of numbers');
      const values = columnFilter.type === 'text' ? [columnFilter.value] : columnFilter.value;
      inventoryQuery.numbers.push({ column, values: values.map((value) => parseNumber(value, field)) });
      if (column === 'available_case_size') inventoryQuery.includeUnavailable = true;
    } else {
      if (columnFilter.type === 'dateRange') throw wrongType('a text or select filter');
      const textColumn = column as InventoryTextColumn;
      if (columnFilter.type === 'text') inventoryQuery.text.push({ column: textColumn, value: columnFilter.value.trim() });
      else inventoryQuery.equals.push({ column: textColumn, values: columnFilter.value });
    }
  }
  return inventoryQuery;
}

export function checkInventoryListQuery(query: ParsedListQuery) {
  return checkListQuery(query, { sortable: ORDER_INVENTORY_SORT_COLUMNS, filterable: ORDER_INVENTORY_FILTER_COLUMNS });
}
