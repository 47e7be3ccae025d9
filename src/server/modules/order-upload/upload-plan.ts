// Turns the rows of an order file into one list of order lines per dispensary, or into the problems to fix,
// each named by its row and column. Pure: the batches and customers of the market are handed in.
import type { CustomerGroup } from '../../../shared/enums';
import type { SheetRow } from '../../lib/spreadsheet/parse-protocol';

export const COLUMN_BATCH = 'Batch#';
export const COLUMN_DISPENSARIES = 'Dispensary Location(s)';
export const COLUMN_CASE_SIZE = 'Case Size';
/** Optional columns holding the number of cases; when one is present, Case Size is the units per case. */
export const CASE_COUNT_COLUMNS = ['Cases', 'Quantity'] as const;

/** createOrderBodySchema takes at most 200 lines; the process call at most 500 customers. */
export const MAX_LINES_PER_ORDER = 200;
const MAX_CUSTOMERS_PER_UPLOAD = 500;
const MAX_CASES_PER_LINE = 100_000;
/** Problems reported in one answer: enough to fix a file in one go, not a wall of text. */
const MAX_PROBLEMS = 50;

export type PlanBatch = { id: number; batchNumber: string; caseSize: number; status: string };
export type PlanCustomer = { id: number; name: string; customerGroup: CustomerGroup; isActive: boolean };

export type PlanLine = { batchId: number; batchNumber: string; noOfCases: number; rows: number[] };
type PlannedCustomer = { customerId: number; customerName: string; customerGroup: CustomerGroup; position: number; lines: PlanLine[] };

export type RowProblem = { row: number | null; column: string | null; message: string };

export type Columns = { batch: number; dispensaries: number; caseSize: number; caseCount: number | null; caseCountName: string | null };

export function batchKey(value: string): string {
  return value.trim().toUpperCase();
}

export function customerKey(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, ' ').replace(/\s*([,;])\s*/g, '$1').trim().toLowerCase();
}

/** Every batch number the rows name, for one lookup. */
export function batchNumbersOf(rows: readonly SheetRow[], columns: Columns): string[] {
  return [...new Set(rows.map((row) => batchKey(row.cells[columns.batch] ?? '')).filter(Boolean))];
}

