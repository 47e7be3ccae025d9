// An approved order's picklists, one per warehouse, and how picking them moves the order along:
// Approved → Partially Picked while any picklist is open → Picked when every one is. Sales roles may not pick.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionTag, type PicklistDetail, type PicklistRow } from '../../src/shared/api/picklists';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';
import { type FreeBatch, nextWeek, ordersHelpers } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, customer, create, details, setStatus, pendingOrder } = ordersHelpers(() => api);

/** A batch at the given location: orders-support can only exclude a location, so draw until one matches. */
async function freeBatchAt(locationId: number, excludedLocation: number): Promise<FreeBatch> {
  // Each draw marks the batch used; with four MN warehouses a match comes within a few draws.
  for (let draw = 0; draw < 50; draw += 1) {
    const batch = await freeBatch(3, { otherLocationThan: excludedLocation });
    if (batch.locationId === locationId) return batch;
  }
  throw new Error(`no second free batch at location ${locationId}`);
}

type TwoWarehouseOrder = { id: number; referenceId: string; first: FreeBatch; second: FreeBatch[] };

/** A Pending order with one line in one warehouse and two lines in another. */
async function twoWarehouseOrder(): Promise<TwoWarehouseOrder> {
  const first = await freeBatch(3);
  const secondA = await freeBatch(3, { otherLocationThan: first.locationId });
  const secondB = await freeBatchAt(secondA.locationId, first.locationId);
  const buyer = await customer();
  const created = await create('mnSalesPerson', {
    customerId: buyer.id,
    requestedDeliveryDate: nextWeek(),
    items: [
      { batchId: first.id, noOfCases: 2 },
      { batchId: secondA.id, noOfCases: 1 },
      { batchId: secondB.id, noOfCases: 3 },
    ],
  });
  expect(created.status).toBe(201);
  return { id: created.body.data.orderId, referenceId: created.body.data.referenceId, first, second: [secondA, secondB] };
}

/** The order's picklists as the register lists them, then each one's detail as the picker opens it. */
async function picklistsOf(referenceId: string): Promise<PicklistDetail[]> {
  const register = await api.call<{ data: PicklistRow[] }>('mnFulfilment', {
    method: 'POST',
    url: '/api/picklist/register',
    market: 'MN',
    body: { columnFilter: [{ column: 'reference_id', type: 'select', value: [referenceId] }], sort: { column: 'picklist_reference_id', order: 'asc' } },
  });
  expect(register.status).toBe(200);
  return Promise.all(register.body.data.map((row) => openPicklist(row.picklist_id)));
}

