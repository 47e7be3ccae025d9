// The order status action table of the spec (orders document, section 4): which actions each status
// allows, for which role, and where each leads. The server refuses anything it does not allow; the client
// shows only what it allows.
import type { OrderStatus, Role } from './enums';

export const ORDER_ACTIONS = [
  'edit',
  'cancel',
  'duplicate',
  'approve',
  'reject',
  'mark_packaged',
  'mark_shipped',
  'mark_delivered',
  'complete',
  'set_confirmed_delivery_date',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Status changes travel as these lowercase values (PUT /order/{id}/status). */
export const STATUS_CHANGE_VALUES = ['approved', 'rejected', 'packaged', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export type StatusChangeValue = (typeof STATUS_CHANGE_VALUES)[number];

export const STATUS_CHANGE_ACTION: Record<StatusChangeValue, OrderAction> = {
  approved: 'approve',
  rejected: 'reject',
  packaged: 'mark_packaged',
  shipped: 'mark_shipped',
  delivered: 'mark_delivered',
  completed: 'complete',
  cancelled: 'cancel',
};

export const STATUS_AFTER: Record<StatusChangeValue, OrderStatus> = {
  approved: 'Approved',
  rejected: 'Rejected',
  packaged: 'Packaged',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** What each status allows for the three sales roles, before approve and reject, which only managers hold. */
const ACTIONS_BY_STATUS: Record<OrderStatus, readonly OrderAction[]> = {
  Pending: ['edit', 'cancel', 'duplicate', 'approve', 'reject'],
  Revised: ['edit', 'cancel', 'duplicate', 'approve', 'reject'],
  'Action Required': ['edit', 'cancel', 'duplicate'],
  Approved: ['duplicate', 'cancel', 'set_confirmed_delivery_date'],
  Rejected: ['edit', 'cancel', 'duplicate'],
  'Partially Picked': ['duplicate', 'cancel', 'set_confirmed_delivery_date'],
  Picked: ['mark_packaged', 'cancel', 'duplicate', 'set_confirmed_delivery_date'],
  Packaged: ['mark_shipped', 'cancel', 'duplicate', 'set_confirmed_delivery_date'],
  Shipped: ['mark_delivered', 'cancel', 'duplicate'],
  Delivered: ['complete', 'duplicate'],
  Cancelled: [],
  Completed: [],
};

const MANAGER_ONLY: readonly OrderAction[] = ['approve', 'reject'];
const FULFILMENT_ACTIONS: readonly OrderAction[] = ['cancel', 'set_confirmed_delivery_date'];

/** The actions a role may take on an order in a status, in the order the spec lists them. */
export function allowedOrderActions(status: OrderStatus, role: Role | undefined): OrderAction[] {
  if (!role) return [];
  const actions = ACTIONS_BY_STATUS[status];
  if (role === 'Fulfilment Person') return actions.filter((action) => FULFILMENT_ACTIONS.includes(action));
  if (role === 'Sales Person') return actions.filter((action) => !MANAGER_ONLY.includes(action));
  return [...actions];
}

export function canTakeOrderAction(status: OrderStatus, role: Role | undefined, action: OrderAction): boolean {
  return allowedOrderActions(status, role).includes(action);
}

/** Whether the status allows the action for anyone: a refusal is then about the role (403), not the status (409). */
export function statusAllows(status: OrderStatus, action: OrderAction): boolean {
  return ACTIONS_BY_STATUS[status].includes(action);
}

/** An edit of a Pending, Revised, Rejected or Action Required order leaves it Revised (or Action Required while short). */
export const STATUS_AFTER_EDIT: OrderStatus = 'Revised';

/** The approved date is hidden for these statuses (spec, order preview). */
export const STATUSES_WITHOUT_APPROVED_DATE: readonly OrderStatus[] = ['Pending', 'Revised', 'Cancelled'];

/** Notes are closed on these. */
export const STATUSES_CLOSED_TO_NOTES: readonly OrderStatus[] = ['Cancelled', 'Completed'];

