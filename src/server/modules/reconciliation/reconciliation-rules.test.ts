import { describe, expect, it } from 'vitest';
import { compareInventory, type OurBatch, type S2SBatchPackage } from './reconciliation-rules';

const ours = (batchNumber: string, activeUnits: number, fields: Partial<OurBatch> = {}): OurBatch => ({
  batchId: Number(batchNumber.replace(/\D/g, '')),
  batchNumber,
  s2sProductName: `Item ${batchNumber}`,
  activeUnits,
  reservedUnits: 0,
  tags: [`${batchNumber}-T1`],
  ...fields,
});
const pkg = (batchNumber: string, quantity: number, tag = `${batchNumber}-T1`): S2SBatchPackage => ({ batchNumber, tag, itemName: `S2S ${batchNumber}`, quantity });

describe('compareInventory', () => {
  it('makes no row for a batch whose summed packages equal our active units', () => {
    expect(compareInventory([pkg('B1', 10), pkg('B1', 14, 'B1-T2')], [ours('B1', 24, { tags: ['B1-T1', 'B1-T2'] })])).toEqual([]);
  });

  it('offers the seed-to-sale quantity when the tags are known and open orders hold no more than it', () => {
    const [row] = compareInventory([pkg('B1', 12)], [ours('B1', 20, { reservedUnits: 12 })]);
    expect(row).toEqual({
      tab: 'inventory_mismatch',
      status: 'accept_s2s_inventory',
      batchId: 1,
      batchNumber: 'B1',
      s2sProductName: 'S2S B1',
      otcActiveQuantity: 20,
      s2sActiveQuantity: 12,
      inTransitQuantity: 12,
    });
  });

  it('asks to adjust orders first when open orders hold more than the seed-to-sale quantity', () => {
    expect(compareInventory([pkg('B1', 12)], [ours('B1', 20, { reservedUnits: 13 })])[0]?.status).toBe('inventory_mismatch_otc_over');
  });

  it('reports new tags before anything else when the seed-to-sale system has a tag we do not know', () => {
    const rows = compareInventory([pkg('B1', 12), pkg('B1', 6, 'NEW-TAG')], [ours('B1', 12, { reservedUnits: 100 })]);
    expect(rows.map((row) => [row.status, row.s2sActiveQuantity])).toEqual([['new_tags_detected', 18]]);
  });

  it('puts a batch active on one side only on Status Mismatch', () => {
    const rows = compareInventory([pkg('B2', 8), pkg('B3', 0)], [ours('B1', 5), ours('B3', 4), ours('B4', 0)]);
    expect(rows.map((row) => [row.tab, row.batchNumber, row.status, row.batchId])).toEqual([
      ['status_mismatch', 'B1', 'active_in_otc_only', 1],
      ['status_mismatch', 'B2', 'active_in_s2s_only', null],
      ['status_mismatch', 'B3', 'active_in_otc_only', 3],
    ]);
  });

  it('counts a fractional or negative package for the whole units it holds', () => {
    const rows = compareInventory([pkg('B1', 10.5), pkg('B1', -4, 'B1-T2')], [ours('B1', 12, { tags: ['B1-T1', 'B1-T2'] })]);
    expect(rows.map((row) => row.s2sActiveQuantity)).toEqual([10]);
  });

  it('treats a batch we hold with no active units as active in the seed-to-sale system only', () => {
    const rows = compareInventory([pkg('B1', 8)], [ours('B1', 0, { reservedUnits: 8 })]);
    expect(rows.map((row) => [row.status, row.otcActiveQuantity, row.inTransitQuantity])).toEqual([['active_in_s2s_only', 0, 8]]);
  });
});
