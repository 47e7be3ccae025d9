// What orders answer without changing anything: the list, one order with a page of its items, its notes,
// and the inventory an order can take. Totals of a filtered list are kept a moment per market (count-cache).
import { paginationMeta, type PaginationMeta, type ParsedListQuery } from '../../../shared/api/common';
import type { OrderDetail, OrderInventoryRow, OrderNote } from '../../../shared/api/orders';
import { marketDate } from '../../../shared/market-time';
import type { MarketScope } from '../../auth/access-control';
import type { Db } from '../../db/client';
import { invalidField, notFound } from '../../lib/errors';
import { checkListQuery } from '../../lib/list-query';
import { FROM_END_MIN_OFFSET } from '../../lib/page-window';
import type { Page } from '../../lib/reply';
import { findCustomer } from '../customers/customers.repository';
import type { CountCache } from './count-cache';
import { countInventory, inventoryTotalIsKept, listInventory } from './order-inventory.repository';
import { countOrders, isNamesSearch, listOrdersJson, orderTotalIsKept, type OrderListFilter } from './order-list.repository';
import { checkInventoryListQuery, checkOrderListQuery, toInventoryQuery, toListFilter } from './order-list-filters';
import { iso, toOrderItem } from './order-mappers';
import {
  countNotes,
  countOrderItems,
  findOrder,
  latestNote,
  listNotes,
  listOrderItems,
  ORDER_ITEM_FILTER_COLUMNS,
  ORDER_ITEM_SORT_COLUMNS,
} from './order-reads.repository';
import { allowedActionsFor, holdsStock } from './order-rules';

/** How a list learns its total: counted (or read) when asked; told when a short last page gives it for free. */
type ListTotal = { count(): Promise<number>; learnt(total: number): void };

/** A page's total: free when the page is the last one (or the first, empty), else asked for. */
async function totalOf(page: number, pageSize: number, rowsOnPage: number, total: ListTotal): Promise<number> {
  if ((rowsOnPage > 0 && rowsOnPage < pageSize) || (rowsOnPage === 0 && page === 1)) {
    const free = (page - 1) * pageSize + rowsOnPage;
    total.learnt(free);
    return free;
  }
  return total.count();
}

export type DetailPage = { page: number; pageSize: number; totalRecords: number; recordsOnPage: number };

