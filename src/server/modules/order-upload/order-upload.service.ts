// Bulk menu upload: a spreadsheet of order lines becomes one order per dispensary, after a review.
//
// How the file is read
// - `file` is the file's bytes in base64. At most 10 MB decoded (413 'File size exceeds the 10MB limit...'),
//   checked from the base64 length before anything is decoded. The type is judged by content (xlsx, xls or
//   CSV, see lib/spreadsheet); anything else is 400 'Unsupported file format...'. Zips are inspected and
//   really inflated (output counted, then dropped) before parsing, and parsing runs in a pooled worker with
//   memory and time limits, replaced after any file that failed. A user may have two files being read at
//   once; a third answers 429.
// - The header is the first of the first ten non-blank rows of the first sheet that names any wanted column;
//   names match ignoring case and spaces. Batch#, Dispensary Location(s) and Case Size are required: a
//   missing one is a 400 naming it.
// - Each later row with any order column filled is an order line: Batch# is one of the market's active
//   batches; Dispensary Location(s) lists the market's active customers by name, separated by commas or
//   semicolons; the row orders its cases for EACH dispensary it lists.
//
// What Case Size means
// - An order line needs a batch and a number of cases; the units per case are a property of the batch that
//   a file cannot change. So Case Size is read as the number of cases to order, per dispensary on the row:
//   a whole number above 0.
// - Files that carry a 'Cases' (or 'Quantity') column use that column for the number of cases instead, and
//   their Case Size must then equal the batch's units per case; the check refuses a file written with that
//   meaning rather than ordering 12 cases where 12 units per case were meant.
// - A batch named twice for one dispensary becomes one line with the cases added up.
//
// Any bad row answers 400 'Row 7, Batch#: MN-B999 is not a batch in this market' (the details list up to 50
// problems) and stores nothing.
//
// Review, confirm and cancel
// - A good file creates an upload batch (UPL-{market}-0001...) with one upload_customers row per dispensary,
//   status IN-PROGRESS, the lines as JSON. One upload per market is open at a time: uploading while another
//   is under review or being processed answers 409 naming it, so nobody's review is silently replaced.
// - Cancel: the customers become FAILED with the error 'Cancelled by {name}.', and the batch FAILED. Both
//   stay within BULK_UPLOAD_STATUSES; FAILED on the batch means "cancelled before any order was made"
//   (a processed batch ends COMPLETED, whatever each customer's outcome).
// - Confirm needs a delivery date for every customer (400 'Please enter the delivery dates for all orders.'
//   and nothing changes), each from today to a year ahead in the market's time zone. One transaction marks
//   every customer ORDER-INITIATED; then each order is created through the orders service, in the request,
//   one customer at a time: COMPLETED with the order, or FAILED with the reason. Status calls see
//   ORDER-INITIATED meanwhile. Each step refreshes the batch's updated_at; if that stops for 10 minutes
//   (the instance died), the next status or process call on any instance concludes the batch: customers
//   still ORDER-INITIATED become FAILED with a message to check the orders list, since the order in flight
//   may or may not have been made.
import type { z } from 'zod';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_REQUIRED_COLUMNS,
  type UploadCustomerResult,
  type uploadCreateBodySchema,
  type uploadCustomersSchema,
  type uploadProcessBodySchema,
} from '../../../shared/api/orders';
import { formatDate } from '../../../shared/format';
import { deliveryWindow } from '../../../shared/market-time';
import { hasPermission } from '../../../shared/permissions';
import type { MarketScope } from '../../auth/access-control';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { createInFlightLimit } from '../../lib/in-flight-limit';
import type { RequestContext } from '../../lib/request-context';
import { findHeader } from '../../lib/spreadsheet/header';
import type { ParsePool } from '../../lib/spreadsheet/parse-pool';
import { readSpreadsheet, type SpreadsheetContent } from '../../lib/spreadsheet/read-spreadsheet';
import { SpreadsheetError, SPREADSHEET_MESSAGES } from '../../lib/spreadsheet/spreadsheet-error';
import type { OrdersService } from '../orders/orders.service';
import {
  findBatchesByNumber,
  findLatestUnfinished,
  findStalledUploads,
  findUploadByReference,
  insertUpload,
  listMarketCustomers,
  listUploadCustomers,
  lockMarketUploads,
  nextUploadNumber,
  setCustomerDeliveryDate,
  setCustomerOutcome,
  setCustomersStatus,
  setUploadStatus,
  touchUpload,
  type UploadBatchRecord,
  type UploadCustomerRecord,
} from './order-upload.repository';
import {
  batchKey,
  batchNumbersOf,
  CASE_COUNT_COLUMNS,
  COLUMN_BATCH,
  COLUMN_CASE_SIZE,
  COLUMN_DISPENSARIES,
  describeProblem,
  planUpload,
  type PlanBatch,
} from './upload-plan';

