// SQL of the menu listing: the market's sellable batches as menu rows, in the order of the market's menu settings
// (each product's kept rank: menu-ranks.repository) or a sort the caller chose, searched and filtered, built as the
// page's JSON by the database.
import { sql, type SQL } from 'drizzle-orm';
import type { MenuSortColumn } from '../../../shared/api/menus';
import { UNAVAILABLE_ROW_COLOR } from '../../../shared/menu-colors';
import type { MenuType } from '../../../shared/enums';
import { countBatchSearch, walkStart, WALK_START_FROM_ROWS } from '../../db/batch-search-totals';
import { hasTrigram } from '../../db/search-totals';
import { queryRows, type DbOrTx } from '../../db/client';
import { escapeLike, intArray, pageLimit, sqlList, writtenInDay, writtenInId } from '../../lib/sql-helpers';
import { ranksAreFresh } from './menu-ranks.repository';

export type MenuTextColumn = Exclude<MenuSortColumn, MenuNumberColumn | 'expired_date'>;
export type MenuNumberColumn = 'item_size' | 'base_price' | 'case_size' | 'available_case_size' | 'standard_case_size' | 'total_available_quantity';

export type MenuListingFilter =
  | { column: MenuTextColumn; kind: 'contains'; value: string }
  | { column: MenuTextColumn; kind: 'oneOf'; values: string[] }
  | { column: MenuNumberColumn; kind: 'numbers'; values: number[] }
  | { column: 'expired_date'; kind: 'dates'; from?: string; to?: string };

export type MenuListingQuery = {
  marketId: number;
  /** The market's today (yyyy-MM-dd): a batch expiring today is still sold. */
  today: string;
  menuType: MenuType;
  search?: string;
  filters: MenuListingFilter[];
  sort: { column: MenuSortColumn; order: 'asc' | 'desc' }[];
  /** Batches left out (an external menu's deselected rows). */
  excludedBatchIds?: number[];
  /** null: every row (the export). */
  page: { page: number; pageSize: number } | null;
};

const FREE_UNITS = sql`(b.active_units - b.reserved_units)`;

const COLUMNS: Record<MenuSortColumn, SQL> = {
  batch_number: sql`b.batch_number`,
  category_name: sql`c.name`,
  subcategory_name: sql`sc.name`,
  brand_name: sql`br.name`,
  strain_name: sql`s.name`,
  strain_type: sql`s.strain_type`,
  item_size: sql`p.item_size`,
  expired_date: sql`b.expiry_date`,
  s2s_product_name: sql`b.s2s_product_name`,
  product_name: sql`p.name`,
  base_price: sql`p.base_price`,
  s2s_location_name: sql`l.s2s_location_name`,
  case_size: sql`b.case_size`,
  available_case_size: sql`greatest(0, ${FREE_UNITS} / b.case_size)`,
  standard_case_size: sql`coalesce(pcs.case_size, b.case_size)`,
  total_available_quantity: FREE_UNITS,
};

/** Sellable: active, lab-passed and unexpired, as orders take them (order-inventory.repository), with units not held by open orders. */
function sellableConditions(query: MenuListingQuery): SQL[] {
  return [
    sql`b.market_id = ${writtenInId(query.marketId)}`,
    sql`b.status = 'active'`,
    sql`b.lab_status = 'passed'`,
    // Written as the expiry sort's index expression, so that its scan starts at today instead of at the expired.
    sql`coalesce(b.expiry_date, 'infinity'::date) >= ${writtenInDay(query.today)}`,
    sql`${FREE_UNITS} > 0`,
  ];
}

function filterCondition(filter: MenuListingFilter): SQL {
  const column = COLUMNS[filter.column];
  switch (filter.kind) {
    case 'contains':
      return sql`${column} ilike ${`%${escapeLike(filter.value)}%`}`;
    case 'oneOf':
      return sql`${column} in ${sqlList(filter.values)}`;
    case 'numbers':
      return sql`${column} in ${sqlList(filter.values)}`;
    case 'dates': {
      const bounds: SQL[] = [];
      if (filter.from) bounds.push(sql`b.expiry_date >= ${filter.from}::date`);
      if (filter.to) bounds.push(sql`b.expiry_date <= ${filter.to}::date`);
      return sql.join(bounds, sql` and `);
    }
  }
}

