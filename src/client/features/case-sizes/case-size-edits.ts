// The rules of editing standard case sizes on the client: what a slot input accepts, the edits kept per
// product and slot until saved or discarded, the checks run before a save (the server's limits), the
// payload of changed slots, and what the save's answer means for the screen.
import {
  CASE_SIZE_MESSAGES,
  CASE_SIZE_SLOTS,
  caseSizeSlotKey,
  MAX_CASE_SIZE,
  MIN_CASE_SIZE,
  type CaseSizeRow,
  type CaseSizeSlot,
  type ManageCaseSizesAnswer,
  type ManageCaseSizesBody,
} from '../../../shared/api/case-sizes';

type SlotValues = Record<CaseSizeSlot, number | null>;

/** One edited slot: what is typed (digits, possibly none while the user is typing) and why the server refused it. */
export type CellEdit = { value: string; refusal?: string };

/** A product's edited slots, with the values the list showed when editing began. */
type ProductEdits = { productId: number; productName: string; original: SlotValues; cells: Partial<Record<CaseSizeSlot, CellEdit>> };

/** Every product with at least one edited slot, by product id. Kept across pages, sorts and searches. */
export type CaseSizeEdits = ReadonlyMap<number, ProductEdits>;

export const NO_EDITS: CaseSizeEdits = new Map();

export const slotLabel = (slot: CaseSizeSlot) => `Standard Case Size ${slot}`;
const count = new Intl.NumberFormat('en-US');

function originalValues(row: CaseSizeRow): SlotValues {
  return {
    1: row.case_sizes_1,
    2: row.case_sizes_2,
    3: row.case_sizes_3,
    4: row.case_sizes_4,
    5: row.case_sizes_5,
  };
}