/** A whole, positive number written plainly ('3', '3.0'), else null. */
export function wholePositive(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.0+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** A customer's name may itself hold up to three commas or semicolons. */
const MAX_PIECES_PER_NAME = 4;

/**
 * Splits a Dispensary Location(s) cell on commas and semicolons, joining neighbouring pieces back when
 * together they name a customer (so 'Cedar & Sage, Inc.' survives). Unknown names come back as they were written.
 */
export function splitDispensaries(cell: string, byName: ReadonlyMap<string, readonly PlanCustomer[]>): { matched: PlanCustomer[][]; unknown: string[] } {
  const parts = cell.split(/([,;])/);
  const pieces: { text: string; separator: string }[] = [];
  for (let index = 0; index < parts.length; index += 2) pieces.push({ text: parts[index] ?? '', separator: parts[index + 1] ?? '' });
  const matched: PlanCustomer[][] = [];
  const unknown: string[] = [];
  let start = 0;
  while (start < pieces.length) {
    if (pieces[start]!.text.trim() === '') {
      start += 1;
      continue;
    }
    let taken = 0;
    for (let end = Math.min(pieces.length, start + MAX_PIECES_PER_NAME); end > start; end -= 1) {
      const text = pieces
        .slice(start, end)
        .map((piece, offset) => piece.text + (start + offset < end - 1 ? piece.separator : ''))
        .join('');
      const found = byName.get(customerKey(text));
      if (found) {
        matched.push([...found]);
        taken = end - start;
        break;
      }
    }
    if (taken === 0) {
      unknown.push(pieces[start]!.text.trim());
      taken = 1;
    }
    start += taken;
  }
  return { matched, unknown };
}

export type PlanResult = { ok: true; customers: PlannedCustomer[]; rowCount: number } | { ok: false; problems: RowProblem[] };

/**
 * Reads each data row: the batch must be one of the market's active batches, every dispensary one of its
 * active customers, and the case columns whole numbers above zero. With a Cases (or Quantity) column, a row
 * whose count is empty is a menu line not ordered and is skipped. A batch named twice for one dispensary
 * becomes one line with the cases added up.
 */
export function planUpload(
  rows: readonly SheetRow[],
  columns: Columns,
  batches: ReadonlyMap<string, PlanBatch>,
  customers: readonly PlanCustomer[],
): PlanResult {
  const byName = new Map<string, PlanCustomer[]>();
  for (const customer of customers) {
    const key = customerKey(customer.name);
    byName.set(key, [...(byName.get(key) ?? []), customer]);
  }
  const problems: RowProblem[] = [];
  const problem = (row: number | null, column: string | null, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ row, column, message });
  };
  const planned = new Map<number, PlannedCustomer & { byBatch: Map<number, PlanLine> }>();
  let rowCount = 0;
  let skippedLines = 0;
  let tooManyCustomers = false;

  for (const { row, cells } of rows) {
    const batchCell = (cells[columns.batch] ?? '').trim();
    const dispensaryCell = (cells[columns.dispensaries] ?? '').trim();
    const caseSizeCell = (cells[columns.caseSize] ?? '').trim();
    const caseCountCell = columns.caseCount === null ? '' : (cells[columns.caseCount] ?? '').trim();
    // A row with none of the order columns filled is a note or a spacer, not an order line.
    if (!batchCell && !dispensaryCell && !caseSizeCell && !caseCountCell) continue;
    // An exported internal menu lists every batch with its case size and dispensaries already filled in: a
    // line whose cases were left empty is a batch the rep did not order.
    if (columns.caseCount !== null && !caseCountCell) {
      skippedLines += 1;
      continue;
    }
    rowCount += 1;
    const before = problems.length;

    const batch = batchCell ? batches.get(batchKey(batchCell)) : undefined;
    if (!batchCell) problem(row, COLUMN_BATCH, 'the cell is empty; enter the batch number');
    else if (!batch) problem(row, COLUMN_BATCH, `${batchCell} is not a batch in this market`);
    else if (batch.status !== 'active') problem(row, COLUMN_BATCH, `${batch.batchNumber} is not active and cannot be ordered`);

    let cases: number | null;
    if (columns.caseCount === null) {
      cases = wholePositive(caseSizeCell);
      if (!caseSizeCell) problem(row, COLUMN_CASE_SIZE, 'the cell is empty; enter the number of cases');
      else if (cases === null) problem(row, COLUMN_CASE_SIZE, `${caseSizeCell} is not a whole number of cases above 0`);
    } else {
      const caseCountName = columns.caseCountName!;
      cases = wholePositive(caseCountCell);
      if (cases === null) problem(row, caseCountName, `${caseCountCell} is not a whole number of cases above 0`);
      const unitsPerCase = wholePositive(caseSizeCell);
      if (!caseSizeCell) problem(row, COLUMN_CASE_SIZE, 'the cell is empty; enter the units per case');
      else if (unitsPerCase === null) problem(row, COLUMN_CASE_SIZE, `${caseSizeCell} is not a whole number of units`);
      else if (batch && unitsPerCase !== batch.caseSize) {
        problem(row, COLUMN_CASE_SIZE, `${batch.batchNumber} is packed ${batch.caseSize} units to a case, not ${unitsPerCase}`);
      }
    }
    if (cases !== null && cases > MAX_CASES_PER_LINE) {
      problem(row, columns.caseCountName ?? COLUMN_CASE_SIZE, `${cases.toLocaleString('en-US')} cases is more than the ${MAX_CASES_PER_LINE.toLocaleString('en-US')} one line may order`);
    }

    const rowCustomers: PlanCustomer[] = [];
    if (!dispensaryCell) problem(row, COLUMN_DISPENSARIES, 'the cell is empty; enter one or more dispensaries separated by commas');
    else {
      const { matched, unknown } = splitDispensaries(dispensaryCell, byName);
      for (const name of unknown) problem(row, COLUMN_DISPENSARIES, `${name} is not a customer in this market`);
      for (const candidates of matched) {
        if (candidates.length > 1) problem(row, COLUMN_DISPENSARIES, `${candidates[0]!.name} names ${candidates.length} customers in this market; ask an admin to rename one`);
        else if (!candidates[0]!.isActive) problem(row, COLUMN_DISPENSARIES, `${candidates[0]!.name} is not an active customer`);
        else if (!rowCustomers.includes(candidates[0]!)) rowCustomers.push(candidates[0]!);
      }
    }
    if (problems.length > before || !batch || cases === null) continue;

    for (const customer of rowCustomers) {
      let entry = planned.get(customer.id);
      if (!entry) {
        if (planned.size >= MAX_CUSTOMERS_PER_UPLOAD) {
          if (!tooManyCustomers) problem(row, COLUMN_DISPENSARIES, `the file names more than ${MAX_CUSTOMERS_PER_UPLOAD} dispensaries; split it into smaller files`);
          tooManyCustomers = true;
          break;
        }
        entry = { customerId: customer.id, customerName: customer.name, customerGroup: customer.customerGroup, position: planned.size, lines: [], byBatch: new Map() };
        planned.set(customer.id, entry);
      }
      const line = entry.byBatch.get(batch.id);
      if (line) {
        line.noOfCases += cases;
        line.rows.push(row);
      } else if (entry.lines.length >= MAX_LINES_PER_ORDER) {
        problem(row, COLUMN_BATCH, `${customer.name} would get more than ${MAX_LINES_PER_ORDER} batches; an order holds at most ${MAX_LINES_PER_ORDER}`);
      } else {
        const created = { batchId: batch.id, batchNumber: batch.batchNumber, noOfCases: cases, rows: [row] };
        entry.byBatch.set(batch.id, created);
        entry.lines.push(created);
      }
    }
  }

  if (problems.length === 0 && rowCount === 0) {
    problem(null, null, skippedLines > 0 ? `No row has a number in ${columns.caseCountName}: enter the cases to order on the lines you want.` : 'The file has no order rows under its header.');
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rowCount, customers: [...planned.values()].map(({ byBatch: _byBatch, ...customer }) => customer) };
}

/** 'Row 7, Batch#: MN-B999 is not a batch in this market'. */
export function describeProblem(problem: RowProblem): string {
  if (problem.row === null) return problem.message;
  return `Row ${problem.row}, ${problem.column}: ${problem.message}`;
}
