// Which requested changes to a product's five case-size slots may apply, given what uses its sizes now.
// A size that a batch with stock or an open order uses must stay one of the product's sizes: the slot that
// holds it may change only when another slot takes the size in the same change (a move or a swap).
import { CASE_SIZE_SLOTS, type CaseSizeSlot } from '../../../shared/api/case-sizes';

/** Slot 1 to 5 and its size, null when empty. */
export type Slots = Readonly<Record<CaseSizeSlot, number | null>>;
export type SlotChange = { caseIndex: CaseSizeSlot; value: number | null };

/** What uses one size of the product: a batch with stock and an open order as examples, with how many there are. */
export type SizeUse = {
  batches?: { example: string; count: number };
  orders?: { example: string; count: number };
};

export type RefusedSlot = SlotChange & { currentValue: number | null; reason: string };

export type SlotOutcome = {
  /** Every requested slot that now holds its requested value (those that held it already included). */
  applied: SlotChange[];
  refused: RefusedSlot[];
  /** The slots once the applied changes are made. */
  after: Slots;
  /** Whether anything is to be written. */
  changed: boolean;
};

const emptySlots = (): Record<CaseSizeSlot, number | null> => ({ 1: null, 2: null, 3: null, 4: null, 5: null });

export function slotsOf(rows: readonly { caseIndex: number; caseSize: number }[]): Slots {
  const slots = emptySlots();
  for (const row of rows) if ((CASE_SIZE_SLOTS as readonly number[]).includes(row.caseIndex)) slots[row.caseIndex as CaseSizeSlot] = row.caseSize;
  return slots;
}

function withChanges(current: Slots, changes: readonly SlotChange[]): Record<CaseSizeSlot, number | null> {
  const after = { ...current };
  for (const change of changes) after[change.caseIndex] = change.value;
  return after;
}

const holds = (slots: Slots, size: number) => CASE_SIZE_SLOTS.some((slot) => slots[slot] === size);

function otherCount(count: number, one: string, many: string): string {
  return count > 1 ? ` and ${count - 1} other ${count - 1 === 1 ? one : many}` : '';
}

/** 'batch MN-B-000123 with stock and 2 other batches, and by open order ORD-MN-000045' */
export function describeUse(use: SizeUse): string {
  const parts: string[] = [];
  if (use.batches) parts.push(`batch ${use.batches.example} with stock${otherCount(use.batches.count, 'batch', 'batches')}`);
  if (use.orders) parts.push(`open order ${use.orders.example}${otherCount(use.orders.count, 'open order', 'open orders')}`);
  return parts.join(', and by ');
}

/**
 * The duplicate rule decides between two slots that would hold the same size: a slot that keeps its value
 * (untouched, or refused) wins over one that changes, and of two changing slots the lower-numbered one wins.
 */
function duplicateOf(after: Slots, slot: CaseSizeSlot, value: number, changing: ReadonlySet<CaseSizeSlot>): CaseSizeSlot | undefined {
  return CASE_SIZE_SLOTS.find((other) => other !== slot && after[other] === value && (!changing.has(other) || other < slot));
}

/**
 * Refuses, one at a time until nothing more needs refusing, each changing slot whose current size is in
 * use and would no longer be any slot's size, then (a concurrent save can leave one, which the request's
 * own check could not see) each changing slot whose new size another slot already holds. A refused slot
 * keeps its size, which can take away a size another changing slot was moving into place: hence the loop.
 */
export function resolveSlotChanges(input: { productName: string; current: Slots; changes: readonly SlotChange[]; uses: ReadonlyMap<number, SizeUse> }): SlotOutcome {
  const { productName, current, changes, uses } = input;
  const refused = new Map<CaseSizeSlot, string>();
  const changing = () => new Set(changes.filter((change) => !refused.has(change.caseIndex) && change.value !== current[change.caseIndex]).map((change) => change.caseIndex));

  for (;;) {
    const moving = changing();
    const after = withChanges(
      current,
      changes.filter((change) => moving.has(change.caseIndex)),
    );
    const lost = changes.find((change) => {
      const was = current[change.caseIndex];
      return moving.has(change.caseIndex) && was !== null && uses.has(was) && !holds(after, was);
    });
    if (lost) {
      const was = current[lost.caseIndex]!;
      refused.set(lost.caseIndex, `${productName}: case size ${lost.caseIndex} (${was}) is used by ${describeUse(uses.get(was)!)}`);
      continue;
    }
    const duplicate = changes
      .filter((change) => moving.has(change.caseIndex) && change.value !== null)
      .map((change) => ({ change, sameAs: duplicateOf(after, change.caseIndex, change.value!, moving) }))
      .find(({ sameAs }) => sameAs !== undefined);
    if (duplicate) {
      const { change, sameAs } = duplicate;
      refused.set(change.caseIndex, `${productName}: case size ${change.caseIndex} (${change.value}) is the same as case size ${sameAs}`);
      continue;
    }
    return {
      applied: changes.filter((change) => !refused.has(change.caseIndex)),
      refused: changes.flatMap((change) => {
        const reason = refused.get(change.caseIndex);
        return reason === undefined ? [] : [{ ...change, currentValue: current[change.caseIndex], reason }];
      }),
      after,
      changed: moving.size > 0,
    };
  }
}

/**
 * The problems of a request before anything is written: each requested slot whose size another slot would
 * also hold once the request applies (its own values over the slots it leaves alone). Of two requested slots
 * with the same size the higher-numbered one is named, beside the slot it repeats.
 */
export function duplicateProblems(productName: string, current: Slots, changes: readonly SlotChange[]): { index: number; message: string }[] {
  const after = withChanges(current, changes);
  const requested = new Set(changes.map((change) => change.caseIndex));
  return changes.flatMap((change, index) => {
    if (change.value === null) return [];
    const sameAs = duplicateOf(after, change.caseIndex, change.value, requested);
    return sameAs === undefined ? [] : [{ index, message: `${productName}: case size ${change.caseIndex} (${change.value}) is the same as case size ${sameAs}` }];
  });
}