/** What a slot input accepts: digits, nothing else (a sign, point, exponent or letter is simply not entered). */
export function digitsOnly(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** A key that types a character other than a digit is not entered; shortcuts and editing keys are left alone. */
export function isRefusedKey(key: string, withShortcutModifier: boolean): boolean {
  return key.length === 1 && !withShortcutModifier && !/^\d$/.test(key);
}

const sameNumber = (value: string, original: number | null) => value !== '' && original !== null && Number(value) === original;

function withProduct(edits: CaseSizeEdits, productId: number, product: ProductEdits | null): CaseSizeEdits {
  const next = new Map(edits);
  if (product && Object.keys(product.cells).length > 0) next.set(productId, product);
  else next.delete(productId);
  return next;
}

function withCell(edits: CaseSizeEdits, product: ProductEdits, slot: CaseSizeSlot, cell: CellEdit | null): CaseSizeEdits {
  const cells = { ...product.cells };
  if (cell) cells[slot] = cell;
  else delete cells[slot];
  return withProduct(edits, product.productId, { ...product, cells });
}

/** The edit of one slot, or undefined when it shows the saved value. */
export function cellEdit(edits: CaseSizeEdits, productId: number, slot: CaseSizeSlot): CellEdit | undefined {
  return edits.get(productId)?.cells[slot];
}

/** What a slot shows: the typed value while edited, else the saved one ('' for an empty slot). */
export function shownValue(edits: CaseSizeEdits, row: CaseSizeRow, slot: CaseSizeSlot): string {
  const edit = cellEdit(edits, row.productId, slot);
  if (edit) return edit.value;
  const saved = row[caseSizeSlotKey(slot)];
  return saved === null ? '' : String(saved);
}

/**
 * The user typed in a slot. Typing the saved value back ends the edit; an emptied slot stays empty while
 * the user is in it (settleCell reverts it). A refusal belongs to the value refused, so a new value drops it.
 */
export function typeInCell(edits: CaseSizeEdits, row: CaseSizeRow, slot: CaseSizeSlot, raw: string): CaseSizeEdits {
  const product = edits.get(row.productId) ?? { productId: row.productId, productName: row.productName, original: originalValues(row), cells: {} };
  const value = digitsOnly(raw);
  const previous = product.cells[slot];
  if (previous?.value === value) return edits;
  if (sameNumber(value, product.original[slot]) || (value === '' && product.original[slot] === null)) return withCell(edits, product, slot, null);
  return withCell(edits, product, slot, { value });
}

/** The user left a slot: an emptied slot goes back to its saved value, and '012' is written 12. */
export function settleCell(edits: CaseSizeEdits, productId: number, slot: CaseSizeSlot): CaseSizeEdits {
  const product = edits.get(productId);
  const cell = product?.cells[slot];
  if (!product || !cell) return edits;
  if (cell.value === '' || sameNumber(cell.value, product.original[slot])) return withCell(edits, product, slot, null);
  const written = String(Number(cell.value));
  return written === cell.value ? edits : withCell(edits, product, slot, { ...cell, value: written });
}

/** Escape: the slot shows its saved value again. */
export function revertCell(edits: CaseSizeEdits, productId: number, slot: CaseSizeSlot): CaseSizeEdits {
  const product = edits.get(productId);
  return product?.cells[slot] ? withCell(edits, product, slot, null) : edits;
}

/** Edited slots with a value to save (an emptied slot being typed in is not one). */
function changedCells(product: ProductEdits): { slot: CaseSizeSlot; value: number; cell: CellEdit }[] {
  return CASE_SIZE_SLOTS.flatMap((slot) => {
    const cell = product.cells[slot];
    return cell && cell.value !== '' ? [{ slot, value: Number(cell.value), cell }] : [];
  });
}

export function editCount(edits: CaseSizeEdits): number {
  let total = 0;
  for (const product of edits.values()) total += changedCells(product).length;
  return total;
}

export const cellKey = (productId: number, slot: CaseSizeSlot) => `${productId}:${slot}`;

/** A slot problem the client finds before saving: the server's limits, so a save it would refuse is never sent. */
export type CellProblem = { productId: number; productName: string; slot: CaseSizeSlot; message: string };

// Short enough to show whole under a slot in the desktop table.
const OUT_OF_RANGE_MESSAGE = `Must be ${count.format(MIN_CASE_SIZE)} to ${count.format(MAX_CASE_SIZE)}`;
const duplicateMessage = (otherSlot: CaseSizeSlot, value: number) => `Same as size ${otherSlot} (${count.format(value)})`;

/** What a refused slot says in the desktop table, where the server's reason does not fit; the reason is its title and description. */
export const REFUSED_SHORT_MESSAGE = 'Not saved: in use';

/** The server names the product first ('Blue Dream 3.5g: case size 2 …'); beside that product's own slots the name is noise. */
export function withoutProductName(reason: string, productName: string): string {
  const prefix = `${productName}: `;
  return reason.startsWith(prefix) ? reason.slice(prefix.length) : reason;
}

/** Out of range, or the same size as another slot of the product after the change: keyed by cellKey. */
export function validateEdits(edits: CaseSizeEdits): Map<string, CellProblem> {
  const problems = new Map<string, CellProblem>();
  for (const product of edits.values()) {
    const after: SlotValues = { ...product.original };
    for (const { slot, value } of changedCells(product)) after[slot] = value;
    for (const { slot, value } of changedCells(product)) {
      const other = CASE_SIZE_SLOTS.find((candidate) => candidate !== slot && after[candidate] === value);
      const message = value < MIN_CASE_SIZE || value > MAX_CASE_SIZE ? OUT_OF_RANGE_MESSAGE : other !== undefined ? duplicateMessage(other, value) : null;
      if (message) problems.set(cellKey(product.productId, slot), { productId: product.productId, productName: product.productName, slot, message });
    }
  }
  return problems;
}

/** What Save says while slots need fixing. */
export function fixBeforeSavingMessage(problemCount: number): string {
  return `Fix ${problemCount} case ${problemCount === 1 ? 'size' : 'sizes'} before saving: see the ${problemCount === 1 ? 'message' : 'messages'} in red.`;
}

/** The save request: only the slots that changed, per product. */
export function savePayload(edits: CaseSizeEdits): ManageCaseSizesBody['products'] {
  return [...edits.values()].flatMap((product) => {
    const caseSizes = changedCells(product).map(({ slot, value }) => ({ caseIndex: slot, value }));
    return caseSizes.length > 0 ? [{ productId: product.productId, caseSizes }] : [];
  });
}

type SaveOutcomeKind = 'saved' | 'partial' | 'allFailed' | 'failed';

export type SaveOutcome = {
  kind: SaveOutcomeKind;
  message: string;
  /** Saved and failed messages go after 5 s; refusals stay until dismissed, beside the cells they are about. */
  autoDismiss: boolean;
  /** The slots the server changed, with their new values. */
  applied: { productId: number; slot: CaseSizeSlot; value: number | null }[];
  /** The refused slots and the server's reason, keyed by cellKey. */
  refused: Map<string, string>;
};

const isSlot = (index: number): index is CaseSizeSlot => (CASE_SIZE_SLOTS as readonly number[]).includes(index);

/**
 * What a save's answer means: nothing refused is a success; some slots applied and some refused is the
 * partial message; everything refused is the all-failed message. An error or `success: false` is a failure.
 */
export function saveOutcome(answer: { success: boolean; data: ManageCaseSizesAnswer } | { error: unknown }): SaveOutcome {
  if ('error' in answer || !answer.success) {
    return { kind: 'failed', message: CASE_SIZE_MESSAGES.failed, autoDismiss: true, applied: [], refused: new Map() };
  }
  const { successfulUpdates, failedUpdates } = answer.data;
  const applied = successfulUpdates.flatMap((product) =>
    product.caseSizes.flatMap((slot) => (isSlot(slot.caseIndex) ? [{ productId: product.productId, slot: slot.caseIndex, value: slot.value }] : [])),
  );
  const refused = new Map(failedUpdates.flatMap((product) => product.caseSizes.map((slot) => [cellKey(product.productId, slot.caseIndex as CaseSizeSlot), slot.reason] as const)));
  if (refused.size === 0) return { kind: 'saved', message: CASE_SIZE_MESSAGES.saved, autoDismiss: true, applied, refused };
  if (applied.length > 0) return { kind: 'partial', message: CASE_SIZE_MESSAGES.partial, autoDismiss: false, applied, refused };
  return { kind: 'allFailed', message: CASE_SIZE_MESSAGES.allFailed, autoDismiss: false, applied, refused };
}

/**
 * The edits after a save of `sent`: a refused slot stays edited, keeping the value tried and the server's
 * reason; a slot that was saved leaves the edit state. A slot typed in again while the save ran keeps the
 * newer value. After a failed save every edit stays as it was.
 */
export function afterSave(edits: CaseSizeEdits, sent: ManageCaseSizesBody['products'], outcome: SaveOutcome): CaseSizeEdits {
  if (outcome.kind === 'failed') return edits;
  let next = edits;
  for (const product of sent) {
    for (const { caseIndex, value } of product.caseSizes) {
      const slot = caseIndex as CaseSizeSlot;
      const current = next.get(product.productId);
      const cell = current?.cells[slot];
      if (!current || !cell || cell.value !== String(value)) continue;
      const refusal = outcome.refused.get(cellKey(product.productId, slot));
      next = withCell(next, current, slot, refusal === undefined ? null : { value: cell.value, refusal });
    }
  }
  return next;
}

/** The list rows with the applied slots written in, so a saved value shows at once, before the list is fetched again. */
export function withAppliedSlots(rows: CaseSizeRow[], applied: SaveOutcome['applied']): CaseSizeRow[] {
  if (applied.length === 0) return rows;
  return rows.map((row) => {
    const changes = applied.filter((slot) => slot.productId === row.productId);
    if (changes.length === 0) return row;
    const next = { ...row };
    for (const change of changes) next[caseSizeSlotKey(change.slot)] = change.value;
    return next;
  });
}

/** The line under a save that made an import's Case Size Errors fit, or null when none now fit. */
export function importRecheckText(recheck: ManageCaseSizesAnswer['importRecheck']): string | null {
  if (!recheck || recheck.fixed <= 0) return null;
  const fixed = `${count.format(recheck.fixed)} Case Size ${recheck.fixed === 1 ? 'Error' : 'Errors'} of import ${recheck.referenceId} now ${recheck.fixed === 1 ? 'fits' : 'fit'}`;
  return recheck.remaining > 0 ? `${fixed}; ${count.format(recheck.remaining)} still ${recheck.remaining === 1 ? 'needs' : 'need'} a case size.` : `${fixed}.`;
}

export type ProductName = { name: string; type: typeof CASE_SIZE_MESSAGES.s2sName | typeof CASE_SIZE_MESSAGES.aliasName };

/** The product's S2S name first, then its aliases: what the names dialog lists. */
export function productNames(row: Pick<CaseSizeRow, 's2sItemName' | 'aliasNames'>): ProductName[] {
  return [
    ...(row.s2sItemName === null ? [] : [{ name: row.s2sItemName, type: CASE_SIZE_MESSAGES.s2sName }]),
    ...row.aliasNames.map((name) => ({ name, type: CASE_SIZE_MESSAGES.aliasName })),
  ];
}
