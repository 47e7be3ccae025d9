// Small SQL helpers every repository needs.
import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so that a search for '50%' finds '50%', not everything. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * A LIKE pattern for `value` anywhere within one of the names a kept search text joins: those texts put a unit
 * separator (U+001F) between names (products.case_size_search, reconciliation_rows.search_text), so a search that
 * held one could match across two names; it is taken out of the search.
 */
export function withinOneName(value: string): string {
  return `%${escapeLike(value.replaceAll('\u001f', ''))}%`;
}

/**
 * A caller's text (a search pattern) as a subquery's value, which the planner cannot see when it plans: the opposite
 * of writtenInId. Bound as a plain parameter, each word's own selectivity went into a plan of its own (a trigram
 * search's "4 rows" where 487 matched), PostgreSQL judged the generic plan dearer than those guesses and planned the
 * statement again on every call. Hidden, every word gets the one generic plan, made for the usual number of matches.
 * The index that serves the pattern still serves it (the value is known when the scan starts).
 */
export function unseenByPlanner(text: string): SQL {
  return sql`(select ${text}::text)`;
}

/** A parenthesised list of bound values, for `in (...)`. */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql`(${sql.join(values.map((value) => sql`${value}`), sql`, `)})`;
}

/** A Postgres array literal of whole numbers, sent as one parameter (for unnest and any()). */
export const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;
/** A text[] parameter: each value double-quoted with its quotes and backslashes escaped. */
export const textArray = (values: readonly string[]) => sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
export const numericArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::numeric[]`;

/** 'ORD-MN-000123' from the row's own id, so that numbering needs no shared counter that writers queue on. */
export const referenceFrom = (prefix: string, id: SQL) => sql`${prefix} || lpad(${id}::text, greatest(6, length(${id}::text)), '0')`;

/**
 * A whole number of the server's own (a market's id, never a caller's text) written into the statement instead of
 * bound: where a bound value hides from the planner what it decides the plan by, a prepared statement is planned
 * again on every call. Only for values of few kinds, as each makes a statement of its own per connection.
 */
export function writtenInId(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
}

/**
 * A market's today (yyyy-MM-dd, the server's own) written into the statement, not bound, like its id: with them bound,
 * the planner cannot tell how many batches are the market's and unexpired when it builds the generic plan, judges it
 * dearer than a plan for the market and day, and plans the statement again on every call. Written in, a market's
 * statement for the day is planned once per connection.
 */
export function writtenInDay(day: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`a market day is yyyy-MM-dd, not ${day}`);
  return sql.raw(`'${day}'::date`);
}

/** Pages up to this one have their LIMIT and OFFSET written in; deeper ones bind them. */
export const WRITTEN_IN_PAGES = 100;

/**
 * LIMIT and OFFSET of a page, written into the statement (whole numbers, as the list queries check them), not bound.
 * A bound LIMIT is planned for as a tenth of the rows and a bound OFFSET as more than a page, so the prepared
 * statement never settles on its generic plan and is planned again on every call (0.3 ms of a 1.3 ms details page
 * on this machine); written in, it is planned once per page position and connection. Each connection keeps every
 * statement it prepared until it is closed, so only the first WRITTEN_IN_PAGES pages are written in: a caller
 * asking for page after page (up to MAX_PAGE) would otherwise leave the server a prepared statement for each.
 */
export function pageLimit(page: number, pageSize: number): SQL {
  const whole = (value: number) => Math.max(0, Math.trunc(value));
  const [limit, offset] = [whole(pageSize), whole((page - 1) * pageSize)];
  return page <= WRITTEN_IN_PAGES ? sql.raw(`limit ${limit} offset ${offset}`) : sql`limit ${limit} offset ${offset}`;
}

/** An instant as the API writes it (JavaScript's toISOString), whatever the session's DateStyle and time zone. */
export const isoInstant = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