export type UploadCreateBody = z.output<typeof uploadCreateBodySchema>;
export type UploadProcessBody = z.output<typeof uploadProcessBodySchema>;
export type UploadCustomers = z.infer<typeof uploadCustomersSchema>;

const DELIVERY_DATES_REQUIRED = 'Please enter the delivery dates for all orders.';
const ORDER_FAILED = 'Failed to create order';
/** Uploads one user may have being read at once (per server process); a further one answers 429. */
const MAX_UPLOADS_IN_FLIGHT_PER_USER = 2;
export const UPLOADS_IN_FLIGHT_MESSAGE = `You already have ${MAX_UPLOADS_IN_FLIGHT_PER_USER} files being read. Please wait for the earlier file to finish, then upload this one again.`;
export const STALLED_MESSAGE = 'Processing stopped before this order was confirmed. Check the orders list before ordering it again.';
const STALLED_AFTER_MS = 10 * 60_000;

const EMPTY: UploadCustomers = { result: [], referenceId: null };

export type OrderUploadDependencies = {
  db: Db;
  orders: Pick<OrdersService, 'createOrder'>;
  /** The warm workers that parse uploads (the app owns it and closes it). */
  parsePool: ParsePool;
  /** Test hook: how a user's file is read (the real reader parses it in the pool). */
  readFile?: (bytes: Uint8Array, owner: string) => Promise<SpreadsheetContent>;
  now?: () => Date;
  stalledAfterMs?: number;
};

function toResult(customer: UploadCustomerRecord): UploadCustomerResult {
  return {
    customer_id: customer.customerId,
    customer_name: customer.customerName,
    index: customer.position,
    customer_group: customer.customerGroup,
    menu_upload_status: customer.status,
    delivery_date: customer.deliveryDate,
    line_count: customer.lines.length,
    total_cases: customer.lines.reduce((sum, line) => sum + line.noOfCases, 0),
    reference_id: customer.orderReferenceId,
    error: customer.error,
  };
}

