import { describe, expect, it } from 'vitest';
import { CASE_SIZE_MESSAGES, type CaseSizeRow, type ManageCaseSizesAnswer } from '../../../shared/api/case-sizes';
import {
  afterSave,
  digitsOnly,
  editCount,
  fixBeforeSavingMessage,
  importRecheckText,
  isRefusedKey,
  NO_EDITS,
  productNames,
  revertCell,
  saveOutcome,
  savePayload,
  settleCell,
  shownValue,
  typeInCell,
  validateEdits,
  withAppliedSlots,
  type CaseSizeEdits,
} from './case-size-edits';

function row(overrides: Partial<CaseSizeRow> = {}): CaseSizeRow {
  return {
    productId: 7,
    productName: 'Blue Dream 3.5g',
    s2sItemName: 'BD Flower 3.5g',
    aliasNames: [],
    categoryName: 'Flower',
    subcategoryName: 'Eighths',
    brandName: 'Greenleaf',
    case_sizes_1: 12,
    case_sizes_2: 24,
    case_sizes_3: null,
    case_sizes_4: null,
    case_sizes_5: null,
    ...overrides,
  };
}

const BLUE = row();
const SOUR = row({ productId: 8, productName: 'Sour Diesel 1g', case_sizes_1: 10, case_sizes_2: null });

function answer(data: Partial<ManageCaseSizesAnswer>, success = true) {
  return {
    success,
    data: { summary: { totalProducts: 0, successfulUpdates: 0, failedUpdates: 0, updatedProductIds: [] }, successfulUpdates: [], failedUpdates: [], importRecheck: null, ...data },
  };
}

describe('what a slot accepts', () => {
  it('keeps digits only: signs, points, exponents, spaces and letters are not entered', () => {
    expect(digitsOnly('12')).toBe('12');
    expect(digitsOnly('-1.5e3 x')).toBe('153');
    expect(digitsOnly('')).toBe('');
    expect(isRefusedKey('e', false)).toBe(true);
    expect(isRefusedKey('-', false)).toBe(true);
    expect(isRefusedKey('.', false)).toBe(true);
    expect(isRefusedKey('7', false)).toBe(false);
    // Editing keys and shortcuts (select all, paste) still work.
    expect(isRefusedKey('Backspace', false)).toBe(false);
    expect(isRefusedKey('ArrowLeft', false)).toBe(false);
    expect(isRefusedKey('v', true)).toBe(false);
  });
});

describe('editing a slot', () => {
  it('keeps an edit per product and slot, and typing the saved value back ends it', () => {
    let edits = typeInCell(NO_EDITS, BLUE, 3, '36');
    edits = typeInCell(edits, SOUR, 1, '20');
    expect(shownValue(edits, BLUE, 3)).toBe('36');
    expect(shownValue(edits, SOUR, 1)).toBe('20');
    expect(shownValue(edits, BLUE, 1)).toBe('12');
    expect(shownValue(edits, BLUE, 4)).toBe('');
    expect(editCount(edits)).toBe(2);

    edits = typeInCell(edits, SOUR, 1, '10');
    expect(editCount(edits)).toBe(1);
    expect(edits.has(SOUR.productId)).toBe(false);
  });

  it('reverts a cleared slot to its saved value when the user leaves it, and does not count it meanwhile', () => {
    let edits = typeInCell(NO_EDITS, BLUE, 2, '');
    expect(shownValue(edits, BLUE, 2)).toBe('');
    expect(editCount(edits)).toBe(0);
    edits = settleCell(edits, BLUE.productId, 2);
    expect(shownValue(edits, BLUE, 2)).toBe('24');
    expect(edits.size).toBe(0);
  });

  it('writes leading zeros away on leaving, and a value equal to the saved one is no change', () => {
    let edits = typeInCell(NO_EDITS, BLUE, 3, '0048');
    edits = settleCell(edits, BLUE.productId, 3);
    expect(shownValue(edits, BLUE, 3)).toBe('48');
    edits = typeInCell(edits, BLUE, 1, '012');
    edits = settleCell(edits, BLUE.productId, 1);
    expect(shownValue(edits, BLUE, 1)).toBe('12');
    expect(editCount(edits)).toBe(1);
  });

  it('clearing an empty slot is no change at all', () => {
    expect(typeInCell(NO_EDITS, BLUE, 4, '')).toEqual(NO_EDITS);
  });

  it('Escape puts the saved value back', () => {
    const edits = revertCell(typeInCell(NO_EDITS, BLUE, 1, '99'), BLUE.productId, 1);
    expect(shownValue(edits, BLUE, 1)).toBe('12');
    expect(edits.size).toBe(0);
  });
});

