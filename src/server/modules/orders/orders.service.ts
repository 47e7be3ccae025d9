// Rules for orders: the status action table per role, stock reservations (check and reserve on locked
// batch rows, in one transaction with the order), totals, picklists on approval, notes, and the list.
import { paginationMeta, type PaginationMeta, type ParsedListQuery } from '../../../shared/api/common';
import type { ColumnFilter } from '../../../shared/api/list-items';
import {
  ORDER_HISTORY_FILTER_COLUMNS,
  ORDER_HISTORY_SORT_COLUMNS,
  ORDER_INVENTORY_FILTER_COLUMNS,
  ORDER_INVENTORY_SORT_COLUMNS,
  ORDER_MESSAGES,
  type CreateOrderBody,
  type EditOrderBody,
  type OrderDetail,
  type OrderInventoryRow,
  type OrderItem,
  type OrderNote,
  type OrderRef,
} from '../../../shared/api/orders';
import type { ErrorDetail } from '../../../shared/api/protocol';
import { ORDER_STATUSES, STOCK_HOLDING_ORDER_STATUSES, type OrderStatus } from '../../../shared/enums';
import { deliveryWindow, MARKET_TIME_ZONES, marketDate } from '../../../shared/market-time';
import {
  allowedOrderActions,
  canTakeOrderAction,
  STATUS_AFTER,
  STATUS_AFTER_EDIT,
  STATUS_CHANGE_ACTION,
  STATUSES_CLOSED_TO_NOTES,
  statusAllows,
  type OrderAction,
  type StatusChangeValue,
} from '../../../shared/order-status';
import { hasPermission } from '../../../shared/permissions';
import type { AuthenticatedUser, MarketScope } from '../../auth/access-control';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { checkListQuery, isCalendarDay } from '../../lib/list-query';
import type { Page } from '../../lib/reply';
import { findCustomer, findSalesPerson } from '../customers/customers.repository';
import type { MarketStats } from '../markets/market-stats';
import { createCountCache } from './count-cache';
import { checkDistinctBatches, fromCents, heldUnits, isOrderable, planStock, shortLineDetails, shortLineMessage, type StockPlan } from './order-stock';
import {
  applyReservations,
  cancelOpenPicklists,
  countInventory,
  countNotes,
  countOrderItems,
  countOrders,
  createPicklists,
  findOrder,
  findOrderLines,
  insertNote,
  insertOrder,
  insertStatusHistory,
  latestNote,
  listInventory,
  listNotes,
  listOrderItems,
  listOrdersJson,
  locationNamesOf,
  lockBatches,
  lockPicklistsOfOrder,
  ORDER_ITEM_FILTER_COLUMNS,
  ORDER_ITEM_SORT_COLUMNS,
  orderTotals,
  replaceOrderLines,
  shipStock,
  updateLinePrice,
  updateOrder,
  type InventoryQuery,
  type NewOrder,
  type InventoryTextColumn,
  type OrderChanges,
  type OrderItemRow,
  type OrderLineRecord,
  type OrderListFilter,
  type OrderRecord,
} from './orders.repository';

export type OrdersServiceDependencies = {
  db: Db;
  stats: MarketStats;
  /** How long a filtered list's total is reused (0: counted every time). */
  countCacheMs?: number;
};

export const STALE_ORDER_MESSAGE = 'The order was changed by someone else. Reload it and try again.';

/** How a refused action reads in 'An order that is Shipped cannot be approved.' */
const ACTION_PAST: Record<OrderAction, string> = {
  edit: 'edited',
  cancel: 'cancelled',
  duplicate: 'duplicated',
  approve: 'approved',
  reject: 'rejected',
  mark_packaged: 'marked as packaged',
  mark_shipped: 'marked as shipped',
  mark_delivered: 'marked as delivered',
  complete: 'completed',
  set_confirmed_delivery_date: 'given a confirmed delivery date',
};

