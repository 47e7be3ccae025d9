import { describe, expect, it } from 'vitest';
import type { DraftRow } from '../inventory-import/import-rules';
import { fixedIssues, refreshComment } from './refresh-rules';

function row(tab: DraftRow['tab'], batchNumber: string, reasonCode: DraftRow['reasonCode']): DraftRow {
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
    payload: { tags: [], expiryDate: null, labStatus: 'missing', thcValue: null, thcUom: null, cbdValue: null, cbdUom: null, totalCannabinoids: null, terpenes: [] },
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
});

describe('refreshComment', () => {
  it('counts what was fixed of what was asked', () => {
    expect(refreshComment(3, 10)).toBe('3 of 10 items fixed');
    expect(refreshComment(0, 1)).toBe('0 of 1 item fixed');
  });
});
