// Small SQL helpers every repository needs.
import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so that a search for '50%' finds '50%', not everything. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** A parenthesised list of bound values, for `in (...)`. */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql`(${sql.join(values.map((value) => sql`${value}`), sql`, `)})`;
}