const ACTION_PHRASE: Record<OrderAction, string> = {
  edit: 'edit orders',
  cancel: 'cancel orders',
  duplicate: 'duplicate orders',
  approve: 'approve orders',
  reject: 'reject orders',
  mark_packaged: 'mark orders as packaged',
  mark_shipped: 'mark orders as shipped',
  mark_delivered: 'mark orders as delivered',
  complete: 'complete orders',
  set_confirmed_delivery_date: 'set the confirmed delivery date',
};

/** The grant an action needs beyond the orders list's view (ARCHITECTURE section 3). */
function grantAllows(action: OrderAction, market: MarketScope): boolean {
  switch (action) {
    case 'edit':
      return hasPermission(market.permissions, 'orders-order_detail', 'edit_order');
    case 'approve':
      return hasPermission(market.permissions, 'orders-order_detail', 'approve');
    case 'reject':
      return hasPermission(market.permissions, 'orders-order_detail', 'reject');
    case 'duplicate':
      return hasPermission(market.permissions, 'orders-orders_history', 'create_order');
    default:
      return true;
  }
}

/** What the caller may do with an order in this status: the action table for their role, less what their grants withhold. */
export function allowedActionsFor(status: OrderStatus, market: MarketScope): OrderAction[] {
  return allowedOrderActions(status, market.role).filter((action) => grantAllows(action, market));
}

/** 409 when the status does not allow the action for anyone; 403 when it does but not for this caller. */
function assertAction(status: OrderStatus, market: MarketScope, action: OrderAction, details?: ErrorDetail[]): void {
  if (!statusAllows(status, action)) throw conflict(`An order that is ${status} cannot be ${ACTION_PAST[action]}.`, details);
  if (!canTakeOrderAction(status, market.role, action) || !grantAllows(action, market)) {
    throw forbidden(`Your role (${market.role}) in ${market.code} may not ${ACTION_PHRASE[action]}.`);
  }
}

const holdsStock = (status: OrderStatus) => STOCK_HOLDING_ORDER_STATUSES.includes(status);
const statusCode = (status: OrderStatus) => status.toUpperCase().replace(/ /g, '_');
const iso = (value: Date | string) => new Date(value).toISOString();

/** A requested delivery date lies between today and one year ahead, in the market's time zone. */
function checkRequestedDate(market: MarketScope, day: string, field = 'requestedDeliveryDate'): void {
  if (!isCalendarDay(day)) throw invalidField(field, 'is not a real date');
  const { min, max } = deliveryWindow(market.code);
  if (day < min || day > max) throw invalidField(field, `must be between ${min} and ${max}: today and one year ahead in ${market.name}`);
}

/** A confirmed delivery date is not in the past (nor more than a year ahead), in the market's time zone. */
function checkConfirmedDate(market: MarketScope, day: string, field: string): void {
  if (!isCalendarDay(day)) throw invalidField(field, 'is not a real date');
  const { min, max } = deliveryWindow(market.code);
  if (day < min) throw invalidField(field, `must not be in the past: today is ${min} in ${market.name}`);
  if (day > max) throw invalidField(field, `must be at most one year ahead (${max})`);
}

/** The calendar day an ISO date or date-time names, as written (a date picker's midnight stays its day). */
function dayOf(value: string, field: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(T.+)?$/.exec(value.trim());
  if (!match || (match[2] && Number.isNaN(Date.parse(value)))) throw invalidField(field, 'must be an ISO date (yyyy-MM-dd) or date-time');
  return match[1]!;
}

function auditView(order: Pick<OrderRecord, 'status' | 'customerId' | 'salesPersonId' | 'requestedDeliveryDate' | 'confirmedDeliveryDate' | 'totalCases' | 'totalPrice'>, lines?: readonly { batchId: number; noOfCases: number; shortCases: number; unitSalePrice: number }[]) {
  return {
    status: order.status,
    customerId: order.customerId,
    salesPersonId: order.salesPersonId,
    requestedDeliveryDate: order.requestedDeliveryDate,
    confirmedDeliveryDate: order.confirmedDeliveryDate,
    totalCases: order.totalCases,
    totalPrice: order.totalPrice,
    ...(lines ? { items: lines.map(({ batchId, noOfCases, shortCases, unitSalePrice }) => ({ batchId, noOfCases, shortCases, unitSalePrice })) } : {}),
  };
}

