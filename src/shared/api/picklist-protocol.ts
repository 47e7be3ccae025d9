// The picklist vocabulary the client needs at run time, without zod (the phone's offline sync loads
// with every signed-in screen): register columns, the version tag of ETag and If-Match, the spec's pick
// messages. The schemas in picklists.ts re-export these.

export const PICKLIST_REGISTER_SORT_COLUMNS = [
  'picklist_reference_id',
  'reference_id',
  'inventory_location_name',
  'customer_name',
  'total_cases',
  'percentage_completion',
  'requested_delivery_date',
  'pick_status_label',
  'updated_ts',
  'created_ts',
] as const;
/** Every sortable column can be filtered too (its own array: knip reads a second name for one array as a duplicate export). */
export const PICKLIST_REGISTER_FILTER_COLUMNS: readonly (typeof PICKLIST_REGISTER_SORT_COLUMNS)[number][] = [...PICKLIST_REGISTER_SORT_COLUMNS];

export const MAX_PICK_EDIT_ITEMS = 500;

/**
 * Waiting edits of one picklist sent in one call (POST /picklist/{id}/edits), at most. The outbox also
 * settles applied edits this many at a time.
 */
export const MAX_PICK_EDIT_BATCH = 50;

/** The header a picklist's version travels in (ETag out, If-Match in), as a strong tag: "v12". */
export function versionTag(version: number): string {
  return `"v${version}"`;
}

export function parseVersionTag(value: string | undefined): number | null {
  const match = /^(?:W\/)?"v(\d+)"$/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** The spec's validation messages for picked quantities. */
export const PICK_MESSAGES = {
  negative: 'Quantity cannot be negative',
  reasonRequired: (ordered: number) => `Items with picked quantity less than ordered quantity (${ordered}) require a reason`,
  overOrdered: (ordered: number) => `Cannot exceed ordered quantity (${ordered})`,
  saveFailedReason: 'Please fix validation errors: Items with picked quantity less than ordered quantity require a reason.',
  saveFailed: 'Failed to mark items as picked. Please try again.',
  complete: 'Pick Complete',
} as const;

/**
 * An item counts as picked once it has a pick status and at least one case was picked: an item picked 0 (not
 * found, damaged) is done with, but nothing was picked. The server's percentage_completion
 * (picklists.repository.ts), the screen's 'Picked X of Y items' and the phone's offline copy all count this way.
 */
export const itemCountsAsPicked = (item: { pick_status: string | null; no_of_case_picked: number | null }) =>
  item.pick_status !== null && (item.no_of_case_picked ?? 0) > 0;
