import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ROLES } from './enums';
import { allowedOrderActions, canTakeOrderAction, statusAllows } from './order-status';

describe('order status action table', () => {
  it('lets the sales roles edit, cancel and duplicate a Pending or Revised order, and only managers approve or reject', () => {
    for (const status of ['Pending', 'Revised'] as const) {
      expect(allowedOrderActions(status, 'Sales Person')).toEqual(['edit', 'cancel', 'duplicate']);
      expect(allowedOrderActions(status, 'Sales Manager')).toEqual(['edit', 'cancel', 'duplicate', 'approve', 'reject']);
      expect(allowedOrderActions(status, 'Market Admin')).toEqual(['edit', 'cancel', 'duplicate', 'approve', 'reject']);
    }
  });

  it('follows the spec row by row for the later statuses', () => {
    expect(allowedOrderActions('Approved', 'Sales Person')).toEqual(['duplicate', 'cancel', 'set_confirmed_delivery_date']);
    expect(allowedOrderActions('Rejected', 'Sales Manager')).toEqual(['edit', 'cancel', 'duplicate']);
    expect(allowedOrderActions('Partially Picked', 'Market Admin')).toEqual(['duplicate', 'cancel', 'set_confirmed_delivery_date']);
    expect(allowedOrderActions('Picked', 'Sales Person')).toEqual(['mark_packaged', 'cancel', 'duplicate', 'set_confirmed_delivery_date']);
    expect(allowedOrderActions('Packaged', 'Sales Person')).toEqual(['mark_shipped', 'cancel', 'duplicate', 'set_confirmed_delivery_date']);
    expect(allowedOrderActions('Shipped', 'Sales Manager')).toEqual(['mark_delivered', 'cancel', 'duplicate']);
    expect(allowedOrderActions('Delivered', 'Market Admin')).toEqual(['complete', 'duplicate']);
  });

  it('allows nothing on Cancelled and Completed orders, for anyone', () => {
    for (const role of ROLES) {
      expect(allowedOrderActions('Cancelled', role)).toEqual([]);
      expect(allowedOrderActions('Completed', role)).toEqual([]);
    }
  });

  it('never lets a Delivered order be cancelled', () => {
    for (const role of ROLES) expect(canTakeOrderAction('Delivered', role, 'cancel')).toBe(false);
  });

  it('lets the Fulfilment Person only cancel and set the confirmed delivery date', () => {
    for (const status of ORDER_STATUSES) {
      for (const action of allowedOrderActions(status, 'Fulfilment Person')) {
        expect(['cancel', 'set_confirmed_delivery_date']).toContain(action);
      }
    }
    expect(allowedOrderActions('Approved', 'Fulfilment Person')).toEqual(['cancel', 'set_confirmed_delivery_date']);
    expect(allowedOrderActions('Shipped', 'Fulfilment Person')).toEqual(['cancel']);
    expect(allowedOrderActions('Pending', 'Fulfilment Person')).toEqual(['cancel']);
  });

  it('sets the confirmed delivery date only in Approved, Partially Picked, Picked and Packaged', () => {
    const allowed = ORDER_STATUSES.filter((status) => statusAllows(status, 'set_confirmed_delivery_date'));
    expect(allowed).toEqual(['Approved', 'Partially Picked', 'Picked', 'Packaged']);
  });

  it('tells a role refusal (the status allows it) from a status refusal', () => {
    expect(statusAllows('Pending', 'approve')).toBe(true);
    expect(canTakeOrderAction('Pending', 'Sales Person', 'approve')).toBe(false);
    expect(statusAllows('Shipped', 'approve')).toBe(false);
  });

  it('gives no actions without a role', () => {
    expect(allowedOrderActions('Pending', undefined)).toEqual([]);
  });
});
