// The `test` every spec uses: Playwright's, with the API as a demo user and a test's own data made through
// it. Each test orders from batches and for customers no other running test uses (claims.ts), and every
// order made for its customers while it ran (through the API or on a screen) is cancelled when it ends,
// which releases the stock it reserved: a spec can be repeated and run beside any other without either
// seeing the other's orders move the numbers it checks.
import { test as base, expect } from '@playwright/test';
import type { Customer, OrderInventoryRow, OrderListRow, OrderRef } from '../../../src/shared/api/orders';
import type { PicklistDetail, PicklistRow } from '../../../src/shared/api/picklists';
import type { OrderStatus } from '../../../src/shared/enums';
import { MARKET, apiAs, type ApiClient, type DemoUserName } from './api';
import { claimsFor } from './claims';
import { marketDay } from './market-days';

export { expect };

/** Batches are chosen among those with at least this many cases free, so that no run of tests empties one. */
const POOL_MIN_CASES = 20;
/** The batches with the most cases free, that many: more than the tests running at once ever hold. */
const POOL_SIZE = 200;
/** The server's clock and this machine's may differ by this much when telling the test's orders from older ones. */
const CLOCK_SLACK_MS = 5_000;
/** Orders in these statuses cannot be cancelled (or need not be). */
const SETTLED: readonly OrderStatus[] = ['Cancelled', 'Completed', 'Delivered'];

type OrderLine = { batch: OrderInventoryRow; cases: number };

export type TestData = {
  api(user: DemoUserName): ApiClient;
  /**
   * Batches of distinct products that only this test orders from while it runs, each with at least
   * `minCases` cases free; with `oneLocation`, all in one inventory location (so one picklist holds them).
   */
  batches(count: number, options?: { minCases?: number; oneLocation?: boolean }): Promise<OrderInventoryRow[]>;
  /**
   * Customers only this test orders for while it runs, each with a sales person and a name no other
   * customer of the market has (a spreadsheet and the buyer picker name them); with
   * `distinctSalesPersons`, no two of the same sales person.
   */
  customers(count: number, options?: { distinctSalesPersons?: boolean }): Promise<Customer[]>;
  /** An order made by Jordan Lee (Sales Person) through the API. */
  order(customer: Customer, lines: OrderLine[], options?: { requestedDeliveryDate?: string }): Promise<OrderRef>;
  /** Approves the order as Sam Rivera (Sales Manager), and answers the picklists that made, one per inventory location. */
  approve(order: OrderRef): Promise<PicklistDetail[]>;
  /** A Pending picklist of an approved order of this test's, one item per entry of `cases` (the cases ordered). */
  picklist(cases: number[], options?: { requestedDeliveryDate?: string }): Promise<PicklistDetail>;
};

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

function byLocation(batches: readonly OrderInventoryRow[]): OrderInventoryRow[][] {
  const groups = new Map<string, OrderInventoryRow[]>();
  for (const batch of batches) groups.set(batch.inventory_location_name, [...(groups.get(batch.inventory_location_name) ?? []), batch]);
  return [...groups.values()];
}

