// SQL for orders: the list, the detail, stock reservations on locked batch rows, and the writes of
// create, edit, status changes and notes. Every statement is scoped by market.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { OPEN_PICKLIST_STATUSES, type OrderStatus } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { ORDER_SEARCH_TEXT, orders, orderStatusHistory } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { escapeLike, sqlList } from '../../lib/sql-helpers';
import type { BatchStock, PlannedLine } from './order-stock';

export type OrderRecord = typeof orders.$inferSelect & { status: OrderStatus };

/** A Postgres array literal of whole numbers, sent as one parameter. */
const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const numericArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::numeric[]`;

// ---- one order ------------------------------------------------------------------------------------------

/** The order if it belongs to the market; with `lock`, its row stays locked until the transaction ends. */
export async function findOrder(db: DbOrTx, marketId: number, orderId: number, options: { lock?: boolean } = {}): Promise<OrderRecord | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.marketId, marketId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row as OrderRecord | undefined;
}

export type OrderLineRecord = {
  id: number;
  batchId: number;
  productId: number;
  caseSize: number;
  noOfCases: number;
  shortCases: number;
  unitBasePrice: number;
  unitSalePrice: number;
  /** Cases picked so far across the order's picklists. */
  pickedCases: number;
};

export async function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLineRecord[]> {
  return queryRows<OrderLineRecord>(
    db,
    sql`
      select i.id, i.batch_id as "batchId", i.product_id as "productId", i.case_size as "caseSize", i.no_of_cases as "noOfCases",
             i.short_cases as "shortCases", i.unit_base_price::float8 as "unitBasePrice", i.unit_sale_price::float8 as "unitSalePrice",
             coalesce((select sum(pi.no_of_case_picked) from picklist_items pi where pi.order_item_id = i.id), 0)::int as "pickedCases"
      from order_items i
      where i.order_id = ${orderId}
      order by i.id`,
  );
}

// ---- stock ---------------------------------------------------------------------------------------------

/**
 * Reads and locks the market's batches with these ids, in id order, so that two transactions taking
 * overlapping batches always lock them in the same order and never deadlock.
 */
export async function lockBatches(db: DbOrTx, marketId: number, batchIds: readonly number[]): Promise<Map<number, BatchStock>> {
  if (batchIds.length === 0) return new Map();
  const rows = await queryRows<BatchStock>(
    db,
    sql`
      select b.id, b.batch_number as "batchNumber", b.product_id as "productId", l.display_name as "locationName",
             b.case_size as "caseSize", b.active_units as "activeUnits", b.reserved_units as "reservedUnits",
             b.status, b.lab_status as "labStatus", b.expiry_date as "expiryDate",
             p.base_price::float8 as "basePrice", p.vendor_price::float8 as "vendorPrice"
      from batches b
      join products p on p.id = b.product_id
      join inventory_locations l on l.id = b.location_id
      where b.market_id = ${marketId} and b.id = any(${intArray([...new Set(batchIds)])})
      order by b.id
      for update of b`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Adds each delta to its batch's reserved units in one conditional update: a positive delta applies only
 * while the batch still has that many units free, so stock can never be sold twice. Answers the ids of
 * the batches whose delta applied.
 */
export async function applyReservations(db: DbOrTx, marketId: number, deltas: ReadonlyMap<number, number>): Promise<Set<number>> {
  if (deltas.size === 0) return new Set();
  const ids = [...deltas.keys()];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      update batches b set reserved_units = greatest(0, b.reserved_units + r.units)
      from unnest(${intArray(ids)}, ${intArray(ids.map((id) => deltas.get(id)!))}) as r(batch_id, units)
      where b.id = r.batch_id and b.market_id = ${marketId}
        and (r.units <= 0 or b.active_units - b.reserved_units >= r.units)
      returning b.id`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Shipping: the picked units leave stock and the order's reservation ends. */
