// SQL of the inventory an order can take: the market's orderable batches with their free whole cases.
import { sql, type SQL } from 'drizzle-orm';
import { countBatchSearch, walkStart, WALK_START_FROM_ROWS } from '../../db/batch-search-totals';
import { hasTrigram } from '../../db/search-totals';
import { queryRows, type DbOrTx } from '../../db/client';
import { escapeLike, pageLimit, sqlList, writtenInDay, writtenInId } from '../../lib/sql-helpers';

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

/**
 * The ids of the market's products whose name or brand holds the pattern, as an int[] expression: the names through
 * their trigram index, the brands on their own table first (as the menu's matchedProducts, which says why).
 */
function matchedProducts(marketId: number, pattern: string): SQL {
  const market = writtenInId(marketId);
  return sql`array(
      select sp.id from products sp where sp.market_id = ${market} and lower(sp.name) like lower(${pattern})
      union
      select sp.id from products sp where sp.market_id = ${market} and sp.brand_id in (select sb.id from brands sb where sb.name ilike ${pattern}))`;
}

/** A batch (b) that the search matches: its product's name or brand, its batch number or its S2S name holds it. */
function searchMatch(marketId: number, pattern: string): SQL {
  return sql`(b.product_id = any(${matchedProducts(marketId, pattern)}) or b.batch_number ilike ${pattern} or b.s2s_product_name ilike ${pattern})`;
}

/**
 * The products that may hold a batch the search matches, as a parenthesised subquery: those whose name or brand holds
 * it, those with an S2S name holding it (the kept batch counts' names: a few thousand rows, not the batches), and
 * those of the batches whose number holds it.
 */
function searchCandidates(marketId: number, pattern: string): SQL {
  const market = writtenInId(marketId);
  return sql`(select unnest(${matchedProducts(marketId, pattern)})
      union select k.product_id from batch_search_counts k where k.market_id = ${market} and k.names like lower(${pattern})
      union select cb.product_id from batches cb where cb.market_id = ${market} and cb.batch_number ilike ${pattern})`;
}

function inventoryConditions(query: InventoryQuery): SQL {
  // Orderable: active, lab-passed and unexpired (order-stock.ts isOrderable says the same for create).
  // The market and its day written in (writtenInId, writtenInDay): bound, the seven-table page was planned again on
  // every call, 4.6 ms of its 5.9 on the large data set.
  const conditions: SQL[] = [
    sql`b.market_id = ${writtenInId(query.marketId)}`,
    // Said of the product too, so that the default order can walk the market's products by name.
    sql`p.market_id = ${writtenInId(query.marketId)}`,
    sql`b.status = 'active'`,
    sql`b.lab_status = 'passed'`,
    sql`(b.expiry_date is null or b.expiry_date >= ${writtenInDay(query.today)})`,
  ];
  if (!query.includeUnavailable) conditions.push(sql`b.active_units - b.reserved_units >= b.case_size`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    // The product and brand names are the product's: matched once on the market's few thousand products (the trigram
    // index on product names; lower(x) like lower(pattern) is how ilike compares), so that the batches are read by
    // product id or through the trigram index on batch numbers and S2S names, as the menu's search reads them, instead
    // of matching four names on every orderable batch (a search cost 0.3-0.9 s on the large data set, counted or not).
    conditions.push(searchMatch(query.marketId, pattern));
  }
  for (const { column, value } of query.text) conditions.push(sql`${INVENTORY_COLUMNS[column]} ilike ${`%${escapeLike(value)}%`}`);
  for (const { column, values } of query.equals) conditions.push(sql`${INVENTORY_COLUMNS[column]} in ${sqlList(values)}`);
  for (const { column, values } of query.numbers) conditions.push(sql`${INVENTORY_COLUMNS[column]} in ${sqlList(values)}`);
  if (query.expiry?.from) conditions.push(sql`b.expiry_date >= ${query.expiry.from}::date`);
  if (query.expiry?.to) conditions.push(sql`b.expiry_date <= ${query.expiry.to}::date`);
  return sql.join(conditions, sql` and `);
}

const INVENTORY_JOINS = sql`
  join products p on p.id = b.product_id
  join categories c on c.id = p.category_id
  left join subcategories sc on sc.id = p.subcategory_id
  left join brands br on br.id = p.brand_id
  left join strains s on s.id = p.strain_id
  join inventory_locations l on l.id = b.location_id`;
const INVENTORY_FROM = sql`batches b ${INVENTORY_JOINS}`;

/** Columns that are never empty (NOT NULL on their tables, or made of such columns). */
const NEVER_EMPTY = new Set<InventorySortColumn>(['product_name', 's2s_product_name', 'batch_number', 'category_name', 'available_case_size', 'default_price', 'inventory_location_name']);

/** Columns of the product (its own, its category's, brand's or strain's): the same for all its batches. */
const PRODUCT_KEYS: Partial<Record<InventorySortColumn, SQL>> = {
  product_name: sql`p.name`,
  category_name: sql`c.name`,
  brand_name: sql`br.name`,
  strain_name: sql`s.name`,
  default_price: sql`least(p.base_price, coalesce(p.vendor_price, p.base_price))`,
};

