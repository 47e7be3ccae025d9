// What the order list's and the picklist register's searches share (migrations 0029 and 0030): a search's total as
// the sum of the kept counts over the names it matches plus the rows whose references alone match, and how a page of
// a search is read once its number of matches is known.
import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../lib/sql-helpers';

/** Three letters or digits in a row: a search holding them has a trigram that the trigram indexes can look up. */
const TRIGRAM_RUN = /[a-z0-9]{3}/i;

/**
 * Whether a contains-search of the batch lists (the menu's, the order inventory's) gives pg_trgm a trigram worth looking
 * up: one that does not makes the trigram indexes hand back every row. Three letters or digits in a row do. So does,
 * for pg_trgm, a word of the pattern where the pattern shows where it starts or ends (a character that is neither a
 * letter nor a digit beside it): it pads it with two spaces before ('.5g' gives '  5') or one after ('co.' gives
 * 'co '). Those padded trigrams are taken only from a search holding a character that batch numbers are not made of
 * (a space, '.', '&'): 'MN-' or '-B', on the way to typing a batch number, have them too ('mn ', '  b'), but every
 * batch number of the market holds them, and the trigram index would hand back all of them. So '2.5g' and 'Co.' have
 * one, and 'ab', 'a.' and 'N-B' none. Anything beyond ASCII is left to the three-in-a-row rule (whether pg_trgm takes
 * it for a letter depends on the database's locale). Only the speed of a list depends on this: its rows are the same.
 */
export function hasTrigram(search: string): boolean {
  if (TRIGRAM_RUN.test(search)) return true;
  if (/[^\x20-\x7e]/.test(search) || !/[^A-Za-z0-9-]/.test(search)) return false;
  for (const word of search.matchAll(/[a-z0-9]+/gi)) {
    const start = word.index;
    const end = start + word[0].length;
    if (start > 0 || (end < search.length && word[0].length >= 2)) return true;
  }
  return false;
}

/** A search's matches from which its page is found by walking its sort's index rather than through the trigram index. */
export const DENSE_SEARCH_MATCHES = 2_000;

/**
 * Whether the search holds a character that no reference this system makes holds (they are letters, digits and '-'):
 * an ASCII one, for the database lower-cases some others into reference letters ('İ' into 'i', the Kelvin sign into 'k').
 */
const outsideReferences = (search: string): boolean => /[^A-Za-z0-9\-\u{80}-\u{10FFFF}]/u.test(search);

/**
 * Whether a page of this search walks the index of its sort with the search as a condition no index serves. A page
 * is a prepared statement, planned once for any search: with the search as a condition that the trigram index serves,
 * the plan reads every match and sorts them (19-47 ms for a piece of a common name among the large data set's
 * orders). With many matches, or a search too short for a trigram (whose lookup hands back every row), walking the
 * sort's index until the page is full reads far fewer rows (3-5 ms).
 */
export const walksForSearch = (search: string, matches: number | undefined): boolean =>
  !TRIGRAM_RUN.test(search) || (matches !== undefined && matches >= DENSE_SEARCH_MATCHES);

/** The search as a contains-pattern, lower-cased by the database as the kept texts are. */
export const containsPattern = (search: string): SQL => sql`lower(${`%${escapeLike(search)}%`})`;

/**
 * The rows whose references (lower-cased) hold the search: through the references' trigram index; else, for a search
 * holding a character no reference this system makes holds (a space, '&', '.'), none but the odd ones; else by
 * reading every reference. `oddRows`: the rows whose references are not as this system makes them (a partial index
 * lists them: none, mostly) and whose text holds the search, judged on whatever text a search could straddle there.
 */
export function inReferences(references: SQL, oddRows: SQL, search: string): SQL {
  if (TRIGRAM_RUN.test(search)) return sql`(${references} like ${containsPattern(search)} or ${oddRows})`;
  if (outsideReferences(search)) return oddRows;
  return sql`(strpos(${references}, lower(${search})) > 0 or ${oddRows})`;
}

/**
 * Whether the total of this search is cheap enough to find on every request: a search too short for a trigram and
 * made of what references are made of ('er', '12') reads every reference (40 ms among the large data set's orders),
 * and its total is kept a moment as a counted total is.
 */
export const searchTotalIsCheap = (search: string): boolean => TRIGRAM_RUN.test(search) || outsideReferences(search);
