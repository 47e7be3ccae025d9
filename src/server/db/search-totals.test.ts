// Which searches of the batch lists give pg_trgm a trigram to look up (hasTrigram), as PostgreSQL's LIKE extraction
// finds them: without one, the trigram index hands back every row, and the lists read the batches another way.
import { describe, expect, it } from 'vitest';
import { hasTrigram } from './search-totals';

describe('hasTrigram', () => {
  it('finds three letters or digits in a row', () => {
    for (const search of ['abc', 'Blue', '123', 'x 420', 'ÉlanBlue']) expect(hasTrigram(search), search).toBe(true);
  });

  it('finds a word that something precedes, or one of two letters that something follows, in a search holding what batch numbers are not made of', () => {
    // '2.5g': '  5' and ' 5g'; 'Co.': 'co '; '.a': '  a'; 'a b': '  b'; 'og ': 'og '.
    for (const search of ['2.5g', 'Co.', '.a', 'a b', 'og ', 'N-B.']) expect(hasTrigram(search), search).toBe(true);
  });

  it('takes none from a search made of letters, digits and dashes, as a batch number is: every batch number holds its padded trigrams', () => {
    // 'MN-': 'mn '; '-B': '  b'; 'N-B': '  b'; 'ti-P': 'ti ' and '  p'.
    for (const search of ['MN-', '-B', 'N-B', '-B2', 'ti-P', '-1']) expect(hasTrigram(search), search).toBe(false);
  });

  it('finds none in one or two letters alone, or one letter that something follows', () => {
    // 'a.': 'a ' is two characters; a word at the start of the search may be the end of a longer one.
    for (const search of ['a', 'ab', '12', 'a.', 'a-', '-', '..', '', 'é', 'éa']) expect(hasTrigram(search), search).toBe(false);
  });
});