/**
 * The ids of the market's products whose own names hold the search: product, brand, strain and category names are
 * the product's, matched once on the market's few thousand products, so that the batches are read by product id or
 * by the trigram index on batch numbers and S2S names instead of matching six names on every sellable batch. The
 * product names through their trigram index, the others on their own small tables first: as one condition joining
 * the four tables (an OR no index serves) it read and lower-cased every product, 4.7 ms on the large data set, 1 ms so.
 */
function matchedProducts(marketId: number, pattern: string): SQL {
  const market = writtenInId(marketId);
  return sql`array(
      select mp.id from products mp where mp.market_id = ${market} and lower(mp.name) like lower(${pattern})
      union
      select mp.id from products mp where mp.market_id = ${market}
        and (mp.brand_id in (select mb.id from brands mb where mb.name ilike ${pattern})
             or mp.strain_id in (select ms.id from strains ms where ms.name ilike ${pattern})
             or mp.category_id in (select mc.id from categories mc where mc.name ilike ${pattern})))`;
}

/**
 * The products that may hold a batch the search matches, as a parenthesised subquery: those matched by their own
 * names, those with an S2S name holding it (the kept batch counts' names: a few thousand rows, not the batches), and
 * those of the batches whose number holds it. A searched page walks the ranks of these products only.
 */
function searchCandidates(marketId: number, pattern: string): SQL {
  const market = writtenInId(marketId);
  return sql`(select unnest(${matchedProducts(marketId, pattern)})
      union select k.product_id from batch_search_counts k where k.market_id = ${market} and k.names like lower(${pattern})
      union select cb.product_id from batches cb where cb.market_id = ${market} and cb.batch_number ilike ${pattern})`;
}

