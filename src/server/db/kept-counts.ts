// Totals kept by the writes (migration 0024): how many orders and picklists each market holds in each status.
// Triggers add a row per (market, status) that a statement changed, with the change; a total is the sum of its
// rows. Reading folds them into one row per (market, status) once a market has gathered many, so a total stays
// a read of a few index entries however many writes came before. A fold is one statement (deleting the rows it
// sums and writing their sum), so a reader sees the rows before it or after it, never half of it, and two folds
// at once (two instances) each fold only the rows the other did not take.
import { sql, type SQL } from 'drizzle-orm';
import { detachedFromRequest } from '../lib/request-abort';
import { textArray } from '../lib/sql-helpers';
import { queryRows, type DbOrTx } from './client';

export type KeptCountTable = 'order_status_counts' | 'picklist_status_counts';

/** Rows of one market past which a read folds them: a few hundred index entries cost well under a millisecond. */
export const FOLD_AFTER_ROWS = 200;

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
  if (rows <= FOLD_AFTER_ROWS || folding.has(key)) return;
  folding.add(key);
  void detachedFromRequest(() => foldKeptCounts(db, table, marketId))
    .catch(() => undefined) // a failed fold changes nothing; the next read past the limit tries again
    .finally(() => folding.delete(key));
}

/** Folds a market's rows (every market's without one) into one per status. */
export async function foldKeptCounts(db: DbOrTx, table: KeptCountTable, marketId?: number): Promise<void> {
  const counts = sql.identifier(table);
  const market = marketId === undefined ? sql`` : sql`where market_id = ${marketId}`;
  await db.execute(sql`
    with gone as (delete from ${counts} ${market} returning market_id, status, n)
    insert into ${counts} (market_id, status, n) select market_id, status, sum(n) from gone group by market_id, status having sum(n) <> 0`);
}
