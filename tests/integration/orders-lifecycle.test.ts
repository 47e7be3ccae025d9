// Orders from creation to completion: stock reserved and released, the status action table per role,
// picklists on approval, edits, prices, the confirmed delivery date, duplicates, and nothing half-written.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';
import { beyondOneYear, dayAfter, nextWeek, ordersHelpers, today } from './orders-support';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

const { freeBatch, batchState, customer, orderIdOf, create, details, setStatus, edit, pendingOrder, rows } = ordersHelpers(() => api);

async function auditActions(orderId: number): Promise<string[]> {
  const entries = await rows<{ action: string }>(sql`select action from audit_log where entity_type = 'order' and entity_id = ${String(orderId)} order by id`);
  return entries.map((entry) => entry.action);
}

async function history(orderId: number) {
  return rows<{ from_status: string | null; to_status: string; comment: string | null; changed_by: string | null }>(
    sql`select from_status, to_status, comment, changed_by from order_status_history where order_id = ${orderId} order by id`,
  );
}

describe('creating an order', () => {
  it('reserves the stock of each line and answers the reference', async () => {
    const batch = await freeBatch(5);
    const buyer = await customer();
    const response = await create('mnSalesPerson', {
      marketCode: 'MN',
      customerId: buyer.id,
      requestedDeliveryDate: nextWeek(),
      items: [{ batchId: batch.id, noOfCases: 3, unitSalePrice: 12.5 }],
      note: 'Deliver before noon',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({ orderId: expect.any(Number), referenceId: expect.stringMatching(/^ORD-MN-\d{6,}$/), orderStatus: 'Pending' });
    expect(response.body.message).toBe(`${response.body.data.referenceId} has been created successfully.`);
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + 3 * batch.caseSize);

    const detail = await details('mnSalesPerson', response.body.data.orderId);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      orderStatus: 'Pending',
      customerId: buyer.id,
      customerName: buyer.name,
      salesPersonId: buyer.salesPersonId,
      requestedDeliveryDate: nextWeek(),
      createdByName: DEMO_USERS.mnSalesPerson.name,
      note: 'Deliver before noon',
      totalBatches: 1,
      totalCases: 3,
      totalPrice: 3 * batch.caseSize * 12.5,
      version: 1,
      allowedActions: ['edit', 'cancel', 'duplicate'],
    });
    expect(detail.body.data.items[0]).toMatchObject({
      batchId: batch.id,
      noOfCase: 3,
      shortCases: 0,
      metadataLabel: null,
      unitSalePrice: 12.5,
      subTotalPrice: 3 * batch.caseSize * 12.5,
      available_case_size: batch.free,
    });
    expect(await history(response.body.data.orderId)).toEqual([
      { from_status: null, to_status: 'Pending', comment: 'Order created', changed_by: DEMO_USERS.mnSalesPerson.id },
    ]);
    expect(await auditActions(response.body.data.orderId)).toEqual(['create']);
  });

  it('prices a line without a price at the lower of base and vendor price', async () => {
    const batch = await freeBatch(2);
    const [product] = await rows<{ base: number; vendor: number | null }>(
      sql`select p.base_price::float8 as base, p.vendor_price::float8 as vendor from batches b join products p on p.id = b.product_id where b.id = ${batch.id}`,
    );
    const response = await create('mnAdmin', { customerId: (await customer()).id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] });
    const detail = await details('mnAdmin', response.body.data.orderId);
    expect(detail.body.data.items[0].unitSalePrice).toBe(Math.min(product!.base, product!.vendor ?? product!.base));
  });

  it('saves an over-ordered line as short, the order as Action Required, and reserves only what there is', async () => {
    const batch = await freeBatch(2, { maxCases: 6 });
    const response = await create('mnSalesManager', {
      customerId: (await customer()).id,
      requestedDeliveryDate: nextWeek(),
      items: [{ batchId: batch.id, noOfCases: batch.free + 4 }],
    });
    expect(response.status).toBe(201);
    expect(response.body.data.orderStatus).toBe('Action Required');
    const state = await batchState(batch.id);
    expect(state.reservedUnits).toBe(batch.reservedUnits + batch.free * batch.caseSize);
    const detail = await details('mnSalesManager', response.body.data.orderId);
    expect(detail.body.data.items[0]).toMatchObject({ noOfCase: batch.free + 4, shortCases: 4, metadataLabel: 'Action Required', available_case_size: batch.free });
    expect(detail.body.data.allowedActions).toEqual(['edit', 'cancel', 'duplicate']);

    // It cannot be approved until an edit fixes it.
    const approve = await setStatus('mnSalesManager', response.body.data.orderId, 'approved');
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('An order that is Action Required cannot be approved.');
    expect(approve.body.details).toEqual([{ field: 'items[0].noOfCases', batchId: batch.id, message: `Max available quantity is ${batch.free}` }]);

    const fixed = await edit('mnSalesManager', response.body.data.orderId, { items: [{ batchId: batch.id, noOfCases: batch.free }] });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.orderStatus).toBe('Revised');
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + batch.free * batch.caseSize);
    expect((await setStatus('mnSalesManager', response.body.data.orderId, 'approved')).status).toBe(200);
  });

  it("says 'Please remove the batch completely as no cases are available' of a line with nothing left", async () => {
    const batch = await freeBatch(1, { maxCases: 3 });
    const buyer = await customer();
    const takeAll = await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: batch.free }] });
    expect(takeAll.body.data.orderStatus).toBe('Pending');
    const none = await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 2 }] });
    expect(none.body.data.orderStatus).toBe('Action Required');
    const approve = await setStatus('mnAdmin', none.body.data.orderId, 'approved');
    expect(approve.body.details).toEqual([{ field: 'items[0].noOfCases', batchId: batch.id, message: 'Please remove the batch completely as no cases are available' }]);

    // Sending the short line back unchanged is refused, naming it, and changes nothing.
    const before = await details('mnAdmin', none.body.data.orderId);
    const unchanged = await edit('mnAdmin', none.body.data.orderId, { items: [{ batchId: batch.id, noOfCases: 2 }], requestedDeliveryDate: dayAfter(nextWeek(), 1) });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.message).toBe('Change or remove every line marked Action Required before saving.');
    expect(unchanged.body.details).toEqual([{ field: 'items[0].noOfCases', batchId: batch.id, message: 'Please remove the batch completely as no cases are available' }]);
    const after = await details('mnAdmin', none.body.data.orderId);
    expect(after.body.data).toMatchObject({ version: before.body.data.version, requestedDeliveryDate: before.body.data.requestedDeliveryDate });

    // An edit that still leaves the line short keeps the order Action Required.
    const stillShort = await edit('mnAdmin', none.body.data.orderId, { items: [{ batchId: batch.id, noOfCases: 1 }] });
    expect(stillShort.status).toBe(200);
    expect(stillShort.body.data.orderStatus).toBe('Action Required');
    const other = await freeBatch(2);
    const swapped = await edit('mnAdmin', none.body.data.orderId, { items: [{ batchId: other.id, noOfCases: 2 }] });
    expect(swapped.body.data.orderStatus).toBe('Revised');
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + batch.free * batch.caseSize);
    expect((await history(none.body.data.orderId)).map((step) => step.to_status)).toEqual(['Action Required', 'Revised']);
  });

  it('keeps the requested delivery date between today and one year ahead in the market', async () => {
    const batch = await freeBatch(1);
    const buyer = await customer();
    const line = [{ batchId: batch.id, noOfCases: 1 }];
    const yesterday = await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: dayAfter(today(), -1), items: line });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.details[0].field).toBe('requestedDeliveryDate');
    const tooFar = await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: beyondOneYear(), items: line });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.details[0].field).toBe('requestedDeliveryDate');
    const notADay = await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: '2030-02-30', items: line });
    expect(notADay.status).toBe(400);
    expect((await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: today(), items: line })).status).toBe(201);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const batch = await freeBatch(3);
    const buyer = await customer();
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    const cases: [Record<string, unknown>, string][] = [
      [{ requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] }, 'customerId'],
      [{ customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [] }, 'items'],
      [{ customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 0 }] }, 'items.0.noOfCases'],
      [{ customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1, unitSalePrice: 0 }] }, 'items.0.unitSalePrice'],
      [{ customerId: buyer.id, requestedDeliveryDate: '12/01/2030', items: [{ batchId: batch.id, noOfCases: 1 }] }, 'requestedDeliveryDate'],
      [{ customerId: (await customer('NV')).id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] }, 'customerId'],
      [{ customerId: buyer.id, salesPersonId: 999_999, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }] }, 'salesPersonId'],
      [{ customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: (await freeBatch(1, { market: 'NV' })).id, noOfCases: 1 }] }, 'items[0].batchId'],
      [
        { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1 }, { batchId: batch.id, noOfCases: 2 }] },
        'items[1].batchId',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await create('mnAdmin', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((detail: { field: string }) => detail.field), JSON.stringify(body)).toContain(field);
    }
    const price = await create('mnAdmin', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: batch.id, noOfCases: 1, unitSalePrice: -1 }] });
    expect(price.body.details[0].message).toBe('Price cannot be zero or negative');
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from orders`)).toEqual(before);
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits);
  });

  it('refuses a batch that may not be sold (expired, failed lab, inactive)', async () => {
    const [expired] = await rows<{ id: number }>(
      sql`select id from batches where market_id = 1 and (expiry_date < current_date - 2 or lab_status <> 'passed' or status <> 'active') order by id limit 1`,
    );
    const response = await create('mnAdmin', { customerId: (await customer()).id, requestedDeliveryDate: nextWeek(), items: [{ batchId: expired!.id, noOfCases: 1 }] });
    expect(response.status).toBe(400);
    expect(response.body.details[0]).toMatchObject({ field: 'items[0].batchId' });
  });

  it('needs create_order: the Fulfilment Person may not create', async () => {
    const response = await create('mnFulfilment', { customerId: (await customer()).id, requestedDeliveryDate: nextWeek(), items: [{ batchId: 1, noOfCases: 1 }] });
    expect(response.status).toBe(403);
  });
});

describe('the status action table', () => {
  it('cancel releases the stock and cancels open picklists; a cancelled order allows nothing', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 3);
    const cancelled = await setStatus('mnSalesPerson', id, 'cancelled', 'MN', 'Buyer changed their mind');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.orderStatus).toBe('Cancelled');
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits);
    expect(await history(id)).toEqual([
      expect.objectContaining({ to_status: 'Pending' }),
      { from_status: 'Pending', to_status: 'Cancelled', comment: 'Buyer changed their mind', changed_by: DEMO_USERS.mnSalesPerson.id },
    ]);
    const again = await setStatus('mnSalesPerson', id, 'cancelled');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An order that is Cancelled cannot be cancelled.');
    expect((await details('mnSalesPerson', id)).body.data.allowedActions).toEqual([]);
  });

  it('reject releases the stock, and editing the rejected order reserves it again', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 2);
    const rejected = await setStatus('mnSalesManager', id, 'rejected', 'MN', 'Pricing not approved');
    expect(rejected.status).toBe(200);
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits);
    const edited = await edit('mnSalesPerson', id, { items: [{ batchId: batch.id, noOfCases: 4 }] });
    expect(edited.status).toBe(200);
    expect(edited.body.data.orderStatus).toBe('Revised');
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + 4 * batch.caseSize);
  });

  it('approve creates one Pending picklist per warehouse, with an item per line', async () => {
    const first = await freeBatch(2);
    const second = await freeBatch(2, { otherLocationThan: first.locationId });
    const third = await freeBatch(2);
    const created = await create('mnSalesPerson', {
      customerId: (await customer()).id,
      requestedDeliveryDate: nextWeek(),
      items: [
        { batchId: first.id, noOfCases: 1 },
        { batchId: second.id, noOfCases: 2 },
        { batchId: third.id, noOfCases: 1 },
      ],
    });
    const id = created.body.data.orderId;
    const approved = await setStatus('mnSalesManager', id, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.data.orderStatus).toBe('Approved');
    const picklists = await rows<{ reference_id: string; location_id: number; status: string; items: number; cases: number }>(sql`
      select p.reference_id, p.location_id, p.status, count(i.id)::int as items, sum(i.no_of_case_ordered)::int as cases
      from picklists p join picklist_items i on i.picklist_id = p.id where p.order_id = ${id} group by p.id order by p.location_id`);
    const locations = [...new Set([first.locationId, second.locationId, third.locationId])].sort((a, b) => a - b);
    expect(picklists.map((p) => p.location_id)).toEqual(locations);
    for (const picklist of picklists) {
      expect(picklist.reference_id).toMatch(/^PL-MN-\d{6,}$/);
      expect(picklist.status).toBe('Pending');
    }
    expect(picklists.reduce((sum, p) => sum + p.items, 0)).toBe(3);
    expect(picklists.reduce((sum, p) => sum + p.cases, 0)).toBe(4);
    const detail = await details('mnSalesManager', id);
    expect(detail.body.data.approvedDate).not.toBeNull();

    // Cancelling it now cancels its open picklists and gives the stock back.
    expect((await setStatus('mnAdmin', id, 'cancelled')).status).toBe(200);
    const after = await rows<{ status: string }>(sql`select distinct status from picklists where order_id = ${id}`);
    expect(after).toEqual([{ status: 'Cancelled' }]);
    expect((await batchState(first.id)).reservedUnits).toBe(first.reservedUnits);
  });

  it('answers 403 when the status allows the action but the role may not, 409 when the status does not', async () => {
    const { id } = await pendingOrder('mnSalesPerson', 1);
    const bySalesPerson = await setStatus('mnSalesPerson', id, 'approved');
    expect(bySalesPerson.status).toBe(403);
    expect(bySalesPerson.body.code).toBe('FORBIDDEN');
    expect((await setStatus('mnSalesPerson', id, 'rejected')).status).toBe(403);
    expect((await setStatus('mnFulfilment', id, 'approved')).status).toBe(403);
    const packagedTooSoon = await setStatus('mnAdmin', id, 'packaged');
    expect(packagedTooSoon.status).toBe(409);
    expect(packagedTooSoon.body.message).toBe('An order that is Pending cannot be marked as packaged.');

    const shipped = await orderIdOf('MN', 'Shipped');
    const approveShipped = await setStatus('mnSalesManager', shipped, 'approved');
    expect(approveShipped.status).toBe(409);
    expect(approveShipped.body.message).toBe('An order that is Shipped cannot be approved.');
    expect((await setStatus('mnFulfilment', shipped, 'approved')).status).toBe(409);
    expect((await setStatus('mnFulfilment', shipped, 'delivered')).status).toBe(403);
    const delivered = await orderIdOf('MN', 'Delivered');
    expect((await setStatus('mnAdmin', delivered, 'cancelled')).status).toBe(409);
  });

  it('lets a manager whose approve grant was withdrawn not approve', async () => {
    const { id } = await pendingOrder('mnSalesPerson', 1);
    const grants = await api.call('mnAdmin', { url: '/api/roles/permissions', market: 'MN' });
    const managerGrants = grants.body.data['Sales Manager'];
    managerGrants['orders-order_detail'].approve = false;
    expect((await api.call('mnAdmin', { method: 'PUT', url: `/api/roles/${encodeURIComponent('Sales Manager')}/permissions`, body: { Permission: managerGrants }, market: 'MN' })).status).toBe(200);
    try {
      expect((await setStatus('mnSalesManager', id, 'approved')).status).toBe(403);
      expect((await details('mnSalesManager', id)).body.data.allowedActions).toEqual(['edit', 'cancel', 'duplicate', 'reject']);
    } finally {
      managerGrants['orders-order_detail'].approve = true;
      await api.call('mnAdmin', { method: 'PUT', url: `/api/roles/${encodeURIComponent('Sales Manager')}/permissions`, body: { Permission: managerGrants }, market: 'MN' });
    }
  });

  it('walks an order to Completed; shipping takes the picked units out of stock', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 3);
    expect((await setStatus('mnSalesManager', id, 'approved')).status).toBe(200);
    // Picking is another module's work: here the picklist is marked picked directly, one case short.
    await api.database.db.execute(sql`update picklist_items set no_of_case_picked = no_of_case_ordered - 1, pick_status = 'partial'
      where picklist_id in (select id from picklists where order_id = ${id})`);
    await api.database.db.execute(sql`update picklists set status = 'Picked' where order_id = ${id}`);
    await api.database.db.execute(sql`update orders set status = 'Picked' where id = ${id}`);
    expect((await setStatus('mnSalesPerson', id, 'packaged')).status).toBe(200);
    expect((await details('mnSalesPerson', id)).body.data.items[0].caseFulfilled).toBe(2);
    expect((await setStatus('mnSalesManager', id, 'shipped')).status).toBe(200);
    const state = await batchState(batch.id);
    expect(state.activeUnits).toBe(batch.activeUnits - 2 * batch.caseSize);
    expect(state.reservedUnits).toBe(batch.reservedUnits);
    expect((await setStatus('mnSalesManager', id, 'delivered')).status).toBe(200);
    expect((await setStatus('mnSalesManager', id, 'completed')).status).toBe(200);
    expect((await history(id)).map((step) => step.to_status)).toEqual(['Pending', 'Approved', 'Packaged', 'Shipped', 'Delivered', 'Completed']);
    expect(await auditActions(id)).toEqual(['create', 'approve', 'mark_packaged', 'mark_shipped', 'mark_delivered', 'complete']);
  });

  it('refuses an unknown status value, naming the allowed ones', async () => {
    const { id } = await pendingOrder('mnSalesPerson', 1);
    const response = await setStatus('mnAdmin', id, 'Approved');
    expect(response.status).toBe(400);
    expect(response.body.details[0]).toMatchObject({ field: 'status', message: 'must be one of approved, rejected, packaged, shipped, delivered, completed, cancelled' });
  });
});

describe('the Fulfilment Person', () => {
  it('may cancel and set the confirmed delivery date, but not edit or approve', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 2);
    expect((await details('mnFulfilment', id)).body.data.allowedActions).toEqual(['cancel']);
    const editing = await edit('mnFulfilment', id, { items: [{ batchId: batch.id, noOfCases: 1 }] });
    expect(editing.status).toBe(403);
    expect((await setStatus('mnFulfilment', id, 'approved')).status).toBe(403);
    const tooEarly = await edit('mnFulfilment', id, { confirmDeliveryDate: nextWeek() });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe('An order that is Pending cannot be given a confirmed delivery date.');

    expect((await setStatus('mnSalesManager', id, 'approved')).status).toBe(200);
    expect((await details('mnFulfilment', id)).body.data.allowedActions).toEqual(['cancel', 'set_confirmed_delivery_date']);
    const confirmed = await edit('mnFulfilment', id, { confirmDeliveryDate: `${nextWeek()}T05:00:00.000Z` });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Confirmed Delivery Date updated successfully.');
    expect((await details('mnFulfilment', id)).body.data.confirmedDeliveryDate).toBe(nextWeek());
    const past = await edit('mnFulfilment', id, { confirmDeliveryDate: dayAfter(today(), -1) });
    expect(past.status).toBe(400);
    expect(past.body.details[0].field).toBe('confirmDeliveryDate');
    const garbage = await edit('mnFulfilment', id, { confirmDeliveryDate: 'next tuesday' });
    expect(garbage.status).toBe(400);

    expect((await setStatus('mnFulfilment', id, 'cancelled')).status).toBe(200);
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits);
  });

  it('sets the confirmed delivery date through the details call too', async () => {
    const { id } = await pendingOrder('mnSalesPerson', 1);
    await setStatus('mnAdmin', id, 'approved');
    const day = dayAfter(today(), 3);
    const response = await details('mnFulfilment', id, { confirmedDeliveryDate: day });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Confirmed Delivery Date updated successfully.');
    expect(response.body.data.confirmedDeliveryDate).toBe(day);
    expect(response.body.data.version).toBe(3);
  });
});

describe('editing', () => {
  it('replaces the lines, moving reservations from the old batches to the new in one go', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 3);
    const other = await freeBatch(4);
    const response = await edit('mnSalesPerson', id, {
      version: 1,
      items: [
        { batchId: batch.id, noOfCases: 1 },
        { batchId: other.id, noOfCases: 4, unitSalePrice: 9.99 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.data.orderStatus).toBe('Revised');
    expect((await batchState(batch.id)).reservedUnits).toBe(batch.reservedUnits + batch.caseSize);
    expect((await batchState(other.id)).reservedUnits).toBe(other.reservedUnits + 4 * other.caseSize);
    const detail = await details('mnSalesPerson', id);
    expect(detail.body.data).toMatchObject({ totalCases: 5, totalBatches: 2, version: 2, orderStatus: 'Revised' });
    const [list] = (await api.call('mnSalesPerson', { method: 'POST', url: '/api/order/history', body: { search: detail.body.data.referenceId }, market: 'MN' })).body.data;
    expect(list).toMatchObject({ total_cases: 5, total_price: detail.body.data.totalPrice, metadata_label: 'Revised', history_comments: 'Order edited' });
  });

  it('refuses a stale version with 409', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 1);
    await edit('mnSalesPerson', id, { version: 1, items: [{ batchId: batch.id, noOfCases: 2 }] });
    const stale = await edit('mnSalesPerson', id, { version: 1, items: [{ batchId: batch.id, noOfCases: 3 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The order was changed by someone else. Reload it and try again.');
  });

  it('leaves the order and the reservations as they were when the edit fails', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 2);
    const other = await freeBatch(2);
    const beforeDetail = await details('mnSalesPerson', id);
    const reservedBefore = (await batchState(batch.id)).reservedUnits;
    const failing = await edit('mnSalesPerson', id, {
      items: [
        { batchId: other.id, noOfCases: 2 },
        { batchId: 999_999_999, noOfCases: 1 },
      ],
    });
    expect(failing.status).toBe(400);
    expect(failing.body.details[0].field).toBe('items[1].batchId');
    const badDate = await edit('mnSalesPerson', id, { items: [{ batchId: other.id, noOfCases: 1 }], requestedDeliveryDate: beyondOneYear() });
    expect(badDate.status).toBe(400);
    expect((await batchState(batch.id)).reservedUnits).toBe(reservedBefore);
    expect((await batchState(other.id)).reservedUnits).toBe(other.reservedUnits);
    const afterDetail = await details('mnSalesPerson', id);
    expect(afterDetail.body.data).toEqual(beforeDetail.body.data);
  });

  it('needs edit_order and a status that allows editing', async () => {
    const approved = await orderIdOf('MN', 'Approved');
    const response = await edit('mnSalesManager', approved, { items: [{ batchId: 1, noOfCases: 1 }] });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An order that is Approved cannot be edited.');
  });

  it('changes the buyer and the sales person, and the list shows the new names', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 1);
    const other = await customer('MN', 3);
    const [person] = await rows<{ id: number; name: string }>(sql`select id, name from sales_persons where market_id = 1 order by id desc limit 1`);
    const response = await edit('mnSalesPerson', id, { items: [{ batchId: batch.id, noOfCases: 1 }], customerId: other.id, salesPersonId: person!.id });
    expect(response.status).toBe(200);
    const detail = await details('mnSalesPerson', id);
    expect(detail.body.data).toMatchObject({ customerId: other.id, customerName: other.name, salesPersonId: person!.id, salesPersonName: person!.name });
  });
});

describe('prices', () => {
  it("updates a line's price through the details call and keeps the totals in step", async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 2);
    const response = await details('mnSalesPerson', id, { batchId: batch.id, unitSalePrice: 7.25 });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Price updated successfully');
    expect(response.body.data.items[0]).toMatchObject({ unitSalePrice: 7.25, subTotalPrice: 2 * batch.caseSize * 7.25 });
    expect(response.body.data.totalPrice).toBe(2 * batch.caseSize * 7.25);
    expect(response.body.data.version).toBe(2);
  });

  it('refuses a price change without edit rights, on a closed order, or for a batch not on the order', async () => {
    const { id, batch } = await pendingOrder('mnSalesPerson', 1);
    expect((await details('mnFulfilment', id, { batchId: batch.id, unitSalePrice: 5 })).status).toBe(403);
    expect((await details('mnSalesPerson', id, { batchId: batch.id })).status).toBe(400);
    const zero = await details('mnSalesPerson', id, { batchId: batch.id, unitSalePrice: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.details[0]).toMatchObject({ field: 'unitSalePrice', message: 'Price cannot be zero or negative' });
    expect((await details('mnSalesPerson', id, { batchId: 999_999, unitSalePrice: 5 })).body.details[0].field).toBe('batchId');
    const completed = await orderIdOf('MN', 'Completed');
    expect((await details('mnSalesPerson', completed, { batchId: 1, unitSalePrice: 5 })).status).toBe(409);
  });
});

describe('duplicating', () => {
  it('makes a new Pending order for the given buyer with the lines at what is available now', async () => {
    const plenty = await freeBatch(4);
    const scarce = await freeBatch(1, { maxCases: 3 });
    const buyer = await customer();
    const source = await create('mnSalesPerson', {
      customerId: buyer.id,
      requestedDeliveryDate: nextWeek(),
      items: [
        { batchId: plenty.id, noOfCases: 2, unitSalePrice: 11 },
        { batchId: scarce.id, noOfCases: scarce.free },
      ],
    });
    const otherBuyer = await customer('MN', 2);
    const copy = await api.call('mnSalesPerson', { method: 'POST', url: `/api/order/${source.body.data.orderId}/duplicate`, body: { customerId: otherBuyer.id }, market: 'MN' });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ orderStatus: 'Pending', referenceId: expect.stringMatching(/^ORD-MN-/) });
    const detail = await details('mnSalesPerson', copy.body.data.orderId);
    expect(detail.body.data).toMatchObject({ customerId: otherBuyer.id, requestedDeliveryDate: nextWeek(), totalBatches: 1 });
    expect(detail.body.data.items).toEqual([expect.objectContaining({ batchId: plenty.id, noOfCase: 2, unitSalePrice: 11 })]);

    // When no line has anything available, there is nothing to duplicate.
    const onlyScarce = await create('mnSalesPerson', { customerId: buyer.id, requestedDeliveryDate: nextWeek(), items: [{ batchId: scarce.id, noOfCases: 1 }] });
    const nothing = await api.call('mnSalesPerson', { method: 'POST', url: `/api/order/${onlyScarce.body.data.orderId}/duplicate`, body: { customerId: buyer.id }, market: 'MN' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe("We couldn't duplicate the selected order due to a system error.");
  });

  it('refuses Cancelled orders (409), the Fulfilment Person (403) and buyers of other markets (400)', async () => {
    const cancelled = await orderIdOf('MN', 'Cancelled');
    const buyer = await customer();
    expect((await api.call('mnAdmin', { method: 'POST', url: `/api/order/${cancelled}/duplicate`, body: { customerId: buyer.id }, market: 'MN' })).status).toBe(409);
    const open = await orderIdOf('MN', 'Pending');
    expect((await api.call('mnFulfilment', { method: 'POST', url: `/api/order/${open}/duplicate`, body: { customerId: buyer.id }, market: 'MN' })).status).toBe(403);
    const nv = await customer('NV');
    const wrongBuyer = await api.call('mnAdmin', { method: 'POST', url: `/api/order/${open}/duplicate`, body: { customerId: nv.id }, market: 'MN' });
    expect(wrongBuyer.status).toBe(400);
    expect(wrongBuyer.body.details[0].field).toBe('customerId');
  });
});

describe('notes', () => {
  it('adds and lists notes, newest first, with who wrote them', async () => {
    const { id } = await pendingOrder('mnSalesPerson', 1);
    const first = await api.call('mnSalesPerson', { method: 'POST', url: `/api/order/${id}/notes`, body: { notes: '  Call before delivery  ' }, market: 'MN' });
    expect(first.status).toBe(201);
    expect(first.body.data.orderNotes).toMatchObject({ notes: 'Call before delivery', created_user_name: DEMO_USERS.mnSalesPerson.name, created_ts: expect.any(String) });
    await api.call('mnFulfilment', { method: 'POST', url: `/api/order/${id}/notes`, body: { notes: 'x'.repeat(500) }, market: 'MN' });
    const listed = await api.call('mnSalesPerson', { url: `/api/order/${id}/notes?page=1&pagesize=100`, market: 'MN' });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((note: { notes: string }) => note.notes)).toEqual(['x'.repeat(500), 'Call before delivery']);
    expect(listed.body.pagination).toMatchObject({ totalRecords: 2, currentPage: 1, pageSize: 100 });
    expect((await details('mnSalesPerson', id)).body.data.note).toBe('x'.repeat(500));
  });

  it('refuses a note over 500 characters or blank, and on Cancelled and Completed orders', async () => {
    const { id } = await pendingOrder('mnSalesPerson', 1);
    const long = await api.call('mnSalesPerson', { method: 'POST', url: `/api/order/${id}/notes`, body: { notes: 'x'.repeat(501) }, market: 'MN' });
    expect(long.status).toBe(400);
    expect(long.body.details[0]).toMatchObject({ field: 'notes', message: 'must be at most 500 characters' });
    const blank = await api.call('mnSalesPerson', { method: 'POST', url: `/api/order/${id}/notes`, body: { notes: '   ' }, market: 'MN' });
    expect(blank.status).toBe(400);
    expect(blank.body.details[0]).toMatchObject({ field: 'notes', message: 'must not be blank' });
    for (const status of ['Cancelled', 'Completed']) {
      const closed = await orderIdOf('MN', status);
      const response = await api.call('mnSalesPerson', { method: 'POST', url: `/api/order/${closed}/notes`, body: { notes: 'Too late' }, market: 'MN' });
      expect(response.status, status).toBe(409);
      expect(response.body.message).toBe(`Notes cannot be added to an order that is ${status}.`);
    }
  });
});

/** One well-formed call to every route that takes an order id, for that id. */
function everyOrderRoute(id: string | number, buyerId: number): [string, string, unknown][] {
  return [
    ['POST', `/api/order/${id}/details`, {}],
    ['PUT', `/api/order/${id}/edit`, { items: [{ batchId: 1, noOfCases: 1 }] }],
    ['PUT', `/api/order/${id}/edit`, { confirmDeliveryDate: nextWeek() }],
    ['POST', `/api/order/${id}/duplicate`, { customerId: buyerId }],
    ['GET', `/api/order/${id}/notes`, undefined],
    ['POST', `/api/order/${id}/notes`, { notes: 'hello' }],
    ['PUT', `/api/order/${id}/status`, { status: 'cancelled' }],
  ];
}

describe('market scoping', () => {
  it("answers 404 'Order not found' for another market's order on every order route", async () => {
    const nvOrder = await orderIdOf('NV', 'Pending');
    const buyer = await customer();
    for (const [method, url, body] of everyOrderRoute(nvOrder, buyer.id)) {
      const response = await api.call('mnAdmin', { method: method as 'GET', url, body, market: 'MN' });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.message).toBe('Order not found');
    }
    const [nvStatus] = await rows<{ status: string }>(sql`select status from orders where id = ${nvOrder}`);
    expect(nvStatus!.status).toBe('Pending');
  });

  it("refuses an order id that cannot name an order in the spec's words, on every order route", async () => {
    const buyer = await customer();
    const ids: [string, string, string][] = [
      ['abc', 'Order ID is invalid.', 'must be an id written in digits, such as 16'],
      ['0', 'Order ID is invalid.', 'must be a positive id'],
      ['1.5', 'Order ID is invalid.', 'must be an id written in digits, such as 16'],
      ['0x10', 'Order ID is invalid.', 'must be an id written in digits, such as 16'],
      ['9999999999', 'Order ID is invalid.', 'is not a known id'],
      ['%20', 'Order ID is required', 'must be an id written in digits, such as 16'],
      ['', 'Order ID is required', 'must be an id written in digits, such as 16'],
    ];
    for (const [id, message, reason] of ids) {
      for (const [method, url, body] of everyOrderRoute(id, buyer.id)) {
        const response = await api.call('mnAdmin', { method: method as 'GET', url, body, market: 'MN' });
        expect(response.status, `${method} ${url}`).toBe(400);
        expect(response.body, `${method} ${url}`).toMatchObject({ code: 'VALIDATION_ERROR', message, details: [{ field: 'id', message: reason, in: 'path' }] });
      }
    }
  });
});