describe('checking before a save', () => {
  it('refuses sizes outside 1 to 10,000', () => {
    let edits = typeInCell(NO_EDITS, BLUE, 3, '0');
    edits = typeInCell(edits, BLUE, 4, '10001');
    edits = typeInCell(edits, BLUE, 5, '10000');
    const problems = validateEdits(edits);
    expect(problems.get('7:3')?.message).toBe('Must be 1 to 10,000');
    expect(problems.get('7:4')?.message).toBe('Must be 1 to 10,000');
    expect(problems.has('7:5')).toBe(false);
    expect(problems.get('7:3')).toMatchObject({ productName: 'Blue Dream 3.5g', slot: 3 });
  });

  it('refuses a size another slot of the product has after the change, and allows a move or a swap', () => {
    // 12 is already slot 1.
    expect(validateEdits(typeInCell(NO_EDITS, BLUE, 3, '12')).get('7:3')?.message).toBe('Same as size 1 (12)');
    // Two new slots with the same size: both say so.
    const twice = validateEdits(typeInCell(typeInCell(NO_EDITS, BLUE, 3, '48'), BLUE, 4, '48'));
    expect(twice.get('7:3')?.message).toBe('Same as size 4 (48)');
    expect(twice.get('7:4')?.message).toBe('Same as size 3 (48)');
    // Swapping 12 and 24, or moving 12 to slot 3 while slot 1 becomes 6, is fine.
    expect(validateEdits(typeInCell(typeInCell(NO_EDITS, BLUE, 1, '24'), BLUE, 2, '12')).size).toBe(0);
    expect(validateEdits(typeInCell(typeInCell(NO_EDITS, BLUE, 1, '6'), BLUE, 3, '12')).size).toBe(0);
    // The same size in two products is not a duplicate.
    expect(validateEdits(typeInCell(typeInCell(NO_EDITS, BLUE, 3, '36'), SOUR, 2, '36')).size).toBe(0);
  });

  it('says how many slots to fix', () => {
    expect(fixBeforeSavingMessage(1)).toBe('Fix 1 case size before saving: see the message in red.');
    expect(fixBeforeSavingMessage(3)).toBe('Fix 3 case sizes before saving: see the messages in red.');
  });
});

describe('the save request', () => {
  it('sends only the changed slots, per product, in slot order', () => {
    let edits = typeInCell(NO_EDITS, BLUE, 4, '48');
    edits = typeInCell(edits, BLUE, 3, '36');
    edits = typeInCell(edits, SOUR, 2, '20');
    // A slot being emptied is not sent (it reverts), and a product with nothing else changed is left out.
    edits = typeInCell(edits, row({ productId: 9, productName: 'Gelato 1g' }), 1, '');
    expect(savePayload(edits)).toEqual([
      {
        productId: 7,
        caseSizes: [
          { caseIndex: 3, value: 36 },
          { caseIndex: 4, value: 48 },
        ],
      },
      { productId: 8, caseSizes: [{ caseIndex: 2, value: 20 }] },
    ]);
  });
});

