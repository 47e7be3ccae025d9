// Totals kept by the writes (migrations 0024, 0029, 0030, 0032 and 0036): how many orders and picklists each market
// holds in each status, per status and week of creation (db/created-weeks.ts), and per status and names (the
// searches' totals, db/search-totals.ts), and its batches per product, S2S name and availability
// (db/batch-search-totals.ts).
// Triggers add a row per (market, status) that a statement changed, with the change; a total is the sum of its
// rows. Reading folds them into one row per (market, status) once a market has gathered many, so a total stays
// a read of a few index entries however many writes came before. A fold is one statement (deleting the rows it
// sums and writing their sum), so a reader sees the rows before it or after it, never half of it, and two folds
// at once (two instances) each fold only the rows the other did not take.
import { sql, type SQL } from 'drizzle-orm';
import { detachedFromRequest } from '../lib/request-abort';
import { textArray } from '../lib/sql-helpers';
import { queryRows, type DbOrTx } from './client';

export type KeptCountTable =
  | 'order_status_counts'
  | 'picklist_status_counts'
  | 'order_week_counts'
  | 'picklist_week_counts'
  | 'order_search_counts'
  | 'picklist_search_counts'
  | 'batch_search_counts';

/** Each table's key besides the market: one row per key once folded. */
const KEYS: Record<KeptCountTable, string[]> = {
  order_status_counts: ['status'],
  picklist_status_counts: ['status'],
  order_week_counts: ['status', 'week'],
  picklist_week_counts: ['status', 'week'],
  order_search_counts: ['status', 'names'],
  picklist_search_counts: ['status', 'names'],
  batch_search_counts: ['product_id', 'names', 'availability'],
};

/** Rows of one market past which a read folds them: a few hundred index entries cost well under a millisecond. */
export const FOLD_AFTER_ROWS = 200;

/**
 * The same for the search counts, whose market folds into a row per status and names (about 700 orders' in MN of the
 * large data set: 58 names in 12 statuses), which a search reads all of.
 */
const SEARCH_COUNTS_FOLD_AFTER_ROWS = 2_000;

/**
 * The batch counts fold into a row per product, S2S name and availability: about 7,000 in MN of the large data set
 * (3,465 names), which a search reads all of anyway. Most changes to a batch (a reservation that leaves a case free)
 * add no row, so rows gather slowly: fold once they have about doubled.
 */
const BATCH_COUNTS_FOLD_AFTER_ROWS = 15_000;

/**
 * The counts per status and week of creation fold into a row per status and week: about 600 in MN of the large data
 * set (two years of weeks, fewer statuses in the older ones), which a deep page sorted by creation reads all of.
 */
const WEEK_COUNTS_FOLD_AFTER_ROWS = 2_000;

const foldAfter = (table: KeptCountTable) =>
  table === 'batch_search_counts'
    ? BATCH_COUNTS_FOLD_AFTER_ROWS
    : table.endsWith('_search_counts')
      ? SEARCH_COUNTS_FOLD_AFTER_ROWS
      : table.endsWith('_week_counts')
        ? WEEK_COUNTS_FOLD_AFTER_ROWS
        : FOLD_AFTER_ROWS;

/** A market's total in these statuses (every status when none are named), as a scalar subquery. */
export function keptTotal(table: KeptCountTable, marketId: number, statuses?: readonly string[]): SQL {
  const inStatuses = statuses ? sql` and status = any(${textArray(statuses)})` : sql``;
  return sql`(select coalesce(sum(n), 0) from ${sql.identifier(table)} where market_id = ${marketId}${inStatuses})`;
}

/** How many rows the market's total is spread over, as a scalar subquery (see foldWhenSpread). */
export function keptRows(table: KeptCountTable, marketId: number): SQL {
  return sql`(select count(*) from ${sql.identifier(table)} where market_id = ${marketId})`;
}

/** A market's total in these statuses, folding its rows afterwards when they have become many. */
export async function readKeptTotal(db: DbOrTx, table: KeptCountTable, marketId: number, statuses?: readonly string[]): Promise<number> {
  const [row] = await queryRows<{ total: number; rows: number }>(db, sql`select ${keptTotal(table, marketId, statuses)}::int as total, ${keptRows(table, marketId)}::int as rows`);
  foldWhenSpread(db, table, marketId, row?.rows ?? 0);
  return row?.total ?? 0;
}

const folding = new Set<string>();

/**
 * Folds the market's rows in the background once they are more than FOLD_AFTER_ROWS, one fold per market and
 * table at a time on this instance. Not the request's work: its client leaving does not cancel it.
 */
export function foldWhenSpread(db: DbOrTx, table: KeptCountTable, marketId: number, rows: number): void {
  const key = `${table}:${marketId}`;
  if (rows <= foldAfter(table) || folding.has(key)) return;
  folding.add(key);
  void detachedFromRequest(() => foldKeptCounts(db, table, marketId))
    .catch(() => undefined) // a failed fold changes nothing; the next read past the limit tries again
    .finally(() => folding.delete(key));
}

/** Folds a market's rows (every market's without one) into one per key (status, and names where kept). */
export async function foldKeptCounts(db: DbOrTx, table: KeptCountTable, marketId?: number): Promise<void> {
  const counts = sql.identifier(table);
  const market = marketId === undefined ? sql`` : sql`where market_id = ${marketId}`;
  const key = sql.raw(['market_id', ...KEYS[table]].join(', '));
  await db.execute(sql`
    with gone as (delete from ${counts} ${market} returning ${key}, n)
    insert into ${counts} (${key}, n) select ${key}, sum(n) from gone group by ${key} having sum(n) <> 0`);
}
