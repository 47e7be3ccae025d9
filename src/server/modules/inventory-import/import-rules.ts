// What an import's fetch becomes: the detail rows of the four tabs, decided without a database so that the
// same packages, catalogue and stock always give the same rows in the same order. Commit applies the
// Inventory Updates rows; every other row is there for a person to read before that.
//
// Rules:
// - Matching (product-matching.ts): by S2S name or alias, case-insensitive, trimmed, inner whitespace
//   collapsed, exact after that. A name two products share matches neither (009 manual_review).
// - Packages are grouped into batches by their batch number. A known batch's quantity is our active units
//   moved by what changed on the fetched tags (a new tag adds all its units): the fetch holds the packages
//   changed in a window, so a tag missing from it is unchanged, not gone (reconciliation finds the gone ones).
//   A new batch's quantity is the sum of its fetched tags. A count beyond a database integer is 007.
// - Item Issues that block (the batch gets no Inventory Updates row), one row per batch per reason:
//   001 miss_item: no product matches.
//   010 discontinued: the product is not active.
//   002 miss_attr: the product lacks a category or an item size.
//   007 invalid_data: a quantity that is not a finite, non-negative whole number; an empty tag or batch
//       number; the same tag twice in one fetch.
//   009 manual_review: a package on hold; an ambiguous match; a batch whose packages carry items of
//       different products or lie in different locations (a batch has one product and one location); a known
//       batch whose new quantity is below what open orders reserve.
//   008 sync_error: a tag we already hold on another batch; a known batch reported with another product or
//       in another location than ours; a package in a location that is not one of the market's.
// - Informational Item Issues (the batch is still updated): 020 new_batch for each new batch that is
//   stocked; 021 new_tag for each known batch that gains tags and is updated.
// - Inventory Updates, one row per batch that changes: new_batch (unknown batch number), new_tag (known
//   batch, new tag numbers), quantity_changed (known batch, total or a tag's quantity differs). Both known
//   kinds carry previousQuantity = our active units. Unchanged batches give no row. payload.tags = the
//   batch's tags as fetched (finite quantities only: JSON has no NaN).
// - Lab Data Warnings (lab-rules.ts, not blocking), one row per batch: 006 test_failed when a package's
//   state is TestFailed or RetestFailed or a result did not pass; otherwise 005 miss_test when a package has
//   no result, a state other than TestPassed, RetestPassed, Remediated or NotRequired, or its lab expiry or
//   newest result's expiry before `now`. Lab values come from the batch's newest result.
// - Case Size Errors, for matched batches whose quantities are valid: the quantity is not a whole number of
//   any of the product's standard case sizes, or the product has none. The row carries standardCaseSizes.
//   A new batch that would otherwise be stocked is held back (no Inventory Updates row, no 020,
//   payload.heldBack = true) until the case sizes are fixed and the import refreshed; a commit that leaves it
//   out records it as an Item Issue 009 as well (import.service.ts), which an issue refresh closes once it fits.
// - Rows are ordered by tab (as IMPORT_TABS), then batch number, then reason code.
import type { S2SLabResult, S2SPackage } from '../../connectors/types';
import type { StockedBatch } from '../inventory/stock-import.repository';
import { IMPORT_TABS, type ImportTab } from '../../../shared/enums';
import { MAX_DB_INTEGER } from '../../../shared/api/protocol';
import type { ImportReasonCode } from '../../../shared/reason-codes';
import { checkCaseSize, standardCaseSizes } from './case-size-rules';
import { batchLab, type LabValues } from './lab-rules';
import { createProductIndex, type CatalogueProduct, type ProductMatch } from './product-matching';

/** A batch we hold, with its tags, as the inventory module reads it. */
export type KnownBatch = StockedBatch;

export type ImportLocation = { locationId: number; s2sLocationId: string; displayName: string };

type BatchChange = 'new_batch' | 'new_tag' | 'quantity_changed';

type DraftPayload = LabValues & {
  tags: { tagNumber: string; quantity: number }[];
  change?: BatchChange;
  previousQuantity?: number;
  expiryDate: string | null;
  standardCaseSizes?: number[];
  heldBack?: boolean;
};

export type DraftRow = {
  tab: ImportTab;
  batchNumber: string;
  productId: number | null;
  productName: string | null;
  s2sProductName: string;
  locationId: number | null;
  locationName: string;
  categoryName: string | null;
  reasonCode: ImportReasonCode | null;
  totalQuantity: number | null;
  caseSize: number | null;
  payload: DraftPayload;
};