/** The file's bytes, refusing an oversized one from the base64 length alone. */
function decodeUploadFile(file: string): Uint8Array {
  const base64 = file.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > UPLOAD_MAX_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', SPREADSHEET_MESSAGES.tooLarge);
  if (base64.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalidField('file', "must be the file's content in base64, without a data: prefix");
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

function spreadsheetFailure(error: SpreadsheetError): AppError {
  if (error.problem === 'too-large') return new AppError(413, 'PAYLOAD_TOO_LARGE', error.message);
  if (error.problem === 'busy') return new AppError(503, 'SERVICE_UNAVAILABLE', error.message);
  return badRequest(error.message, [{ field: 'file', message: error.message }]);
}

function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}

export function createOrderUploadService(deps: OrderUploadDependencies) {
  const { db, orders } = deps;
  const readFile = deps.readFile ?? ((bytes: Uint8Array, owner: string) => readSpreadsheet(bytes, { pool: deps.parsePool, owner }));
  const now = deps.now ?? (() => new Date());
  const stalledAfterMs = deps.stalledAfterMs ?? STALLED_AFTER_MS;
  const inFlight = createInFlightLimit(MAX_UPLOADS_IN_FLIGHT_PER_USER);

  async function view(upload: UploadBatchRecord): Promise<UploadCustomers> {
    return { result: (await listUploadCustomers(db, upload.id)).map(toResult), referenceId: upload.referenceId };
  }

  async function read(bytes: Uint8Array, owner: string): Promise<SpreadsheetContent> {
    try {
      return await readFile(bytes, owner);
    } catch (error) {
      throw error instanceof SpreadsheetError ? spreadsheetFailure(error) : error;
    }
  }

  /** Ends uploads whose processing stopped reporting progress (see the header comment). */
  async function concludeStalled(ctx: RequestContext): Promise<void> {
    const { market } = ctx;
    const cutoff = new Date(now().getTime() - stalledAfterMs);
    for (const stalled of await findStalledUploads(db, market.id, cutoff)) {
      await db.transaction(async (tx) => {
        const upload = await findUploadByReference(tx, market.id, stalled.referenceId, { forUpdate: true });
        if (!upload || upload.status !== 'ORDER-INITIATED' || upload.updatedAt >= cutoff) return;
        await setCustomersStatus(tx, upload.id, 'ORDER-INITIATED', { status: 'FAILED', error: STALLED_MESSAGE });
        await setUploadStatus(tx, upload.id, 'COMPLETED');
        await recordAudit(tx, { ...ctx, caller: null }, {
          entityType: 'upload_batch',
          entityId: upload.referenceId,
          action: 'conclude_stalled',
          before: { status: upload.status, updatedAt: upload.updatedAt.toISOString() },
          after: { status: 'COMPLETED' },
        });
      });
    }
  }

  async function uploadInMarket(market: MarketScope, referenceId: string): Promise<UploadBatchRecord> {
    const upload = await findUploadByReference(db, market.id, referenceId);
    if (!upload) throw notFound('Upload');
    return upload;
  }

  function refuseUnlessInReview(upload: UploadBatchRecord): void {
    if (upload.status === 'IN-PROGRESS') return;
    if (upload.status === 'ORDER-INITIATED') throw conflict(`Upload ${upload.referenceId} is already being processed.`);
    throw conflict(`Upload ${upload.referenceId} is already finished.`);
  }

  async function cancel(ctx: RequestContext, upload: UploadBatchRecord): Promise<UploadCustomers> {
    const { caller, market } = ctx;
    await db.transaction(async (tx) => {
      const locked = (await findUploadByReference(tx, market.id, upload.referenceId, { forUpdate: true }))!;
      refuseUnlessInReview(locked);
      await setCustomersStatus(tx, locked.id, 'IN-PROGRESS', { status: 'FAILED', error: `Cancelled by ${caller.name}.` });
      await setUploadStatus(tx, locked.id, 'FAILED');
      await recordAudit(tx, ctx, { entityType: 'upload_batch', entityId: locked.referenceId, action: 'cancel', before: { status: locked.status }, after: { status: 'FAILED', cancelled: true } });
    });
    return view(upload);
  }

  async function confirm(ctx: RequestContext, upload: UploadBatchRecord, body: UploadProcessBody): Promise<UploadCustomers> {
    const { market } = ctx;
    if (!hasPermission(market.permissions, 'orders-orders_history', 'create_order')) {
      throw forbidden(`Your role (${market.role}) in ${market.code} may not create orders, so it cannot confirm an upload.`);
    }
    refuseUnlessInReview(upload);
    const customers = await listUploadCustomers(db, upload.id);
    const byIndex = new Map(customers.map((customer) => [customer.position, customer]));
    body.result.forEach((entry, index) => {
      const customer = byIndex.get(entry.index);
      if (!customer || customer.customerId !== entry.customer_id) {
        throw invalidField(`result[${index}]`, `is not a customer of upload ${upload.referenceId} (index ${entry.index}, customer ${entry.customer_id})`);
      }
    });
    const dates = new Map(body.result.map((entry) => [entry.index, entry.delivery_date ?? '']));
    if (customers.some((customer) => !dates.get(customer.position))) throw badRequest(DELIVERY_DATES_REQUIRED, [{ field: 'result', message: DELIVERY_DATES_REQUIRED }]);
    const window = deliveryWindow(market.code, now());
    for (const customer of customers) {
      const day = dates.get(customer.position)!;
      if (!isCalendarDay(day) || day < window.min || day > window.max) {
        const message = `The delivery date for ${customer.customerName} must be between ${formatDate(window.min)} and ${formatDate(window.max)}.`;
        throw badRequest(message, [{ field: `result[${customer.position}].delivery_date`, message }]);
      }
    }

    await db.transaction(async (tx) => {
      const locked = (await findUploadByReference(tx, market.id, upload.referenceId, { forUpdate: true }))!;
      refuseUnlessInReview(locked);
      for (const customer of customers) await setCustomerDeliveryDate(tx, customer.id, dates.get(customer.position)!);
      await setCustomersStatus(tx, locked.id, 'IN-PROGRESS', { status: 'ORDER-INITIATED' });
      await setUploadStatus(tx, locked.id, 'ORDER-INITIATED');
      await recordAudit(tx, ctx, {
        entityType: 'upload_batch',
        entityId: locked.referenceId,
        action: 'confirm',
        before: { status: locked.status },
        after: { status: 'ORDER-INITIATED', deliveryDates: Object.fromEntries(customers.map((c) => [c.customerId, dates.get(c.position)])) },
      });
    });

    const outcomes: Record<number, string> = {};
    for (const customer of customers) {
      try {
        const order = await orders.createOrder(ctx, {
          customerId: customer.customerId,
          requestedDeliveryDate: dates.get(customer.position)!,
          items: customer.lines.map((line) => ({ batchId: line.batchId, noOfCases: line.noOfCases })),
          note: `Created from bulk menu upload ${upload.referenceId} (${upload.fileName}).`,
        });
        await setCustomerOutcome(db, customer.id, { status: 'COMPLETED', orderId: order.orderId });
        outcomes[customer.customerId] = order.referenceId;
      } catch (error) {
        const message = error instanceof AppError && error.statusCode < 500 ? error.message : ORDER_FAILED;
        if (!(error instanceof AppError) || error.statusCode >= 500) ctx.log.error({ err: error, upload: upload.referenceId, customerId: customer.customerId }, 'bulk upload order failed');
        await setCustomerOutcome(db, customer.id, { status: 'FAILED', error: message });
        outcomes[customer.customerId] = `FAILED: ${message}`;
      }
      await touchUpload(db, upload.id);
    }
    await db.transaction(async (tx) => {
      await setUploadStatus(tx, upload.id, 'COMPLETED');
      await recordAudit(tx, ctx, { entityType: 'upload_batch', entityId: upload.referenceId, action: 'complete', before: { status: 'ORDER-INITIATED' }, after: { status: 'COMPLETED', orders: outcomes } });
    });
    return view(upload);
  }

  /** Reads the file and opens it for review, or says which column or row to fix (storing nothing). */
  async function createFromFile(ctx: RequestContext, body: UploadCreateBody): Promise<UploadCustomers> {
    const { caller, market } = ctx;
    const { rows } = await read(decodeUploadFile(body.file), caller.id);
    const header = findHeader(rows, UPLOAD_REQUIRED_COLUMNS, CASE_COUNT_COLUMNS);
    if (!header.found) {
      const plural = header.missing.length > 1;
      const message = `The file is missing the column${plural ? 's' : ''} ${listNames(header.missing)}. It must include ${listNames(UPLOAD_REQUIRED_COLUMNS)}.`;
      throw badRequest(
        message,
        header.missing.map((column) => ({ field: column, message: 'is missing from the header row' })),
      );
    }
    const caseCountName = CASE_COUNT_COLUMNS.find((name) => header.optional[name] !== undefined) ?? null;
    const columns = {
      batch: header.required[COLUMN_BATCH],
      dispensaries: header.required[COLUMN_DISPENSARIES],
      caseSize: header.required[COLUMN_CASE_SIZE],
      caseCount: caseCountName === null ? null : header.optional[caseCountName]!,
      caseCountName,
    };
    const dataRows = rows.slice(header.headerIndex + 1);
    const [batchList, customers] = await Promise.all([
      findBatchesByNumber(db, market.id, batchNumbersOf(dataRows, columns)),
      listMarketCustomers(db, market.id),
    ]);
    const batches = new Map<string, PlanBatch>(batchList.map((batch) => [batchKey(batch.batchNumber), batch]));
    const plan = planUpload(dataRows, columns, batches, customers);
    if (!plan.ok) {
      const [first] = plan.problems;
      const more = plan.problems.length > 1 ? ` (and ${plan.problems.length - 1} more problem${plan.problems.length > 2 ? 's' : ''})` : '';
      throw badRequest(
        `${describeProblem(first!)}${more}`,
        plan.problems.map((problem) => ({
          field: problem.row === null ? 'file' : `Row ${problem.row}, ${problem.column}`,
          message: problem.message,
          ...(problem.row === null ? {} : { row: problem.row, column: problem.column }),
        })),
      );
    }

    const upload = await db.transaction(async (tx) => {
      await lockMarketUploads(tx, market.id);
      const open = await findLatestUnfinished(tx, market.id);
      if (open) {
        throw conflict(
          open.status === 'IN-PROGRESS'
            ? `Upload ${open.referenceId} is waiting for review. Confirm or cancel it before uploading another file.`
            : `Upload ${open.referenceId} is still creating orders. Wait for it to finish before uploading another file.`,
        );
      }
      const referenceId = `UPL-${market.code}-${String(await nextUploadNumber(tx, market.id)).padStart(4, '0')}`;
      const created = await insertUpload(tx, { marketId: market.id, referenceId, menuType: body.menuType, fileName: body.fileName, createdBy: caller.id }, plan.customers);
      await recordAudit(tx, ctx, {
        entityType: 'upload_batch',
        entityId: referenceId,
        action: 'create',
        after: {
          fileName: body.fileName,
          menuType: body.menuType,
          rows: plan.rowCount,
          customers: plan.customers.map((customer) => ({ customerId: customer.customerId, lines: customer.lines.length })),
        },
      });
      return created;
    });
    return view(upload);
  }

  return {
    /** Reads the file and opens it for review; at most a few of one user's files at once (429 past that). */
    create(ctx: RequestContext, body: UploadCreateBody): Promise<UploadCustomers> {
      return inFlight.run(ctx.caller.id, () => createFromFile(ctx, body), () => new AppError(429, 'RATE_LIMITED', UPLOADS_IN_FLIGHT_MESSAGE));
    },

    async process(ctx: RequestContext, body: UploadProcessBody): Promise<UploadCustomers> {
      await concludeStalled(ctx);
      const upload = await uploadInMarket(ctx.market, body.referenceId);
      return body.action === 'cancel' ? cancel(ctx, upload) : confirm(ctx, upload, body);
    },

    /** The named upload, or the market's latest one not yet finished (empty when there is none). */
    async status(ctx: RequestContext, referenceId?: string): Promise<UploadCustomers> {
      const { market } = ctx;
      await concludeStalled(ctx);
      if (referenceId) return view(await uploadInMarket(market, referenceId));
      const open = await findLatestUnfinished(db, market.id);
      return open ? view(open) : EMPTY;
    },
  };
}

export type OrderUploadService = ReturnType<typeof createOrderUploadService>;
