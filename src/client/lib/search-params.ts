// Readers for the routes' validateSearch: each returns the param when it is valid and undefined when it
// is not, so a hand-edited or mangled URL falls back to the screen's default instead of breaking it. Plain
// functions rather than zod: every route's search validation is in the first bundle, the login page's.

/** Text of at most `max` characters (matching `pattern` when given). */
export function searchText(value: unknown, max: number, pattern?: RegExp): string | undefined {
  return typeof value === 'string' && value.length <= max && (!pattern || pattern.test(value)) ? value : undefined;
}

/** A whole number, written as a number or as digits in the URL. */
export function searchWholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) ? number : undefined;
}

export function searchPositiveId(value: unknown): number | undefined {
  const number = searchWholeNumber(value);
  return number !== undefined && number > 0 ? number : undefined;
}

export function searchFlag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export function searchChoice<T extends string | number>(value: unknown, choices: readonly T[]): T | undefined {
  return choices.find((choice) => choice === value);
}
