import { describe, expect, it } from 'vitest';
import { RECON_MESSAGES } from '../../../shared/api/reconciliation';
import { testReconRow } from './components/reconciliation-test-data';
import { acceptReason, canAcceptRow, canConfirmReason, isReconRunning, isReportReadable, reasonProblems } from './reconciliation-rules';

describe('the reason dialog rules', () => {
  it("asks for a reason first: 'Please select a reason'", () => {
    expect(reasonProblems({ reasonCode: null, detail: 'anything at all here' })).toEqual({ reason: RECON_MESSAGES.selectReason });
    expect(canConfirmReason({ reasonCode: null, detail: '' })).toBe(false);
  });

  it('takes any listed reason other than Other without detail', () => {
    expect(reasonProblems({ reasonCode: 2, detail: '' })).toEqual({});
    expect(canConfirmReason({ reasonCode: 2, detail: '' })).toBe(true);
  });

  it('needs 10 characters of detail for Other, counted after trimming', () => {
    expect(reasonProblems({ reasonCode: 99, detail: '' })).toEqual({ detail: RECON_MESSAGES.otherDetail });
    expect(canConfirmReason({ reasonCode: 99, detail: '   123456789   ' })).toBe(false);
    expect(canConfirmReason({ reasonCode: 99, detail: '  1234567890 ' })).toBe(true);
  });

  it('sends the trimmed detail as comments, and none when empty', () => {
    expect(acceptReason({ reasonCode: 99, detail: '  Recount on Monday \n' })).toEqual({ reasonCode: 99, comments: 'Recount on Monday' });
    expect(acceptReason({ reasonCode: 4, detail: '   ' })).toEqual({ reasonCode: 4 });
  });
});

describe('the run and row rules', () => {
  it('follows DRAFT and IN-PROGRESS runs, and reads reports at REPORT-GENERATED and COMPLETED', () => {
    expect(['DRAFT', 'IN-PROGRESS'].every((status) => isReconRunning(status as 'DRAFT'))).toBe(true);
    expect(isReconRunning('FAILED')).toBe(false);
    expect(isReconRunning(undefined)).toBe(false);
    expect(isReportReadable('REPORT-GENERATED')).toBe(true);
    expect(isReportReadable('COMPLETED')).toBe(true);
    expect(isReportReadable('FAILED')).toBe(false);
  });

  it('lets only unaccepted accept_s2s_inventory rows of a generated report be accepted', () => {
    expect(canAcceptRow(testReconRow(), 'REPORT-GENERATED')).toBe(true);
    expect(canAcceptRow(testReconRow(), 'COMPLETED')).toBe(false);
    expect(canAcceptRow(testReconRow({ accepted: true }), 'REPORT-GENERATED')).toBe(false);
    expect(canAcceptRow(testReconRow({ recon_batch_status: 'inventory_mismatch_otc_over' }), 'REPORT-GENERATED')).toBe(false);
  });
});
