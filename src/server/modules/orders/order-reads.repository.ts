// SQL that reads one order: the order (optionally locked), its lines, its notes and a page of its items
// with their batches. Every statement is scoped by market or by an order already found in the market.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { escapeLike, pageLimit } from '../../lib/sql-helpers';

export type OrderRecord = typeof orders.$inferSelect & { status: OrderStatus };

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
      ${pageLimit(page, pageSize)}`,
  );
}

export async function countNotes(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_notes where order_id = ${orderId}`);
  return row?.n ?? 0;
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
type OrderItemSortColumn = (typeof ORDER_ITEM_SORT_COLUMNS)[number];
export const ORDER_ITEM_FILTER_COLUMNS = ['productName', 'batchNumber', 'categoryName', 'brandName', 'inventoryLocationName'] as const;
type OrderItemFilterColumn = (typeof ORDER_ITEM_FILTER_COLUMNS)[number];

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
      ${pageLimit(query.page, query.pageSize)}`,
  );
}

export async function countOrderItems(db: DbOrTx, query: OrderItemQuery): Promise<number> {
  const rows = await listOrderItems(db, { ...query, page: 1, pageSize: 1 });
  return rows[0]?.total ?? 0;
}
