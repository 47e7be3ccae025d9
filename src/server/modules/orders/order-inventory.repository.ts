// SQL of the inventory an order can take: the market's orderable batches with their free whole cases.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { escapeLike, pageLimit, sqlList } from '../../lib/sql-helpers';

type InventorySortColumn =
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
type InventoryFilterColumn = InventorySortColumn | 'subcategory_name' | 'strain_type';
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
      ${pageLimit(query.page, query.pageSize)}`,
  );
}

export async function countInventory(db: DbOrTx, query: InventoryQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${INVENTORY_FROM} where ${inventoryConditions(query)}`);
  return row?.n ?? 0;
}
