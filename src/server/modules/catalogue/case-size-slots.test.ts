import { describe, expect, it } from 'vitest';
import { describeUse, duplicateProblems, resolveSlotChanges, slotsOf, type SizeUse, type SlotChange, type Slots } from './case-size-slots';

const PRODUCT = 'Blue Dream 3.5g';
const slots = (values: Partial<Record<1 | 2 | 3 | 4 | 5, number>>): Slots => ({ 1: null, 2: null, 3: null, 4: null, 5: null, ...values });
const inStock = (example: string, count = 1): SizeUse => ({ batches: { example, count } });
const resolve = (current: Slots, changes: SlotChange[], uses: [number, SizeUse][] = []) =>
  resolveSlotChanges({ productName: PRODUCT, current, changes, uses: new Map(uses) });

describe('resolveSlotChanges', () => {
  it('applies every change when no size is in use', () => {
    const outcome = resolve(slots({ 1: 12, 2: 24 }), [
      { caseIndex: 1, value: 6 },
      { caseIndex: 2, value: null },
      { caseIndex: 4, value: 48 },
    ]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.after).toEqual(slots({ 1: 6, 4: 48 }));
    expect(outcome.changed).toBe(true);
  });

  it('adds a size to an empty slot even when every current size is in use', () => {
    const outcome = resolve(slots({ 1: 12 }), [{ caseIndex: 3, value: 36 }], [[12, inStock('MN-B-000001')]]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.applied).toEqual([{ caseIndex: 3, value: 36 }]);
    expect(outcome.after).toEqual(slots({ 1: 12, 3: 36 }));
  });

  it('refuses removing a size in use, keeping its value, and says what uses it', () => {
    const outcome = resolve(slots({ 1: 12, 2: 24 }), [{ caseIndex: 2, value: null }], [[24, inStock('MN-B-000123')]]);
    expect(outcome.applied).toEqual([]);
    expect(outcome.refused).toEqual([
      { caseIndex: 2, value: null, currentValue: 24, reason: 'Blue Dream 3.5g: case size 2 (24) is used by batch MN-B-000123 with stock' },
    ]);
    expect(outcome.after).toEqual(slots({ 1: 12, 2: 24 }));
    expect(outcome.changed).toBe(false);
  });

  it('refuses changing a size in use to another size', () => {
    const outcome = resolve(slots({ 1: 12 }), [{ caseIndex: 1, value: 10 }], [[12, { orders: { example: 'ORD-MN-000045', count: 3 } }]]);
    expect(outcome.refused).toEqual([
      { caseIndex: 1, value: 10, currentValue: 12, reason: 'Blue Dream 3.5g: case size 1 (12) is used by open order ORD-MN-000045 and 2 other open orders' },
    ]);
  });

  it('removes a size nothing uses', () => {
    const outcome = resolve(slots({ 1: 12, 2: 24 }), [{ caseIndex: 1, value: null }], [[24, inStock('MN-B-000002')]]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.after).toEqual(slots({ 2: 24 }));
  });

  it('moves a size in use to another slot', () => {
    const outcome = resolve(
      slots({ 1: 12, 2: 24 }),
      [
        { caseIndex: 1, value: null },
        { caseIndex: 3, value: 12 },
      ],
      [[12, inStock('MN-B-000001')]],
    );
    expect(outcome.refused).toEqual([]);
    expect(outcome.after).toEqual(slots({ 2: 24, 3: 12 }));
  });

  it('swaps two sizes in use', () => {
    const outcome = resolve(
      slots({ 1: 12, 2: 24 }),
      [
        { caseIndex: 1, value: 24 },
        { caseIndex: 2, value: 12 },
      ],
      [
        [12, inStock('MN-B-000001')],
        [24, inStock('MN-B-000002')],
      ],
    );
    expect(outcome.refused).toEqual([]);
    expect(outcome.after).toEqual(slots({ 1: 24, 2: 12 }));
  });

  it('refuses a chain: a refused slot keeps its size, so the slot that gave way to it can no longer move its own size there', () => {
    // Slot 1 would take 24 from slot 2 and drop 12; 12 is in use, so slot 1 keeps 12, and 24, also in use,
    // would then be gone if slot 2 were emptied.
    const outcome = resolve(
      slots({ 1: 12, 2: 24, 3: 48 }),
      [
        { caseIndex: 1, value: 24 },
        { caseIndex: 2, value: null },
        { caseIndex: 3, value: 96 },
      ],
      [
        [12, inStock('MN-B-000001')],
        [24, inStock('MN-B-000002', 4)],
      ],
    );
    expect(outcome.applied).toEqual([{ caseIndex: 3, value: 96 }]);
    expect(outcome.refused.map(({ caseIndex, reason }) => [caseIndex, reason])).toEqual([
      [1, 'Blue Dream 3.5g: case size 1 (12) is used by batch MN-B-000001 with stock'],
      [2, 'Blue Dream 3.5g: case size 2 (24) is used by batch MN-B-000002 with stock and 3 other batches'],
    ]);
    expect(outcome.after).toEqual(slots({ 1: 12, 2: 24, 3: 96 }));
    expect(outcome.changed).toBe(true);
  });

  it('of two changing slots given the same size, refuses the higher one and applies the rest', () => {
    // Slot 2 may give up 24 (in use) because slot 4 takes it; slot 5 asks for 24 as well.
    const outcome = resolve(
      slots({ 1: 12, 2: 24 }),
      [
        { caseIndex: 2, value: 36 },
        { caseIndex: 4, value: 24 },
        { caseIndex: 5, value: 24 },
      ],
      [[24, inStock('MN-B-000002')]],
    );
    expect(outcome.applied).toEqual([
      { caseIndex: 2, value: 36 },
      { caseIndex: 4, value: 24 },
    ]);
    expect(outcome.refused).toEqual([{ caseIndex: 5, value: 24, currentValue: null, reason: 'Blue Dream 3.5g: case size 5 (24) is the same as case size 4' }]);
    expect(outcome.after).toEqual(slots({ 1: 12, 2: 36, 4: 24 }));
  });

  it('refuses a size another slot has meanwhile taken (a save that read the slots before another one wrote)', () => {
    // A first save moved 12 from slot 1 to slot 3; a second, checked against the old slots, moves it to slot 4.
    const outcome = resolve(
      slots({ 3: 12 }),
      [
        { caseIndex: 1, value: null },
        { caseIndex: 4, value: 12 },
      ],
      [[12, inStock('MN-B-000001')]],
    );
    expect(outcome.applied).toEqual([{ caseIndex: 1, value: null }]);
    expect(outcome.refused).toEqual([{ caseIndex: 4, value: 12, currentValue: null, reason: 'Blue Dream 3.5g: case size 4 (12) is the same as case size 3' }]);
    expect(outcome.after).toEqual(slots({ 3: 12 }));
    expect(outcome.changed).toBe(false);
  });

  it('lets a slot give up a size in use that an untouched slot also holds, and refuses moving it into a third', () => {
    // Stored data with one size twice: slot 5 keeps 12, so slot 1 may drop it, but slot 2 may not repeat it.
    const outcome = resolve(
      slots({ 1: 12, 5: 12 }),
      [
        { caseIndex: 1, value: null },
        { caseIndex: 2, value: 12 },
      ],
      [[12, inStock('MN-B-000001')]],
    );
    expect(outcome.applied).toEqual([{ caseIndex: 1, value: null }]);
    expect(outcome.refused.map((slot) => slot.caseIndex)).toEqual([2]);
    expect(outcome.after).toEqual(slots({ 5: 12 }));
  });

  it('counts a requested value equal to the current one as applied without a change, even when in use', () => {
    const outcome = resolve(slots({ 1: 12 }), [{ caseIndex: 1, value: 12 }], [[12, inStock('MN-B-000001')]]);
    expect(outcome).toEqual({ applied: [{ caseIndex: 1, value: 12 }], refused: [], after: slots({ 1: 12 }), changed: false });
  });

  it('names the batch and the open order when both use the size', () => {
    const outcome = resolve(slots({ 2: 12 }), [{ caseIndex: 2, value: null }], [[12, { batches: { example: 'MN-B-000123', count: 1 }, orders: { example: 'ORD-MN-000045', count: 2 } }]]);
    expect(outcome.refused[0]!.reason).toBe('Blue Dream 3.5g: case size 2 (12) is used by batch MN-B-000123 with stock, and by open order ORD-MN-000045 and 1 other open order');
  });
});