describe('what a save answer means', () => {
  const refusal = 'Blue Dream 3.5g: case size 2 (24) is used by batch MN-B-000123 with stock';

  it('nothing refused: saved, and the message goes after 5 s', () => {
    const outcome = saveOutcome(answer({ successfulUpdates: [{ productId: 7, caseSizes: [{ caseIndex: 3, value: 36 }] }] }));
    expect(outcome).toMatchObject({ kind: 'saved', message: CASE_SIZE_MESSAGES.saved, autoDismiss: true });
    expect(outcome.applied).toEqual([{ productId: 7, slot: 3, value: 36 }]);
  });

  it('some applied and some refused: the partial message, which stays, with the refused cells', () => {
    const outcome = saveOutcome(
      answer({
        successfulUpdates: [{ productId: 8, caseSizes: [{ caseIndex: 2, value: 20 }] }],
        failedUpdates: [{ productId: 7, productName: 'Blue Dream 3.5g', caseSizes: [{ caseIndex: 2, value: 30, currentValue: 24, reason: refusal }] }],
      }),
    );
    expect(outcome).toMatchObject({ kind: 'partial', message: CASE_SIZE_MESSAGES.partial, autoDismiss: false });
    expect([...outcome.refused]).toEqual([['7:2', refusal]]);
  });

  it('everything refused: the all-failed message', () => {
    const outcome = saveOutcome(
      answer({ failedUpdates: [{ productId: 7, productName: 'Blue Dream 3.5g', caseSizes: [{ caseIndex: 2, value: 30, currentValue: 24, reason: refusal }] }] }),
    );
    expect(outcome).toMatchObject({ kind: 'allFailed', message: CASE_SIZE_MESSAGES.allFailed, autoDismiss: false });
  });

  it('an error or success: false: something went wrong, gone after 5 s', () => {
    expect(saveOutcome({ error: new Error('offline') })).toMatchObject({ kind: 'failed', message: CASE_SIZE_MESSAGES.failed, autoDismiss: true });
    expect(saveOutcome(answer({}, false))).toMatchObject({ kind: 'failed', message: CASE_SIZE_MESSAGES.failed, autoDismiss: true });
  });

  it('after the save, refused slots keep the value tried and the reason, and saved slots leave the edit state', () => {
    let edits: CaseSizeEdits = typeInCell(NO_EDITS, BLUE, 2, '30');
    edits = typeInCell(edits, BLUE, 3, '36');
    edits = typeInCell(edits, SOUR, 2, '20');
    const sent = savePayload(edits);
    const outcome = saveOutcome(
      answer({
        successfulUpdates: [
          { productId: 7, caseSizes: [{ caseIndex: 3, value: 36 }] },
          { productId: 8, caseSizes: [{ caseIndex: 2, value: 20 }] },
        ],
        failedUpdates: [{ productId: 7, productName: 'Blue Dream 3.5g', caseSizes: [{ caseIndex: 2, value: 30, currentValue: 24, reason: refusal }] }],
      }),
    );
    const after = afterSave(edits, sent, outcome);
    expect(editCount(after)).toBe(1);
    expect(after.get(7)?.cells).toEqual({ 2: { value: '30', refusal } });
    expect(after.has(8)).toBe(false);

    // Typing a new value in the refused slot drops the refusal: it was about the old value.
    expect(typeInCell(after, BLUE, 2, '32').get(7)?.cells[2]).toEqual({ value: '32' });
  });

  it('keeps a value typed while the save ran, and every edit after a failure', () => {
    const edits = typeInCell(NO_EDITS, BLUE, 3, '36');
    const sent = savePayload(edits);
    const saved = saveOutcome(answer({ successfulUpdates: [{ productId: 7, caseSizes: [{ caseIndex: 3, value: 36 }] }] }));
    const typedMeanwhile = typeInCell(edits, BLUE, 3, '40');
    expect(shownValue(afterSave(typedMeanwhile, sent, saved), BLUE, 3)).toBe('40');
    expect(afterSave(edits, sent, saveOutcome({ error: new Error('500') }))).toBe(edits);
  });

  it('writes the applied slots into the list rows so they show before the list is fetched again', () => {
    const rows = withAppliedSlots([BLUE, SOUR], [{ productId: 7, slot: 3, value: 36 }]);
    expect(rows[0]).toMatchObject({ case_sizes_1: 12, case_sizes_3: 36 });
    expect(rows[1]).toBe(SOUR);
  });

  it('names how many Case Size Errors of the import now fit, when any do', () => {
    expect(importRecheckText(null)).toBeNull();
    expect(importRecheckText({ referenceId: 'IMP-MN-000012', fixed: 0, remaining: 3 })).toBeNull();
    expect(importRecheckText({ referenceId: 'IMP-MN-000012', fixed: 1, remaining: 0 })).toBe('1 Case Size Error of import IMP-MN-000012 now fits.');
    expect(importRecheckText({ referenceId: 'IMP-MN-000012', fixed: 2, remaining: 3 })).toBe('2 Case Size Errors of import IMP-MN-000012 now fit; 3 still need a case size.');
  });
});

describe("a product's names", () => {
  it('lists the S2S name first, then the aliases, each with its type', () => {
    expect(productNames({ s2sItemName: 'BD Flower 3.5g', aliasNames: ['Blue Dream Eighth', 'BD 3.5'] })).toEqual([
      { name: 'BD Flower 3.5g', type: 'S2S Name' },
      { name: 'Blue Dream Eighth', type: 'Alias Name' },
      { name: 'BD 3.5', type: 'Alias Name' },
    ]);
    expect(productNames({ s2sItemName: null, aliasNames: [] })).toEqual([]);
  });
});
