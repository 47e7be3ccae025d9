import { describe, expect, it } from 'vitest';
import type { IssueRefreshStatusRecord } from '../../../shared/api/inventory-issues';
import { canRefreshSelection, isRefreshRunning, refreshResult, refreshSelectionProblem, tabCount } from './issue-refresh-rules';

const TOO_MANY = 'You can only refresh up to 100 items at a time. Please reduce your selection and try again.';

function record(overrides: Partial<IssueRefreshStatusRecord>): IssueRefreshStatusRecord {
  return {
    inventory_refresh_id: 3,
    market_code: 'MN',
    tab_name: 'item_issues',
    issue_status: 'COMPLETED',
    comments: null,
    no_of_fixed_items: 2,
    no_of_items: 5,
    is_deleted: false,
    created_ts: '2026-03-02T15:00:00.000Z',
    created_user: '7',
    created_user_name: 'Avery Admin',
    updated_ts: '2026-03-02T15:01:00.000Z',
    updated_user: '7',
    ...overrides,
  };
}

describe('the issue refresh rules', () => {
  it('allows a refresh of 1 to 100 selected items and refuses more with the spec message', () => {
    expect([0, 1, 100, 101].map(canRefreshSelection)).toEqual([false, true, true, false]);
    expect(refreshSelectionProblem(100)).toBeNull();
    expect(refreshSelectionProblem(101)).toBe(TOO_MANY);
  });

  it('reads the Lab Data Warnings count from lab_warning', () => {
    const counts = { item_issues: 4, lab_warning: 120 };
    expect(tabCount(counts, 'item_issues')).toBe(4);
    expect(tabCount(counts, 'lab_data_warnings')).toBe(120);
    expect(tabCount(undefined, 'item_issues')).toBeUndefined();
  });

  it('treats only IN-PROGRESS as running', () => {
    expect(isRefreshRunning('IN-PROGRESS')).toBe(true);
    expect(isRefreshRunning('COMPLETED')).toBe(false);
    expect(isRefreshRunning('FAILED')).toBe(false);
    expect(isRefreshRunning(undefined)).toBe(false);
  });

  it('says how many items a completed refresh fixed', () => {
    expect(refreshResult(record({}))).toMatchObject({ tone: 'success', text: '2 of 5 items fixed' });
    // One item asked: as the server's comment says it.
    expect(refreshResult(record({ no_of_fixed_items: 1, no_of_items: 1 }))).toMatchObject({ text: '1 of 1 item fixed' });
  });

  it("shows a failed refresh's comments, or the generic message when it has none", () => {
    expect(refreshResult(record({ issue_status: 'FAILED', comments: 'The lab system did not answer.' }))).toMatchObject({ tone: 'error', text: 'The lab system did not answer.' });
    expect(refreshResult(record({ issue_status: 'FAILED', comments: '  ' })).text).toBe('Something went wrong. Please try again later.');
  });
});
