// How an order's lines take stock: available cases = floor((active units − reserved units) / case size),
// a line reserves what it can of what it asks for, and the rest is recorded as short. Pure, so that the
// rules are tested apart from the SQL that applies them to locked batch rows.
import type { ErrorDetail } from '../../../shared/api/protocol';
import { badRequest } from '../../lib/errors';
import type { BatchStock } from '../inventory/batch-stock.repository';

/** The spec's text for a line the batch cannot cover at all. */
export const NO_CASES_AVAILABLE_MESSAGE = 'Please remove the batch completely as no cases are available';
const maxAvailableMessage = (cases: number) => `Max available quantity is ${cases}`;

export type { BatchStock };

export type RequestedLine = { batchId: number; noOfCases: number; unitSalePrice?: number };

export type PlannedLine = {
  batchId: number;
  productId: number;
  locationName: string;
  caseSize: number;
  noOfCases: number;
  shortCases: number;
  unitBasePrice: number;
  /** Whole cents, so that totals add up exactly. */
  unitSaleCents: number;
};

export type StockPlan = {
  lines: PlannedLine[];
  /** Units to add to (or, negative, take from) each batch's reservation. */
  deltas: Map<number, number>;
  totalCases: number;
  totalCents: number;
};

const toCents = (dollars: number) => Math.round(dollars * 100);
export const fromCents = (cents: number) => cents / 100;

/** The lower of base and vendor price: what a line costs unless the rep changes it. */
export function defaultPrice(batch: Pick<BatchStock, 'basePrice' | 'vendorPrice'>): number {
  return batch.vendorPrice === null ? batch.basePrice : Math.min(batch.basePrice, batch.vendorPrice);
}

/** Open orders take only active, lab-passed, unexpired batches (as the demo data's generator does). */
export function isOrderable(batch: Pick<BatchStock, 'status' | 'labStatus' | 'expiryDate'>, today: string): boolean {
  return batch.status === 'active' && batch.labStatus === 'passed' && (batch.expiryDate === null || batch.expiryDate >= today);
}

export function freeCases(batch: Pick<BatchStock, 'activeUnits' | 'reservedUnits' | 'caseSize'>, releasedUnits = 0): number {
  return Math.max(0, Math.floor((batch.activeUnits - batch.reservedUnits + releasedUnits) / batch.caseSize));
}

/** 400 naming each line that appears twice: one order holds a batch on one line. */
export function checkDistinctBatches(items: readonly RequestedLine[]): void {
  const seen = new Set<number>();
  const details: ErrorDetail[] = [];
  items.forEach((item, index) => {
    if (seen.has(item.batchId)) details.push({ field: `items[${index}].batchId`, message: 'is already on another line of this order' });
    seen.add(item.batchId);
  });
  if (details.length > 0) throw badRequest(`Invalid request: ${details[0]!.field} ${details[0]!.message}`, details);
}

export type PlanOptions = {
  today: string;
  /** Units this order held on each batch until now, given back before the new lines reserve. */
  released?: ReadonlyMap<number, number>;
  /** A line of an edit that sends no price keeps the price it had. */
  previousPrices?: ReadonlyMap<number, number>;
  /**
   * 'order': every line is kept and what the batch lacks is short (create, edit).
   * 'available': each line takes what is free now and lines with nothing free are left out (duplicate).
   */
  mode?: 'order' | 'available';
};

/**
 * Plans the reservation of the requested lines against batches already locked. Lines naming a batch of
 * another market, or one that may not be sold, answer 400 with every such line named.
 */
export function planStock(items: readonly RequestedLine[], batches: ReadonlyMap<number, BatchStock>, options: PlanOptions): StockPlan {
  const released = options.released ?? new Map<number, number>();
  const mode = options.mode ?? 'order';
  const details: ErrorDetail[] = [];
  const lines: PlannedLine[] = [];
  const deltas = new Map<number, number>();
  for (const [batchId, units] of released) if (units !== 0) deltas.set(batchId, -units);

  items.forEach((item, index) => {
    const batch = batches.get(item.batchId);
    if (!batch) {
      details.push({ field: `items[${index}].batchId`, message: `is not a batch of this market (${item.batchId})` });
      return;
    }
    const orderable = isOrderable(batch, options.today);
    if (!orderable && mode === 'order') {
      details.push({ field: `items[${index}].batchId`, message: `batch ${batch.batchNumber} cannot be ordered: it is inactive, expired or has not passed its lab test` });
      return;
    }
    const free = orderable ? freeCases(batch, released.get(batch.id) ?? 0) : 0;
    const cases = mode === 'available' ? Math.min(item.noOfCases, free) : item.noOfCases;
    if (cases <= 0) return;
    const reservedCases = Math.min(cases, free);
    const price = item.unitSalePrice ?? options.previousPrices?.get(batch.id) ?? defaultPrice(batch);
    lines.push({
      batchId: batch.id,
      productId: batch.productId,
      locationName: batch.locationName,
      caseSize: batch.caseSize,
      noOfCases: cases,
      shortCases: cases - reservedCases,
      unitBasePrice: batch.basePrice,
      unitSaleCents: toCents(price),
    });
    deltas.set(batch.id, (deltas.get(batch.id) ?? 0) + reservedCases * batch.caseSize);
  });
  if (details.length > 0) throw badRequest(`Invalid request: ${details[0]!.field} ${details[0]!.message}`, details);

  for (const [batchId, units] of deltas) if (units === 0) deltas.delete(batchId);
  return {
    lines,
    deltas,
    totalCases: lines.reduce((sum, line) => sum + line.noOfCases, 0),
    totalCents: lines.reduce((sum, line) => sum + line.noOfCases * line.caseSize * line.unitSaleCents, 0),
  };
}

/** The spec's message for a short line: remove it, or order at most what is there. */
export function shortLineMessage(line: { noOfCases: number; shortCases: number }): string {
  return line.shortCases >= line.noOfCases ? NO_CASES_AVAILABLE_MESSAGE : maxAvailableMessage(line.noOfCases - line.shortCases);
}

/** What a client shows beside each short line: the spec's messages, by line. */
export function shortLineDetails(lines: readonly { batchId: number; noOfCases: number; shortCases: number }[]): ErrorDetail[] {
  return lines.flatMap((line, index) => (line.shortCases > 0 ? [{ field: `items[${index}].noOfCases`, batchId: line.batchId, message: shortLineMessage(line) }] : []));
}

/** Units each batch holds for these lines: ordered cases less the short ones, in units. */
export function heldUnits(lines: readonly { batchId: number; caseSize: number; noOfCases: number; shortCases: number }[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const line of lines) held.set(line.batchId, (held.get(line.batchId) ?? 0) + (line.noOfCases - line.shortCases) * line.caseSize);
  return held;
}
