// SQL for bulk menu uploads: the market's batches and customers a file names, the upload batches and their
// per-customer rows, and the per-market lock that keeps one upload under review at a time.
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BulkUploadStatus, CustomerGroup } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { batches, customers, orders, uploadBatches, uploadCustomers } from '../../db/schema';
import type { PlanBatch, PlanCustomer, PlanLine } from './upload-plan';

export type UploadBatchRecord = typeof uploadBatches.$inferSelect;

export type UploadCustomerRecord = {
  id: number;
  customerId: number;
  customerName: string;
  customerGroup: CustomerGroup;
  position: number;
  status: BulkUploadStatus;
  deliveryDate: string | null;
  lines: PlanLine[];
  orderId: number | null;
  orderReferenceId: string | null;
  error: string | null;
};

/** Upload batch statuses that still need someone: under review, or orders being created. */
const UNFINISHED_STATUSES: BulkUploadStatus[] = ['IN-PROGRESS', 'ORDER-INITIATED'];

/** A Postgres text[] literal, sent as one parameter however many values there are. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** The market's batches with these numbers: exact matches through the index first, then ignoring case. */
export async function findBatchesByNumber(db: DbOrTx, marketId: number, upperNumbers: readonly string[]): Promise<PlanBatch[]> {
  if (upperNumbers.length === 0) return [];
  const columns = { id: batches.id, batchNumber: batches.batchNumber, caseSize: batches.caseSize, status: batches.status };
  const exact = await db
    .select(columns)
    .from(batches)
    .where(and(eq(batches.marketId, marketId), sql`${batches.batchNumber} = any(${textArray(upperNumbers)}::text[])`));
  const found = new Set(exact.map((batch) => batch.batchNumber.toUpperCase()));
  const rest = upperNumbers.filter((number) => !found.has(number));
  if (rest.length === 0) return exact;
  const loose = await db
    .select(columns)
    .from(batches)
    .where(and(eq(batches.marketId, marketId), sql`upper(${batches.batchNumber}) = any(${textArray(rest)}::text[])`));
  return [...exact, ...loose];
}

export async function listMarketCustomers(db: DbOrTx, marketId: number): Promise<PlanCustomer[]> {
  const rows = await db
    .select({ id: customers.id, name: customers.name, customerGroup: customers.customerGroup, isActive: customers.isActive })
    .from(customers)
    .where(eq(customers.marketId, marketId));
  return rows.map((row) => ({ ...row, customerGroup: row.customerGroup as CustomerGroup }));
}

