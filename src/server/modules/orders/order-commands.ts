// What changes orders: create (also the bulk upload's confirm), edit, duplicate, status changes, notes, and
// a line price or confirmed date set from the detail. Stock is checked and reserved on locked batch rows in
// the same transaction as the order, so two orders for the last cases of a batch never both succeed.
import { ORDER_MESSAGES, type CreateOrderBody, type EditOrderBody, type OrderNote, type OrderRef } from '../../../shared/api/orders';
import type { OrderStatus } from '../../../shared/enums';
import { deliveryWindow, marketDate } from '../../../shared/market-time';
import { STATUS_AFTER, STATUS_AFTER_EDIT, STATUS_CHANGE_ACTION, STATUSES_CLOSED_TO_NOTES, type StatusChangeValue } from '../../../shared/order-status';
import type { MarketScope } from '../../auth/access-control';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { conflict, invalidField, notFound } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { findCustomer, findSalesPerson } from '../customers/customers.repository';
import { applyReservations, lockBatches, shipStock } from '../inventory/batch-stock.repository';
import { cancelOpenPicklists, createPicklistsForOrder, lockPicklistsOfOrder } from '../picklists/picklists.repository';
import { auditView, iso, locationNamesOf, plannedAuditLines } from './order-mappers';
import { findOrder, findOrderLines, type OrderLineRecord, type OrderRecord } from './order-reads.repository';
import {
  assertAction,
  assertShortLinesChanged,
  checkConfirmedDate,
  checkRequestedDate,
  dayOf,
  holdsStock,
  shortComment,
  shortCount,
  STALE_ORDER_MESSAGE,
} from './order-rules';
import { checkDistinctBatches, fromCents, heldUnits, planStock, shortLineDetails, type StockPlan } from './order-stock';
import { insertNote, insertOrder, insertStatusHistory, orderTotals, replaceOrderLines, updateLinePrice, updateOrder, type NewOrder, type OrderChanges } from './order-writes.repository';

export type DetailChanges = { batchId?: number; unitSalePrice?: number; confirmedDeliveryDate?: string };

const STOCK_CHANGED = 'Stock changed while the order was being saved. Try again.';

/**
 * @param changed called after every write with the market whose badge counts and cached totals it made stale.
 */
