// Where a deep page of a list sorted by creation starts, from the counts the writes keep per market, status and UTC
// week of creation (migration 0036): the week its first row falls in, and how many rows of the list come before that
// week. The page is then read from that week's edge and skips only that week's rows before it (issue 16 item 2), the
// same rows OFFSET would give: the counts and the rows are read by one statement, so they agree.
import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '../lib/sql-helpers';

export type WeekCountTable = 'order_week_counts' | 'picklist_week_counts';

/** Rows skipped from which a page sorted by creation is read from its week (fewer cost less to skip than to sum the weeks). */
export const WEEK_SEEK_MIN_OFFSET = 1_000;

/**
 * A query of one row, `week` and `skip`: the week that holds the row at `offset` of the market's rows in these statuses
 * (every status when none are named) listed by creation in `order`, and how many rows of that week come before it.
 * Past the end: the last week, with a skip past its rows (an empty page). A market with no rows: no row.
 */
export function weekStart(table: WeekCountTable, marketId: number, statuses: readonly string[] | undefined, order: 'asc' | 'desc', offset: number): SQL {
  const inStatuses = statuses ? sql` and status = any(${textArray(statuses)})` : sql``;
  const direction = sql.raw(order);
  const backwards = sql.raw(order === 'asc' ? 'desc' : 'asc');
  return sql`
    select week, ${Math.trunc(offset)}::bigint - before as skip from (
      select week, sum(n) over (order by week ${direction}) - n as before
        from (select week, sum(n) as n from ${sql.identifier(table)} where market_id = ${marketId}${inStatuses} group by week having sum(n) > 0) w
    ) placed
    where before <= ${Math.trunc(offset)} order by week ${backwards} limit 1`;
}

/** The condition that starts a list sorted by `column` in `order` at the week of `start` (a query of weekStart). */
export function fromWeek(column: SQL, order: 'asc' | 'desc', start: SQL): SQL {
  // A week is 168 hours exactly in UTC (no daylight saving), so its end is the next week's start.
  return order === 'desc' ? sql`${column} < (select week from ${start}) + interval '168 hours'` : sql`${column} >= (select week from ${start})`;
}
