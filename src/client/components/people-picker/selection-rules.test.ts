import { describe, expect, it } from 'vitest';
import { canConfirmSelection, selectionHint, toggleEntry, type PeopleSelection } from './selection-rules';

const buyer = (id: number) => ({ id, name: `Buyer ${id}`, salesPerson: null });
const person = (id: number) => ({ id, name: `Person ${id}` });
const pick = (buyers: number, salesPersons: number): PeopleSelection => ({
  buyers: Array.from({ length: buyers }, (_, index) => buyer(index + 1)),
  salesPersons: Array.from({ length: salesPersons }, (_, index) => person(index + 1)),
});

describe('confirming the people picker', () => {
  it('buyers only: a buyer, exactly one when single select', () => {
    expect(canConfirmSelection('buyers', false, pick(0, 3))).toBe(false);
    expect(canConfirmSelection('buyers', false, pick(1, 0))).toBe(true);
    expect(canConfirmSelection('buyers', false, pick(2, 0))).toBe(false);
    expect(canConfirmSelection('buyers', true, pick(2, 0))).toBe(true);
  });

  it('sales persons only: at least one, exactly one when single select', () => {
    expect(canConfirmSelection('salesPersons', true, pick(4, 0))).toBe(false);
    expect(canConfirmSelection('salesPersons', true, pick(0, 2))).toBe(true);
    expect(canConfirmSelection('salesPersons', false, pick(0, 2))).toBe(false);
    expect(canConfirmSelection('salesPersons', false, pick(0, 1))).toBe(true);
  });

  it('both: needs both', () => {
    expect(canConfirmSelection('both', false, pick(1, 0))).toBe(false);
    expect(canConfirmSelection('both', false, pick(0, 1))).toBe(false);
    expect(canConfirmSelection('both', false, pick(1, 1))).toBe(true);
    expect(canConfirmSelection('both', true, pick(3, 2))).toBe(true);
  });

  it('says what is missing', () => {
    expect(selectionHint('both', false, pick(0, 0))).toBe('Choose a sales person and a buyer.');
    expect(selectionHint('buyers', true, pick(0, 0))).toBe('Choose at least one buyer.');
    expect(selectionHint('both', false, pick(1, 1))).toBe('');
    // Where the buyers listed are dispensary chains (MSO owners), the hint names them so.
    expect(selectionHint('both', true, pick(0, 1), 'dispensary chain')).toBe('Choose at least one dispensary chain.');
  });

  it('replaces in single select and adds or removes in multiple', () => {
    expect(toggleEntry([person(1)], person(2), false)).toEqual([person(2)]);
    expect(toggleEntry([person(1)], person(2), true)).toEqual([person(1), person(2)]);
    expect(toggleEntry([person(1), person(2)], person(1), true)).toEqual([person(2)]);
  });
});
