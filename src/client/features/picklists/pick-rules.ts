// The spec's picking rules (section 5, Picked quantity; section 4, Picklist statuses), as pure functions
// the item cards, the desktop table and 'Mark as Picked' share.
import type { PicklistDetail, PicklistItem } from '../../../shared/api/picklists';
import { itemCountsAsPicked, PICK_MESSAGES } from '../../../shared/api/picklist-protocol';
import { PICK_ITEM_STATUS_FALLBACK_LABEL, PICK_ITEM_STATUS_LABELS } from '../../../shared/enums';
import { percentComplete } from '../../../shared/labels';

/** What the picker has typed or chosen for an item and not saved yet. */
export type PickDraft = { text?: string; reasonId?: number | null };

/** An item as the screen shows it: the value entered (or the starting one) and what may be done with it. */
export type PickRow = {
  item: PicklistItem;
  /** The Case Picked field's text. */
  text: string;
  picked: number;
  reasonId: number | null;
  editable: boolean;
  selectable: boolean;
  showReason: boolean;
  error: string | null;
};

export const isClosed = (detail: Pick<PicklistDetail, 'pick_status_label'>) => detail.pick_status_label === 'Picked' || detail.pick_status_label === 'Cancelled';

/** Fully picked items are done: neither selectable nor editable. */
const isItemPicked = (item: PicklistItem) => item.pick_status === 'complete';

/** Rows a picking system marked as skipped (a status code outside picked and partial). */
const isItemSkipped = (item: PicklistItem) => item.pick_status_code?.toLowerCase() === 'skipped';

/** A not-yet-picked item starts at its ordered count; a picked one at what was picked. */
export function initialPicked(item: PicklistItem): number {
  return item.pick_status === null ? item.no_of_case_ordered : (item.no_of_case_picked ?? 0);
}

/** Blank or non-numeric becomes 0; a fraction is cut to whole cases. */
export function parsePicked(text: string): number {
  const trimmed = text.trim();
  const value = trimmed === '' ? 0 : Number(trimmed);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

/** The reason dropdown shows if the item has no pick status or fewer cases than ordered are picked. */
export const reasonShown = (item: PicklistItem, picked: number) => item.pick_status === null || picked < item.no_of_case_ordered;

/** The spec's message for the value, or null when it may be saved. */
export function pickError(picked: number, ordered: number, reasonId: number | null): string | null {
  if (picked < 0) return PICK_MESSAGES.negative;
  if (picked > ordered) return PICK_MESSAGES.overOrdered(ordered);
  if (picked < ordered && reasonId === null) return PICK_MESSAGES.reasonRequired(ordered);
  return null;
}

export function pickRow(item: PicklistItem, draft: PickDraft | undefined, context: { canPick: boolean; closed: boolean; locked?: boolean }): PickRow {
  const text = draft?.text ?? String(initialPicked(item));
  const picked = parsePicked(text);
  const reasonId = draft?.reasonId !== undefined ? draft.reasonId : item.reason_id;
  const selectable = !context.closed && !isItemPicked(item) && !isItemSkipped(item) && !context.locked;
  const editable = context.canPick && selectable;
  return {
    item,
    text,
    picked,
    reasonId,
    editable,
    selectable,
    showReason: reasonShown(item, picked),
    error: editable ? pickError(picked, item.no_of_case_ordered, reasonShown(item, picked) ? reasonId : null) : null,
  };
}

/** Rows are multi-select unless every item is picked or the picklist is cancelled (or picked). */
export function selectionEnabled(detail: PicklistDetail, canPick: boolean): boolean {
  return canPick && !isClosed(detail) && detail.items.some((item) => !isItemPicked(item) && !isItemSkipped(item));
}

/**
 * 'Mark as Picked' is enabled when something is selected, the picklist is open, and every selected short
 * pick has a reason (and, beyond the spec, no selected value is out of range: the server would refuse it).
 */
export function canMarkAsPicked(detail: PicklistDetail, selected: readonly PickRow[], canPick: boolean): boolean {
  if (!canPick || selected.length === 0 || isClosed(detail)) return false;
  return selected.every((row) => row.editable && row.error === null && !(row.picked < row.item.no_of_case_ordered && row.reasonId === null));
}

/** The picklist's progress: items picked, of all its items, and the rounded percent (0 without items). */
export function pickProgress(detail: Pick<PicklistDetail, 'items'>): { picked: number; total: number; percent: number } {
  const picked = detail.items.filter(itemCountsAsPicked).length;
  return { picked, total: detail.items.length, percent: percentComplete(picked, detail.items.length) };
}

/** 'Picked X of Y items (Z%)'. */
export function progressText(detail: Pick<PicklistDetail, 'items'>): string {
  const { picked, total, percent } = pickProgress(detail);
  return `Picked ${picked} of ${total} items (${percent}%)`;
}

/** The spec's label for the item's pick status, from its code: a copy cached before a label changed reads the same. */
export const itemStatusLabel = (item: Pick<PicklistItem, 'pick_status'>) => (item.pick_status === null ? PICK_ITEM_STATUS_FALLBACK_LABEL : PICK_ITEM_STATUS_LABELS[item.pick_status]);

/** The edit body's line for a row: the reason only travels with a short pick. */
export function lineOf(row: PickRow): { picklist_item_id: number; no_of_cases: number; reason_id?: number } {
  const short = row.picked < row.item.no_of_case_ordered;
  return { picklist_item_id: row.item.picklist_item_id, no_of_cases: row.picked, ...(short && row.reasonId !== null ? { reason_id: row.reasonId } : {}) };
}