export const test = base.extend<{ data: TestData }>({
  data: async ({ request, baseURL }, use) => {
    const server = baseURL!;
    const api = (user: DemoUserName) => apiAs(request, server, user);
    const claims = claimsFor(server);
    const startedAt = Date.now();
    const claimedCustomers: Customer[] = [];

    // Read again once claimed: the test that held a batch before may have released cases since the pool was read.
    const fresh = async (claimed: OrderInventoryRow[]) => {
      const rows = await api('Jordan Lee').post<OrderInventoryRow[]>('/order/inventory', {
        marketCode: MARKET,
        pagination: { page: 1, pageSize: claimed.length },
        columnFilter: [{ column: 'batch_number', type: 'select', value: claimed.map((batch) => batch.batch_number) }],
      });
      return claimed.map((batch) => {
        const row = rows.find((candidate) => candidate.batch_id === batch.batch_id);
        if (!row) throw new Error(`Batch ${batch.batch_number} has no case free any more`);
        return row;
      });
    };

    const batches: TestData['batches'] = async (count, { minCases = 1, oneLocation = false } = {}) => {
      const pool = await api('Jordan Lee').post<OrderInventoryRow[]>('/order/inventory', {
        marketCode: MARKET,
        pagination: { page: 1, pageSize: POOL_SIZE },
        sort: { column: 'available_case_size', order: 'desc' },
      });
      const candidates = shuffled(pool.filter((batch) => batch.available_case_size >= Math.max(minCases, POOL_MIN_CASES)));
      const groups = oneLocation ? byLocation(candidates) : [candidates];
      // The location with the most candidates first: the likeliest to have enough free of other tests.
      for (const group of groups.sort((a, b) => b.length - a.length)) {
        const chosen: OrderInventoryRow[] = [];
        for (const batch of group) {
          if (chosen.length === count) break;
          if (chosen.some((other) => other.product_name === batch.product_name)) continue;
          if (claims.take('batch', batch.batch_id)) chosen.push(batch);
        }
        if (chosen.length === count) return fresh(chosen);
        for (const batch of chosen) claims.release('batch', batch.batch_id);
      }
      throw new Error(`Fewer than ${count} batches of distinct products with ${minCases} cases free${oneLocation ? ' in one location' : ''} are left to claim`);
    };

    const customers: TestData['customers'] = async (count, { distinctSalesPersons = false } = {}) => {
      const all = await api('Jordan Lee').get<Customer[]>(`/customer?marketCode=${MARKET}`);
      const key = (customer: Customer) => customer.customer_name.trim().toLowerCase();
      const chosen: Customer[] = [];
      for (const customer of shuffled(all)) {
        if (chosen.length === count) break;
        if (customer.sales_person_id === null || all.filter((other) => key(other) === key(customer)).length > 1) continue;
        if (distinctSalesPersons && chosen.some((other) => other.sales_person_id === customer.sales_person_id)) continue;
        if (claims.take('customer', customer.customer_id)) chosen.push(customer);
      }
      claimedCustomers.push(...chosen);
      if (chosen.length < count) throw new Error(`Fewer than ${count} customers are left to claim`);
      return chosen;
    };

    const order: TestData['order'] = (customer, lines, { requestedDeliveryDate = marketDay(7) } = {}) =>
      api('Jordan Lee').post<OrderRef>('/order/create', {
        marketCode: MARKET,
        customerId: customer.customer_id,
        salesPersonId: customer.sales_person_id ?? undefined,
        requestedDeliveryDate,
        items: lines.map(({ batch, cases }) => ({ batchId: batch.batch_id, noOfCases: cases })),
      });

    const approve: TestData['approve'] = async (ref) => {
      await api('Sam Rivera').put(`/order/${ref.orderId}/status`, { status: 'approved' });
      const casey = api('Casey Nguyen');
      const rows = await casey.post<PicklistRow[]>('/picklist/register', { search: ref.referenceId, pagination: { page: 1, pageSize: 50 } });
      const mine = rows.filter((row) => row.order_id === ref.orderId).sort((a, b) => a.picklist_id - b.picklist_id);
      return Promise.all(mine.map((row) => casey.get<PicklistDetail>(`/picklist/${row.picklist_id}/detail`)));
    };

    const picklist: TestData['picklist'] = async (cases, options) => {
      const lines = await batches(cases.length, { minCases: Math.max(...cases), oneLocation: true });
      const [customer] = await customers(1);
      const picklists = await approve(await order(customer!, lines.map((batch, index) => ({ batch, cases: cases[index]! })), options));
      if (picklists.length !== 1) throw new Error(`An order from one inventory location made ${picklists.length} picklists`);
      return picklists[0]!;
    };

    await use({ api, batches, customers, order, approve, picklist });

    // Cancelling releases the stock the orders hold and closes their open picklists. An order a test handed
    // to another of its customers is found under that one.
    const admin = api('Alex Morgan');
    try {
      for (const customer of claimedCustomers) {
        const recent = await admin.post<OrderListRow[]>('/order/history', {
          marketCode: MARKET,
          pagination: { page: 1, pageSize: 200 },
          columnFilter: [{ column: 'customer_name', type: 'text', value: customer.customer_name }],
          sort: { column: 'created_ts', order: 'desc' },
        });
        for (const row of recent) {
          const mine = row.customer_id === customer.customer_id && Date.parse(row.created_ts) >= startedAt - CLOCK_SLACK_MS;
          if (mine && !SETTLED.includes(row.metadata_label)) await admin.put(`/order/${row.order_id}/status`, { status: 'cancelled' });
        }
      }
    } finally {
      claims.releaseAll();
    }
  },
});
