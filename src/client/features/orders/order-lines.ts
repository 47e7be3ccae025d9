// The lines of an order being built (create) or changed (edit), and the spec's rules for them
// (orders spec, section 5): quantities, prices, short lines, totals and the payload they become.
import { MAX_ORDER_LINES, ORDER_LINE_MESSAGES, ORDER_MESSAGES } from '../../../shared/api/order-protocol';
import type { OrderInventoryRow, OrderItem, OrderLineInput } from '../../../shared/api/orders';
import { formatDate } from '../../lib/format';
import type { EditOrderInput } from './api/edit-order';

export type OrderLine = {
  batchId: number;
  batchNumber: string;
  productName: string;
  categoryName: string;
  brandName: string | null;
  caseSize: number;
  /** The most cases this line can hold now. */
  maxCases: number;
  /** The price when the price field is left empty: the lower of base and vendor price. */
  defaultPrice: number;
  /** null while the field is blank. */
  cases: number | null;
  /** The price field as typed; '' uses the default price. */
  price: string;
  expiryDate: string | null;
  /** Set for lines that were already in the order (edit). */
  existing?: { orderItemId: number; cases: number; price: number; shortCases: number };
};

export type LineErrors = { cases?: string; price?: string };

export function lineFromInventory(row: OrderInventoryRow): OrderLine {
  return {
    batchId: row.batch_id,
    batchNumber: row.batch_number,
    productName: row.product_name,
    categoryName: row.category_name,
    brandName: row.brand_name,
    caseSize: row.case_size,
    maxCases: row.available_case_size,
    defaultPrice: row.default_price,
    cases: null,
    price: '',
    expiryDate: row.expiry_date,
  };
}

export function lineFromItem(item: OrderItem): OrderLine {
  return {
    batchId: item.batchId,
    batchNumber: item.batchNumber,
    productName: item.productName,
    categoryName: item.categoryName,
    brandName: item.brandName,
    caseSize: item.caseSize,
    maxCases: item.available_case_size,
    defaultPrice: item.unitSalePrice,
    cases: item.noOfCase,
    price: formatPriceInput(item.unitSalePrice),
    expiryDate: item.expiryDate,
    existing: { orderItemId: item.orderItemId, cases: item.noOfCase, price: item.unitSalePrice, shortCases: item.shortCases },
  };
}

/** A price as the price field shows it: two decimals, no currency sign. */
export function formatPriceInput(price: number): string {
  return price.toFixed(2);
}

const roundCents = (amount: number) => Math.round(amount * 100) / 100;

/** The price the line is sold at: what was typed, else the default. NaN when the typed text is not a number. */
function unitPrice(line: OrderLine): number {
  const typed = line.price.trim();
  return typed === '' ? line.defaultPrice : Number(typed);
}

/** Cases × case size × unit price, in dollars to the cent. */
export function lineSubtotal(line: OrderLine): number {
  const price = unitPrice(line);
  if (!line.cases || !Number.isFinite(price)) return 0;
  return roundCents(line.cases * line.caseSize * price);
}

/**
 * The order's total counts valid lines only: 999 cases where 22 are available is not a sale, and a total
 * built on it would promise a figure the order can never reach. linesToFix says how many are left out.
 */
export function orderTotal(lines: readonly OrderLine[]): number {
  return roundCents(lines.filter((line) => !hasLineErrors(line)).reduce((sum, line) => sum + lineSubtotal(line), 0));
}

/** Cases of the valid lines, for the same reason as orderTotal. */
export function totalCases(lines: readonly OrderLine[]): number {
  return lines.filter((line) => !hasLineErrors(line)).reduce((sum, line) => sum + (line.cases ?? 0), 0);
}

/** How many lines have a problem, and so are left out of the totals. */
export const linesToFix = (lines: readonly OrderLine[]): number => lines.filter(hasLineErrors).length;

/** '1 line needs fixing', '3 lines need fixing'. */
export const linesToFixText = (count: number): string => (count === 1 ? '1 line needs fixing' : `${count} lines need fixing`);

/** A short line (edit) is resolved once its quantity changes (within what is available) or it is removed. */
export function isUnresolvedShortLine(line: OrderLine): boolean {
  return line.existing !== undefined && line.existing.shortCases > 0 && line.cases === line.existing.cases;
}

