// Import item-issue reason codes of the spec, and the pick short-reason catalogue.
// Exports tagged @public are used by the inventory import and reconciliation issues; knip leaves them until then.

/** @public */
export const IMPORT_REASON_LABELS = {
  '001': 'miss_item',
  '002': 'miss_attr',
  '005': 'miss_test',
  '006': 'test_failed',
  '007': 'invalid_data',
  '008': 'sync_error',
  '009': 'manual_review',
  '010': 'discontinued',
  '020': 'new_batch',
  '021': 'new_tag',
} as const;
export type ImportReasonCode = keyof typeof IMPORT_REASON_LABELS;
export const IMPORT_REASON_CODES = Object.keys(IMPORT_REASON_LABELS) as ImportReasonCode[];

/**
 * Human wording for each reason, shown beside the spec's label.
 * @public
 */
export const IMPORT_REASON_DESCRIPTIONS: Record<ImportReasonCode, string> = {
  '001': 'No ERP product matches the seed-to-sale item',
  '002': 'The ERP product is missing a required attribute',
  '005': 'No lab test result was found for the batch',
  '006': 'The batch failed its lab test',
  '007': 'The seed-to-sale record holds invalid data',
  '008': 'The seed-to-sale system could not be synchronised',
  '009': 'The batch needs a manual review',
  '010': 'The ERP product is discontinued',
  '020': 'A new batch was found',
  '021': 'A new tag was found for a known batch',
};

/** Codes arrive as '001' or 'RC-001'; the prefix is stripped before lookup. */
export function importReasonLabel(code: string): string {
  const bare = code.trim().replace(/^RC-/i, '');
  return (IMPORT_REASON_LABELS as Record<string, string>)[bare] ?? bare;
}

/** Reasons a picker can give for a short pick. 'Other' is the catch-all the spec names. */
export const PICK_REASONS = [
  { code: 'DAMAGED', label: 'Damaged' },
  { code: 'NOT_FOUND', label: 'Not found in location' },
  { code: 'SHORT_STOCK', label: 'Short stock' },
  { code: 'EXPIRED', label: 'Expired' },
  { code: 'QUALITY_HOLD', label: 'Quality hold' },
  { code: 'OTHER', label: 'Other' },
] as const;

/**
 * Reasons for accepting seed-to-sale quantities in reconciliation.
 * @public
 */
export const RECONCILIATION_REASONS = [
  { code: 'S2S_CORRECT', label: 'Seed-to-sale count is correct' },
  { code: 'DAMAGED', label: 'Damaged product destroyed' },
  { code: 'SAMPLE', label: 'Samples taken' },
  { code: 'OTHER', label: 'Other' },
] as const;
