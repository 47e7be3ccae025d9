// When the people picker may be confirmed (inventory-and-menus spec, section 5): buyers-only needs a
// buyer, sales-only a sales person, both modes need both; single select needs exactly one of each.

export type PeoplePickerMode = 'buyers' | 'salesPersons' | 'both';

/** A chosen person as callers receive it. */
export type PersonSelection = { id: number; name: string };

/** A buyer carries the sales person the customer belongs to, so a caller can default to them. */
export type BuyerSelection = PersonSelection & { salesPerson: PersonSelection | null };

export type PeopleSelection = { buyers: BuyerSelection[]; salesPersons: PersonSelection[] };

export const needsBuyers = (mode: PeoplePickerMode): boolean => mode !== 'salesPersons';
export const needsSalesPersons = (mode: PeoplePickerMode): boolean => mode !== 'buyers';

function enough(count: number, multiple: boolean): boolean {
  return multiple ? count >= 1 : count === 1;
}

export function canConfirmSelection(mode: PeoplePickerMode, multiple: boolean, selection: PeopleSelection): boolean {
  if (needsBuyers(mode) && !enough(selection.buyers.length, multiple)) return false;
  if (needsSalesPersons(mode) && !enough(selection.salesPersons.length, multiple)) return false;
  return true;
}

/**
 * What is still missing, said plainly under the list (and read out when it changes), naming the buyers as the list
 * heads them ('dispensary chain' where the buyers are MSO owners).
 */
export function selectionHint(mode: PeoplePickerMode, multiple: boolean, selection: PeopleSelection, buyerWord = 'buyer'): string {
  const missing: string[] = [];
  if (needsSalesPersons(mode) && selection.salesPersons.length === 0) missing.push(multiple ? 'at least one sales person' : 'a sales person');
  if (needsBuyers(mode) && selection.buyers.length === 0) missing.push(multiple ? `at least one ${buyerWord}` : `a ${buyerWord}`);
  if (missing.length === 0) return '';
  return `Choose ${missing.join(' and ')}.`;
}

/** Toggling one entry: single select replaces, multiple adds or removes. */
export function toggleEntry<T extends PersonSelection>(current: readonly T[], entry: T, multiple: boolean): T[] {
  const chosen = current.some((item) => item.id === entry.id);
  if (!multiple) return chosen ? [...current] : [entry];
  return chosen ? current.filter((item) => item.id !== entry.id) : [...current, entry];
}