/**
 * A sort key and its direction, empty values last either way as the spec says. A key that is never empty is sorted
 * without a nulls clause (the same rows), so that a descending sort can read an index backwards; the expiry is sorted
 * as the expressions the menu's expiry indexes hold, whose empty dates are last in both directions.
 */
function sortTerm(column: InventorySortColumn, order: 'asc' | 'desc', key: SQL = INVENTORY_COLUMNS[column]): SQL {
  if (column === 'expiry_date') return order === 'asc' ? sql`coalesce(b.expiry_date, 'infinity'::date) asc` : sql`coalesce(b.expiry_date, '-infinity'::date) desc`;
  return sql`${key} ${sql.raw(NEVER_EMPTY.has(column) ? order : `${order} nulls last`)}`;
}

/**
 * The page's batch ids in order, for a list neither searched nor filtered and sorted by one column that lets the page be
 * read in order instead of sorting every orderable batch (3.5-6 s at 32 connections on the large data set): a column
 * of the product walks the market's products sorted by it, each one's batches through the (market, product) index,
 * until the page is full (ties by batch id sorted within each group of equal keys); the S2S name, batch number and
 * expiry walk their batch indexes. Null for any other list, which is read by one statement as before.
 */
function orderedPageIds(query: InventoryQuery, walkStartFrom: number): SQL | null {
  const [sort, ...more] = query.sort.length > 0 ? query.sort : [{ column: 'product_name' as const, order: 'asc' as const }];
  if (more.length > 0 || query.text.length + query.equals.length + query.numbers.length > 0 || query.expiry) return null;
  // A search without a trigram ('a', '12') is read as before, by one statement: finding the products that may match it
  // would read every batch number.
  if (query.search && !hasTrigram(query.search)) return null;
  const market = writtenInId(query.marketId);
  const sellable = sql`b.market_id = ${market} and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${writtenInDay(query.today)})
    ${query.includeUnavailable ? sql`` : sql`and b.active_units - b.reserved_units >= b.case_size`}`;
  const productKey = PRODUCT_KEYS[sort!.column];
  const offset = (query.page - 1) * query.pageSize;
  if (productKey && !query.search && !query.includeUnavailable && offset >= walkStartFrom) {
    // A deep page: its products' groups of equal keys numbered in the sort's order, the group holding the page's first
    // row and the rows before it in that group found from the kept counts (walkStart), and the walk started there.
    return sql`
      with units as materialized (
             select p.id as product_id, dense_rank() over (order by ${sortTerm(sort!.column, sort!.order, sql`k`)}) as g
             from (select p.id, ${productKey} as k from products p
                     join categories c on c.id = p.category_id left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id
                    where p.market_id = ${market}) p),
           start as materialized ${walkStart({ marketId: query.marketId, today: query.today, minAvailability: 2 }, sql`select product_id, g from units`, offset)}
      select b.id
      from (select u.product_id, u.g from units u where u.g >= (select g from start) order by u.g) pp
      join batches b on b.market_id = ${market} and b.product_id = pp.product_id
      where ${sellable}
      order by pp.g, b.id asc
      limit ${sql.raw(String(Math.trunc(query.pageSize)))} offset (select skip from start)`;
  }
  if (productKey) {
    // A search walks only the products that may hold a match (searchCandidates), then tests their batches: walking
    // every product, a piece of a name matched sparsely in the sort's order ('Rive') tested the S2S name of 155,000
    // batches for one page (340 ms on the large data set).
    const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
    return sql`
      select b.id
      from (select p.id, ${productKey} as k from products p
              join categories c on c.id = p.category_id left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id
             where p.market_id = ${market}${pattern ? sql` and p.id in ${searchCandidates(query.marketId, pattern)}` : sql``}
             order by ${sortTerm(sort!.column, sort!.order, sql`k`)}) pp
      ${
        pattern
          ? // Product by product through the (market, product) index, as the menu's productBatches says why.
            sql`cross join lateral (select b.id from batches b where b.product_id = pp.id and ${sellable} and ${searchMatch(query.marketId, pattern)} offset 0) b`
          : sql`join batches b on b.market_id = ${market} and b.product_id = pp.id where ${sellable}`
      }
      order by ${sortTerm(sort!.column, sort!.order, sql`pp.k`)}, b.id asc
      ${pageLimit(query.page, query.pageSize)}`;
  }
  const rowsThrough = query.page * query.pageSize;
  if (sort!.column === 'inventory_location_name' && !query.search && rowsThrough <= WALK_START_FROM_ROWS) {
    // The first rows by id of each of the market's few locations (the (market, location, id) index), merged in the
    // locations' order: the page is among them. Sorting every orderable batch by its location's name took 170 ms
    // alone on the large data set, 3 s at 32 connections; this reads a page's rows per location, 1.3 ms.
    // Every location, not only the market's: a batch is listed at whatever location it names, as the plain sort lists
    // it (another market's locations cost an empty index lookup each).
    return sql`
      select x.id
      from (select l.id, l.display_name as k from inventory_locations l) l
      cross join lateral (select b.id from batches b where b.location_id = l.id and ${sellable} and ${ofMarketProduct(query.marketId)}
                          order by b.id limit ${sql.raw(String(rowsThrough))}) x
      order by ${sortTerm(sort!.column, sort!.order, sql`l.k`)}, x.id asc
      ${pageLimit(query.page, query.pageSize)}`;
  }
  if (sort!.column === 'available_case_size' && !query.search && !query.includeUnavailable) {
    // The kept free stock's index (batch_free_stock: the batches the list may show), read in order: sorting every
    // orderable batch by its free cases took 120-160 ms alone on the large data set; this reads the page's rows, or
    // for a deep page the index entries before it (a page at row 50,000: 7 ms).
    return sql`
      select f.batch_id as id from batch_free_stock f
      where f.market_id = ${market} and f.free_cases >= 1 and (f.expiry_date is null or f.expiry_date >= ${writtenInDay(query.today)})
      order by f.free_cases ${sql.raw(sort!.order)}, f.batch_id asc
      ${pageLimit(query.page, query.pageSize)}`;
  }
  if (query.search || !['s2s_product_name', 'batch_number', 'expiry_date'].includes(sort!.column)) return null;
  return sql`
    select b.id
    from batches b where ${sellable} and ${ofMarketProduct(query.marketId)}
    order by ${sortTerm(sort!.column, sort!.order)}, b.id asc
    ${pageLimit(query.page, query.pageSize)}`;
}

