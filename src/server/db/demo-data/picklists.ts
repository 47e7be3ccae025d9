// Picklists of approved orders: one per warehouse the order's batches sit in, picked as far as the
// order's status says. Each picking save is an edit that bumps the picklist's version.
import type { OrderStatus, PicklistStatus } from '../../../shared/enums';
import { MINUTE } from './dates';
import type { OrderLine, OrderPlan, OrderScene } from './orders';
import type { Random } from './random';
import type { OrderItemRow, PicklistItemRow, PicklistRow } from './tables';

/** Order statuses whose picklists exist and are live. */
const PICKLIST_ORDER_STATUSES: readonly OrderStatus[] = ['Approved', 'Partially Picked', 'Picked', 'Packaged', 'Shipped', 'Delivered', 'Completed'];

export type PicklistInput = {
  plan: OrderPlan;
  orderId: number;
  items: readonly OrderItemRow[];
  lines: readonly OrderLine[];
  approver: string;
  picker: string;
  canceller: string;
};

/**
 * A partly picked order has at least one picklist not yet picked and at least one with progress. An
 * In Progress picklist needs two items (one picked, one not), so single-item ones are Pending or Picked.
 */
function partlyPickedStatuses(random: Random, itemCounts: readonly number[]): PicklistStatus[] {
  if (itemCounts.length === 1) return ['In Progress'];
  const statuses = itemCounts.map((count) => random.pick<PicklistStatus>(count >= 2 ? ['Pending', 'In Progress', 'Picked'] : ['Pending', 'Picked']));
  const target = random.int(0, statuses.length - 1);
  if (!statuses.some((status) => status !== 'Picked')) statuses[target] = itemCounts[target]! >= 2 ? 'In Progress' : 'Pending';
  if (!statuses.some((status) => status !== 'Pending')) statuses[target] = 'Picked';
  return statuses;
}

export function buildPicklists(random: Random, scene: OrderScene, input: PicklistInput): { picklists: PicklistRow[]; items: PicklistItemRow[] } {
  const { plan } = input;
  const { ids } = scene;
  const approval = plan.steps.find((step) => step.status === 'Approved');
  const cancelled = plan.status === 'Cancelled';
  if (!approval || (!cancelled && !PICKLIST_ORDER_STATUSES.includes(plan.status))) return { picklists: [], items: [] };

  const groups = new Map<number, number[]>();
  input.lines.forEach((line, index) => {
    const locationId = line.batch.location.row.id;
    groups.set(locationId, [...(groups.get(locationId) ?? []), index]);
  });
  const locations = [...groups.keys()].sort((a, b) => a - b);
  const itemCounts = locations.map((locationId) => groups.get(locationId)!.length);
  const statuses: PicklistStatus[] = cancelled
    ? locations.map(() => 'Cancelled')
    : plan.status === 'Approved'
      ? locations.map(() => 'Pending')
      : plan.status === 'Partially Picked'
        ? partlyPickedStatuses(random, itemCounts)
        : locations.map(() => 'Picked');

  const pickedStep = plan.steps.find((step) => step.status === 'Picked');
  const picklists: PicklistRow[] = [];
  const items: PicklistItemRow[] = [];
  locations.forEach((locationId, groupIndex) => {
    const status = statuses[groupIndex]!;
    const indices = groups.get(locationId)!;
    const id = ids.picklists();
    const createdAt = approval.at + random.int(30, 600) * 1000;
    const pickedCount = status === 'Picked' ? indices.length : status === 'In Progress' ? random.int(1, indices.length - 1) : 0;
    const pickedIndices = new Set(random.sample(indices, pickedCount));

    // Picked items are saved in one to three edits, spread between approval and the end of picking.
    const edits = pickedCount === 0 ? 0 : random.int(1, Math.min(3, pickedCount));
    const windowStart = createdAt + 5 * MINUTE;
    const windowEnd = Math.max(windowStart + edits * MINUTE, pickedStep?.at ?? scene.now - MINUTE);
    const editTimes = Array.from({ length: edits }, () => Math.round(windowStart + random.next() * (windowEnd - windowStart))).sort((a, b) => a - b);
    const editOf = new Map<number, number>();
    random.sample([...pickedIndices], pickedCount).forEach((itemIndex, order) => editOf.set(itemIndex, order < edits ? order : random.int(0, edits - 1)));

    for (const itemIndex of indices) {
      const item = input.items[itemIndex]!;
      const edit = editOf.get(itemIndex);
      if (edit === undefined) {
        items.push({
          id: ids.picklist_items(),
          picklistId: id,
          orderItemId: item.id,
          noOfCaseOrdered: item.noOfCases,
          noOfCasePicked: null,
          pickStatus: null,
          reasonId: null,
          changedInVersion: 1,
          updatedBy: null,
          updatedAt: new Date(createdAt),
        });
        continue;
      }
      const short = random.chance(0.12);
      items.push({
        id: ids.picklist_items(),
        picklistId: id,
        orderItemId: item.id,
        noOfCaseOrdered: item.noOfCases,
        noOfCasePicked: short ? random.int(0, item.noOfCases - 1) : item.noOfCases,
        pickStatus: short ? 'partial' : 'complete',
        reasonId: short ? random.pick(scene.pickReasonIds) : null,
        changedInVersion: 2 + edit,
        updatedBy: input.picker,
        updatedAt: new Date(editTimes[edit]!),
      });
    }

    const cancelStep = cancelled ? plan.steps.at(-1)! : null;
    picklists.push({
      id,
      marketId: scene.marketId,
      referenceId: scene.picklistReference(),
      orderId: input.orderId,
      locationId,
      status,
      // Cancelling is an edit too: a picker's stale save must not apply to a cancelled picklist.
      version: 1 + edits + (cancelStep ? 1 : 0),
      createdBy: input.approver,
      updatedBy: cancelStep ? input.canceller : edits > 0 ? input.picker : input.approver,
      createdAt: new Date(createdAt),
      updatedAt: new Date(cancelStep?.at ?? editTimes.at(-1) ?? createdAt),
    });
  });
  return { picklists, items };
}
