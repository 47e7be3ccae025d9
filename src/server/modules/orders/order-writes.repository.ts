// SQL that writes orders: a new order with its lines, status history and note; new lines for an edit;
// changes with a version bump; status history; line prices; notes. The order's stock is the inventory
// module's (batch-stock.repository.ts) and its picklists the picklists module's.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { orders, orderStatusHistory } from '../../db/schema';
import { intArray, numericArray, referenceFrom } from '../../lib/sql-helpers';
import type { NoteRow } from './order-reads.repository';
import type { PlannedLine } from './order-stock';

export type NewOrder = {
  marketId: number;
  marketCode: string;
  customerId: number;
  customerName: string;
  msoOwnerName: string | null;
  salesPersonId: number | null;
  salesPersonName: string | null;
  createdBy: string | null;
  createdUserName: string | null;
  status: OrderStatus;
  requestedDeliveryDate: string | null;
  totalCases: number;
  totalPrice: number;
  inventoryLocationName: string | null;
  statusComment: string;
  note: string | null;
  lines: readonly PlannedLine[];
};

function insertLinesSql(orderId: SQL, lines: readonly PlannedLine[]): SQL {
  return sql`
    insert into order_items (order_id, batch_id, product_id, case_size, no_of_cases, short_cases, unit_base_price, unit_sale_price)
    select ${orderId}, u.batch_id, u.product_id, u.case_size, u.cases, u.short_cases, u.base_price, u.sale_price
    from unnest(${intArray(lines.map((l) => l.batchId))}, ${intArray(lines.map((l) => l.productId))}, ${intArray(lines.map((l) => l.caseSize))},
                ${intArray(lines.map((l) => l.noOfCases))}, ${intArray(lines.map((l) => l.shortCases))},
                ${numericArray(lines.map((l) => l.unitBasePrice))}, ${numericArray(lines.map((l) => l.unitSaleCents / 100))})
         as u(batch_id, product_id, case_size, cases, short_cases, base_price, sale_price)`;
}

/**
 * One statement, run while the order's batches are locked and reserved, so that the locks are held for as
 * short a time as possible: the order, its lines, its first status and its note.
 */
export async function insertOrder(db: DbOrTx, order: NewOrder): Promise<{ id: number; referenceId: string }> {
  const [row] = await queryRows<{ id: number; referenceId: string }>(
    db,
    sql`
      with o as (
        insert into orders (id, market_id, reference_id, customer_id, customer_name, mso_owner_name, sales_person_id, sales_person_name,
                            status, requested_delivery_date, total_cases, total_price, version, created_by, updated_by, created_user_name,
                            inventory_location_name, status_comment)
        select s.n, ${order.marketId}, ${referenceFrom(`ORD-${order.marketCode}-`, sql`s.n`)}, ${order.customerId}, ${order.customerName},
               ${order.msoOwnerName}, ${order.salesPersonId}, ${order.salesPersonName}, ${order.status}, ${order.requestedDeliveryDate}::date,
               ${order.totalCases}, ${order.totalPrice}, 1, ${order.createdBy}::uuid, ${order.createdBy}::uuid, ${order.createdUserName},
               ${order.inventoryLocationName}, ${order.statusComment}
        from (select nextval(pg_get_serial_sequence('orders', 'id'))::int as n) s
        returning id, reference_id
      ), lines as (
        ${insertLinesSql(sql`(select id from o)`, order.lines)}
      ), history as (
        insert into order_status_history (order_id, from_status, to_status, comment, changed_by)
        select id, null, ${order.status}, ${order.statusComment}, ${order.createdBy}::uuid from o
      ), note as (
        insert into order_notes (order_id, note, created_by)
        select id, ${order.note}, ${order.createdBy}::uuid from o where ${order.note}::text is not null
      )
      select id, reference_id as "referenceId" from o`,
  );
  return row!;
}

export async function replaceOrderLines(db: DbOrTx, orderId: number, lines: readonly PlannedLine[]): Promise<void> {
  await db.execute(sql`
    with gone as (delete from order_items where order_id = ${orderId})
    ${insertLinesSql(sql`${orderId}::int`, lines)}`);
}

export type OrderChanges = Partial<
  Pick<
    typeof orders.$inferInsert,
    | 'status'
    | 'customerId'
    | 'customerName'
    | 'msoOwnerName'
    | 'salesPersonId'
    | 'salesPersonName'
    | 'requestedDeliveryDate'
    | 'confirmedDeliveryDate'
    | 'approvedAt'
    | 'totalCases'
    | 'totalPrice'
    | 'inventoryLocationName'
    | 'statusComment'
  >
>;

/** Applies the changes, bumps the version and stamps who and when; answers the new version. */
export async function updateOrder(db: DbOrTx, orderId: number, userId: string | null, changes: OrderChanges): Promise<number> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, version: sql`${orders.version} + 1`, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning({ version: orders.version });
  return row!.version;
}

export async function insertStatusHistory(
  db: DbOrTx,
  entry: { orderId: number; from: OrderStatus | null; to: OrderStatus; comment: string | null; userId: string | null },
): Promise<void> {
  await db.insert(orderStatusHistory).values({ orderId: entry.orderId, fromStatus: entry.from, toStatus: entry.to, comment: entry.comment, changedBy: entry.userId });
}

export async function updateLinePrice(db: DbOrTx, orderId: number, batchId: number, unitSalePrice: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update order_items set unit_sale_price = ${unitSalePrice} where order_id = ${orderId} and batch_id = ${batchId} returning id`,
  );
  return rows.length > 0;
}

/** Totals recomputed from the stored lines. */
export async function orderTotals(db: DbOrTx, orderId: number): Promise<{ totalCases: number; totalPrice: number }> {
  const [row] = await queryRows<{ totalCases: number; totalPrice: number }>(
    db,
    sql`select coalesce(sum(no_of_cases), 0)::int as "totalCases", coalesce(sum(no_of_cases * case_size * unit_sale_price), 0)::float8 as "totalPrice"
        from order_items where order_id = ${orderId}`,
  );
  return row!;
}

// ---- notes ---------------------------------------------------------------------------------------------

export async function insertNote(db: DbOrTx, orderId: number, note: string, userId: string | null): Promise<Omit<NoteRow, 'total'>> {
  const [row] = await queryRows<Omit<NoteRow, 'total'>>(
    db,
    sql`
      with n as (insert into order_notes (order_id, note, created_by) values (${orderId}, ${note}, ${userId}::uuid) returning id, note, created_at, created_by)
      select n.id as "noteId", n.note as notes, n.created_at as "createdAt", u.name as "createdUserName" from n left join users u on u.id = n.created_by`,
  );
  return row!;
}