export function createOrderQueries(deps: { db: Db; counts: CountCache }) {
  const { db, counts } = deps;

  /** A total counted when asked, and kept a moment per market and filter, with the totals learnt for free. */
  const cachedTotal = (marketId: number, key: string, count: () => Promise<number>): ListTotal => ({
    count: () => counts.get(marketId, key, count),
    learnt: (total) => counts.set(marketId, key, total),
  });

  /**
   * The order list's total: read from the totals the writes keep when only statuses narrow the list (exact at every
   * moment, and a few index entries to read, so nothing is cached), else counted and kept a moment per filter.
   */
  function orderTotal(market: MarketScope, filter: OrderListFilter): ListTotal {
    if (orderTotalIsKept(filter)) return { count: () => countOrders(db, filter), learnt: () => undefined };
    const { marketId: _market, timeZone: _zone, ...criteria } = filter;
    return cachedTotal(market.id, `orders:${JSON.stringify(criteria)}`, () => countOrders(db, filter));
  }

  return {
    /**
     * POST /order/history: a page of the market's orders, searched, filtered and sorted on indexed columns
     * of the orders table. The rows come as JSON text from the database (see listOrdersJson).
     */
    async list(market: MarketScope, query: ParsedListQuery): Promise<{ rowsJson: string; pagination: PaginationMeta }> {
      const checked = checkOrderListQuery(query);
      const filter = toListFilter(market, query, checked);
      // A deep page needs the total first (kept a moment, as every page's is): a page in the list's second half is
      // then read from the end (pageWindow). So does a search whose total the kept names give: its number of matches
      // decides how its page is read (listConditions). Other shallow pages learn a short last page's total for free.
      const total = orderTotal(market, filter);
      const deep = (checked.page - 1) * checked.pageSize >= FROM_END_MIN_OFFSET;
      const known = deep || isNamesSearch(filter) ? await total.count() : undefined;
      // Only a deep page is read from the end: a shallow one read forwards never depends on the total being current.
      const page = await listOrdersJson(db, filter, checked.sort, checked.page, checked.pageSize, deep ? known : undefined, known);
      const pageTotal = known ?? (await totalOf(checked.page, checked.pageSize, page.rows, total));
      return { rowsJson: page.json, pagination: paginationMeta(checked.page, checked.pageSize, pageTotal, page.rows) };
    },

    /** One order with a page of its items and what the caller may do with it. */
    async detail(market: MarketScope, orderId: number, query: ParsedListQuery): Promise<{ detail: OrderDetail; page: DetailPage }> {
      const checked = checkListQuery(query, { sortable: ORDER_ITEM_SORT_COLUMNS, filterable: ORDER_ITEM_FILTER_COLUMNS });
      const filters = checked.filters.map((filter) => {
        if (filter.type !== 'text') throw invalidField('columnFilter', `${filter.column} takes a text filter`);
        return { column: filter.column, value: filter.value.trim() };
      });
      const itemQuery = { orderId, search: checked.search, filters, sort: checked.sort, page: checked.page, pageSize: checked.pageSize };
      const order = await findOrder(db, market.id, orderId);
      if (!order) throw notFound('Order');
      const [customer, note, rows] = await Promise.all([
        findCustomer(db, market.id, order.customerId),
        latestNote(db, order.id),
        listOrderItems(db, itemQuery),
      ]);
      const totalItems = rows[0]?.total ?? (checked.page > 1 ? await countOrderItems(db, itemQuery) : 0);
      const today = marketDate(market.code);
      const holding = holdsStock(order.status);
      const narrowed = filters.length > 0 || Boolean(checked.search);
      const detail: OrderDetail = {
        orderId: order.id,
        referenceId: order.referenceId,
        orderStatus: order.status,
        marketCode: market.code,
        customerId: order.customerId,
        customerName: order.customerName,
        customerGroup: customer?.customer_group ?? 'EXT',
        msoOwnerName: order.msoOwnerName,
        salesPersonId: order.salesPersonId,
        salesPersonName: order.salesPersonName,
        requestedDeliveryDate: order.requestedDeliveryDate,
        confirmedDeliveryDate: order.confirmedDeliveryDate,
        approvedDate: order.approvedAt ? iso(order.approvedAt) : null,
        createdAt: iso(order.createdAt),
        updatedAt: iso(order.updatedAt),
        createdByName: order.createdUserName,
        comment: order.comment,
        note,
        totalBatches: narrowed ? await countOrderItems(db, { orderId: order.id, filters: [], sort: [], page: 1, pageSize: 1 }) : totalItems,
        totalCases: order.totalCases,
        totalPrice: order.totalPrice,
        version: order.version,
        allowedActions: allowedActionsFor(order.status, market),
        items: rows.map((row) => toOrderItem(row, holding, today)),
      };
      return { detail, page: { page: checked.page, pageSize: checked.pageSize, totalRecords: totalItems, recordsOnPage: rows.length } };
    },

    async listNotes(market: MarketScope, orderId: number, page: number, pageSize: number): Promise<Page<OrderNote>> {
      const order = await findOrder(db, market.id, orderId);
      if (!order) throw notFound('Order');
      const rows = await listNotes(db, order.id, page, pageSize);
      const total = rows[0]?.total ?? (page > 1 ? await countNotes(db, order.id) : 0);
      return {
        rows: rows.map((row) => ({ noteId: row.noteId, notes: row.notes, created_ts: iso(row.createdAt), created_user_name: row.createdUserName })),
        totalRecords: total,
        page,
        pageSize,
      };
    },

    /**
     * POST /order/inventory: the batches an order can take (active, lab-passed, unexpired), with their free
     * whole cases; only those with at least one case unless the query filters on available cases.
     */
    async inventory(market: MarketScope, query: ParsedListQuery): Promise<Page<OrderInventoryRow>> {
      const checked = checkInventoryListQuery(query);
      const inventoryQuery = toInventoryQuery(market, query, checked, marketDate(market.code));
      const rows = await listInventory(db, inventoryQuery);
      const { marketId: _market, sort: _sort, page: _page, pageSize: _size, ...criteria } = inventoryQuery;
      const count = () => countInventory(db, inventoryQuery);
      const listTotal = inventoryTotalIsKept(inventoryQuery) ? { count, learnt: () => undefined } : cachedTotal(market.id, `inventory:${JSON.stringify(criteria)}`, count);
      const total = await totalOf(checked.page, checked.pageSize, rows.length, listTotal);
      return { rows, totalRecords: total, page: checked.page, pageSize: checked.pageSize };
    },
  };
}