function rowConditions(query: MenuListingQuery): SQL {
  const conditions = sellableConditions(query);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(b.product_id = any(${matchedProducts(query.marketId, pattern)}) or b.batch_number ilike ${pattern} or b.s2s_product_name ilike ${pattern})`);
  }
  for (const filter of query.filters) conditions.push(filterCondition(filter));
  if (query.excludedBatchIds && query.excludedBatchIds.length > 0) conditions.push(sql`b.id <> all(${intArray(query.excludedBatchIds)})`);
  return sql.join(conditions, sql` and `);
}

/** Whether the query's total is a search's alone, which the kept batch counts answer (countMenuSearch). */
export function totalIsKeptSearch(query: MenuListingQuery): boolean {
  return Boolean(query.search && hasTrigram(query.search)) && query.filters.length === 0 && !(query.excludedBatchIds && query.excludedBatchIds.length > 0);
}

/** The total of a search with nothing else (totalIsKeptSearch), from the kept batch counts (db/batch-search-totals.ts). */
export async function countMenuSearch(db: DbOrTx, query: MenuListingQuery & { search: string }): Promise<number> {
  const pattern = `%${escapeLike(query.search)}%`;
  return countBatchSearch(db, { marketId: query.marketId, today: query.today, pattern, products: matchedProducts(query.marketId, pattern), minAvailability: 1 });
}

const ROW_FROM = sql`
  join products p on p.id = b.product_id
  join categories c on c.id = p.category_id
  left join subcategories sc on sc.id = p.subcategory_id
  left join brands br on br.id = p.brand_id
  left join strains s on s.id = p.strain_id
  join inventory_locations l on l.id = b.location_id
  left join product_case_sizes pcs on pcs.product_id = p.id and pcs.case_index = 1`;

/** Columns that are never empty (NOT NULL in batches, products and categories, or a coalesce ending in one of them). */
const NEVER_EMPTY = new Set<MenuSortColumn>(['batch_number', 's2s_product_name', 'case_size', 'available_case_size', 'total_available_quantity', 'standard_case_size', 'product_name', 'category_name', 'base_price']);

/** Columns read from the batch alone: a page sorted or filtered only by them needs no other table to find its rows. */
const BATCH_COLUMNS = new Set<MenuSortColumn>(['batch_number', 'expired_date', 's2s_product_name', 'case_size', 'available_case_size', 'total_available_quantity']);

/**
 * Whether finding the page's rows needs the product's and location's tables (a sort or filter by their columns).
 * Without them the statement plans in a fraction of the time (each joined table multiplies the join orders the
 * planner weighs) and the rows are found from the ranks and batches alone; the search matches product names itself.
 */
function needsRowTables(query: MenuListingQuery): boolean {
  return [...query.sort.map(({ column }) => column), ...query.filters.map(({ column }) => column)].some((column) => !BATCH_COLUMNS.has(column));
}

/** Columns that are the product's (its own or its category's, subcategory's, brand's or strain's): the same for all its batches. */
const PRODUCT_COLUMNS = new Set<MenuSortColumn>(['category_name', 'subcategory_name', 'brand_name', 'strain_name', 'strain_type', 'item_size', 'product_name', 'base_price']);

const PRODUCT_FROM = sql`
  join products p on p.id = r.product_id
  join categories c on c.id = p.category_id
  left join subcategories sc on sc.id = p.subcategory_id
  left join brands br on br.id = p.brand_id
  left join strains s on s.id = p.strain_id`;

/**
 * Whether the page is found product by product: sorted by product columns only and filtered by batch columns only.
 * The market's few thousand ranked products are then sorted by those columns and their rank, and each one's batches
 * read through the (market, product) index in that order until the page is full, instead of joining every sellable
 * batch to its product to sort them all (150 ms for a page sorted by brand on the large data set, 7-9 ms so).
 */
function byProduct(query: MenuListingQuery): boolean {
  return query.sort.length > 0 && query.sort.every(({ column }) => PRODUCT_COLUMNS.has(column)) && query.filters.every(({ column }) => BATCH_COLUMNS.has(column));
}

/**
 * The tables a row's JSON reads besides its batch, and the row's fields (menuListingRowSchema) for the menu type as
 * the lateral `j`, sent as row_to_json(j). The category's, subcategory's, brand's and strain's names are joined: looked
 * up by a subquery per field, each was a scan of its small table per row, 0.9 ms of a 2.4 ms page of 100 on the large
 * data set. Joined, the statement takes longer to plan (1.2 ms against 0.5), which a page pays once per connection:
 * its market, day and limit are written in, so PostgreSQL keeps one generic plan. row_to_json of the lateral rather
 * than json_build_object: 0.2 ms less a page, and compact JSON (no ' : ' between key and value).
 */
function rowJsonFrom(menuType: MenuType): SQL {
  const quantities =
    menuType === 'internal'
      ? sql`b.case_size as case_size, greatest(0, ${FREE_UNITS} / b.case_size) as available_case_size`
      : sql`coalesce((select pcs.case_size from product_case_sizes pcs where pcs.product_id = p.id and pcs.case_index = 1), b.case_size) as standard_case_size,
            ${FREE_UNITS} as total_available_quantity`;
  return sql`
    join products p on p.id = b.product_id
    join inventory_locations l on l.id = b.location_id
    join categories c on c.id = p.category_id
    left join subcategories sc on sc.id = p.subcategory_id
    left join brands br on br.id = p.brand_id
    left join strains s on s.id = p.strain_id
    cross join lateral (select
      b.id as batch_id, b.batch_number, p.id as product_id,
      p.category_id, c.name as category_name,
      p.subcategory_id, sc.name as subcategory_name,
      p.brand_id, br.name as brand_name,
      p.strain_id, s.name as strain_name, s.strain_type,
      p.item_size::float8 as item_size, p.item_size_uom,
      b.thc_value::float8 as thc_value, null::float8 as thc_a, b.thc_uom as thc_total_uom,
      b.cbd_value::float8 as cbd_value, null::float8 as cbd_a, b.cbd_uom as cbd_total_uom,
      b.top_terpenes,
      to_char(b.expiry_date, 'YYYY-MM-DD') as expired_date,
      b.s2s_product_name, p.name as product_name,
      ${quantities},
      p.base_price::float8 as base_price, l.s2s_location_name,
      case when ${FREE_UNITS} < b.case_size then ${UNAVAILABLE_ROW_COLOR}::text else nullif(trim(b.row_color), '') end as row_color) j`;
}

/**
 * An ORDER BY key: the expiry as its index expressions (empty dates last either way, as `nulls last` would put
 * them, on a key that is never empty so that the index scan in either direction matches it), else the column.
 */
function sortKey(column: MenuSortColumn, order: 'asc' | 'desc'): { key: SQL; nulls: string } {
  if (column === 'expired_date') {
    return order === 'asc' ? { key: sql`coalesce(b.expiry_date, 'infinity'::date)`, nulls: '' } : { key: sql`coalesce(b.expiry_date, '-infinity'::date)`, nulls: '' };
  }
  // A column that is never empty is sorted without a nulls clause: `desc nulls last` lists the same rows, but an index
  // read backwards gives `desc nulls first`, and the planner would sort every sellable batch instead (batch number
  // descending: 114 ms against 5 ms ascending on the large data set).
  return { key: COLUMNS[column], nulls: NEVER_EMPTY.has(column) ? '' : ' nulls last' };
}

export type MenuPage = {
  json: string;
  rows: number;
  /** The number of matching rows when asked for (withTotal), else null. */
  total: number | null;
  /** False when the kept ranks are behind the products or settings: the page is not to be used (rank, then ask again). */
  fresh: boolean;
};

/**
 * The rows as one JSON array, in order, with their number. The order is the sort asked for, then each product's
 * kept rank, batch number and id: without a sort the page is read by walking the market's ranks in order, each
 * product's batches through the (market, product) index, and stops after its rows instead of sorting every
 * sellable batch; sorted by expiry it walks that index from today. With withTotal (a search: its matches are read
 * to be ordered anyway) the matches are counted in the same statement.
 */
export async function listMenuJson(db: DbOrTx, query: MenuListingQuery, { withTotal = false, walkStartFrom = WALK_START_FROM_ROWS } = {}): Promise<MenuPage> {
  const market = writtenInId(query.marketId);
  // Neither walk counts the matches (withTotal, a search's): they read only the rows up to the page.
  const deep = withTotal ? null : deepWalk(query, walkStartFrom);
  const keys = query.sort.map(({ column, order }, index) => sql`${sortKey(column, order).key} as ${sql.raw(`k${index}`)}`);
  const productOrder = sql.join([...query.sort.map(({ column, order }, index) => sql.raw(`k${index} ${order}${sortKey(column, order).nulls}`)), sql`r.rank`], sql`, `);
  // A deep page's rows are ordered by their product's place in the walk (its rank, or its place among the products
  // sorted by the sort's keys and rank): the same order, and the one its walk reads them in.
  const keyOrder = (table: string) =>
    sql.join(
      [
        ...(deep ? [] : query.sort.map(({ column, order }, index) => sql.raw(`${table}k${index} ${order}${sortKey(column, order).nulls}`))),
        sql.raw(`${table}rank, ${table}batch_number, ${table}id`),
      ],
      sql`, `,
    );
  const limit = !query.page ? sql`` : deep ? sql.raw(`limit ${Math.trunc(query.page.pageSize)} offset (select skip from start)`) : pageLimit(query.page.page, query.page.pageSize);
  // Not for a search without a trigram ('a', '12'): its batch numbers would be read one by one, while its matches are
  // dense enough for the walk to find a page at once.
  const walksCandidates = Boolean(query.search && hasTrigram(query.search));
  const candidates = walksCandidates ? sql` and r.product_id in ${searchCandidates(query.marketId, `%${escapeLike(query.search!)}%`)}` : sql``;
  const rowsThrough = query.page ? query.page.page * query.page.pageSize : null;
  const matches = deep
    ? sql`
    select r.g as rank, b.batch_number, b.id
    from (select u.product_id, u.g from units u where u.g >= (select g from start) order by u.g) r
    join batches b on b.market_id = ${market} and b.product_id = r.product_id
    where ${rowConditions(query)}`
    : byFreeStock(query, rowsThrough, withTotal)
      ? // Sorted by a quantity of the batch (a sort of every sellable batch: 180-210 ms alone on the large data set, and
        // by standard case size, a lookup of the product's case sizes per batch, seconds at 32 connections):
        // the kept free stock's index read in that order (batch_free_stock, the batches the menu may show), each row's
        // rank looked up, and the ties of each key ordered as the plain sort orders them (3 ms for page 1).
        sql`
    select f.k0, r.rank, f.batch_number, f.id
    from (select ${FREE_STOCK_KEYS[query.sort[0]!.column]} as k0, f.product_id, f.batch_number, f.batch_id as id
            from batch_free_stock f
           where f.market_id = ${market} and f.free_units > 0 and (f.expiry_date is null or f.expiry_date >= ${writtenInDay(query.today)})
           order by k0 ${sql.raw(query.sort[0]!.order)}) f
    join menu_product_ranks r on r.market_id = ${market} and r.product_id = f.product_id`
    : byLocation(query, rowsThrough, withTotal)
      ? // Sorted by location (a sort of every sellable batch: 160 ms alone on the large data set, 1.5 s at 32
        // connections): each of the market's few locations walks the ranks for its first rows, as the settings' order
        // does, through the (market, location, product) index, and the page is among them (5-17 ms, an empty location
        // included). A batch at another market's location (which imports never write) is left out of these pages.
        sql`
    select l.k0, x.rank, x.batch_number, x.id
    from (select l.id, l.s2s_location_name as k0 from inventory_locations l where l.market_id = ${market}) l
    cross join lateral (
      select r.rank, b.batch_number, b.id
      from menu_product_ranks r join batches b on b.market_id = r.market_id and b.product_id = r.product_id
      where r.market_id = ${market} and b.location_id = l.id and ${rowConditions(query)}
      order by r.rank, b.batch_number, b.id
      limit ${sql.raw(String(rowsThrough))}) x`
    : byProduct(query)
      ? sql`
    select ${sql.join([...query.sort.map((_, index) => sql.raw(`r.k${index} as k${index}`)), sql`r.rank`, sql`b.batch_number`, sql`b.id`], sql`, `)}
    from (select r.product_id, r.rank, ${sql.join(keys, sql`, `)}
            from menu_product_ranks r ${PRODUCT_FROM}
           where r.market_id = ${market}${candidates}
           order by ${productOrder}) r
    ${walksCandidates ? productBatches(query) : sql`join batches b on b.market_id = ${market} and b.product_id = r.product_id where ${rowConditions(query)}`}`
      : walksCandidates && query.sort.length === 0 && !needsRowTables(query)
        ? // In the settings' order, a search walks the ranks of the products that may match, in order (an ordered
          // subquery, which the planner keeps whole), and stops after its page: joined as a set, the planner read every
          // match of 'lue' (21,900 batches) and sorted them, 46 ms on the large data set.
          sql`
    select r.rank, b.batch_number, b.id
    from (select r.product_id, r.rank from menu_product_ranks r where r.market_id = ${market}${candidates} order by r.rank) r
    ${productBatches(query)}`
        : sql`
    select ${sql.join([...keys, sql`r.rank`, sql`b.batch_number`, sql`b.id`], sql`, `)}
    from menu_product_ranks r
    join batches b on b.market_id = r.market_id and b.product_id = r.product_id
    ${needsRowTables(query) ? ROW_FROM : sql``}
    where r.market_id = ${market} and ${rowConditions(query)}`;
  // Each product's place in a deep page's walk (units) and where the page starts in it (start).
  const units =
    query.sort.length === 0
      ? sql`units as (select r.product_id, r.rank as g from menu_product_ranks r where r.market_id = ${market})`
      : sql`units as materialized (select r.product_id, row_number() over (order by ${productOrder}) as g
              from (select r.product_id, r.rank, ${sql.join(keys, sql`, `)} from menu_product_ranks r ${PRODUCT_FROM} where r.market_id = ${market}) r)`;
  const walk = deep
    ? sql`${units}, start as materialized ${walkStart({ marketId: query.marketId, today: query.today, minAvailability: 1 }, sql`select product_id, g from units`, deep.offset)}, `
    : sql``;
  // The page's ids and order keys first; the row's JSON (terpenes and all) only for the rows on it.
  const page = withTotal
    ? sql`matches as materialized (${matches}), page as (select * from matches order by ${keyOrder('')} ${limit})`
    : sql`page as (${matches} order by ${keyOrder('')} ${limit})`;
  const [row] = await queryRows<MenuPage>(
    db,
    sql`
      with ${walk}${page}
      select coalesce(json_agg(row_to_json(j) order by ${keyOrder('page.')}), '[]')::text as json, count(*)::int as rows,
             ${withTotal ? sql`(select count(*)::int from matches)` : sql`null::int`} as total,
             ${ranksAreFresh(query.marketId)} as fresh
      from page join batches b on b.id = page.id ${rowJsonFrom(query.menuType)}`,
  );
  return row!;
}

/**
 * The matching batches of each product (r) a searched walk reaches, read through the (market, product) index product
 * by product: joined as a set, the planner may read every batch the search's OR matches (the S2S names holding '2.5g':
 * 54,000 on the large data set) into a table it scans again for each product, 1.8 s for a page; `offset 0` keeps the
 * subquery its own, so it stays a lookup per product (2-6 ms).
 */
function productBatches(query: MenuListingQuery): SQL {
  return sql`cross join lateral (select b.batch_number, b.id from batches b
    where b.market_id = ${writtenInId(query.marketId)} and b.product_id = r.product_id and ${rowConditions(query)} offset 0) b`;
}

/** The batch quantities kept in batch_free_stock, as its columns (COLUMNS says the same of batches). */
const FREE_STOCK_KEYS: Partial<Record<MenuSortColumn, SQL>> = {
  case_size: sql`f.case_size`,
  available_case_size: sql`f.free_cases`,
  total_available_quantity: sql`f.free_units`,
  standard_case_size: sql`f.standard_case_size`,
};

/**
 * A page sorted by a kept quantity is read from batch_free_stock within these first rows: the walk costs about as
 * much as the sort of every sellable batch at row 100,000 of the large data set (160-220 ms), a tenth of it at 10,000.
 */
const FREE_STOCK_WALK_MAX_ROWS = 50_000;

/** Whether a page sorted by one kept quantity alone, without a search, filter or excluded batch, is read from batch_free_stock (listMenuJson). */
function byFreeStock(query: MenuListingQuery, rowsThrough: number | null, withTotal: boolean): rowsThrough is number {
  return (
    !withTotal &&
    rowsThrough !== null &&
    rowsThrough <= FREE_STOCK_WALK_MAX_ROWS &&
    query.sort.length === 1 &&
    FREE_STOCK_KEYS[query.sort[0]!.column] !== undefined &&
    !query.search &&
    query.filters.length === 0 &&
    !(query.excludedBatchIds && query.excludedBatchIds.length > 0)
  );
}

/**
 * A page sorted by location is read location by location only within these first rows (10 pages of 100): on the large
 * data set the walks take 15-40 ms up to row 1,600, and past it PostgreSQL plans them as a join of every batch, slower
 * (300-400 ms) than the sort of them all (200 ms).
 */
const LOCATION_WALK_MAX_ROWS = 1_000;

/**
 * Whether a page sorted by location alone, among the first rows, is read location by location (listMenuJson): not with
 * a filter or search, which would make each location's walk read every batch of the market to fill its rows.
 */
function byLocation(query: MenuListingQuery, rowsThrough: number | null, withTotal: boolean): rowsThrough is number {
  return (
    !withTotal &&
    rowsThrough !== null &&
    rowsThrough <= LOCATION_WALK_MAX_ROWS &&
    query.sort.length === 1 &&
    query.sort[0]!.column === 's2s_location_name' &&
    !query.search &&
    query.filters.length === 0 &&
    !(query.excludedBatchIds && query.excludedBatchIds.length > 0)
  );
}

/**
 * A page found through the kept counts (walkStart): one deep enough, in the settings' order or sorted by the product's
 * columns only, with nothing the kept counts do not count (a search, a filter, excluded batches). Its offset, or null.
 */
function deepWalk(query: MenuListingQuery, walkStartFrom: number): { offset: number } | null {
  if (!query.page) return null;
  const offset = (query.page.page - 1) * query.page.pageSize;
  if (offset < walkStartFrom || query.search || query.filters.length > 0 || (query.excludedBatchIds?.length ?? 0) > 0) return null;
  return query.sort.length === 0 || byProduct(query) ? { offset } : null;
}

/** The number of matching rows (no ranks needed: every product of the market is ranked). */
export async function countMenuRows(db: DbOrTx, query: MenuListingQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from batches b ${needsRowTables(query) ? ROW_FROM : sql``} where ${rowConditions(query)}`);
  return row?.n ?? 0;
}