async function openPicklist(id: number): Promise<PicklistDetail> {
  const response = await api.call<{ data: PicklistDetail }>('mnFulfilment', { url: `/api/picklist/${id}/detail`, market: 'MN' });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** Picks the given items in full, as the phone's outbox sends it: a fresh Idempotency-Key and the version read. */
function pickInFull(picklist: PicklistDetail, itemIds: number[], user: DemoUserKey = 'mnFulfilment') {
  const ordered = new Map(picklist.items.map((item) => [item.picklist_item_id, item.no_of_case_ordered]));
  return api.call<{ data: PicklistDetail }>(user, {
    method: 'PUT',
    url: `/api/picklist/${picklist.picklist_id}/edit`,
    market: 'MN',
    headers: { 'idempotency-key': `progress-${randomUUID()}`, 'if-match': versionTag(picklist.version) },
    body: { items: itemIds.map((id) => ({ picklist_item_id: id, no_of_cases: ordered.get(id) })) },
  });
}

async function orderStatus(id: number): Promise<string> {
  const response = await details('mnSalesManager', id);
  expect(response.status).toBe(200);
  return response.body.data.orderStatus;
}

/** Approves the order as a Sales Manager and answers its picklists, the one-line warehouse first. */
async function approve(order: TwoWarehouseOrder): Promise<[PicklistDetail, PicklistDetail]> {
  const approved = await setStatus('mnSalesManager', order.id, 'approved');
  expect(approved.status).toBe(200);
  const picklists = await picklistsOf(order.referenceId);
  expect(picklists).toHaveLength(2);
  const first = picklists.find((p) => p.inventory_location_id === order.first.locationId);
  const second = picklists.find((p) => p.inventory_location_id === order.second[0]!.locationId);
  if (!first || !second) throw new Error('the picklists are not one per warehouse of the order');
  return [first, second];
}

describe('approving an order that spans two warehouses', () => {
  it('creates one Pending picklist per warehouse, each holding that warehouse’s lines', async () => {
    const order = await twoWarehouseOrder();
    const [first, second] = await approve(order);

    expect(await orderStatus(order.id)).toBe('Approved');
    expect(first).toMatchObject({ order_id: order.id, pick_status_label: 'Pending', total_cases: 2, picked_cases: 0 });
    expect(second).toMatchObject({ order_id: order.id, pick_status_label: 'Pending', total_cases: 4, picked_cases: 0 });
    expect(first.items.map((item) => item.no_of_case_ordered)).toEqual([2]);
    expect(second.items.map((item) => item.no_of_case_ordered).sort((a, b) => a - b)).toEqual([1, 3]);
    expect([...first.items, ...second.items].every((item) => item.pick_status === null)).toBe(true);
  });
});

describe('picking an order’s picklists', () => {
  it('moves the order to Partially Picked with the first picklist done, and to Picked only with the last', async () => {
    const order = await twoWarehouseOrder();
    const [first, second] = await approve(order);

    const firstDone = await pickInFull(first, [first.items[0]!.picklist_item_id]);
    expect(firstDone.status).toBe(200);
    expect(firstDone.body.data).toMatchObject({ pick_status_label: 'Picked', version: first.version + 1, picked_cases: 2 });
    expect(await orderStatus(order.id)).toBe('Partially Picked');
    // Picking one warehouse's list leaves the other untouched.
    expect(await openPicklist(second.picklist_id)).toMatchObject({ pick_status_label: 'Pending', version: second.version });

    const [lineA, lineB] = second.items;
    const secondPart = await pickInFull(second, [lineA!.picklist_item_id]);
    expect(secondPart.status).toBe(200);
    expect(secondPart.body.data).toMatchObject({ pick_status_label: 'In Progress', version: second.version + 1, picked_cases: lineA!.no_of_case_ordered });
    expect(await orderStatus(order.id)).toBe('Partially Picked');

    const secondRest = await pickInFull(secondPart.body.data, [lineB!.picklist_item_id]);
    expect(secondRest.status).toBe(200);
    expect(secondRest.body.data).toMatchObject({ pick_status_label: 'Picked', version: second.version + 2, picked_cases: 4 });
    expect(await orderStatus(order.id)).toBe('Picked');

    // The order's lines show every case fulfilled.
    const lines = (await details('mnSalesManager', order.id)).body.data.items as { batchId: number; noOfCase: number; caseFulfilled: number }[];
    expect(lines.map((line) => [line.batchId, line.caseFulfilled]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      [
        [order.first.id, 2],
        [order.second[0]!.id, 1],
        [order.second[1]!.id, 3],
      ].sort((a, b) => a[0]! - b[0]!),
    );
  });
});

describe('who may pick', () => {
  it.each<DemoUserKey>(['mnSalesPerson', 'mnSalesManager'])('refuses %s with 403 and leaves the picklist as it was', async (user) => {
    const order = await pendingOrder('mnSalesManager', 2);
    expect((await setStatus('mnSalesManager', order.id, 'approved')).status).toBe(200);
    const [picklist] = await picklistsOf(order.referenceId);
    expect(picklist).toBeDefined();

    const refused = await pickInFull(picklist!, [picklist!.items[0]!.picklist_item_id], user);
    expect(refused.status).toBe(403);

    const after = await openPicklist(picklist!.picklist_id);
    expect(after.version).toBe(picklist!.version);
    expect(after.pick_status_label).toBe('Pending');
    expect(after.items).toEqual(picklist!.items);
    expect(await orderStatus(order.id)).toBe('Approved');
  });
});