export function createOrderCommands(deps: { db: Db; changed: (marketId: number) => void }) {
  const { db, changed } = deps;

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

  /** The sales person named, else the buyer's own. */
  async function salesPersonFor(handle: DbOrTx, market: MarketScope, customer: Awaited<ReturnType<typeof resolveCustomer>>, salesPersonId: number | undefined) {
    if (salesPersonId !== undefined) return resolveSalesPerson(handle, market, salesPersonId);
    return customer.sales_person_id === null ? null : { sales_person_id: customer.sales_person_id, sales_person_name: customer.sales_person_name ?? '' };
  }

  /** Applies a plan's reservation deltas; the batches are locked, so every delta applies. */
  async function reserve(tx: DbOrTx, marketId: number, plan: StockPlan): Promise<void> {
    const applied = await applyReservations(tx, marketId, plan.deltas);
    if (applied.size !== plan.deltas.size) throw conflict(STOCK_CHANGED);
  }

  /** A new order of the market for the buyer, taking the plan's lines and totals. */
  function newOrder(
    ctx: RequestContext,
    customer: Awaited<ReturnType<typeof resolveCustomer>>,
    salesPerson: { sales_person_id: number; sales_person_name: string } | null,
    plan: StockPlan,
    fields: Pick<NewOrder, 'status' | 'requestedDeliveryDate' | 'statusComment' | 'note'>,
  ): NewOrder {
    return {
      marketId: ctx.market.id,
      marketCode: ctx.market.code,
      customerId: customer.customer_id,
      customerName: customer.customer_name,
      msoOwnerName: customer.mso_owner_name,
      salesPersonId: salesPerson?.sales_person_id ?? null,
      salesPersonName: salesPerson?.sales_person_name ?? null,
      createdBy: ctx.caller.id,
      createdUserName: ctx.caller.name,
      totalCases: plan.totalCases,
      totalPrice: fromCents(plan.totalCents),
      inventoryLocationName: locationNamesOf(plan.lines),
      lines: plan.lines,
      ...fields,
    };
  }

  /** Reserves the plan's stock on the locked batches and inserts the order, with its audit entry. */
  async function saveNewOrder(tx: DbOrTx, ctx: RequestContext, order: NewOrder, plan: StockPlan, audit: { action: string; after: Record<string, unknown> }) {
    await reserve(tx, order.marketId, plan);
    const saved = await insertOrder(tx, order);
    await recordAudit(tx, ctx, { entityType: 'order', entityId: saved.id, action: audit.action, after: { referenceId: saved.referenceId, ...audit.after } });
    return saved;
  }

  /** Ends what an order holds on its batches (cancel, reject). */
  async function release(tx: DbOrTx, marketId: number, lines: readonly OrderLineRecord[]): Promise<void> {
    const held = heldUnits(lines);
    await lockBatches(tx, marketId, [...held.keys()]);
    const deltas = new Map([...held].filter(([, units]) => units > 0).map(([batchId, units]) => [batchId, -units] as const));
    await applyReservations(tx, marketId, deltas);
  }

  return {
    /**
     * From POST /order/{id}/details: a line's price (batchId + unitSalePrice) and or the confirmed delivery
     * date, saved under the action table. Answers what was saved, in the spec's words.
     */
    async setDetailFields(ctx: RequestContext, orderId: number, body: DetailChanges): Promise<string[]> {
      const { market } = ctx;
      if ((body.batchId === undefined) !== (body.unitSalePrice === undefined)) {
        const missing = body.batchId === undefined ? 'batchId' : 'unitSalePrice';
        throw invalidField(missing, 'is required to change a price: send batchId and unitSalePrice together');
      }
      if (body.batchId === undefined && body.confirmedDeliveryDate === undefined) return [];
      const messages: string[] = [];
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
        const version = await updateOrder(tx, order.id, ctx.caller.id, changes);
        await recordAudit(tx, ctx, { entityType: 'order', entityId: order.id, action: 'update', before, after: { ...after, version } });
      });
      changed(market.id);
      return messages;
    },

    /** Creates an order (also the bulk upload's confirm): reserves stock line by line; short lines make it Action Required. */
    async createOrder(ctx: RequestContext, body: CreateOrderBody): Promise<OrderRef> {
      const { market } = ctx;
      checkRequestedDate(market, body.requestedDeliveryDate);
      checkDistinctBatches(body.items);
      const today = marketDate(market.code);
      const note = body.note?.trim() ? body.note.trim() : null;
      const ref = await db.transaction(async (tx) => {
        const customer = await resolveCustomer(tx, market, body.customerId);
        const salesPerson = await salesPersonFor(tx, market, customer, body.salesPersonId);
        const batches = await lockBatches(tx, market.id, body.items.map((item) => item.batchId));
        const plan = planStock(body.items, batches, { today });
        const status: OrderStatus = shortCount(plan) > 0 ? 'Action Required' : 'Pending';
        const order = newOrder(ctx, customer, salesPerson, plan, {
          status,
          requestedDeliveryDate: body.requestedDeliveryDate,
          statusComment: shortComment('Order created', plan),
          note,
        });
        const { id, referenceId } = await saveNewOrder(tx, ctx, order, plan, {
          action: 'create',
          after: auditView({ ...order, confirmedDeliveryDate: null }, plannedAuditLines(plan)),
        });
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
    async editOrder(ctx: RequestContext, orderId: number, body: EditOrderBody): Promise<{ ref: OrderRef; message: string }> {
      const { caller, market } = ctx;
      if ('confirmDeliveryDate' in body) {
        const day = dayOf(body.confirmDeliveryDate, 'confirmDeliveryDate');
        const ref = await db.transaction(async (tx) => {
          const order = await findOrder(tx, market.id, orderId, { lock: true });
          if (!order) throw notFound('Order');
          assertAction(order.status, market, 'set_confirmed_delivery_date');
          checkConfirmedDate(market, day, 'confirmDeliveryDate');
          const version = await updateOrder(tx, order.id, caller.id, { confirmedDeliveryDate: day });
          await recordAudit(tx, ctx, {
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
        await recordAudit(tx, ctx, {
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
    async duplicateOrder(ctx: RequestContext, orderId: number, body: { customerId: number; salesPersonId?: number }): Promise<OrderRef> {
      const { market } = ctx;
      const today = marketDate(market.code);
      const ref = await db.transaction(async (tx) => {
        const source = await findOrder(tx, market.id, orderId);
        if (!source) throw notFound('Order');
        assertAction(source.status, market, 'duplicate');
        const customer = await resolveCustomer(tx, market, body.customerId);
        const salesPerson = await salesPersonFor(tx, market, customer, body.salesPersonId);
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
        const order = newOrder(ctx, customer, salesPerson, plan, {
          status: 'Pending',
          requestedDeliveryDate: requested,
          statusComment: `Duplicated from ${source.referenceId}`,
          note: null,
        });
        const { id, referenceId } = await saveNewOrder(tx, ctx, order, plan, {
          action: 'duplicate',
          after: { duplicatedFrom: source.referenceId, ...auditView({ ...order, confirmedDeliveryDate: null }, plannedAuditLines(plan)) },
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
    async changeStatus(ctx: RequestContext, orderId: number, body: { status: StatusChangeValue; comment?: string }): Promise<OrderRef> {
      const { caller, market } = ctx;
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
        if (action === 'approve') picklists = await createPicklistsForOrder(tx, { id: order.id, marketId: market.id, marketCode: market.code }, caller.id);
        if (action === 'mark_shipped' && holding) {
          const held = heldUnits(lines);
          await lockBatches(tx, market.id, [...held.keys()]);
          const picked = new Map<number, number>();
          for (const line of lines) picked.set(line.batchId, (picked.get(line.batchId) ?? 0) + line.pickedCases * line.caseSize);
          await shipStock(tx, market.id, [...held].map(([batchId, heldUnitsOfBatch]) => ({ batchId, heldUnits: heldUnitsOfBatch, pickedUnits: picked.get(batchId) ?? 0 })));
        }
        const version = await updateOrder(tx, order.id, caller.id, { status: to, statusComment: comment, ...(action === 'approve' ? { approvedAt: new Date() } : {}) });
        await insertStatusHistory(tx, { orderId: order.id, from: order.status, to, comment, userId: caller.id });
        await recordAudit(tx, ctx, {
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

    /** Notes are closed on Cancelled and Completed orders. */
    async addNote(ctx: RequestContext, orderId: number, notes: string): Promise<OrderNote> {
      const { caller, market } = ctx;
      const text = notes.trim();
      return db.transaction(async (tx) => {
        const order = await findOrder(tx, market.id, orderId, { lock: true });
        if (!order) throw notFound('Order');
        if (STATUSES_CLOSED_TO_NOTES.includes(order.status)) throw conflict(`Notes cannot be added to an order that is ${order.status}.`);
        const note = await insertNote(tx, order.id, text, caller.id);
        await recordAudit(tx, ctx, { entityType: 'order', entityId: order.id, action: 'add_note', after: { noteId: note.noteId, notes: text } });
        return { noteId: note.noteId, notes: note.notes, created_ts: iso(note.createdAt), created_user_name: note.createdUserName };
      });
    },
  };
}