/** Serialises uploads within a market until the transaction ends (reference numbers, one review at a time). */
export async function lockMarketUploads(tx: DbOrTx, marketId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_SPACE}, ${marketId})`);
}
const UPLOAD_LOCK_SPACE = 4_210_777;

export async function findLatestUnfinished(db: DbOrTx, marketId: number): Promise<UploadBatchRecord | undefined> {
  const [row] = await db
    .select()
    .from(uploadBatches)
    .where(and(eq(uploadBatches.marketId, marketId), inArray(uploadBatches.status, UNFINISHED_STATUSES)))
    .orderBy(desc(uploadBatches.id))
    .limit(1);
  return row;
}

export async function findUploadByReference(db: DbOrTx, marketId: number, referenceId: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(uploadBatches)
    .where(and(eq(uploadBatches.marketId, marketId), eq(uploadBatches.referenceId, referenceId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The number after the market's latest reference id (UPL-MN-0041 gives 42); call under the market lock. */
export async function nextUploadNumber(tx: DbOrTx, marketId: number): Promise<number> {
  const rows = await queryRows<{ last: number | null }>(
    tx,
    sql`select max(nullif(substring(${uploadBatches.referenceId} from '([0-9]+)$'), '')::int) as last
          from ${uploadBatches} where ${uploadBatches.marketId} = ${marketId}`,
  );
  return Number(rows[0]?.last ?? 0) + 1;
}

export async function insertUpload(
  tx: DbOrTx,
  batch: { marketId: number; referenceId: string; menuType: string; fileName: string; createdBy: string },
  planned: { customerId: number; position: number; lines: PlanLine[] }[],
): Promise<UploadBatchRecord> {
  const [created] = await tx
    .insert(uploadBatches)
    .values({ ...batch, status: 'IN-PROGRESS' satisfies BulkUploadStatus })
    .returning();
  await tx.insert(uploadCustomers).values(
    planned.map((customer) => ({
      uploadBatchId: created!.id,
      customerId: customer.customerId,
      position: customer.position,
      status: 'IN-PROGRESS' satisfies BulkUploadStatus,
      lines: customer.lines as unknown as Record<string, unknown>[],
    })),
  );
  return created!;
}

export async function listUploadCustomers(db: DbOrTx, uploadBatchId: number): Promise<UploadCustomerRecord[]> {
  const rows = await db
    .select({
      id: uploadCustomers.id,
      customerId: uploadCustomers.customerId,
      customerName: customers.name,
      customerGroup: customers.customerGroup,
      position: uploadCustomers.position,
      status: uploadCustomers.status,
      deliveryDate: uploadCustomers.deliveryDate,
      lines: uploadCustomers.lines,
      orderId: uploadCustomers.orderId,
      orderReferenceId: orders.referenceId,
      error: uploadCustomers.error,
    })
    .from(uploadCustomers)
    .innerJoin(customers, eq(customers.id, uploadCustomers.customerId))
    .leftJoin(orders, eq(orders.id, uploadCustomers.orderId))
    .where(eq(uploadCustomers.uploadBatchId, uploadBatchId))
    .orderBy(asc(uploadCustomers.position));
  return rows.map((row) => ({
    ...row,
    customerGroup: row.customerGroup as CustomerGroup,
    status: row.status as BulkUploadStatus,
    lines: row.lines as unknown as PlanLine[],
  }));
}

export async function setUploadStatus(db: DbOrTx, uploadBatchId: number, status: BulkUploadStatus): Promise<void> {
  await db.update(uploadBatches).set({ status, updatedAt: new Date() }).where(eq(uploadBatches.id, uploadBatchId));
}

/** Marks the upload as still being worked on, so that it is not taken for abandoned. */
export async function touchUpload(db: DbOrTx, uploadBatchId: number): Promise<void> {
  await db.update(uploadBatches).set({ updatedAt: new Date() }).where(eq(uploadBatches.id, uploadBatchId));
}

export async function setCustomersStatus(
  db: DbOrTx,
  uploadBatchId: number,
  fromStatus: BulkUploadStatus,
  change: { status: BulkUploadStatus; error?: string | null },
): Promise<void> {
  await db
    .update(uploadCustomers)
    .set({ status: change.status, ...(change.error === undefined ? {} : { error: change.error }) })
    .where(and(eq(uploadCustomers.uploadBatchId, uploadBatchId), eq(uploadCustomers.status, fromStatus)));
}

export async function setCustomerDeliveryDate(db: DbOrTx, uploadCustomerId: number, deliveryDate: string): Promise<void> {
  await db.update(uploadCustomers).set({ deliveryDate }).where(eq(uploadCustomers.id, uploadCustomerId));
}

export async function setCustomerOutcome(
  db: DbOrTx,
  uploadCustomerId: number,
  outcome: { status: 'COMPLETED'; orderId: number } | { status: 'FAILED'; error: string },
): Promise<void> {
  await db
    .update(uploadCustomers)
    .set(outcome.status === 'COMPLETED' ? { status: outcome.status, orderId: outcome.orderId, error: null } : { status: outcome.status, error: outcome.error })
    .where(eq(uploadCustomers.id, uploadCustomerId));
}

/** Uploads whose order creation stopped reporting progress before the cutoff (the instance running it died). */
export async function findStalledUploads(db: DbOrTx, marketId: number, cutoff: Date): Promise<UploadBatchRecord[]> {
  return db
    .select()
    .from(uploadBatches)
    .where(and(eq(uploadBatches.marketId, marketId), eq(uploadBatches.status, 'ORDER-INITIATED'), lt(uploadBatches.updatedAt, cutoff)));
}
