// Short labels the screens share: capped badge counts, avatar initials, percent complete. Kept apart from
// the date formatters so that a screen needing only these does not load a date library.

/** Sidebar and tab badges cap at 99+; the cart badge caps at 20+. */
function capCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}
export const capBadge = (count: number): string => capCount(count, 99);
export const capCartBadge = (count: number): string => capCount(count, 20);

/** At most two initials from the name; 'GV' when there is nothing to take them from. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length === 0) return 'GV';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.map((word) => (word.match(/\p{L}/u)?.[0] ?? '').toUpperCase()).join('').slice(0, 2);
}

/** Rounded percent of done over total; 0 when there is nothing to do. */
export function percentComplete(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((done / total) * 100);
}
