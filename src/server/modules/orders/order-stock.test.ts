import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkDistinctBatches, defaultPrice, freeCases, heldUnits, NO_CASES_AVAILABLE_MESSAGE, planStock, shortLineDetails, type BatchStock } from './order-stock';

const TODAY = '2026-11-20';

function batch(id: number, overrides: Partial<BatchStock> = {}): BatchStock {
  return {
    id,
    batchNumber: `MN-B${id}`,
    productId: 100 + id,
    locationName: 'Duluth Warehouse',
    caseSize: 10,
    activeUnits: 55,
    reservedUnits: 10,
    status: 'active',
    labStatus: 'passed',
    expiryDate: '2027-06-01',
    basePrice: 12,
    vendorPrice: 9.5,
    ...overrides,
  };
}

const batches = (...list: BatchStock[]) => new Map(list.map((b) => [b.id, b]));

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('available cases', () => {
  it('are the whole cases of active units not reserved, counting what the order itself gives back', () => {
    expect(freeCases(batch(1))).toBe(4);
    expect(freeCases(batch(1), 20)).toBe(6);
    expect(freeCases(batch(1, { reservedUnits: 60 }))).toBe(0);
  });

  it('price at the lower of base and vendor price', () => {
    expect(defaultPrice(batch(1))).toBe(9.5);
    expect(defaultPrice(batch(1, { vendorPrice: null }))).toBe(12);
    expect(defaultPrice(batch(1, { vendorPrice: 15 }))).toBe(12);
  });
});

describe('planning an order', () => {
  it('reserves what each line asks for while the batch has it, and records the rest as short', () => {
    const plan = planStock(
      [
        { batchId: 1, noOfCases: 3, unitSalePrice: 11.115 },
        { batchId: 2, noOfCases: 6 },
      ],
      batches(batch(1), batch(2)),
      { today: TODAY },
    );
    expect(plan.lines.map(({ batchId, noOfCases, shortCases, unitSaleCents }) => ({ batchId, noOfCases, shortCases, unitSaleCents }))).toEqual([
      { batchId: 1, noOfCases: 3, shortCases: 0, unitSaleCents: 1112 },
      { batchId: 2, noOfCases: 6, shortCases: 2, unitSaleCents: 950 },
    ]);
    expect(plan.deltas).toEqual(new Map([[1, 30], [2, 40]]));
    expect(plan.totalCases).toBe(9);
    expect(plan.totalCents).toBe(3 * 10 * 1112 + 6 * 10 * 950);
  });

  it('moves an edit’s reservation: old units given back, new ones taken, the same batch netted', () => {
    const plan = planStock([{ batchId: 1, noOfCases: 6 }], batches(batch(1), batch(2)), {
      today: TODAY,
      released: new Map([
        [1, 20],
        [2, 30],
      ]),
      previousPrices: new Map([[1, 8]]),
    });
    expect(plan.lines[0]).toMatchObject({ noOfCases: 6, shortCases: 0, unitSaleCents: 800 });
    expect(plan.deltas).toEqual(new Map([[1, 40], [2, -30]]));
  });

  it('refuses batches of another market and batches that may not be sold, naming every line', () => {
    const error = refusal(() =>
      planStock(
        [
          { batchId: 9, noOfCases: 1 },
          { batchId: 1, noOfCases: 1 },
          { batchId: 2, noOfCases: 1 },
          { batchId: 3, noOfCases: 1 },
        ],
        batches(batch(1, { expiryDate: '2026-11-19' }), batch(2, { labStatus: 'failed' }), batch(3, { status: 'inactive' })),
        { today: TODAY },
      ),
    );
    expect(error.statusCode).toBe(400);
    expect(error.details?.map((detail) => detail.field)).toEqual(['items[0].batchId', 'items[1].batchId', 'items[2].batchId', 'items[3].batchId']);
  });

  it('takes only what is free now, and leaves out lines with nothing, when duplicating', () => {
    const plan = planStock(
      [
        { batchId: 1, noOfCases: 9 },
        { batchId: 2, noOfCases: 2 },
        { batchId: 3, noOfCases: 2 },
      ],
      batches(batch(1), batch(2, { reservedUnits: 50 }), batch(3, { labStatus: 'failed' })),
      { today: TODAY, mode: 'available' },
    );
    expect(plan.lines.map(({ batchId, noOfCases, shortCases }) => ({ batchId, noOfCases, shortCases }))).toEqual([{ batchId: 1, noOfCases: 4, shortCases: 0 }]);
  });
});

describe('short lines and held units', () => {
  it('tell the client what to fix in the spec’s words', () => {
    expect(
      shortLineDetails([
        { batchId: 1, noOfCases: 3, shortCases: 0 },
        { batchId: 2, noOfCases: 5, shortCases: 2 },
        { batchId: 3, noOfCases: 2, shortCases: 2 },
      ]),
    ).toEqual([
      { field: 'items[1].noOfCases', batchId: 2, message: 'Max available quantity is 3' },
      { field: 'items[2].noOfCases', batchId: 3, message: NO_CASES_AVAILABLE_MESSAGE },
    ]);
  });

  it('hold ordered cases less the short ones, in units', () => {
    expect(heldUnits([{ batchId: 1, caseSize: 10, noOfCases: 5, shortCases: 2 }])).toEqual(new Map([[1, 30]]));
  });

  it('refuse a batch on two lines of one order', () => {
    const error = refusal(() => checkDistinctBatches([{ batchId: 1, noOfCases: 1 }, { batchId: 2, noOfCases: 1 }, { batchId: 1, noOfCases: 2 }]));
    expect(error.details).toEqual([{ field: 'items[2].batchId', message: 'is already on another line of this order' }]);
  });
});