type BuildInput = {
  packages: S2SPackage[];
  /** By packageId. */
  labResults: Map<string, S2SLabResult[]>;
  products: CatalogueProduct[];
  knownBatches: KnownBatch[];
  locations: ImportLocation[];
  now: Date;
};

/** A tag's units as a database integer holds them; anything else is invalid data (007), never a failed import. */
const isWholeUnits = (quantity: number) => Number.isInteger(quantity) && quantity >= 0 && quantity <= MAX_DB_INTEGER;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a package's item name stands for: its product, or the name itself when it matches no one product. */
function productKey(itemName: string, match: ProductMatch): string {
  return match.kind === 'matched' ? `product ${match.product.productId}` : `name ${itemName.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

/** The earliest calendar day among the packages' expiry dates, as the batches table stores it. */
function earliestExpiry(packages: S2SPackage[]): string | null {
  const days = packages.map((pkg) => /^\d{4}-\d{2}-\d{2}/.exec(pkg.expirationDate ?? '')?.[0]).filter((day): day is string => day !== undefined);
  return days.length === 0 ? null : days.sort()[0]!;
}

function groupByBatch(packages: S2SPackage[]): Map<string, S2SPackage[]> {
  const groups = new Map<string, S2SPackage[]>();
  for (const pkg of packages) {
    const key = pkg.batchNumber.trim();
    const group = groups.get(key);
    if (group) group.push(pkg);
    else groups.set(key, [pkg]);
  }
  for (const group of groups.values()) group.sort((a, b) => compareText(a.tag.trim(), b.tag.trim()) || compareText(a.packageId, b.packageId));
  return groups;
}

/** What one batch of the fetch is, before any rule speaks. */
type Batch = {
  batchNumber: string;
  packages: S2SPackage[];
  tags: DraftPayload['tags'];
  match: ProductMatch;
  product: CatalogueProduct | null;
  location: ImportLocation | null;
  known: KnownBatch | null;
  /** Null when a quantity is not whole units: no sum of them means anything. */
  total: number | null;
};

/** Lookups built once per import, shared by every batch. */
type Context = {
  findProduct: (s2sName: string) => ProductMatch;
  holderOfTag: Map<string, string>;
  timesFetched: Map<string, number>;
};

function hasInvalidData({ batchNumber, tags, total }: Batch, { timesFetched }: Context): boolean {
  return total === null || batchNumber === '' || tags.some((tag) => tag.tagNumber === '' || (timesFetched.get(tag.tagNumber) ?? 0) > 1);
}

function blockingIssues(batch: Batch, context: Context): Set<ImportReasonCode> {
  const { batchNumber, packages, tags, match, product, location, known, total } = batch;
  const reasons = new Set<ImportReasonCode>();
  if (match.kind === 'none') reasons.add('001');
  if (product && !product.isActive) reasons.add('010');
  if (product && (!product.categoryName?.trim() || product.itemSize === null || !(product.itemSize > 0))) reasons.add('002');
  if (hasInvalidData(batch, context)) reasons.add('007');
  if (
    match.kind === 'ambiguous' ||
    packages.some((pkg) => pkg.onHold) ||
    new Set(packages.map((pkg) => productKey(pkg.itemName, context.findProduct(pkg.itemName)))).size > 1 ||
    new Set(packages.map((pkg) => pkg.locationId)).size > 1 ||
    (known && total !== null && total < known.reservedUnits)
  )
    reasons.add('009');
  if (
    !location ||
    tags.some((tag) => (context.holderOfTag.get(tag.tagNumber) ?? batchNumber) !== batchNumber) ||
    (known && product && known.productId !== product.productId) ||
    (known && known.locationId !== location.locationId)
  )
    reasons.add('008');
  return reasons;
}

function batchRows(batch: Batch, context: Context, labResults: Map<string, S2SLabResult[]>, now: Date): DraftRow[] {
  const { batchNumber, packages, tags, product, location, known, total } = batch;
  const first = packages[0]!;
  const reasons = blockingIssues(batch, context);
  const caseCheck = product && total !== null && !hasInvalidData(batch, context) ? checkCaseSize(total, product.caseSizes) : null;
  const lab = batchLab(packages, labResults, now);
  const basePayload = { tags: tags.filter((tag) => Number.isFinite(tag.quantity)), ...lab.values, expiryDate: earliestExpiry(packages) };

  const row = (tab: ImportTab, reasonCode: ImportReasonCode | null, extra: Partial<DraftPayload> = {}): DraftRow => ({
    tab,
    batchNumber,
    productId: product?.productId ?? null,
    productName: product?.name ?? null,
    s2sProductName: first.itemName.trim(),
    locationId: location?.locationId ?? null,
    locationName: location?.displayName ?? first.locationName,
    categoryName: product ? product.categoryName : first.category,
    reasonCode,
    totalQuantity: total,
    caseSize: caseCheck?.ok ? caseCheck.caseSize : null,
    payload: { ...basePayload, ...extra },
  });

  const rows: DraftRow[] = [];
  // Every reason found so far blocks; 020 and 021, which only inform, are added below.
  const change = reasons.size > 0 ? null : batchChange(tags, total, known);
  // Only a batch that would otherwise be stocked is held back: the refresh may stock it once sizes are fixed.
  const heldBack = !known && change !== null && caseCheck !== null && !caseCheck.ok;
  if (change && !heldBack) {
    rows.push(row('inventory_updates', null, { change, ...(known ? { previousQuantity: known.activeUnits } : {}) }));
    if (change === 'new_batch') reasons.add('020');
    if (change === 'new_tag') reasons.add('021');
  }
  for (const reason of reasons) rows.push(row('item_issues', reason));
  if (lab.reasonCode) rows.push(row('lab_data_warnings', lab.reasonCode));
  if (caseCheck && !caseCheck.ok) rows.push(row('case_size_errors', null, { standardCaseSizes: standardCaseSizes(product!.caseSizes), heldBack }));
  return rows;
}

export function buildImportRows(input: BuildInput): DraftRow[] {
  const locationsByS2sId = new Map(input.locations.map((location) => [location.s2sLocationId, location]));
  const knownByNumber = new Map(input.knownBatches.map((batch) => [batch.batchNumber, batch]));
  const context: Context = {
    findProduct: createProductIndex(input.products),
    holderOfTag: new Map(input.knownBatches.flatMap((batch) => batch.tags.map((tag) => [tag.tagNumber, batch.batchNumber] as const))),
    timesFetched: new Map(),
  };
  for (const pkg of input.packages) context.timesFetched.set(pkg.tag.trim(), (context.timesFetched.get(pkg.tag.trim()) ?? 0) + 1);

  const rows: DraftRow[] = [];
  for (const [batchNumber, packages] of groupByBatch(input.packages)) {
    const first = packages[0]!;
    const tags = packages.map((pkg) => ({ tagNumber: pkg.tag.trim(), quantity: pkg.quantity }));
    const match = context.findProduct(first.itemName);
    const known = knownByNumber.get(batchNumber) ?? null;
    const batch: Batch = {
      batchNumber,
      packages,
      tags,
      match,
      product: match.kind === 'matched' ? match.product : null,
      location: locationsByS2sId.get(first.locationId) ?? null,
      known,
      total: packages.every((pkg) => isWholeUnits(pkg.quantity)) ? batchTotal(tags, known) : null,
    };
    rows.push(...batchRows(batch, context, input.labResults, input.now));
  }
  return rows.sort(
    (a, b) => IMPORT_TABS.indexOf(a.tab) - IMPORT_TABS.indexOf(b.tab) || compareText(a.batchNumber, b.batchNumber) || compareText(a.reasonCode ?? '', b.reasonCode ?? ''),
  );
}

/**
 * A known batch's new count: our active units moved by what changed on the fetched tags (a tag we do not hold
 * adds all its units). Our units, not the sum of our tags, are the base: shipping lowers the units and leaves
 * the tags, so laying fetched tags over ours would bring shipped units back. Null when the count cannot be
 * stored (below zero or beyond a database integer): the batch is reported as invalid data.
 */
function batchTotal(fetchedTags: DraftPayload['tags'], known: KnownBatch | null): number | null {
  const ours = new Map((known?.tags ?? []).map((tag) => [tag.tagNumber, tag.quantity]));
  let total = known?.activeUnits ?? 0;
  for (const tag of fetchedTags) total += tag.quantity - (ours.get(tag.tagNumber) ?? 0);
  return total >= 0 && total <= MAX_DB_INTEGER ? total : null;
}

function batchChange(fetchedTags: DraftPayload['tags'], total: number | null, known: KnownBatch | null): BatchChange | null {
  if (!known) return 'new_batch';
  const ours = new Map(known.tags.map((tag) => [tag.tagNumber, tag.quantity]));
  if (fetchedTags.some((tag) => !ours.has(tag.tagNumber))) return 'new_tag';
  if (total !== known.activeUnits || fetchedTags.some((tag) => ours.get(tag.tagNumber) !== tag.quantity)) return 'quantity_changed';
  return null;
}