export function lineErrors(line: OrderLine): LineErrors {
  const errors: LineErrors = {};
  if (line.existing && line.existing.shortCases > 0 && line.maxCases <= 0) errors.cases = ORDER_LINE_MESSAGES.noCasesAvailable;
  else if (line.cases === null || line.cases <= 0) errors.cases = ORDER_LINE_MESSAGES.quantityNotPositive;
  else if (line.cases > line.maxCases) errors.cases = ORDER_LINE_MESSAGES.quantityAboveAvailable(line.maxCases);
  else if (isUnresolvedShortLine(line)) errors.cases = ORDER_LINE_MESSAGES.shortLine(line.existing?.shortCases ?? 0);

  const typed = line.price.trim();
  // An existing line's price was set: clearing it is not a way back to the default (a price edit needs a positive value).
  // Prices are kept to the cent: 0.004 would be saved as 0.00.
  if (typed === '' ? line.existing !== undefined : !(Math.round(Number(typed) * 100) >= 1)) errors.price = ORDER_LINE_MESSAGES.priceNotPositive;
  return errors;
}

export const hasLineErrors = (line: OrderLine): boolean => Object.keys(lineErrors(line)).length > 0;

export type OrderCheck = { buyerId: number | null; lines: readonly OrderLine[]; deliveryDate: string; window: { min: string; max: string } };

/** The order-level problems, in the order a rep would fix them. */
export function orderErrors({ buyerId, lines, deliveryDate, window }: OrderCheck): string[] {
  const errors: string[] = [];
  if (buyerId === null) errors.push(ORDER_MESSAGES.missingBuyer);
  if (lines.length === 0) errors.push(ORDER_MESSAGES.noItems);
  const dateError = deliveryDateError(deliveryDate, window);
  if (dateError) errors.push(dateError);
  return errors;
}

/** The requested delivery date is required, from today to a year ahead in the market (both yyyy-MM-dd). */
export function deliveryDateError(date: string, window: { min: string; max: string }): string | undefined {
  if (!date) return ORDER_MESSAGES.missingDeliveryDate;
  if (date < window.min || date > window.max) return ORDER_MESSAGES.deliveryDateOutOfWindow(formatDate(window.min), formatDate(window.max));
  return undefined;
}

/** The payload lines: a blank price sends nothing, so the server applies the default. */
export function toLineInputs(lines: readonly OrderLine[]): OrderLineInput[] {
  return lines.map((line) => {
    const typed = line.price.trim();
    return { batchId: line.batchId, noOfCases: line.cases ?? 0, ...(typed === '' ? {} : { unitSalePrice: roundCents(Number(typed)) }) };
  });
}

/**
 * The edit screen's call: every line as the API takes it, with what else changed. When the lines cannot
 * become that body (more lines than an order holds, a line without whole cases or a price that is not a
 * number) it says why instead, and nothing is sent.
 */
export function editOrderPayload(lines: readonly OrderLine[], changes: Omit<EditOrderInput, 'items'>): { input: EditOrderInput } | { problem: string } {
  if (lines.length === 0) return { problem: ORDER_MESSAGES.noItems };
  if (lines.length > MAX_ORDER_LINES) return { problem: ORDER_MESSAGES.tooManyLines };
  for (const line of lines) {
    const name = `${line.productName}, batch ${line.batchNumber}`;
    if (line.cases === null || !Number.isInteger(line.cases) || line.cases <= 0) return { problem: `${name}: ${ORDER_LINE_MESSAGES.quantityNotPositive}` };
    if (!Number.isFinite(unitPrice(line))) return { problem: `${name}: ${ORDER_LINE_MESSAGES.priceNotPositive}` };
  }
  return { input: { ...changes, items: toLineInputs(lines) } };
}

/** Whether an edit changes anything: a line added, removed, or its cases or price changed. */
export function linesChanged(lines: readonly OrderLine[], originalCount: number): boolean {
  if (lines.length !== originalCount) return true;
  return lines.some((line) => !line.existing || line.cases !== line.existing.cases || roundCents(unitPrice(line)) !== roundCents(line.existing.price));
}
