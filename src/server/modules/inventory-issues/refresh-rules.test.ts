import { describe, expect, it } from 'vitest';
import type { DraftRow } from '../inventory-import/import-rules';
import { refreshOutcomeText } from '../../../shared/api/inventory-issues';
import { fixedIssues } from './refresh-rules';

function row(tab: DraftRow['tab'], batchNumber: string, reasonCode: DraftRow['reasonCode'], payload: Partial<DraftRow['payload']> = {}): DraftRow {
  return {
    tab,
    batchNumber,
    productId: null,
    productName: null,
    s2sProductName: batchNumber,
    locationId: 1,
    locationName: 'Vault',
    categoryName: null,
    reasonCode,
    totalQuantity: 10,
    caseSize: null,
    payload: { tags: [], expiryDate: null, labStatus: 'missing', thcValue: null, thcUom: null, cbdValue: null, cbdUom: null, totalCannabinoids: null, terpenes: [], ...payload },
  };
}

describe('fixedIssues', () => {
  const none = new Set<string>();

  it('keeps an issue whose batch the rebuilt rows still give its reason, and closes one they no longer do', () => {
    const rows = [row('item_issues', 'B-1', '001'), row('item_issues', 'B-2', '009')];
    const issues = [
      { id: 1, batchNumber: 'B-1', reasonCode: '001' },
      { id: 2, batchNumber: 'B-2', reasonCode: '002' },
    ];
    expect(fixedIssues(issues, { tab: 'item_issues', rows, stockedBatchNumbers: none })).toEqual([2]);
  });

  it('reads only the rows of the refreshed tab', () => {
    const rows = [row('lab_data_warnings', 'B-1', '005'), row('item_issues', 'B-2', '006')];
    const issues = [
      { id: 1, batchNumber: 'B-1', reasonCode: '005' },
      { id: 2, batchNumber: 'B-2', reasonCode: '006' },
    ];
    expect(fixedIssues(issues, { tab: 'lab_data_warnings', rows, stockedBatchNumbers: none })).toEqual([2]);
  });

  it('closes a batch the fetch no longer reports at all', () => {
    expect(fixedIssues([{ id: 7, batchNumber: 'GONE', reasonCode: '008' }], { tab: 'item_issues', rows: [], stockedBatchNumbers: none })).toEqual([7]);
  });

  it('closes a new batch or new tag notice once the batch is in stock, and only then', () => {
    const rows = [row('item_issues', 'B-1', '020'), row('item_issues', 'B-2', '021')];
    const issues = [
      { id: 1, batchNumber: 'B-1', reasonCode: '020' },
      { id: 2, batchNumber: 'B-2', reasonCode: '021' },
      { id: 3, batchNumber: 'B-3', reasonCode: '020' },
    ];
    expect(fixedIssues(issues, { tab: 'item_issues', rows, stockedBatchNumbers: new Set(['B-1', 'B-2']) })).toEqual([1, 2]);
    expect(fixedIssues(issues, { tab: 'item_issues', rows: [], stockedBatchNumbers: none })).toEqual([]);
  });

  it('keeps the 009 of a new batch held back because no case size fits while the rows still hold it back, and closes it once they stock it', () => {
    const issues = [{ id: 1, batchNumber: 'ODD-1', reasonCode: '009' }];
    const heldBack = [row('case_size_errors', 'ODD-1', null, { standardCaseSizes: [6, 12], heldBack: true })];
    expect(fixedIssues(issues, { tab: 'item_issues', rows: heldBack, stockedBatchNumbers: none })).toEqual([]);
    // A size now fits: the rows bring the batch in as a new batch, and its Case Size Errors row is gone.
    const stocked = [row('inventory_updates', 'ODD-1', null, { change: 'new_batch' }), row('item_issues', 'ODD-1', '020')];
    expect(fixedIssues(issues, { tab: 'item_issues', rows: stocked, stockedBatchNumbers: none })).toEqual([1]);
  });

  it('reads a Case Size Errors row as 009 only for a batch it holds back, and only on the Item Issues tab', () => {
    // A batch in stock whose new quantity fits no size is updated all the same: nothing holds it back.
    const inStock = [row('case_size_errors', 'B-1', null, { standardCaseSizes: [6], heldBack: false }), row('inventory_updates', 'B-1', null, { change: 'quantity_changed' })];
    expect(fixedIssues([{ id: 1, batchNumber: 'B-1', reasonCode: '009' }], { tab: 'item_issues', rows: inStock, stockedBatchNumbers: new Set(['B-1']) })).toEqual([1]);
    const heldBack = [row('case_size_errors', 'ODD-1', null, { heldBack: true })];
    expect(fixedIssues([{ id: 2, batchNumber: 'ODD-1', reasonCode: '009' }], { tab: 'lab_data_warnings', rows: heldBack, stockedBatchNumbers: none })).toEqual([2]);
  });

  it('still keeps a 009 the rows give for another cause, and closes one they no longer give', () => {
    const rows = [row('item_issues', 'HOLD', '009'), row('inventory_updates', 'CHANGED', null, { change: 'quantity_changed' })];
    const issues = [
      { id: 1, batchNumber: 'HOLD', reasonCode: '009' },
      { id: 2, batchNumber: 'CHANGED', reasonCode: '009' },
    ];
    expect(fixedIssues(issues, { tab: 'item_issues', rows, stockedBatchNumbers: new Set(['HOLD', 'CHANGED']) })).toEqual([2]);
  });
});

describe('refreshOutcomeText', () => {
  it('counts what was fixed of what was asked', () => {
    expect(refreshOutcomeText(3, 10)).toBe('3 of 10 items fixed');
    expect(refreshOutcomeText(0, 1)).toBe('0 of 1 item fixed');
  });
});