const plannedAuditLines = (plan: StockPlan) =>
  plan.lines.map((line) => ({ batchId: line.batchId, noOfCases: line.noOfCases, shortCases: line.shortCases, unitSalePrice: fromCents(line.unitSaleCents) }));

const shortCount = (plan: StockPlan) => plan.lines.filter((line) => line.shortCases > 0).length;
const shortComment = (what: string, plan: StockPlan) => {
  const short = shortCount(plan);
  return short === 0 ? what : `${what}; ${short} line${short === 1 ? '' : 's'} short of stock`;
};

function toOrderItem(row: OrderItemRow, holding: boolean, today: string): OrderItem {
  const own = holding ? (row.noOfCase - row.shortCases) * row.caseSize : 0;
  const orderable = isOrderable({ status: row.batchStatus, labStatus: row.labStatus, expiryDate: row.expiryDate }, today);
  const free = orderable ? Math.max(0, row.activeUnits - row.reservedUnits) : 0;
  return {
    orderItemId: row.orderItemId,
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    productId: row.productId,
    productName: row.productName,
    s2sProductName: row.s2sProductName,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    subcategoryId: row.subcategoryId,
    subcategoryName: row.subcategoryName,
    strainId: row.strainId,
    strainName: row.strainName,
    lineage: row.lineage,
    strainType: row.strainType,
    brandId: row.brandId,
    brandName: row.brandName,
    packageSize: row.packageSize,
    packageSizeUom: row.packageSizeUom,
    caseSize: row.caseSize,
    noOfCase: row.noOfCase,
    caseFulfilled: row.caseFulfilled,
    shortCases: row.shortCases,
    unitBasePrice: row.unitBasePrice,
    unitSalePrice: row.unitSalePrice,
    subTotalPrice: fromCents(row.noOfCase * row.caseSize * Math.round(row.unitSalePrice * 100)),
    expiryDate: row.expiryDate,
    inventoryLocationName: row.inventoryLocationName,
    metadataLabel: row.shortCases > 0 ? 'Action Required' : null,
    available_case_size: Math.floor((own + free) / row.caseSize),
  };
}

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

/**
 * An Action Required order is updated only once every short line is changed or removed (spec, section
 * 4): sending a short line back with the same cases would save the same shortage again.
 */
function assertShortLinesChanged(previous: readonly OrderLineRecord[], items: readonly { batchId: number; noOfCases: number }[]): void {
  const unchanged = previous
    .filter((line) => line.shortCases > 0)
    .flatMap((line) => {
      const index = items.findIndex((item) => item.batchId === line.batchId);
      return index >= 0 && items[index]!.noOfCases === line.noOfCases ? [{ line, index }] : [];
    });
  if (unchanged.length === 0) return;
  throw badRequest(
    'Change or remove every line marked Action Required before saving.',
    unchanged.map(({ line, index }) => ({
      field: `items[${index}].noOfCases`,
      batchId: line.batchId,
      message: shortLineMessage(line),
    })),
  );
}

