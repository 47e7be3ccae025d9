// The comparison at the heart of a reconciliation: the seed-to-sale system's active packages of some locations,
// summed per batch, against our batches of those locations. Pure, so every rule is tested without a database; a
// run applies the same rules in SQL to the packages it staged (compareStagedPackages), which
// tests/integration/reconciliation-staged.test.ts holds equal to this.
import type { ReconBatchStatus, ReconciliationTab } from '../../../shared/api/reconciliation';

export type S2SBatchPackage = { batchNumber: string; tag: string; itemName: string; quantity: number };

export type OurBatch = {
  batchId: number;
  batchNumber: string;
  s2sProductName: string | null;
  activeUnits: number;
  /** Units open orders hold (in transit to buyers). */
  reservedUnits: number;
  tags: readonly string[];
};

export type ReconRowDraft = {
  tab: ReconciliationTab;
  status: ReconBatchStatus;
  batchId: number | null;
  batchNumber: string;
  s2sProductName: string | null;
  otcActiveQuantity: number;
  s2sActiveQuantity: number;
  inTransitQuantity: number;
};

/** A batch as the seed-to-sale system lists it: its packages' units summed, their tags, its item name. */
type S2SBatch = { quantity: number; tags: string[]; itemName: string };

/** A package's whole units: a fractional or negative count counts for what it wholly holds. */
export const wholeUnits = (quantity: number): number => Math.max(0, Math.floor(quantity));

/** Adds packages to their batches' sums (a new map, or one that already holds other locations' batches). */
function sumPerBatch(packages: Iterable<S2SBatchPackage>, batches = new Map<string, S2SBatch>()): Map<string, S2SBatch> {
  for (const item of packages) {
    // Tags in a list, not a set: each package (each tag) comes once, and 200,000 small sets cost ~30 MB more.
    const batch = batches.get(item.batchNumber) ?? { quantity: 0, tags: [], itemName: item.itemName };
    // Units are whole: a fractional or negative count (the import reports those as issues) counts for what it wholly holds.
    batch.quantity += wholeUnits(item.quantity);
    batch.tags.push(item.tag);
    batches.set(item.batchNumber, batch);
  }
  return batches;
}

/** The status of a batch both sides hold active in different quantities (spec section 4, Inventory Mismatch). */
function inventoryMismatchStatus(ours: Pick<OurBatch, 'reservedUnits' | 'tags'>, s2s: { quantity: number; tags: Iterable<string> }): ReconBatchStatus {
  const known = new Set(ours.tags);
  if ([...s2s.tags].some((tag) => !known.has(tag))) return 'new_tags_detected';
  if (ours.reservedUnits > s2s.quantity) return 'inventory_mismatch_otc_over';
  return 'accept_s2s_inventory';
}

/**
 * One row per batch the sides disagree about: Inventory Mismatch when both hold it active in different
 * quantities, Status Mismatch when only one side holds it active. Batches that agree make no row. Rows come
 * in batch-number order so that a re-run writes the same rows in the same order.
 */
export function compareInventory(packages: readonly S2SBatchPackage[], ours: readonly OurBatch[]): ReconRowDraft[] {
  return compareBatches(sumPerBatch(packages), ours);
}

/** compareInventory on packages already summed per batch (sumPerBatch), as a run sums them location by location. */
function compareBatches(s2sBatches: ReadonlyMap<string, S2SBatch>, ours: readonly OurBatch[]): ReconRowDraft[] {
  const ourBatches = new Map(ours.map((batch) => [batch.batchNumber, batch]));
  const numbers = [...new Set([...s2sBatches.keys(), ...ourBatches.keys()])].sort();
  const rows: ReconRowDraft[] = [];
  for (const batchNumber of numbers) {
    const s2s = s2sBatches.get(batchNumber);
    const our = ourBatches.get(batchNumber);
    const s2sActive = (s2s?.quantity ?? 0) > 0;
    const ourActive = (our?.activeUnits ?? 0) > 0;
    const base = {
      batchId: our?.batchId ?? null,
      batchNumber,
      s2sProductName: s2s?.itemName ?? our?.s2sProductName ?? null,
      otcActiveQuantity: our?.activeUnits ?? 0,
      s2sActiveQuantity: Math.max(0, s2s?.quantity ?? 0),
      inTransitQuantity: our?.reservedUnits ?? 0,
    };
    if (s2sActive && ourActive) {
      if (s2s!.quantity !== our!.activeUnits) rows.push({ ...base, tab: 'inventory_mismatch', status: inventoryMismatchStatus(our!, s2s!) });
    } else if (ourActive) {
      rows.push({ ...base, tab: 'status_mismatch', status: 'active_in_otc_only' });
    } else if (s2sActive) {
      rows.push({ ...base, tab: 'status_mismatch', status: 'active_in_s2s_only' });
    }
  }
  return rows;
}
