// SQL of the order list: a page of the market's orders, searched, filtered and sorted on indexed columns
// of the orders table, and its count (kept by the writes when only statuses narrow the list).
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { fromWeek, WEEK_SEEK_MIN_OFFSET, weekStart } from '../../db/created-weeks';
import { foldWhenSpread, keptRows, readKeptTotal } from '../../db/kept-counts';
import { containsPattern, inReferences, searchTotalIsCheap, walksForSearch } from '../../db/search-totals';
import { ODD_REFERENCE, ORDER_NAMES_TEXT, ORDER_SEARCH_TEXT } from '../../db/schema';
import { pageWindow } from '../../lib/page-window';
import { escapeLike, isoInstant, pageLimit, sqlList } from '../../lib/sql-helpers';

type OrderListTextColumn = 'customer_name' | 'created_user_name' | 'reference_id' | 'mso_owner_name' | 'sales_person_name';
type OrderListDateColumn = 'created_ts' | 'approved_date' | 'requested_delivery_date' | 'confirmed_delivery_date';
type OrderListNumberColumn = 'total_cases' | 'total_price';
type OrderListSortColumn = OrderListTextColumn | OrderListDateColumn | OrderListNumberColumn | 'metadata_label';

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

/** `matches`: the search's number of matches when known, which decides how its page is read (walksForSearch). */
function listConditions(filter: OrderListFilter, matches?: number): SQL {
  const conditions: SQL[] = [sql`market_id = ${filter.marketId}`];
  if (filter.search) {
    // A whole reference finds its order through the unique index: as a contains-match its common
    // trigrams ('ord', '-mn') would make the trigram index read most of the market's orders.
    conditions.push(
      WHOLE_REFERENCE.test(filter.search)
        ? sql`reference_id = ${filter.search.toUpperCase()}`
        : walksForSearch(filter.search, matches)
          ? sql`strpos(${ORDER_SEARCH_TEXT}, lower(${filter.search})) > 0`
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

type OrderKey = { column: SQL; order: 'asc' | 'desc'; nullsLast: boolean };

/**
 * The order of a page, written so that an index of orders serves it: (market, column, id) read forwards
 * or backwards, empty values last (nullable columns have an index per direction), the status sorted
 * newest first within each status.
 */
function listOrderKeys(sort: OrderListSort): OrderKey[] {
  const key = (column: SQL, order: 'asc' | 'desc', nullsLast = false): OrderKey => ({ column, order, nullsLast });
  if (sort.length === 0) return [key(sql`created_at`, 'desc'), key(sql`id`, 'desc')];
  const keys = sort.map(({ column, order }) => key(LIST_COLUMNS[column].sql, order, LIST_COLUMNS[column].nullable));
  const [first] = sort;
  if (sort.length === 1 && first!.column === 'metadata_label') {
    const within = first!.order === 'asc' ? 'desc' : 'asc';
    keys.push(key(sql`created_at`, within), key(sql`id`, within));
  } else if (!(sort.length === 1 && first!.column === 'reference_id')) {
    keys.push(key(sql`id`, first!.order));
  }
  return keys;
}

/** The keys as ORDER BY, or reversed: each direction flipped with its empty values, so the same index is read backwards. */
function orderBy(keys: OrderKey[], reversed: boolean): SQL {
  return sql.join(
    keys.map(({ column, order, nullsLast }) => {
      const direction = reversed ? (order === 'asc' ? 'desc' : 'asc') : order;
      const nulls = nullsLast ? (reversed ? ' nulls first' : ' nulls last') : '';
      return sql`${column} ${sql.raw(direction + nulls)}`;
    }),
    sql`, `,
  );
}

/** The direction of a sort by creation alone (the default's, newest first), whose deep pages start from their week. */
function createdOrder(sort: OrderListSort): 'asc' | 'desc' | null {
  if (sort.length === 0) return 'desc';
  return sort.length === 1 && sort[0]!.column === 'created_ts' ? sort[0]!.order : null;
}

/**
 * A page of the list as the JSON array the API answers (orderListRowSchema's fields), built by the
 * database in one text value, with the number of rows on it. Parsing a hundred rows into objects and
 * serialising them again was most of the Node process's work for this, the busiest list. With the list's
 * total, a page in its second half is read from the end (pageWindow). A deep page sorted by creation, narrowed by
 * statuses alone, is read from the week its first row falls in (db/created-weeks.ts), forwards.
 */
export async function listOrdersJson(
  db: DbOrTx,
  filter: OrderListFilter,
  sort: OrderListSort,
  page: number,
  pageSize: number,
  total?: number,
  /** The search's number of matches when known (the total, or found for a shallow page that is not read from the end). */
  matches: number | undefined = total,
  { weekSeekMinOffset = WEEK_SEEK_MIN_OFFSET }: { weekSeekMinOffset?: number } = {},
): Promise<{ json: string; rows: number }> {
  const keys = listOrderKeys(sort);
  const statuses = keptStatuses(filter);
  const byCreation = createdOrder(sort);
  const offset = (page - 1) * pageSize;
  // A page near the end of a list of known length is read from the end, which skips fewer rows than its week holds.
  const nearEnd = total !== undefined && total - offset - pageSize < weekSeekMinOffset;
  const fromWeekStart = statuses !== null && byCreation !== null && offset > 0 && offset >= weekSeekMinOffset && !nearEnd;
  const window = fromWeekStart ? { offset, limit: pageSize, fromEnd: false } : pageWindow(page, pageSize, total);
  const columns = sql`id as order_id, reference_id, customer_id, customer_name, created_user_name, ${isoInstant(sql`created_at`)} as created_ts,
    upper(replace(status, ' ', '_')) as metadata_code, status as metadata_label, ${isoInstant(sql`approved_at`)} as approved_date,
    requested_delivery_date, confirmed_delivery_date, total_cases, total_price::float8 as total_price,
    inventory_location_name, mso_owner_name, sales_person_name, null::float8 as tax_price, null::text as status_description,
    status_comment as history_comments`;
  // Forwards, LIMIT and OFFSET are written into the statement so that it is planned once per page position
  // (pageLimit); from the end the offset moves with the total, so it is bound instead of making a new statement.
  const limit = window.fromEnd ? sql`limit ${window.limit} offset ${window.offset}` : pageLimit(page, pageSize);
  const weekCounts = () => weekStart('order_week_counts', filter.marketId, filter.statusSets.length > 0 ? statuses! : undefined, byCreation!, offset);
  const rows = fromWeekStart
    ? // The page's ids from the week its first row falls in, skipping that week's rows before it, then those orders whole.
      sql`with start as materialized (${weekCounts()}),
          page_ids as (select id from orders where ${listConditions(filter, matches)} and ${fromWeek(sql`created_at`, byCreation!, sql`start`)}
                       order by ${orderBy(keys, false)} limit ${sql.raw(String(Math.trunc(pageSize)))} offset (select skip from start))
          select ${columns} from page_ids join orders using (id) order by ${orderBy(keys, false)}`
    : window.offset === 0
      ? sql`select ${columns} from orders where ${listConditions(filter, matches)} order by ${orderBy(keys, window.fromEnd)} ${limit}`
      : // Rows skipped: the page's ids first, from the index that serves the order (an index-only scan when it holds
        // the filtered and sorted columns, so the skipped rows are never visited), then only those orders read whole.
        sql`with page_ids as (select id from orders where ${listConditions(filter, matches)} order by ${orderBy(keys, window.fromEnd)} ${limit})
            select ${columns} from page_ids join orders using (id) order by ${orderBy(keys, window.fromEnd)}`;
  const [row] = await queryRows<{ json: string; rows: number; week_rows?: number }>(
    db,
    window.fromEnd
      ? // Read backwards, then numbered as read and aggregated from the last read to the first.
        sql`select coalesce(json_agg(q.r order by q.n desc), '[]')::text as json, count(*)::int as rows
            from (select r, row_number() over () as n from (${rows}) r) q`
      : sql`select coalesce(json_agg(r), '[]')::text as json, count(*)::int as rows
                   ${fromWeekStart ? sql`, ${keptRows('order_week_counts', filter.marketId)}::int as week_rows` : sql``}
              from (${rows}) r`,
  );
  if (fromWeekStart) foldWhenSpread(db, 'order_week_counts', filter.marketId, row?.week_rows ?? 0);
  return { json: row!.json, rows: row!.rows };
}

/**
 * The statuses a filter lets through when it narrows by status alone (every set must hold), whose total the writes
 * keep (db/kept-counts.ts); null when it narrows by anything else, and its matches are counted.
 */
function keptStatuses(filter: OrderListFilter): OrderStatus[] | null {
  if (filter.search || filter.text.length + filter.equals.length + filter.numbers.length + filter.dateRanges.length > 0) return null;
  return ORDER_STATUSES.filter((status) => filter.statusSets.every((set) => set.includes(status)));
}

/**
 * The search when the filter is a search (as a contains-match) and statuses alone, and a match of it cannot straddle
 * a reference as this system makes them and the names in the search text (reference, space, names): it then matches
 * such an order exactly when it is in the reference or in the names. Those references are letters, digits and '-',
 * ending in a digit, so a search straddles one only when what comes before its first space is nothing or ends in a
 * digit. Orders with other references (ODD_REFERENCE) are matched on their whole text (countSearch).
 */
function namesSearch(filter: OrderListFilter): string | null {
  if (!filter.search || WHOLE_REFERENCE.test(filter.search)) return null;
  if (filter.text.length + filter.equals.length + filter.numbers.length + filter.dateRanges.length > 0) return null;
  const search = filter.search;
  const beforeSpace = search.includes(' ') ? search.slice(0, search.indexOf(' ')) : null;
  if (beforeSpace !== null && (beforeSpace === '' || /[0-9]$/.test(beforeSpace))) return null;
  return search;
}

/** Whether the list is searched in a way whose total is found from the kept names (countSearch): cheap enough to find first. */
export const isNamesSearch = (filter: OrderListFilter): boolean => namesSearch(filter) !== null;

/**
 * Whether the filter's total is kept by the writes: exact at every moment, and cheap, so not worth keeping in a cache.
 * A search too short for a trigram and made of what references are made of ('er', '12') is counted from the kept
 * names too, but reads every reference (40 ms on the large data set), so its total is kept a moment as any counted
 * total is.
 */
export const orderTotalIsKept = (filter: OrderListFilter): boolean => {
  if (keptStatuses(filter) !== null) return true;
  const search = namesSearch(filter);
  return search !== null && searchTotalIsCheap(search);
};

export async function countOrders(db: DbOrTx, filter: OrderListFilter): Promise<number> {
  const statuses = keptStatuses(filter);
  if (statuses) return readKeptTotal(db, 'order_status_counts', filter.marketId, filter.statusSets.length > 0 ? statuses : undefined);
  const search = namesSearch(filter);
  if (search !== null) return countSearch(db, filter, search);
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where ${listConditions(filter)}`);
  return row?.n ?? 0;
}

/**
 * A search's total from the kept counts per status and names (migration 0029): the orders whose names match, summed
 * over the few hundred names of the market, and the orders whose reference alone matches, found through the
 * reference's trigram index (or, for a search too short for a trigram, by reading the references alone). A piece of
 * a common name no longer reads every order: on the large data set 'gre' (of GreenVault) took 33 ms, 'bemid' 15 ms
 * and 'e m' 205 ms, and take 0.5, 0.6 and 0.5 ms so; 'er', too short for a trigram and all letters, reads every
 * reference (40 ms), and its total is kept a moment (orderTotalIsKept).
 */
async function countSearch(db: DbOrTx, filter: OrderListFilter, search: string): Promise<number> {
  const pattern = containsPattern(search);
  const inReference = inReferences(sql`lower(reference_id)`, sql`(${ODD_REFERENCE} and ${ORDER_SEARCH_TEXT} like ${pattern})`, search);
  const statuses = ORDER_STATUSES.filter((status) => filter.statusSets.every((set) => set.includes(status)));
  const inStatuses = filter.statusSets.length > 0 ? sql` and status in ${sqlList(statuses.length > 0 ? statuses : [''])}` : sql``;
  const [row] = await queryRows<{ n: number; rows: number }>(
    db,
    sql`select (select coalesce(sum(n), 0) from order_search_counts where market_id = ${filter.marketId}${inStatuses} and names like ${pattern})::int
             + (select count(*) from orders where market_id = ${filter.marketId}${inStatuses} and ${inReference} and not ${ORDER_NAMES_TEXT} like ${pattern})::int as n,
           ${keptRows('order_search_counts', filter.marketId)}::int as rows`,
  );
  foldWhenSpread(db, 'order_search_counts', filter.marketId, row?.rows ?? 0);
  return row?.n ?? 0;
}
