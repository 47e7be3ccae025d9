import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '../../../shared/api/picklist-protocol';
import { testItem, testPicklist } from '../../lib/outbox/picklist-fixtures';
import { canMarkAsPicked, initialPicked, itemStatusLabel, lineOf, parsePicked, pickError, pickRow, progressText, reasonShown, selectionEnabled } from './pick-rules';

const open = { canPick: true, closed: false };
const picked = testItem(9, { pick_status: 'complete', pick_status_code: 'complete', pick_status_label: 'Picked', no_of_case_picked: 5 });
const partial = testItem(8, { pick_status: 'partial', pick_status_code: 'partial', pick_status_label: 'Partially Picked', no_of_case_picked: 3, reason_id: 11, reason_label: 'Damaged' });

describe('picked quantity', () => {
  it('starts at the ordered count when the item has no pick status, else at what was picked', () => {
    expect(initialPicked(testItem(1, { no_of_case_ordered: 7 }))).toBe(7);
    expect(initialPicked(partial)).toBe(3);
    expect(initialPicked(testItem(1, { pick_status: 'partial', no_of_case_picked: null }))).toBe(0);
  });

  it('reads blank or non-numeric as 0, and whole cases only', () => {
    expect(parsePicked('')).toBe(0);
    expect(parsePicked('  ')).toBe(0);
    expect(parsePicked('abc')).toBe(0);
    expect(parsePicked('4')).toBe(4);
    expect(parsePicked('2.7')).toBe(2);
    expect(parsePicked('-1')).toBe(-1);
  });

  it("answers with the spec's messages", () => {
    expect(pickError(-1, 5, null)).toBe(PICK_MESSAGES.negative);
    expect(pickError(-1, 5, null)).toBe('Quantity cannot be negative');
    expect(pickError(6, 5, 11)).toBe('Cannot exceed ordered quantity (5)');
    expect(pickError(4, 5, null)).toBe('Items with picked quantity less than ordered quantity (5) require a reason');
    expect(pickError(4, 5, 11)).toBeNull();
    expect(pickError(5, 5, null)).toBeNull();
  });

  it('shows the reason only for an item with no pick status or a short pick', () => {
    expect(reasonShown(testItem(1), 5)).toBe(true);
    expect(reasonShown(picked, 5)).toBe(false);
    expect(reasonShown(picked, 4)).toBe(true);
    expect(reasonShown(partial, 3)).toBe(true);
  });

  it("labels items without a pick status 'Not started'", () => {
    expect(itemStatusLabel(testItem(1, { pick_status_label: '' }))).toBe('Not started');
    expect(itemStatusLabel(partial)).toBe('Partially Picked');
    expect(itemStatusLabel(testItem(3, { pick_status: 'complete', pick_status_label: 'picked' }))).toBe('Picked');
  });
});

describe('what may be edited and selected', () => {
  it('lets a picker edit and select items not yet picked, and partial picks', () => {
    expect(pickRow(testItem(1), undefined, open)).toMatchObject({ editable: true, selectable: true, text: '5', picked: 5, error: null });
    expect(pickRow(partial, undefined, open)).toMatchObject({ editable: true, selectable: true, picked: 3, reasonId: 11, showReason: true });
  });

  it('keeps picked items, skipped rows, closed picklists and items in conflict read-only and unselectable', () => {
    expect(pickRow(picked, undefined, open)).toMatchObject({ editable: false, selectable: false });
    expect(pickRow(testItem(1, { pick_status_code: 'SKIPPED' }), undefined, open)).toMatchObject({ editable: false, selectable: false });
    expect(pickRow(testItem(1), undefined, { canPick: true, closed: true })).toMatchObject({ editable: false, selectable: false });
    expect(pickRow(testItem(1), undefined, { ...open, locked: true })).toMatchObject({ editable: false, selectable: false });
  });

  it('keeps picked and reason read-only without the pick permission, and shows no error then', () => {
    expect(pickRow(testItem(1), { text: '2' }, { canPick: false, closed: false })).toMatchObject({ editable: false, error: null });
  });

  it('takes the typed value and reason over the saved ones', () => {
    expect(pickRow(partial, { text: '4', reasonId: 12 }, open)).toMatchObject({ picked: 4, reasonId: 12, error: null });
    expect(pickRow(partial, { reasonId: null }, open)).toMatchObject({ reasonId: null, error: PICK_MESSAGES.reasonRequired(5) });
    expect(pickRow(testItem(1), { text: '' }, open)).toMatchObject({ picked: 0, error: PICK_MESSAGES.reasonRequired(5) });
  });

  it('allows selection unless every item is picked or the picklist is picked or cancelled', () => {
    expect(selectionEnabled(testPicklist(), true)).toBe(true);
    expect(selectionEnabled(testPicklist({ items: [picked] }), true)).toBe(false);
    expect(selectionEnabled(testPicklist({ pick_status_label: 'Cancelled' }), true)).toBe(false);
    expect(selectionEnabled(testPicklist({ pick_status_label: 'Picked' }), true)).toBe(false);
    expect(selectionEnabled(testPicklist(), false)).toBe(false);
  });
});