export async function shipStock(db: DbOrTx, marketId: number, moves: readonly { batchId: number; heldUnits: number; pickedUnits: number }[]): Promise<void> {
  if (moves.length === 0) return;
  await db.execute(sql`
    update batches b set active_units = greatest(0, b.active_units - r.picked),
                         reserved_units = greatest(0, b.reserved_units - r.held)
    from unnest(${intArray(moves.map((m) => m.batchId))}, ${intArray(moves.map((m) => m.heldUnits))}, ${intArray(moves.map((m) => m.pickedUnits))})
         as r(batch_id, held, picked)
    where b.id = r.batch_id and b.market_id = ${marketId}`);
}

// ---- writes ------------------------------------------------------------------------------------------

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

const locationNamesOf = (lines: readonly PlannedLine[]) => {
  const names = [...new Set(lines.map((line) => line.locationName))].sort();
  return names.length > 0 ? names.join(', ') : null;
};
export { locationNamesOf };

/** 'ORD-MN-000123' from the row's own id, so that numbering needs no shared counter that writers queue on. */
const referenceFrom = (prefix: string, id: SQL) => sql`${prefix} || lpad(${id}::text, greatest(6, length(${id}::text)), '0')`;

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
 * One statement, run while the order's batches are locked, so that the locks are held for as short a
 * time as possible: the reservation of each batch, the order, its lines, its first status, its note and
 * the audit entry. Answers how many batches took their reservation (the caller checks it is all of them).
 */