describe('duplicateProblems', () => {
  it('finds a new size equal to a slot the request leaves alone', () => {
    expect(duplicateProblems(PRODUCT, slots({ 1: 12, 2: 24 }), [{ caseIndex: 3, value: 12 }])).toEqual([
      { index: 0, message: 'Blue Dream 3.5g: case size 3 (12) is the same as case size 1' },
    ]);
  });

  it('names the higher slot of two requested with the same size, once', () => {
    expect(
      duplicateProblems(PRODUCT, slots({}), [
        { caseIndex: 4, value: 36 },
        { caseIndex: 2, value: 36 },
      ]),
    ).toEqual([{ index: 0, message: 'Blue Dream 3.5g: case size 4 (36) is the same as case size 2' }]);
  });

  it('accepts a swap, a move and emptied slots', () => {
    const current = slots({ 1: 12, 2: 24, 3: 48 });
    expect(
      duplicateProblems(PRODUCT, current, [
        { caseIndex: 1, value: 24 },
        { caseIndex: 2, value: 12 },
        { caseIndex: 3, value: null },
        { caseIndex: 5, value: 48 },
      ]),
    ).toEqual([]);
  });

  it('finds a size moved into a slot while the slot it came from keeps it', () => {
    expect(duplicateProblems(PRODUCT, slots({ 1: 12 }), [{ caseIndex: 2, value: 12 }])).toEqual([
      { index: 0, message: 'Blue Dream 3.5g: case size 2 (12) is the same as case size 1' },
    ]);
  });
});

describe('slotsOf and describeUse', () => {
  it('reads stored slot rows into the five slots', () => {
    expect(
      slotsOf([
        { caseIndex: 2, caseSize: 24 },
        { caseIndex: 5, caseSize: 96 },
      ]),
    ).toEqual(slots({ 2: 24, 5: 96 }));
  });

  it('counts the other batches and orders in words', () => {
    expect(describeUse({ batches: { example: 'MN-B-1', count: 2 } })).toBe('batch MN-B-1 with stock and 1 other batch');
    expect(describeUse({ orders: { example: 'ORD-MN-1', count: 1 } })).toBe('open order ORD-MN-1');
  });
});
