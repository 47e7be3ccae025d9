// The order rules that need no database: the status action table per role with the caller's grants,
// the delivery date windows in the market's time zone, and what an Action Required edit must change.
import type { ErrorDetail } from '../../../shared/api/protocol';
import { STOCK_HOLDING_ORDER_STATUSES, type OrderStatus } from '../../../shared/enums';
import { deliveryWindow } from '../../../shared/market-time';
import { canTakeOrderAction, statusAllows, allowedOrderActions, type OrderAction } from '../../../shared/order-status';
import { hasPermission } from '../../../shared/permissions';
import type { MarketScope } from '../../auth/access-control';
import { badRequest, conflict, forbidden, invalidField } from '../../lib/errors';
import { isCalendarDay } from '../../lib/list-query';
import type { OrderLineRecord } from './order-reads.repository';
import { shortLineMessage, type StockPlan } from './order-stock';

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
export function assertAction(status: OrderStatus, market: MarketScope, action: OrderAction, details?: ErrorDetail[]): void {
  if (!statusAllows(status, action)) throw conflict(`An order that is ${status} cannot be ${ACTION_PAST[action]}.`, details);
  if (!canTakeOrderAction(status, market.role, action) || !grantAllows(action, market)) {
    throw forbidden(`Your role (${market.role}) in ${market.code} may not ${ACTION_PHRASE[action]}.`);
  }
}

export const holdsStock = (status: OrderStatus) => STOCK_HOLDING_ORDER_STATUSES.includes(status);
export const statusCode = (status: OrderStatus) => status.toUpperCase().replace(/ /g, '_');

/** A requested delivery date lies between today and one year ahead, in the market's time zone. */
export function checkRequestedDate(market: MarketScope, day: string, field = 'requestedDeliveryDate'): void {
  if (!isCalendarDay(day)) throw invalidField(field, 'is not a real date');
  const { min, max } = deliveryWindow(market.code);
  if (day < min || day > max) throw invalidField(field, `must be between ${min} and ${max}: today and one year ahead in ${market.name}`);
}

/** A confirmed delivery date is not in the past (nor more than a year ahead), in the market's time zone. */
export function checkConfirmedDate(market: MarketScope, day: string, field: string): void {
  if (!isCalendarDay(day)) throw invalidField(field, 'is not a real date');
  const { min, max } = deliveryWindow(market.code);
  if (day < min) throw invalidField(field, `must not be in the past: today is ${min} in ${market.name}`);
  if (day > max) throw invalidField(field, `must be at most one year ahead (${max})`);
}

/** The calendar day an ISO date or date-time names, as written (a date picker's midnight stays its day). */
export function dayOf(value: string, field: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(T.+)?$/.exec(value.trim());
  if (!match || (match[2] && Number.isNaN(Date.parse(value)))) throw invalidField(field, 'must be an ISO date (yyyy-MM-dd) or date-time');
  return match[1]!;
}

export const shortCount = (plan: StockPlan) => plan.lines.filter((line) => line.shortCases > 0).length;
export const shortComment = (what: string, plan: StockPlan) => {
  const short = shortCount(plan);
  return short === 0 ? what : `${what}; ${short} line${short === 1 ? '' : 's'} short of stock`;
};

/**
 * An Action Required order is updated only once every short line is changed or removed (spec, section
 * 4): sending a short line back with the same cases would save the same shortage again.
 */
export function assertShortLinesChanged(previous: readonly OrderLineRecord[], items: readonly { batchId: number; noOfCases: number }[]): void {
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