export function createOrdersService(deps: OrdersServiceDependencies) {
  const { db, stats } = deps;
  const counts = createCountCache(deps.countCacheMs ?? 2_000);

  /** After any write: badge counts and cached totals of the market are stale. */
  function changed(marketId: number): void {
    stats.invalidate(marketId);
    counts.invalidate(marketId);
  }

  async function resolveCustomer(handle: DbOrTx, market: MarketScope, customerId: number) {
    const customer = await findCustomer(handle, market.id, customerId);
    if (!customer || !customer.is_active) throw invalidField('customerId', `is not an active buyer in ${market.name}`);
    return customer;
  }

  async function resolveSalesPerson(handle: DbOrTx, market: MarketScope, salesPersonId: number) {
    const person = await findSalesPerson(handle, market.id, salesPersonId);
    if (!person) throw invalidField('salesPersonId', `is not a sales person in ${market.name}`);
    return person;
  }

  /** Applies a plan's reservation deltas; the batches are locked, so every delta applies. */
  async function reserve(tx: DbOrTx, marketId: number, plan: StockPlan): Promise<void> {
    const applied = await applyReservations(tx, marketId, plan.deltas);
    if (applied.size !== plan.deltas.size) throw conflict('Stock changed while the order was being saved. Try again.');
  }

  /** Inserts a new order with its reservations (the batches are locked, so every reservation applies). */
  async function saveNewOrder(tx: DbOrTx, order: NewOrder, plan: StockPlan, audit: { actor: AuditActor; action: string; after: Record<string, unknown> }) {
    const saved = await insertOrder(tx, order, plan.deltas, audit);
    if (saved.reserved !== plan.deltas.size) throw conflict('Stock changed while the order was being saved. Try again.');
    return saved;
  }

  /** Ends what an order holds on its batches (cancel, reject). */
  async function release(tx: DbOrTx, marketId: number, lines: readonly OrderLineRecord[]): Promise<void> {
    const held = heldUnits(lines);
    await lockBatches(tx, marketId, [...held.keys()]);
    const deltas = new Map([...held].filter(([, units]) => units > 0).map(([batchId, units]) => [batchId, -units] as const));
    await applyReservations(tx, marketId, deltas);
  }

  function toListFilter(market: MarketScope, query: ParsedListQuery, checked: ReturnType<typeof checkOrderListQuery>): OrderListFilter {
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

  function checkOrderListQuery(query: ParsedListQuery) {
    return checkListQuery(query, { sortable: ORDER_HISTORY_SORT_COLUMNS, filterable: ORDER_HISTORY_FILTER_COLUMNS });
  }

  /** A page's total: free when the page is the last one, else counted (and kept a moment per filter). */
  async function totalOf(marketId: number, key: string, page: number, pageSize: number, rowsOnPage: number, count: () => Promise<number>): Promise<number> {
    if ((rowsOnPage > 0 && rowsOnPage < pageSize) || (rowsOnPage === 0 && page === 1)) {
      const total = (page - 1) * pageSize + rowsOnPage;
      counts.set(marketId, key, total);
      return total;
    }
    return counts.get(marketId, key, count);
  }

  async function readDetail(market: MarketScope, orderId: number, query: ParsedListQuery) {
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
  }

  return {
    /**
     * POST /order/history: a page of the market's orders, searched, filtered and sorted on indexed columns
     * of the orders table. The rows come as JSON text from the database (see listOrdersJson).
     */
    async list(market: MarketScope, query: ParsedListQuery): Promise<{ rowsJson: string; pagination: PaginationMeta }> {
      const checked = checkOrderListQuery(query);
      const filter = toListFilter(market, query, checked);
      const page = await listOrdersJson(db, filter, checked.sort, checked.page, checked.pageSize);
      const { marketId: _market, timeZone: _zone, ...criteria } = filter;
      const total = await totalOf(market.id, `orders:${JSON.stringify(criteria)}`, checked.page, checked.pageSize, page.rows, () => countOrders(db, filter));
      return { rowsJson: page.json, pagination: paginationMeta(checked.page, checked.pageSize, total, page.rows) };
    },

    /**
     * POST /order/{id}/details: the order with a page of its items. A price (batchId + unitSalePrice) or a
     * confirmed delivery date in the body is saved first, under the action table.
     */
    async details(
      actor: AuditActor,
      market: MarketScope,
      orderId: number,
      body: ParsedListQuery & { batchId?: number; unitSalePrice?: number; confirmedDeliveryDate?: string },
    ): Promise<{ detail: OrderDetail; page: { page: number; pageSize: number; totalRecords: number; recordsOnPage: number }; message: string }> {
      if ((body.batchId === undefined) !== (body.unitSalePrice === undefined)) {
        const missing = body.batchId === undefined ? 'batchId' : 'unitSalePrice';
        throw invalidField(missing, 'is required to change a price: send batchId and unitSalePrice together');
      }
      const messages: string[] = [];
      if (body.batchId !== undefined || body.confirmedDeliveryDate !== undefined) {
        await db.transaction(async (tx) => {
          const order = await findOrder(tx, market.id, orderId, { lock: true });
          if (!order) throw notFound('Order');
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          const changes: OrderChanges = {};
          if (body.batchId !== undefined && body.unitSalePrice !== undefined) {
            assertAction(order.status, market, 'edit');
            const price = fromCents(Math.round(body.unitSalePrice * 100));
            const lines = await findOrderLines(tx, order.id);
            const line = lines.find((candidate) => candidate.batchId === body.batchId);
            if (!line) throw invalidField('batchId', `is not a line of order ${order.referenceId}`);
            await updateLinePrice(tx, order.id, line.batchId, price);
            const totals = await orderTotals(tx, order.id);
            Object.assign(changes, totals);
            Object.assign(before, { batchId: line.batchId, unitSalePrice: line.unitSalePrice, totalPrice: order.totalPrice });
            Object.assign(after, { batchId: line.batchId, unitSalePrice: price, totalPrice: totals.totalPrice });
            messages.push(ORDER_MESSAGES.priceSaved);
          }
          if (body.confirmedDeliveryDate !== undefined) {
            assertAction(order.status, market, 'set_confirmed_delivery_date');
            checkConfirmedDate(market, body.confirmedDeliveryDate, 'confirmedDeliveryDate');
            changes.confirmedDeliveryDate = body.confirmedDeliveryDate;
            before.confirmedDeliveryDate = order.confirmedDeliveryDate;
            after.confirmedDeliveryDate = body.confirmedDeliveryDate;
            messages.push(ORDER_MESSAGES.confirmedDateSaved);
          }
          const version = await updateOrder(tx, order.id, actor.userId, changes);
          await recordAudit(tx, actor, { entityType: 'order', entityId: order.id, action: 'update', before, after: { ...after, version } });
        });
        changed(market.id);
      }
      const { detail, page } = await readDetail(market, orderId, body);
      return { detail, page, message: messages.length > 0 ? messages.join(' ') : 'OK' };
    },

    /** Creates an order (also the bulk upload's confirm): reserves stock line by line; short lines make it Action Required. */
    async createOrder(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, body: CreateOrderBody): Promise<OrderRef> {
      checkRequestedDate(market, body.requestedDeliveryDate);
      checkDistinctBatches(body.items);
      const today = marketDate(market.code);
      const note = body.note?.trim() ? body.note.trim() : null;
      const ref = await db.transaction(async (tx) => {
        const customer = await resolveCustomer(tx, market, body.customerId);
        const salesPerson =
          body.salesPersonId !== undefined
            ? await resolveSalesPerson(tx, market, body.salesPersonId)
            : customer.sales_person_id === null
              ? null
              : { sales_person_id: customer.sales_person_id, sales_person_name: customer.sales_person_name ?? '' };
        const batches = await lockBatches(tx, market.id, body.items.map((item) => item.batchId));
        const plan = planStock(body.items, batches, { today });
        const status: OrderStatus = shortCount(plan) > 0 ? 'Action Required' : 'Pending';
        const order = {
          marketId: market.id,
          marketCode: market.code,
          customerId: customer.customer_id,
          customerName: customer.customer_name,
          msoOwnerName: customer.mso_owner_name,
          salesPersonId: salesPerson?.sales_person_id ?? null,
          salesPersonName: salesPerson?.sales_person_name ?? null,
          createdBy: caller.id,
          createdUserName: caller.name,
          status,
          requestedDeliveryDate: body.requestedDeliveryDate,
          confirmedDeliveryDate: null,
          totalCases: plan.totalCases,
          totalPrice: fromCents(plan.totalCents),
          inventoryLocationName: locationNamesOf(plan.lines),
          statusComment: shortComment('Order created', plan),
          note,
          lines: plan.lines,
        };
        const { id, referenceId } = await saveNewOrder(tx, order, plan, { actor, action: 'create', after: auditView(order, plannedAuditLines(plan)) });
        return { orderId: id, referenceId, orderStatus: status };
      });
      changed(market.id);
      return ref;
    },

    /**
     * PUT /order/{id}/edit: the full new list of lines (and optionally the date, buyer, sales person), or
     * only the confirmed delivery date. An edit gives back what the order held and reserves the new lines
     * in the same transaction; it leaves the order Revised, or Action Required while a line is short.
     */
    async editOrder(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, orderId: number, body: EditOrderBody): Promise<{ ref: OrderRef; message: string }> {
      if ('confirmDeliveryDate' in body) {
        const day = dayOf(body.confirmDeliveryDate, 'confirmDeliveryDate');
        const ref = await db.transaction(async (tx) => {
          const order = await findOrder(tx, market.id, orderId, { lock: true });
          if (!order) throw notFound('Order');
          assertAction(order.status, market, 'set_confirmed_delivery_date');
          checkConfirmedDate(market, day, 'confirmDeliveryDate');
          const version = await updateOrder(tx, order.id, caller.id, { confirmedDeliveryDate: day });
          await recordAudit(tx, actor, {
            entityType: 'order',
            entityId: order.id,
            action: 'set_confirmed_delivery_date',
            before: { confirmedDeliveryDate: order.confirmedDeliveryDate },
            after: { confirmedDeliveryDate: day, version },
          });
          return { orderId: order.id, referenceId: order.referenceId, orderStatus: order.status };
        });
        changed(market.id);
        return { ref, message: ORDER_MESSAGES.confirmedDateSaved };
      }

      checkDistinctBatches(body.items);
      if (body.requestedDeliveryDate !== undefined) checkRequestedDate(market, body.requestedDeliveryDate);
      const today = marketDate(market.code);
      const ref = await db.transaction(async (tx) => {
        const order = await findOrder(tx, market.id, orderId, { lock: true });
        if (!order) throw notFound('Order');
        if (body.version !== undefined && body.version !== order.version) throw conflict(STALE_ORDER_MESSAGE);
        assertAction(order.status, market, 'edit');

        const people: Partial<OrderRecord> = {};
        if (body.customerId !== undefined && body.customerId !== order.customerId) {
          const customer = await resolveCustomer(tx, market, body.customerId);
          Object.assign(people, { customerId: customer.customer_id, customerName: customer.customer_name, msoOwnerName: customer.mso_owner_name });
        }
        if (body.salesPersonId === null) Object.assign(people, { salesPersonId: null, salesPersonName: null });
        else if (body.salesPersonId !== undefined && body.salesPersonId !== order.salesPersonId) {
          const person = await resolveSalesPerson(tx, market, body.salesPersonId);
          Object.assign(people, { salesPersonId: person.sales_person_id, salesPersonName: person.sales_person_name });
        }

        const previous = await findOrderLines(tx, order.id);
        if (order.status === 'Action Required') assertShortLinesChanged(previous, body.items);
        const released = holdsStock(order.status) ? heldUnits(previous) : new Map<number, number>();
        const batches = await lockBatches(tx, market.id, [...released.keys(), ...body.items.map((item) => item.batchId)]);
        const plan = planStock(body.items, batches, {
          today,
          released,
          previousPrices: new Map(previous.map((line) => [line.batchId, line.unitSalePrice])),
        });
        await reserve(tx, market.id, plan);
        await replaceOrderLines(tx, order.id, plan.lines);

        const status: OrderStatus = shortCount(plan) > 0 ? 'Action Required' : STATUS_AFTER_EDIT;
        const comment = shortComment('Order edited', plan);
        const changes = {
          ...people,
          status,
          requestedDeliveryDate: body.requestedDeliveryDate ?? order.requestedDeliveryDate,
          totalCases: plan.totalCases,
          totalPrice: fromCents(plan.totalCents),
          inventoryLocationName: locationNamesOf(plan.lines),
          ...(status !== order.status ? { statusComment: comment } : {}),
        };
        const version = await updateOrder(tx, order.id, caller.id, changes);
        if (status !== order.status) await insertStatusHistory(tx, { orderId: order.id, from: order.status, to: status, comment, userId: caller.id });
        await recordAudit(tx, actor, {
          entityType: 'order',
          entityId: order.id,
          action: 'edit',
          before: auditView(order, previous),
          after: { ...auditView({ ...order, ...changes }, plannedAuditLines(plan)), version },
        });
        return { orderId: order.id, referenceId: order.referenceId, orderStatus: status };
      });
      changed(market.id);
      return { ref, message: ref.orderStatus === 'Action Required' ? 'Order updated: some lines are short of stock' : 'Order updated successfully' };
    },

    /** POST /order/{id}/duplicate: a new Pending order for the buyer with the lines, each at what is available now. */
    async duplicateOrder(
      actor: AuditActor,
      caller: AuthenticatedUser,
      market: MarketScope,
      orderId: number,
      body: { customerId: number; salesPersonId?: number },
    ): Promise<OrderRef> {
      const today = marketDate(market.code);
      const ref = await db.transaction(async (tx) => {
        const source = await findOrder(tx, market.id, orderId);
        if (!source) throw notFound('Order');
        assertAction(source.status, market, 'duplicate');
        const customer = await resolveCustomer(tx, market, body.customerId);
        const salesPerson =
          body.salesPersonId !== undefined
            ? await resolveSalesPerson(tx, market, body.salesPersonId)
            : customer.sales_person_id === null
              ? null
              : { sales_person_id: customer.sales_person_id, sales_person_name: customer.sales_person_name ?? '' };
        const lines = await findOrderLines(tx, source.id);
        const batches = await lockBatches(tx, market.id, lines.map((line) => line.batchId));
        const plan = planStock(
          lines.map((line) => ({ batchId: line.batchId, noOfCases: line.noOfCases, unitSalePrice: line.unitSalePrice })),
          batches,
          { today, mode: 'available' },
        );
        if (plan.lines.length === 0) throw conflict(ORDER_MESSAGES.duplicateFailed, [{ message: 'None of the order’s batches has a case available now.' }]);
        const { min, max } = deliveryWindow(market.code);
        const requested = source.requestedDeliveryDate && source.requestedDeliveryDate >= min && source.requestedDeliveryDate <= max ? source.requestedDeliveryDate : null;
        const order = {
          marketId: market.id,
          marketCode: market.code,
          customerId: customer.customer_id,
          customerName: customer.customer_name,
          msoOwnerName: customer.mso_owner_name,
          salesPersonId: salesPerson?.sales_person_id ?? null,
          salesPersonName: salesPerson?.sales_person_name ?? null,
          createdBy: caller.id,
          createdUserName: caller.name,
          status: 'Pending' as const,
          requestedDeliveryDate: requested,
          confirmedDeliveryDate: null,
          totalCases: plan.totalCases,
          totalPrice: fromCents(plan.totalCents),
          inventoryLocationName: locationNamesOf(plan.lines),
          statusComment: `Duplicated from ${source.referenceId}`,
          note: null,
          lines: plan.lines,
        };
        const { id, referenceId } = await saveNewOrder(tx, order, plan, {
          actor,
          action: 'duplicate',
          after: { duplicatedFrom: source.referenceId, ...auditView(order, plannedAuditLines(plan)) },
        });
        return { orderId: id, referenceId, orderStatus: 'Pending' as const };
      });
      changed(market.id);
      return ref;
    },

    /**
     * PUT /order/{id}/status: approve (creates the picklists), reject and cancel (release the stock, cancel
     * open picklists), packaged, shipped (the picked units leave stock), delivered, completed.
     */
    async changeStatus(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, orderId: number, body: { status: StatusChangeValue; comment?: string }): Promise<OrderRef> {
      const action = STATUS_CHANGE_ACTION[body.status];
      const to = STATUS_AFTER[body.status];
      const comment = body.comment?.trim() ? body.comment.trim() : null;
      const ref = await db.transaction(async (tx) => {
        if (action === 'cancel') await lockPicklistsOfOrder(tx, market.id, orderId);
        const order = await findOrder(tx, market.id, orderId, { lock: true });
        if (!order) throw notFound('Order');
        const lines = await findOrderLines(tx, order.id);
        const shortDetails = shortLineDetails(lines);
        assertAction(order.status, market, action, action === 'approve' && shortDetails.length > 0 ? shortDetails : undefined);
        if (action === 'approve' && shortDetails.length > 0) {
          throw conflict('An order with lines short of stock cannot be approved: change or remove them first.', shortDetails);
        }
        const holding = holdsStock(order.status);
        let picklists = 0;
        if ((action === 'cancel' || action === 'reject') && holding) await release(tx, market.id, lines);
        if (action === 'cancel') picklists = await cancelOpenPicklists(tx, order.id, caller.id);
        if (action === 'approve') picklists = await createPicklists(tx, { id: order.id, marketId: market.id, marketCode: market.code }, caller.id);
        if (action === 'mark_shipped' && holding) {
          const held = heldUnits(lines);
          await lockBatches(tx, market.id, [...held.keys()]);
          const picked = new Map<number, number>();
          for (const line of lines) picked.set(line.batchId, (picked.get(line.batchId) ?? 0) + line.pickedCases * line.caseSize);
          await shipStock(tx, market.id, [...held].map(([batchId, heldUnitsOfBatch]) => ({ batchId, heldUnits: heldUnitsOfBatch, pickedUnits: picked.get(batchId) ?? 0 })));
        }
        const version = await updateOrder(tx, order.id, caller.id, { status: to, statusComment: comment, ...(action === 'approve' ? { approvedAt: new Date() } : {}) });
        await insertStatusHistory(tx, { orderId: order.id, from: order.status, to, comment, userId: caller.id });
        await recordAudit(tx, actor, {
          entityType: 'order',
          entityId: order.id,
          action,
          before: { status: order.status, version: order.version },
          after: { status: to, version, comment, ...(picklists > 0 ? { picklists } : {}) },
        });
        return { orderId: order.id, referenceId: order.referenceId, orderStatus: to };
      });
      changed(market.id);
      return ref;
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

    /** Notes are closed on Cancelled and Completed orders. */
    async addNote(actor: AuditActor, caller: AuthenticatedUser, market: MarketScope, orderId: number, notes: string): Promise<OrderNote> {
      const text = notes.trim();
      return db.transaction(async (tx) => {
        const order = await findOrder(tx, market.id, orderId, { lock: true });
        if (!order) throw notFound('Order');
        if (STATUSES_CLOSED_TO_NOTES.includes(order.status)) throw conflict(`Notes cannot be added to an order that is ${order.status}.`);
        const note = await insertNote(tx, order.id, text, caller.id);
        await recordAudit(tx, actor, { entityType: 'order', entityId: order.id, action: 'add_note', after: { noteId: note.noteId, notes: text } });
        return { noteId: note.noteId, notes: note.notes, created_ts: iso(note.createdAt), created_user_name: note.createdUserName };
      });
    },

    /**
     * POST /order/inventory: the batches an order can take (active, lab-passed, unexpired), with their free
     * whole cases; only those with at least one case unless the query filters on available cases.
     */
    async inventory(market: MarketScope, query: ParsedListQuery): Promise<Page<OrderInventoryRow>> {
      const checked = checkListQuery(query, { sortable: ORDER_INVENTORY_SORT_COLUMNS, filterable: ORDER_INVENTORY_FILTER_COLUMNS });
      const today = marketDate(market.code);
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
      const rows = await listInventory(db, inventoryQuery);
      const { marketId: _market, sort: _sort, page: _page, pageSize: _size, ...criteria } = inventoryQuery;
      const total = await totalOf(market.id, `inventory:${JSON.stringify(criteria)}`, checked.page, checked.pageSize, rows.length, () => countInventory(db, inventoryQuery));
      return { rows, totalRecords: total, page: checked.page, pageSize: checked.pageSize };
    },
  };

}

export type OrdersService = ReturnType<typeof createOrdersService>;
