// Two orders for the last cases of a batch can never both have them: many creates fired at once sell
// exactly what was free, and the rest are saved short (Action Required). On PostgreSQL the requests run
// in parallel on several connections; on PGlite they queue, and the count must hold all the same.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { nextWeek, ordersHelpers } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, batchState, customer, create, setStatus, rows } = ordersHelpers(() => api);

describe('the last cases of a batch', () => {
  it('go to exactly as many orders as there are cases, however many ask at once', async () => {
    const batch = await freeBatch(3, { maxCases: 6 });
    const buyer = await customer();
    const attempts = batch.free * 3;
    const users = ['mnAdmin', 'mnSalesManager', 'mnSalesPerson'] as const;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        create(users[index % users.length]!, { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(attempts).fill(201));
    const statuses = responses.map((response) => response.body.data.orderStatus);
    expect(statuses.filter((status) => status === 'Pending')).toHaveLength(batch.free);
    expect(statuses.filter((status) => status === 'Action Required')).toHaveLength(attempts - batch.free);

    const state = await batchState(batch.id);
    expect(state.reservedUnits).toBe(batch.reservedUnits + batch.free * batch.caseSize);
    expect(state.reservedUnits).toBeLessThanOrEqual(state.activeUnits);
    const [sold] = await rows<{ cases: number }>(
      sql`select coalesce(sum(no_of_cases - short_cases), 0)::int as cases from order_items where batch_id = ${batch.id}
          and order_id = any(${`{${responses.map((response) => response.body.data.orderId).join(',')}}`}::int[])`,
    );
    expect(sold!.cases).toBe(batch.free);
  });

  it('hold when orders ask for several cases each, and cancellations give them back', async () => {
    const batch = await freeBatch(4, { maxCases: 9 });
    const buyer = await customer();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => create('mnSalesManager', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 2 }] })),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const ids = responses.map((response) => response.body.data.orderId as number);
    const [held] = await rows<{ cases: number; short: number }>(
      sql`select sum(no_of_cases - short_cases)::int as cases, sum(short_cases)::int as short from order_items where order_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(held!.cases).toBe(batch.free);
    expect(held!.short).toBe(16 - batch.free);
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + batch.free * batch.caseSize);

    const cancels = await Promise.all(ids.map((id) => setStatus('mnSalesManager', id, 'cancelled')));
    expect(cancels.every((response) => response.status === 200)).toBe(true);
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits);
  });

  it('hold when parallel orders take overlapping batches in different orders (no deadlock)', async () => {
    const first = await freeBatch(6);
    const second = await freeBatch(6);
    const buyer = await customer();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => {
        const items = [
          { batchId: first.id, noOfCases: 1 },
          { batchId: second.id, noOfCases: 1 },
        ];
        return create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: index % 2 === 0 ? items : items.reverse() });
      }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    for (const batch of [first, second]) {
      const cases = Math.min(10, batch.free);
      expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + cases * batch.caseSize);
    }
  });
});
