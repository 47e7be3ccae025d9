// Small SQL helpers every repository needs.

/** Escapes LIKE wildcards so that a search for '50%' finds '50%', not everything. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
