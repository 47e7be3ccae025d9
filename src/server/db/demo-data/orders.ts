// Orders with their items, status history and notes. An order is planned first (its status and the
// walk of statuses that led there), then given lines from the batch pool, then built into rows.
import { STOCK_HOLDING_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from '../../../shared/enums';
import { DAY, HOUR, calendarDay, shiftDay } from './dates';
import type { IdSequences } from './ids';
import type { BatchDraft, StockLedger } from './inventory';
import type { MarketCast } from './market-cast';
import { buildPicklists } from './picklists';
import { weightedPicker, type Random } from './random';
import type { CustomerRow, OrderItemRow, OrderNoteRow, OrderRow, OrderStatusHistoryRow, PicklistItemRow, PicklistRow } from './tables';

type OrderStep = { status: OrderStatus; at: number };

export type OrderPlan = {
  status: OrderStatus;
  /** From 'Pending' to the current status, times increasing. */
  steps: OrderStep[];
  lineCount: number;
};

type Path = readonly OrderStatus[];

const APPROVALS: readonly (readonly [Path, number])[] = [
  [['Pending', 'Approved'], 4],
  [['Pending', 'Revised', 'Approved'], 1],
];
const PICKING: readonly (readonly [Path, number])[] = [
  [['Partially Picked', 'Picked'], 1],
  [['Picked'], 2],
];

const approvalOf = weightedPicker(APPROVALS);
const pickingOf = weightedPicker(PICKING);
const cancellationOf = weightedPicker<Path>([
  [['Pending', 'Cancelled'], 4],
  [['Pending', 'Approved', 'Cancelled'], 3],
  [['Pending', 'Revised', 'Cancelled'], 1],
  [['Pending', 'Rejected', 'Cancelled'], 1],
]);

/** A plausible walk of statuses ending in `status`, as the action table allows. */
function pathTo(random: Random, status: OrderStatus): Path {
  const fulfilment = ['Packaged', 'Shipped', 'Delivered', 'Completed'] as const;
  switch (status) {
    case 'Pending':
      return ['Pending'];
    case 'Revised':
      return ['Pending', 'Revised'];
    case 'Action Required':
    case 'Rejected':
      return random.chance(0.8) ? ['Pending', status] : ['Pending', 'Revised', status];
    case 'Approved':
      return approvalOf(random);
    case 'Partially Picked':
      return [...approvalOf(random), 'Partially Picked'];
    case 'Picked':
      return [...approvalOf(random), ...pickingOf(random)];
    case 'Cancelled':
      return cancellationOf(random);
    default:
      return [...approvalOf(random), ...pickingOf(random), ...fulfilment.slice(0, fulfilment.indexOf(status) + 1)];
  }
}

/** Hours a step usually takes after the one before it. */
const STEP_HOURS: Record<OrderStatus, readonly [number, number]> = {
  Pending: [0, 0],
  Revised: [1, 48],
  'Action Required': [1, 72],
  Approved: [2, 72],
  Rejected: [2, 72],
  'Partially Picked': [2, 36],
  Picked: [1, 24],
  Packaged: [1, 24],
  Shipped: [4, 48],
  Delivered: [6, 72],
  Completed: [24, 240],
  Cancelled: [1, 96],
};

/** How long ago an order in each status last changed: open work is recent, closed work spans the horizon. */
const LAST_CHANGE_DAYS: Record<OrderStatus, readonly [number, number | 'horizon']> = {
  Pending: [0.05, 14],
  Revised: [0.1, 10],
  'Action Required': [0.1, 20],
  Approved: [0.05, 5],
  Rejected: [0.2, 30],
  'Partially Picked': [0.02, 2],
  Picked: [0.05, 3],
  Packaged: [0.05, 3],
  Shipped: [0.05, 3],
  Delivered: [0.3, 10],
  Completed: [1, 'horizon'],
  Cancelled: [0.2, 'horizon'],
};

/** Room left at the far end of the horizon for the steps before an order's last change. */
const HORIZON_MARGIN_DAYS = 25;

const wholeSecond = (instant: number) => Math.round(instant / 1000) * 1000;

export type PlanOptions = {
  now: number;
  horizonDays: number;
  /** Plans at least this many orders, and more until `minLines` lines are planned. */
  orders: number;
  minLines?: number;
  lineRange: readonly [number, number];
  weights: Readonly<Record<OrderStatus, number>>;
  /** Orders planned first whatever the weights say, so that every status shows in every market. */
  required?: readonly { status: OrderStatus; path?: Path }[];
};

function planOrder(random: Random, status: OrderStatus, path: Path, options: PlanOptions): OrderPlan {
  const [fromDays, toDays] = LAST_CHANGE_DAYS[status];
  const lastChangeAgo = random.decimal(fromDays, toDays === 'horizon' ? options.horizonDays - HORIZON_MARGIN_DAYS : toDays, 4) * DAY;
  const times = [options.now - lastChangeAgo];
  for (let index = path.length - 1; index > 0; index -= 1) {
    const [low, high] = STEP_HOURS[path[index]!];
    times.unshift(times[0]! - random.decimal(low, high, 3) * HOUR);
  }
  const [minLines, maxLines] = options.lineRange;
  // A partly picked order needs two lines: one picked, one still waiting.
  const lineCount = random.int(status === 'Partially Picked' ? Math.max(2, minLines) : minLines, maxLines);
  return { status, steps: path.map((step, index) => ({ status: step, at: wholeSecond(times[index]!) })), lineCount };
}

/** Plans orders, oldest first, so that ids and reference numbers rise with time. */
export function planOrders(random: Random, options: PlanOptions): OrderPlan[] {
  const statusOf = weightedPicker(ORDER_STATUSES.map((status) => [status, options.weights[status]] as const));
  const plans = (options.required ?? []).map(({ status, path }) => planOrder(random, status, path ?? pathTo(random, status), options));
  let lines = plans.reduce((sum, plan) => sum + plan.lineCount, 0);
  while (plans.length < options.orders || lines < (options.minLines ?? 0)) {
    const status = statusOf(random);
    const plan = planOrder(random, status, pathTo(random, status), options);
    plans.push(plan);
    lines += plan.lineCount;
  }
  return plans.sort((a, b) => a.steps[0]!.at - b.steps[0]!.at);
}

export type OrderLine = { batch: BatchDraft; cases: number; shortCases: number };

/** Batches grouped by warehouse: open orders draw from orderable ones, old orders from any active one. */
export type BatchPool = { orderable: BatchDraft[][]; active: BatchDraft[][] };

export function createBatchPool(drafts: readonly BatchDraft[], locationIds: readonly number[]): BatchPool {
  const byLocation = (keep: (draft: BatchDraft) => boolean) =>
    locationIds.map((locationId) => drafts.filter((draft) => draft.location.row.id === locationId && keep(draft)));
  return { orderable: byLocation((draft) => draft.orderable), active: byLocation((draft) => draft.status === 'active') };
}

export const holdsStock = (status: OrderStatus) => STOCK_HOLDING_ORDER_STATUSES.includes(status);

function casesOf(random: Random): number {
  const roll = random.next();
  return roll < 0.5 ? random.int(1, 3) : roll < 0.85 ? random.int(4, 8) : random.int(9, 20);
}

/**
 * Chooses the batches and case counts of an order: mostly from one warehouse, as a buyer's order
 * usually is, with no batch twice. An Action Required order is short on at least one line.
 */
export function chooseLines(random: Random, pool: BatchPool, plan: OrderPlan): OrderLine[] {
  const byLocation = holdsStock(plan.status) ? pool.orderable : pool.active;
  const weights = byLocation.map((batches) => batches.length);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = random.next() * total;
  const home = Math.max(0, weights.findIndex((weight) => (roll -= weight) < 0));
  const chosen = new Set<number>();
  const lines: OrderLine[] = [];
  for (let attempt = 0; lines.length < plan.lineCount && attempt < plan.lineCount * 6; attempt += 1) {
    const fromHome = random.chance(0.75) && byLocation[home]!.length > 0;
    const source = fromHome ? byLocation[home]! : random.pick(byLocation.filter((batches) => batches.length > 0));
    const batch = random.pick(source);
    if (chosen.has(batch.id)) continue;
    chosen.add(batch.id);
    lines.push({ batch, cases: casesOf(random), shortCases: 0 });
  }
  if (plan.status === 'Action Required') {
    lines.forEach((line, index) => {
      if (index > 0 && !random.chance(0.25)) return;
      line.cases = Math.max(2, line.cases);
      line.shortCases = random.int(1, line.cases - 1);
    });
  }
  return lines;
}

/** An open order holds the stock of its lines, except the cases the batch did not have. */
export function reserveStock(ledger: StockLedger, plan: OrderPlan, lines: readonly OrderLine[]): void {
  if (!holdsStock(plan.status)) return;
  for (const line of lines) {
    ledger.reserve(line.batch.id, (line.cases - line.shortCases) * line.batch.caseSize);
    if (line.shortCases > 0) ledger.markExhausted(line.batch.id);
  }
}

export type OrderScene = {
  marketId: number;
  now: number;
  today: string;
  ids: IdSequences;
  orderReference: () => string;
  picklistReference: () => string;
  /** Active customers only: new orders are not placed for inactive ones. */
  customers: readonly CustomerRow[];
  /** sales_persons.id → users.id, for sales persons who are demo users. */
  userOfSalesPerson: ReadonlyMap<number, string>;
  /** Names the order row carries (the list sorts and searches by them): by MSO owner, sales person and user id. */
  msoOwnerNames: ReadonlyMap<number, string>;
  salesPersonNames: ReadonlyMap<number, string>;
  userNames: ReadonlyMap<string, string>;
  cast: MarketCast;
  pickReasonIds: readonly number[];
};

export type OrderRows = {
  order: OrderRow;
  items: OrderItemRow[];
  history: OrderStatusHistoryRow[];
  notes: OrderNoteRow[];
  picklists: PicklistRow[];
  picklistItems: PicklistItemRow[];
};

const NOTES = [
  'Buyer asked for delivery before noon; their receiving dock closes at 2 pm.',
  'Call the store manager 30 minutes before arrival.',
  'Invoice goes to the chain office, not to the store.',
  'Buyer wants the newest expiry dates on flower.',
  'Please keep pre-rolls and vapes in separate totes.',
  'Delivery window moved by a day at the buyer’s request.',
  'Buyer confirmed the substitute batch is acceptable.',
  'Payment terms: net 30, as agreed with the buyer.',
  'Store is closed on Sundays; do not schedule weekend delivery.',
  'Include the lab certificates for every batch in the shipment.',
  'Buyer asked whether more cases can be added next week.',
  'Manifest must list the store’s licence number exactly as registered.',
];
const ORDER_COMMENTS = ['Deliver to the rear loading dock.', 'Standing weekly order.', 'Promotional pricing agreed for this order.', 'New store opening order.'];
const STATUS_COMMENTS: Partial<Record<OrderStatus, readonly string[]>> = {
  Revised: ['Quantities changed at the buyer’s request', 'Batch swapped for a fresher one'],
  Rejected: ['Pricing not approved for this buyer', 'Buyer licence renewal pending', 'Duplicate of an earlier order'],
  Cancelled: ['Buyer cancelled', 'Replaced by a new order', 'Buyer could not take delivery this month'],
  'Action Required': ['Stock changed after the last import: some lines are short'],
};

function deliveryDates(random: Random, plan: OrderPlan, today: string): { requested: string; confirmed: string | null } {
  const delivered = plan.steps.find((step) => step.status === 'Delivered');
  if (delivered) {
    const day = calendarDay(delivered.at);
    return { requested: shiftDay(day, -random.int(0, 2)), confirmed: day };
  }
  switch (plan.status) {
    case 'Shipped': {
      const requested = shiftDay(today, random.int(1, 5));
      return { requested, confirmed: requested };
    }
    case 'Cancelled':
      return { requested: shiftDay(calendarDay(plan.steps[0]!.at), random.int(3, 21)), confirmed: null };
    case 'Approved':
    case 'Partially Picked':
    case 'Picked':
    case 'Packaged': {
      const requested = shiftDay(today, random.int(1, 30));
      return { requested, confirmed: random.chance(0.5) ? shiftDay(requested, random.int(0, 3)) : null };
    }
    default:
      return { requested: shiftDay(today, random.chance(0.9) ? random.int(1, 45) : random.int(46, 300)), confirmed: null };
  }
}

const toDollars = (cents: number) => cents / 100;

/** Builds every row of one planned order: the order, its items, history, notes and picklists. */
export function buildOrder(random: Random, scene: OrderScene, plan: OrderPlan, lines: readonly OrderLine[]): OrderRows {
  const { ids, cast } = scene;
  const id = ids.orders();
  const createdAt = new Date(plan.steps[0]!.at);
  const customer = random.pick(scene.customers);
  const seller = customer.salesPersonId === null ? undefined : scene.userOfSalesPerson.get(customer.salesPersonId);
  const createdBy = seller && cast.creators.includes(seller) && random.chance(0.7) ? seller : random.pick(cast.creators);
  const approver = random.pick(cast.approvers);
  const picker = random.pick(cast.pickers);
  const canceller = random.pick([createdBy, approver]);

  const actorOf = (status: OrderStatus): string | null => {
    switch (status) {
      case 'Pending':
      case 'Revised':
      case 'Delivered':
      case 'Completed':
        return createdBy;
      case 'Approved':
      case 'Rejected':
      case 'Packaged':
      case 'Shipped':
        return approver;
      case 'Partially Picked':
      case 'Picked':
        return picker;
      case 'Cancelled':
        return canceller;
      default:
        return null;
    }
  };

  const history = plan.steps.map((step, index) => {
    const comments = STATUS_COMMENTS[step.status];
    return {
      id: ids.order_status_history(),
      orderId: id,
      fromStatus: index === 0 ? null : plan.steps[index - 1]!.status,
      toStatus: step.status,
      comment: index === 0 ? 'Order created' : comments ? random.pick(comments) : null,
      changedBy: actorOf(step.status),
      changedAt: new Date(step.at),
    };
  });

  let totalCases = 0;
  let totalCents = 0;
  const items = lines.map((line) => {
    const product = line.batch.product;
    const saleCents = random.chance(0.15) ? Math.max(1, Math.round(product.unitSaleCents * (1 - random.decimal(0.03, 0.1, 3)))) : product.unitSaleCents;
    totalCases += line.cases;
    totalCents += line.cases * line.batch.caseSize * saleCents;
    return {
      id: ids.order_items(),
      orderId: id,
      batchId: line.batch.id,
      productId: product.row.id,
      caseSize: line.batch.caseSize,
      noOfCases: line.cases,
      shortCases: line.shortCases,
      unitBasePrice: toDollars(product.unitBaseCents),
      unitSalePrice: toDollars(saleCents),
      createdAt,
    };
  });

  const last = plan.steps.at(-1)!;
  // Notes cannot be added once an order is cancelled or completed.
  const notesUntil = plan.status === 'Cancelled' || plan.status === 'Completed' ? last.at : scene.now;
  const notes = random.chance(1 / 3)
    ? Array.from({ length: random.int(1, 3) }, () => plan.steps[0]!.at + random.next() * (notesUntil - plan.steps[0]!.at))
        .sort((a, b) => a - b)
        .map((at) => ({
          id: ids.order_notes(),
          orderId: id,
          note: random.pick(NOTES),
          createdBy: random.pick([createdBy, approver, picker]),
          createdAt: new Date(wholeSecond(at)),
        }))
    : [];

  const { requested, confirmed } = deliveryDates(random, plan, scene.today);
  const approved = plan.steps.find((step) => step.status === 'Approved');
  const locationNames = [...new Set(lines.map((line) => line.batch.location.row.displayName))].sort();
  const order: OrderRow = {
    id,
    marketId: scene.marketId,
    referenceId: scene.orderReference(),
    customerId: customer.id,
    salesPersonId: customer.salesPersonId,
    status: plan.status,
    requestedDeliveryDate: requested,
    confirmedDeliveryDate: confirmed,
    approvedAt: approved ? new Date(approved.at) : null,
    comment: random.chance(0.15) ? random.pick(ORDER_COMMENTS) : null,
    totalCases,
    totalPrice: toDollars(totalCents),
    version: plan.steps.length,
    createdBy,
    updatedBy: actorOf(last.status) ?? createdBy,
    createdAt,
    updatedAt: new Date(last.at),
    customerName: customer.name,
    msoOwnerName: customer.msoOwnerId === null ? null : (scene.msoOwnerNames.get(customer.msoOwnerId) ?? null),
    salesPersonName: customer.salesPersonId === null ? null : (scene.salesPersonNames.get(customer.salesPersonId) ?? null),
    createdUserName: scene.userNames.get(createdBy) ?? null,
    inventoryLocationName: locationNames.length > 0 ? locationNames.join(', ') : null,
    statusComment: history.at(-1)?.comment ?? null,
  };

  const picklists = buildPicklists(random, scene, { plan, orderId: id, items, lines, approver, picker, canceller });
  return { order, items, history, notes, picklists: picklists.picklists, picklistItems: picklists.items };
}

/** The rows of many orders, gathered table by table for bulk insertion. */
export type OrderTables = {
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  orderStatusHistory: OrderStatusHistoryRow[];
  orderNotes: OrderNoteRow[];
  picklists: PicklistRow[];
  picklistItems: PicklistItemRow[];
};

export function createOrderTables(): OrderTables {
  return { orders: [], orderItems: [], orderStatusHistory: [], orderNotes: [], picklists: [], picklistItems: [] };
}

export function addOrder(tables: OrderTables, rows: OrderRows): void {
  tables.orders.push(rows.order);
  tables.orderItems.push(...rows.items);
  tables.orderStatusHistory.push(...rows.history);
  tables.orderNotes.push(...rows.notes);
  tables.picklists.push(...rows.picklists);
  tables.picklistItems.push(...rows.picklistItems);
}
