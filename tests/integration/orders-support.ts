// Helpers the orders tests share: batches with free stock, buyers, dates in the market's time zone,
// and shortcuts for the calls every test makes.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { addOneYear, marketDate } from '../../src/shared/market-time';
import type { TestApp } from '../support/test-app';

export type FreeBatch = { id: number; caseSize: number; free: number; activeUnits: number; reservedUnits: number; locationId: number };

export const today = (market: 'MN' | 'NV' = 'MN') => marketDate(market);
export function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
export const nextWeek = () => dayAfter(today(), 7);
export const beyondOneYear = () => dayAfter(addOneYear(today()), 1);

export function ordersHelpers(getApi: () => TestApp) {
  const used = new Set<number>();

  /** An orderable batch of the market with at least `minCases` free cases that no other test of the file has used. */
  async function freeBatch(minCases = 1, options: { market?: string; maxCases?: number; otherLocationThan?: number } = {}): Promise<FreeBatch> {
    const rows = await queryRows<FreeBatch>(
      getApi().database.db,
      sql`
        select b.id, b.case_size as "caseSize", ((b.active_units - b.reserved_units) / b.case_size)::int as free,
               b.active_units as "activeUnits", b.reserved_units as "reservedUnits", b.location_id as "locationId"
        from batches b join markets m on m.id = b.market_id
        where m.code = ${options.market ?? 'MN'} and b.status = 'active' and b.lab_status = 'passed'
          and (b.expiry_date is null or b.expiry_date > current_date + 2)
          and (b.active_units - b.reserved_units) / b.case_size >= ${minCases}
          and (b.active_units - b.reserved_units) / b.case_size <= ${options.maxCases ?? 1_000_000}
          and b.location_id <> ${options.otherLocationThan ?? -1}
        order by b.id`,
    );
    const batch = rows.find((row) => !used.has(row.id));
    if (!batch) throw new Error(`no free batch with ${minCases} cases left for the test`);
    used.add(batch.id);
    return batch;
  }

  async function batchState(id: number): Promise<{ activeUnits: number; reservedUnits: number; caseSize: number }> {
    const [row] = await queryRows<{ activeUnits: number; reservedUnits: number; caseSize: number }>(
      getApi().database.db,
      sql`select active_units as "activeUnits", reserved_units as "reservedUnits", case_size as "caseSize" from batches where id = ${id}`,
    );
    return row!;
  }

  async function customer(market = 'MN', offset = 0): Promise<{ id: number; name: string; salesPersonId: number | null }> {
    const rows = await queryRows<{ id: number; name: string; salesPersonId: number | null }>(
      getApi().database.db,
      sql`select c.id, c.name, c.sales_person_id as "salesPersonId" from customers c join markets m on m.id = c.market_id
          where m.code = ${market} and c.is_active order by c.id limit 1 offset ${offset}`,
    );
    return rows[0]!;
  }

  async function orderIdOf(market: string, status: string): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      getApi().database.db,
      sql`select o.id from orders o join markets m on m.id = o.market_id where m.code = ${market} and o.status = ${status} order by o.id limit 1`,
    );
    return row!.id;
  }

  async function create(user: DemoUserKey, body: Record<string, unknown>, market = 'MN') {
    return getApi().call(user, { method: 'POST', url: '/api/order/create', body, market });
  }

  async function details(user: DemoUserKey, id: number, body: Record<string, unknown> = {}, market = 'MN') {
    return getApi().call(user, { method: 'POST', url: `/api/order/${id}/details`, body, market });
  }

  async function setStatus(user: DemoUserKey, id: number, status: string, market = 'MN', comment?: string) {
    return getApi().call(user, { method: 'PUT', url: `/api/order/${id}/status`, body: { status, ...(comment ? { comment } : {}) }, market });
  }

  async function edit(user: DemoUserKey, id: number, body: Record<string, unknown>, market = 'MN') {
    return getApi().call(user, { method: 'PUT', url: `/api/order/${id}/edit`, body, market });
  }

  /** A fresh Pending order of `cases` cases on a batch with room to spare. */
  async function pendingOrder(user: DemoUserKey = 'mnSalesManager', cases = 2): Promise<{ id: number; referenceId: string; batch: FreeBatch }> {
    const batch = await freeBatch(cases + 2);
    const buyer = await customer();
    const response = await create(user, { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: cases }] });
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${JSON.stringify(response.body)}`);
    return { id: response.body.data.orderId, referenceId: response.body.data.referenceId, batch };
  }

  async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    return queryRows<T>(getApi().database.db, query);
  }

  return { freeBatch, batchState, customer, orderIdOf, create, details, setStatus, edit, pendingOrder, rows };
}