describe("'Mark as Picked'", () => {
  const detail = testPicklist();
  const row = (draft?: Parameters<typeof pickRow>[1]) => pickRow(testItem(1), draft, open);

  it('is disabled when nothing is selected', () => {
    expect(canMarkAsPicked(detail, [], true)).toBe(false);
  });

  it('is enabled for full picks, and for short picks with a reason', () => {
    expect(canMarkAsPicked(detail, [row()], true)).toBe(true);
    expect(canMarkAsPicked(detail, [row({ text: '3', reasonId: 11 }), row()], true)).toBe(true);
  });

  it('is disabled while a selected short pick has no reason', () => {
    expect(canMarkAsPicked(detail, [row(), row({ text: '3' })], true)).toBe(false);
    expect(canMarkAsPicked(detail, [row({ text: '0' })], true)).toBe(false);
  });

  it('is disabled when the picklist is Picked or Cancelled', () => {
    expect(canMarkAsPicked(testPicklist({ pick_status_label: 'Picked' }), [row()], true)).toBe(false);
    expect(canMarkAsPicked(testPicklist({ pick_status_label: 'Cancelled' }), [row()], true)).toBe(false);
  });

  it('is disabled for a value out of range and without the pick permission', () => {
    expect(canMarkAsPicked(detail, [row({ text: '9', reasonId: 11 })], true)).toBe(false);
    expect(canMarkAsPicked(detail, [row({ text: '-1', reasonId: 11 })], true)).toBe(false);
    expect(canMarkAsPicked(detail, [row()], false)).toBe(false);
  });
});

describe('the summary and the edit body', () => {
  it("says 'Picked X of Y items (Z%)', rounded, 0 without items", () => {
    expect(progressText(testPicklist({ items: [partial, testItem(1), testItem(2)] }))).toBe('Picked 1 of 3 items (33%)');
    expect(progressText(testPicklist({ items: [partial, picked, testItem(2)] }))).toBe('Picked 2 of 3 items (67%)');
    expect(progressText(testPicklist({ items: [] }))).toBe('Picked 0 of 0 items (0%)');
  });

  it("does not count an item picked 0 ('Not found') as picked", () => {
    const notFound = testItem(7, { pick_status: 'partial', pick_status_code: 'partial', pick_status_label: 'Partially Picked', no_of_case_picked: 0, reason_id: 12, reason_label: 'Not found in location' });
    expect(progressText(testPicklist({ items: [notFound, picked, testItem(2)] }))).toBe('Picked 1 of 3 items (33%)');
  });

  it('sends the reason with a short pick only', () => {
    expect(lineOf(pickRow(testItem(1), { text: '3', reasonId: 11 }, open))).toEqual({ picklist_item_id: 1, no_of_cases: 3, reason_id: 11 });
    expect(lineOf(pickRow(testItem(1), { text: '5', reasonId: 11 }, open))).toEqual({ picklist_item_id: 1, no_of_cases: 5 });
  });
});
