import { describe, expect, it } from 'vitest';
import { customerKey, describeProblem, planUpload, splitDispensaries, wholePositive, type Columns, type PlanBatch, type PlanCustomer } from './upload-plan';

const batches = new Map<string, PlanBatch>([
  ['MN-B1', { id: 1, batchNumber: 'MN-B1', caseSize: 12, status: 'active' }],
  ['MN-B2', { id: 2, batchNumber: 'MN-B2', caseSize: 24, status: 'active' }],
  ['MN-B3', { id: 3, batchNumber: 'MN-B3', caseSize: 6, status: 'inactive' }],
]);
const customers: PlanCustomer[] = [
  { id: 10, name: 'GreenVault Duluth', customerGroup: 'INT', isActive: true },
  { id: 11, name: 'Cedar & Sage, Inc.', customerGroup: 'EXT', isActive: true },
  { id: 12, name: 'Closed Store', customerGroup: 'EXT', isActive: false },
];
const columns: Columns = { batch: 0, dispensaries: 1, caseSize: 2, caseCount: null, caseCountName: null };
const withCases: Columns = { ...columns, caseCount: 3, caseCountName: 'Cases' };
const rows = (...lines: string[][]) => lines.map((cells, index) => ({ row: index + 2, cells }));

describe('planUpload', () => {
  it('orders Case Size cases of the batch for each dispensary on the row, merging repeats', () => {
    const plan = planUpload(rows(['MN-B1', 'GreenVault Duluth, Cedar & Sage, Inc.', '2'], ['mn-b2', 'greenvault  duluth', '1'], ['MN-B1', 'GreenVault Duluth;', '3.0']), columns, batches, customers);
    expect(plan).toEqual({
      ok: true,
      rowCount: 3,
      customers: [
        {
          customerId: 10,
          customerName: 'GreenVault Duluth',
          customerGroup: 'INT',
          position: 0,
          lines: [
            { batchId: 1, batchNumber: 'MN-B1', noOfCases: 5, rows: [2, 4] },
            { batchId: 2, batchNumber: 'MN-B2', noOfCases: 1, rows: [3] },
          ],
        },
        { customerId: 11, customerName: 'Cedar & Sage, Inc.', customerGroup: 'EXT', position: 1, lines: [{ batchId: 1, batchNumber: 'MN-B1', noOfCases: 2, rows: [2] }] },
      ],
    });
  });

  it('with a Cases column, reads Case Size as units per case and checks it against the batch', () => {
    const plan = planUpload(rows(['MN-B1', 'GreenVault Duluth', '12', '4'], ['MN-B2', 'GreenVault Duluth', '12', '1']), withCases, batches, customers);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems.map(describeProblem)).toEqual(['Row 3, Case Size: MN-B2 is packed 24 units to a case, not 12']);
    const good = planUpload(rows(['MN-B1', 'GreenVault Duluth', '12', '4']), withCases, batches, customers);
    expect(good.ok && good.customers[0]!.lines[0]!.noOfCases).toBe(4);
  });

  it('with a Cases column, skips menu lines whose Cases cell is empty and checks the rest as usual', () => {
    const menu = rows(['MN-B1', 'GreenVault Duluth', '12', ''], ['MN-B2', 'GreenVault Duluth', '24', '3'], ['MN-B999', 'Nowhere', '6', ' '], ['MN-B1', 'GreenVault Duluth', '12', 'x']);
    const plan = planUpload(menu, withCases, batches, customers);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems.map(describeProblem)).toEqual(['Row 5, Cases: x is not a whole number of cases above 0']);
    const good = planUpload(menu.slice(0, 3), withCases, batches, customers);
    expect(good).toMatchObject({ ok: true, rowCount: 1, customers: [{ customerId: 10, lines: [{ batchId: 2, noOfCases: 3, rows: [3] }] }] });
    expect(planUpload(menu.slice(0, 1), withCases, batches, customers)).toEqual({
      ok: false,
      problems: [{ row: null, column: null, message: 'No row has a number in Cases: enter the cases to order on the lines you want.' }],
    });
  });

  it('without a Cases column, an empty Case Size is still an error', () => {
    const plan = planUpload(rows(['MN-B1', 'GreenVault Duluth', '']), columns, batches, customers);
    expect(plan.ok || plan.problems.map(describeProblem)).toEqual(['Row 2, Case Size: the cell is empty; enter the number of cases']);
  });

  it('names the row and column of every problem', () => {
    const plan = planUpload(
      rows(['MN-B999', 'GreenVault Duluth', '1'], ['MN-B3', 'Nowhere, Closed Store', '0'], ['', '', ''], ['MN-B1', '', 'two']),
      columns,
      batches,
      customers,
    );
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems.map(describeProblem)).toEqual([
      'Row 2, Batch#: MN-B999 is not a batch in this market',
      'Row 3, Batch#: MN-B3 is not active and cannot be ordered',
      'Row 3, Case Size: 0 is not a whole number of cases above 0',
      'Row 3, Dispensary Location(s): Nowhere is not a customer in this market',
      'Row 3, Dispensary Location(s): Closed Store is not an active customer',
      'Row 5, Case Size: two is not a whole number of cases above 0',
      'Row 5, Dispensary Location(s): the cell is empty; enter one or more dispensaries separated by commas',
    ]);
  });

  it('refuses a file with a header and no order rows', () => {
    expect(planUpload(rows(['', '', '', 'a note']), columns, batches, customers)).toEqual({
      ok: false,
      problems: [{ row: null, column: null, message: 'The file has no order rows under its header.' }],
    });
  });
});

describe('helpers', () => {
  it('reads whole positive numbers only', () => {
    expect(['3', ' 12 ', '4.0', '0', '-1', '2.5', '1e3', '', 'x'].map(wholePositive)).toEqual([3, 12, 4, null, null, null, null, null, null]);
  });

  it('keeps names that contain a separator whole', () => {
    const byName = new Map(customers.map((customer) => [customerKey(customer.name), [customer]]));
    const { matched, unknown } = splitDispensaries('Cedar & Sage , Inc.; GreenVault Duluth,, Mystery', byName);
    expect(matched.map((list) => list[0]!.id)).toEqual([11, 10]);
    expect(unknown).toEqual(['Mystery']);
  });
});