export async function insertOrder(
  db: DbOrTx,
  order: NewOrder,
  reservations: ReadonlyMap<number, number>,
  audit: { actor: AuditActor; action: string; after: Record<string, unknown> },
): Promise<{ id: number; referenceId: string; reserved: number }> {
  const batchIds = [...reservations.keys()];
  const [row] = await queryRows<{ id: number; referenceId: string; reserved: number }>(
    db,
    sql`
      with reserved as (
        update batches b set reserved_units = b.reserved_units + r.units
        from unnest(${intArray(batchIds)}, ${intArray(batchIds.map((id) => reservations.get(id)!))}) as r(batch_id, units)
        where b.id = r.batch_id and b.market_id = ${order.marketId} and b.active_units - b.reserved_units >= r.units
        returning b.id
      ), o as (
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
      ), audited as (
        insert into audit_log (market_id, actor_user_id, request_id, entity_type, entity_id, action, after)
        select ${audit.actor.marketId}, ${audit.actor.userId}::uuid, ${audit.actor.requestId}, 'order', id::text, ${audit.action},
               jsonb_build_object('referenceId', reference_id) || ${JSON.stringify(audit.after)}::jsonb
        from o
      )
      select id, reference_id as "referenceId", (select count(*) from reserved)::int as reserved from o`,
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

// ---- picklists -----------------------------------------------------------------------------------------

/** One Pending picklist per warehouse of the order's batches, each with an item per order line there. */
export async function createPicklists(db: DbOrTx, order: { id: number; marketId: number; marketCode: string }, userId: string | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      with locations as (
        select distinct b.location_id from order_items i join batches b on b.id = i.batch_id where i.order_id = ${order.id}
      ), numbered as (
        select nextval(pg_get_serial_sequence('picklists', 'id'))::int as n, location_id from locations
      ), lists as (
        insert into picklists (id, market_id, reference_id, order_id, location_id, status, version, created_by, updated_by)
        select n, ${order.marketId}, ${referenceFrom(`PL-${order.marketCode}-`, sql`n`)}, ${order.id}, location_id, 'Pending', 1, ${userId}::uuid, ${userId}::uuid
        from numbered
        returning id, location_id
      ), items as (
        insert into picklist_items (picklist_id, order_item_id, no_of_case_ordered)
        select lists.id, i.id, i.no_of_cases
        from order_items i join batches b on b.id = i.batch_id join lists on lists.location_id = b.location_id
        where i.order_id = ${order.id}
      )
      select id from lists`,
  );
  return rows.length;
}

/**
 * Locks the order's picklists, in id order, before the order itself: picking locks a picklist and then
 * its order, so a cancel taking the order first could deadlock with a picker's save.
 */
export async function lockPicklistsOfOrder(db: DbOrTx, marketId: number, orderId: number): Promise<void> {
  await db.execute(sql`select id from picklists where order_id = ${orderId} and market_id = ${marketId} order by id for update`);
}

/** Cancels the order's picklists that are still being worked; a picker's stale save then fails its version check. */
export async function cancelOpenPicklists(db: DbOrTx, orderId: number, userId: string | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update picklists set status = 'Cancelled', version = version + 1, updated_by = ${userId}::uuid, updated_at = now()
        where order_id = ${orderId} and status in ${sqlList(OPEN_PICKLIST_STATUSES)}
        returning id`,
  );
  return rows.length;
}

// ---- notes ---------------------------------------------------------------------------------------------

export type NoteRow = { noteId: number; notes: string; createdAt: Date | string; createdUserName: string | null; total: number };

export async function listNotes(db: DbOrTx, orderId: number, page: number, pageSize: number): Promise<NoteRow[]> {
  return queryRows<NoteRow>(
    db,
    sql`
      select n.id as "noteId", n.note as notes, n.created_at as "createdAt", u.name as "createdUserName", count(*) over ()::int as total
      from order_notes n left join users u on u.id = n.created_by
      where n.order_id = ${orderId}
      order by n.created_at desc, n.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
}

export async function countNotes(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_notes where order_id = ${orderId}`);
  return row?.n ?? 0;
}

export async function insertNote(db: DbOrTx, orderId: number, note: string, userId: string | null): Promise<Omit<NoteRow, 'total'>> {
  const [row] = await queryRows<Omit<NoteRow, 'total'>>(
    db,
    sql`
      with n as (insert into order_notes (order_id, note, created_by) values (${orderId}, ${note}, ${userId}::uuid) returning id, note, created_at, created_by)
      select n.id as "noteId", n.note as notes, n.created_at as "createdAt", u.name as "createdUserName" from n left join users u on u.id = n.created_by`,
  );
  return row!;
}

export async function latestNote(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await queryRows<{ note: string }>(
    db,
    sql`select note from order_notes where order_id = ${orderId} order by created_at desc, id desc limit 1`,
  );
  return row?.note ?? null;
}

// ---- the detail's items --------------------------------------------------------------------------------

export const ORDER_ITEM_SORT_COLUMNS = [
  'productName',
  'batchNumber',
  'categoryName',
  'brandName',
  'noOfCase',
  'unitSalePrice',
  'subTotalPrice',
  'expiryDate',
  'inventoryLocationName',
] as const;
export type OrderItemSortColumn = (typeof ORDER_ITEM_SORT_COLUMNS)[number];
export const ORDER_ITEM_FILTER_COLUMNS = ['productName', 'batchNumber', 'categoryName', 'brandName', 'inventoryLocationName'] as const;
export type OrderItemFilterColumn = (typeof ORDER_ITEM_FILTER_COLUMNS)[number];

const ITEM_COLUMNS: Record<OrderItemSortColumn, SQL> = {
  productName: sql`p.name`,
  batchNumber: sql`b.batch_number`,
  categoryName: sql`c.name`,
  brandName: sql`br.name`,
  noOfCase: sql`i.no_of_cases`,
  unitSalePrice: sql`i.unit_sale_price`,
  subTotalPrice: sql`(i.no_of_cases * i.case_size * i.unit_sale_price)`,
  expiryDate: sql`b.expiry_date`,
  inventoryLocationName: sql`l.display_name`,
};

export type OrderItemRow = {
  orderItemId: number;
  batchId: number;
  batchNumber: string;
  productId: number;
  productName: string;
  s2sProductName: string;
  categoryId: number;
  categoryName: string;
  subcategoryId: number | null;
  subcategoryName: string | null;
  strainId: number | null;
  strainName: string | null;
  lineage: string | null;
  strainType: string | null;
  brandId: number | null;
  brandName: string | null;
  packageSize: number | null;
  packageSizeUom: string | null;
  caseSize: number;
  noOfCase: number;
  shortCases: number;
  caseFulfilled: number;
  unitBasePrice: number;
  unitSalePrice: number;
  expiryDate: string | null;
  inventoryLocationName: string;
  activeUnits: number;
  reservedUnits: number;
  batchStatus: string;
  labStatus: string;
  total: number;
};

export type OrderItemQuery = {
  orderId: number;
  search?: string;
  filters: { column: OrderItemFilterColumn; value: string }[];
  sort: { column: OrderItemSortColumn; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
};

export async function listOrderItems(db: DbOrTx, query: OrderItemQuery): Promise<OrderItemRow[]> {
  const conditions: SQL[] = [sql`i.order_id = ${query.orderId}`];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or b.batch_number ilike ${pattern} or b.s2s_product_name ilike ${pattern})`);
  }
  for (const filter of query.filters) conditions.push(sql`${ITEM_COLUMNS[filter.column]} ilike ${`%${escapeLike(filter.value)}%`}`);
  const orderBy = sql.join(
    [...query.sort.map((s) => sql`${ITEM_COLUMNS[s.column]} ${sql.raw(s.order === 'asc' ? 'asc nulls last' : 'desc nulls last')}`), sql`i.id asc`],
    sql`, `,
  );
  return queryRows<OrderItemRow>(
    db,
    sql`
      select i.id as "orderItemId", i.batch_id as "batchId", b.batch_number as "batchNumber", i.product_id as "productId", p.name as "productName",
             b.s2s_product_name as "s2sProductName", p.category_id as "categoryId", c.name as "categoryName",
             p.subcategory_id as "subcategoryId", sc.name as "subcategoryName", p.strain_id as "strainId", s.name as "strainName",
             s.lineage, s.strain_type as "strainType", p.brand_id as "brandId", br.name as "brandName",
             p.item_size::float8 as "packageSize", p.item_size_uom as "packageSizeUom", i.case_size as "caseSize", i.no_of_cases as "noOfCase",
             i.short_cases as "shortCases",
             coalesce((select sum(pi.no_of_case_picked) from picklist_items pi where pi.order_item_id = i.id), 0)::int as "caseFulfilled",
             i.unit_base_price::float8 as "unitBasePrice", i.unit_sale_price::float8 as "unitSalePrice", b.expiry_date as "expiryDate",
             l.display_name as "inventoryLocationName", b.active_units as "activeUnits", b.reserved_units as "reservedUnits",
             b.status as "batchStatus", b.lab_status as "labStatus", count(*) over ()::int as total
      from order_items i
      join batches b on b.id = i.batch_id
      join products p on p.id = i.product_id
      join categories c on c.id = p.category_id
      left join subcategories sc on sc.id = p.subcategory_id
      left join strains s on s.id = p.strain_id
      left join brands br on br.id = p.brand_id
      join inventory_locations l on l.id = b.location_id
      where ${sql.join(conditions, sql` and `)}
      order by ${orderBy}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
}

export async function countOrderItems(db: DbOrTx, query: OrderItemQuery): Promise<number> {
  const rows = await listOrderItems(db, { ...query, page: 1, pageSize: 1 });
  return rows[0]?.total ?? 0;
}

// ---- the list ------------------------------------------------------------------------------------------

export type OrderListTextColumn = 'customer_name' | 'created_user_name' | 'reference_id' | 'mso_owner_name' | 'sales_person_name';
export type OrderListDateColumn = 'created_ts' | 'approved_date' | 'requested_delivery_date' | 'confirmed_delivery_date';
export type OrderListNumberColumn = 'total_cases' | 'total_price';
export type OrderListSortColumn = OrderListTextColumn | OrderListDateColumn | OrderListNumberColumn | 'metadata_label';

/** A filter already checked and typed by the service. */
export type OrderListFilter = {
  marketId: number;
  /** The market's time zone: a day in a date filter is that day there. */
  timeZone: string;
  search?: string;
  /** Each entry narrows to the statuses listed (several entries: all must hold). */
  statusSets: OrderStatus[][];
  text: { column: OrderListTextColumn; value: string }[];
  equals: { column: OrderListTextColumn; values: string[] }[];
  numbers: { column: OrderListNumberColumn; values: number[] }[];
  dateRanges: { column: OrderListDateColumn; from?: string; to?: string }[];
};

export type OrderListSort = { column: OrderListSortColumn; order: 'asc' | 'desc' }[];

// Qualified with the table: in ORDER BY a bare name means the output column of that name first, and
// the page's total_price is total_price::float8, which no index serves (a sort of the whole market).
const LIST_COLUMNS: Record<OrderListSortColumn, { sql: SQL; nullable: boolean }> = {
  customer_name: { sql: sql`orders.customer_name`, nullable: false },
  created_user_name: { sql: sql`orders.created_user_name`, nullable: true },
  reference_id: { sql: sql`orders.reference_id`, nullable: false },
  mso_owner_name: { sql: sql`orders.mso_owner_name`, nullable: true },
  sales_person_name: { sql: sql`orders.sales_person_name`, nullable: true },
  created_ts: { sql: sql`orders.created_at`, nullable: false },
  approved_date: { sql: sql`orders.approved_at`, nullable: true },
  requested_delivery_date: { sql: sql`orders.requested_delivery_date`, nullable: true },
  confirmed_delivery_date: { sql: sql`orders.confirmed_delivery_date`, nullable: true },
  total_cases: { sql: sql`orders.total_cases`, nullable: false },
  total_price: { sql: sql`orders.total_price`, nullable: false },
  metadata_label: { sql: sql`orders.status`, nullable: false },
};

/** 'ORD-MN-000123': a search for one order by its reference. */
const WHOLE_REFERENCE = /^[A-Za-z]{2,5}-[A-Za-z]{2}-\d{6,}$/;

function listConditions(filter: OrderListFilter): SQL {
  const conditions: SQL[] = [sql`market_id = ${filter.marketId}`];
  if (filter.search) {
    // A whole reference finds its order through the unique index: as a contains-match its common
    // trigrams ('ord', '-mn') would make the trigram index read most of the market's orders.
    conditions.push(
      WHOLE_REFERENCE.test(filter.search)
        ? sql`reference_id = ${filter.search.toUpperCase()}`
        : sql`${ORDER_SEARCH_TEXT} like lower(${`%${escapeLike(filter.search)}%`})`,
    );
  }
  for (const statuses of filter.statusSets) {
    conditions.push(statuses.length === 0 ? sql`false` : statuses.length === 1 ? sql`status = ${statuses[0]}` : sql`status in ${sqlList(statuses)}`);
  }
  for (const { column, value } of filter.text) conditions.push(sql`lower(${LIST_COLUMNS[column].sql}) like lower(${`%${escapeLike(value)}%`})`);
  for (const { column, values } of filter.equals) conditions.push(sql`${LIST_COLUMNS[column].sql} in ${sqlList(values)}`);
  for (const { column, values } of filter.numbers) conditions.push(sql`${LIST_COLUMNS[column].sql} in ${sqlList(values)}`);
  for (const { column, from, to } of filter.dateRanges) {
    const target = LIST_COLUMNS[column].sql;
    if (column === 'created_ts' || column === 'approved_date') {
      // Instants: the day runs from midnight to midnight in the market's time zone, as an index range.
      if (from) conditions.push(sql`${target} >= (${from}::date)::timestamp at time zone ${filter.timeZone}`);
      if (to) conditions.push(sql`${target} < (${to}::date + 1)::timestamp at time zone ${filter.timeZone}`);
    } else {
      if (from) conditions.push(sql`${target} >= ${from}::date`);
      if (to) conditions.push(sql`${target} <= ${to}::date`);
    }
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The order of a page, written so that an index of orders serves it: (market, column, id) read forwards
 * or backwards, empty values last (nullable columns have an index per direction), the status sorted
 * newest first within each status.
 */
function listOrderBy(sort: OrderListSort): SQL {
  if (sort.length === 0) return sql`created_at desc, id desc`;
  const parts = sort.map(({ column, order }) => {
    const { sql: target, nullable } = LIST_COLUMNS[column];
    return nullable ? sql`${target} ${sql.raw(order)} nulls last` : sql`${target} ${sql.raw(order)}`;
  });
  const [first] = sort;
  if (sort.length === 1 && first!.column === 'metadata_label') {
    parts.push(first!.order === 'asc' ? sql`created_at desc, id desc` : sql`created_at asc, id asc`);
  } else if (!(sort.length === 1 && first!.column === 'reference_id')) {
    parts.push(sql`id ${sql.raw(first!.order)}`);
  }
  return sql.join(parts, sql`, `);
}

/** An instant as the API writes it (JavaScript's toISOString), whatever the session's DateStyle and time zone. */
const isoInstant = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of the list as the JSON array the API answers (orderListRowSchema's fields), built by the
 * database in one text value, with the number of rows on it. Parsing a hundred rows into objects and
 * serialising them again was most of the Node process's work for this, the busiest list.
 */
export async function listOrdersJson(db: DbOrTx, filter: OrderListFilter, sort: OrderListSort, page: number, pageSize: number): Promise<{ json: string; rows: number }> {
  const [row] = await queryRows<{ json: string; rows: number }>(
    db,
    sql`
      select coalesce(json_agg(r), '[]')::text as json, count(*)::int as rows from (
        select id as order_id, reference_id, customer_id, customer_name, created_user_name, ${isoInstant(sql`created_at`)} as created_ts,
               upper(replace(status, ' ', '_')) as metadata_code, status as metadata_label, ${isoInstant(sql`approved_at`)} as approved_date,
               requested_delivery_date, confirmed_delivery_date, total_cases, total_price::float8 as total_price,
               inventory_location_name, mso_owner_name, sales_person_name, null::float8 as tax_price, null::text as status_description,
               status_comment as history_comments
        from orders
        where ${listConditions(filter)}
        order by ${listOrderBy(sort)}
        limit ${pageSize} offset ${(page - 1) * pageSize}
      ) r`,
  );
  return row!;
}

export async function countOrders(db: DbOrTx, filter: OrderListFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where ${listConditions(filter)}`);
  return row?.n ?? 0;
}

// ---- the inventory to order from ---------------------------------------------------------------------

export type InventorySortColumn =
  | 'product_name'
  | 's2s_product_name'
  | 'batch_number'
  | 'category_name'
  | 'brand_name'
  | 'strain_name'
  | 'expiry_date'
  | 'available_case_size'
  | 'default_price'
  | 'inventory_location_name';
export type InventoryFilterColumn = InventorySortColumn | 'subcategory_name' | 'strain_type';
export type InventoryTextColumn = Exclude<InventoryFilterColumn, 'expiry_date' | 'available_case_size' | 'default_price'>;

const INVENTORY_COLUMNS: Record<InventoryFilterColumn, SQL> = {
  product_name: sql`p.name`,
  s2s_product_name: sql`b.s2s_product_name`,
  batch_number: sql`b.batch_number`,
  category_name: sql`c.name`,
  subcategory_name: sql`sc.name`,
  brand_name: sql`br.name`,
  strain_name: sql`s.name`,
  strain_type: sql`s.strain_type`,
  expiry_date: sql`b.expiry_date`,
  available_case_size: sql`((b.active_units - b.reserved_units) / b.case_size)`,
  default_price: sql`least(p.base_price, coalesce(p.vendor_price, p.base_price))`,
  inventory_location_name: sql`l.display_name`,
};

export type InventoryQuery = {
  marketId: number;
  today: string;
  search?: string;
  text: { column: InventoryTextColumn; value: string }[];
  equals: { column: InventoryTextColumn; values: string[] }[];
  numbers: { column: 'available_case_size' | 'default_price'; values: number[] }[];
  expiry?: { from?: string; to?: string };
  /** Without a filter on available cases, only batches with at least one whole case free. */
  includeUnavailable: boolean;
  sort: { column: InventorySortColumn; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
};

export type InventoryRecord = {
  batch_id: number;
  batch_number: string;
  product_id: number;
  product_name: string;
  s2s_product_name: string;
  category_name: string;
  subcategory_name: string | null;
  brand_name: string | null;
  strain_name: string | null;
  strain_type: string | null;
  item_size: number | null;
  item_size_uom: string | null;
  case_size: number;
  available_case_size: number;
  base_price: number;
  vendor_price: number | null;
  default_price: number;
  expiry_date: string | null;
  inventory_location_name: string;
  thc_value: number | null;
  thc_total_uom: string | null;
  cbd_value: number | null;
  cbd_total_uom: string | null;
};

function inventoryConditions(query: InventoryQuery): SQL {
  // Orderable: active, lab-passed and unexpired (order-stock.ts isOrderable says the same for create).
  const conditions: SQL[] = [
    sql`b.market_id = ${query.marketId}`,
    // Said of the product too, so that the default order can walk the market's products by name.
    sql`p.market_id = ${query.marketId}`,
    sql`b.status = 'active'`,
    sql`b.lab_status = 'passed'`,
    sql`(b.expiry_date is null or b.expiry_date >= ${query.today}::date)`,
  ];
  if (!query.includeUnavailable) conditions.push(sql`b.active_units - b.reserved_units >= b.case_size`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or b.s2s_product_name ilike ${pattern} or b.batch_number ilike ${pattern} or br.name ilike ${pattern})`);
  }
  for (const { column, value } of query.text) conditions.push(sql`${INVENTORY_COLUMNS[column]} ilike ${`%${escapeLike(value)}%`}`);
  for (const { column, values } of query.equals) conditions.push(sql`${INVENTORY_COLUMNS[column]} in ${sqlList(values)}`);
  for (const { column, values } of query.numbers) conditions.push(sql`${INVENTORY_COLUMNS[column]} in ${sqlList(values)}`);
  if (query.expiry?.from) conditions.push(sql`b.expiry_date >= ${query.expiry.from}::date`);
  if (query.expiry?.to) conditions.push(sql`b.expiry_date <= ${query.expiry.to}::date`);
  return sql.join(conditions, sql` and `);
}

const INVENTORY_FROM = sql`
  batches b
  join products p on p.id = b.product_id
  join categories c on c.id = p.category_id
  left join subcategories sc on sc.id = p.subcategory_id
  left join brands br on br.id = p.brand_id
  left join strains s on s.id = p.strain_id
  join inventory_locations l on l.id = b.location_id`;

export async function listInventory(db: DbOrTx, query: InventoryQuery): Promise<InventoryRecord[]> {
  const sort = query.sort.length > 0 ? query.sort : [{ column: 'product_name' as const, order: 'asc' as const }];
  const orderBy = sql.join(
    [...sort.map((s) => sql`${INVENTORY_COLUMNS[s.column]} ${sql.raw(s.order === 'asc' ? 'asc nulls last' : 'desc nulls last')}`), sql`b.id asc`],
    sql`, `,
  );
  return queryRows<InventoryRecord>(
    db,
    sql`
      select b.id as batch_id, b.batch_number, p.id as product_id, p.name as product_name, b.s2s_product_name, c.name as category_name,
             sc.name as subcategory_name, br.name as brand_name, s.name as strain_name, s.strain_type, p.item_size::float8 as item_size,
             p.item_size_uom, b.case_size, greatest(0, (b.active_units - b.reserved_units) / b.case_size)::int as available_case_size,
             p.base_price::float8 as base_price, p.vendor_price::float8 as vendor_price,
             least(p.base_price, coalesce(p.vendor_price, p.base_price))::float8 as default_price, b.expiry_date,
             l.display_name as inventory_location_name, b.thc_value::float8 as thc_value, b.thc_uom as thc_total_uom,
             b.cbd_value::float8 as cbd_value, b.cbd_uom as cbd_total_uom
      from ${INVENTORY_FROM}
      where ${inventoryConditions(query)}
      order by ${orderBy}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
}

export async function countInventory(db: DbOrTx, query: InventoryQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${INVENTORY_FROM} where ${inventoryConditions(query)}`);
  return row?.n ?? 0;
}