/** The batch's product is the market's: the list joins each batch to its product in the market (inventoryConditions), so a walk that reads batches alone says so too. */
const ofMarketProduct = (marketId: number) => sql`exists (select 1 from products mp where mp.id = b.product_id and mp.market_id = ${writtenInId(marketId)})`;

const RECORD_COLUMNS = sql`b.id as batch_id, b.batch_number, p.id as product_id, p.name as product_name, b.s2s_product_name, c.name as category_name,
             sc.name as subcategory_name, br.name as brand_name, s.name as strain_name, s.strain_type, p.item_size::float8 as item_size,
             p.item_size_uom, b.case_size, greatest(0, (b.active_units - b.reserved_units) / b.case_size)::int as available_case_size,
             p.base_price::float8 as base_price, p.vendor_price::float8 as vendor_price,
             least(p.base_price, coalesce(p.vendor_price, p.base_price))::float8 as default_price, b.expiry_date,
             l.display_name as inventory_location_name, b.thc_value::float8 as thc_value, b.thc_uom as thc_total_uom,
             b.cbd_value::float8 as cbd_value, b.cbd_uom as cbd_total_uom`;

export async function listInventory(db: DbOrTx, query: InventoryQuery, { walkStartFrom = WALK_START_FROM_ROWS } = {}): Promise<InventoryRecord[]> {
  const ids = orderedPageIds(query, walkStartFrom);
  if (ids) {
    // The page found in order first; its rows' columns joined for those ids only, in that order.
    // Numbered as the ordered page arrives (a window over the page alone, not over every batch before the limit).
    return queryRows<InventoryRecord>(
      db,
      sql`with page as (select id, row_number() over () as n from (${ids}) ordered)
          select ${RECORD_COLUMNS} from page join batches b on b.id = page.id ${INVENTORY_JOINS} order by page.n`,
    );
  }
  const sort = query.sort.length > 0 ? query.sort : [{ column: 'product_name' as const, order: 'asc' as const }];
  const orderBy = sql.join([...sort.map((s) => sortTerm(s.column, s.order)), sql`b.id asc`], sql`, `);
  return queryRows<InventoryRecord>(
    db,
    sql`
      select ${RECORD_COLUMNS}
      from ${INVENTORY_FROM}
      where ${inventoryConditions(query)}
      order by ${orderBy}
      ${pageLimit(query.page, query.pageSize)}`,
  );
}

/**
 * Whether the total is a search's with nothing else: summed from the kept batch counts (db/batch-search-totals.ts)
 * instead of read batch by batch, exact at every moment and cheap, so not cached.
 */
export function inventoryTotalIsKept(query: InventoryQuery): query is InventoryQuery & { search: string } {
  return Boolean(query.search && hasTrigram(query.search)) && !query.includeUnavailable && query.text.length + query.equals.length + query.numbers.length === 0 && !query.expiry;
}

export async function countInventory(db: DbOrTx, query: InventoryQuery): Promise<number> {
  if (inventoryTotalIsKept(query)) {
    const pattern = `%${escapeLike(query.search)}%`;
    return countBatchSearch(db, { marketId: query.marketId, today: query.today, pattern, products: matchedProducts(query.marketId, pattern), minAvailability: 2 });
  }
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${INVENTORY_FROM} where ${inventoryConditions(query)}`);
  return row?.n ?? 0;
}
