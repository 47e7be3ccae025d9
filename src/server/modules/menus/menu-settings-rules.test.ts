import { describe, expect, it } from 'vitest';
import { changeProblems, effectiveSettings, listingOrder, mergeSettings, readStored, type StoredCategorySettings, type TaxonomyCategory } from './menu-settings-rules';

const taxonomy: TaxonomyCategory[] = [
  { id: 7, name: 'vape', brands: [{ id: 21, name: 'Zeta' }, { id: 20, name: 'Alpha' }], subcategories: [{ id: 31, name: 'Cart' }] },
  { id: 3, name: 'Custom Goods', brands: [], subcategories: [] },
  { id: 1, name: 'flower', brands: [{ id: 10, name: 'Bravo' }, { id: 11, name: 'Able' }, { id: 12, name: 'Cobalt' }], subcategories: [{ id: 30, name: 'Smalls' }, { id: 29, name: 'Eighths' }] },
];

const names = (settings: ReturnType<typeof effectiveSettings>) => settings.map((category) => category.categoryName);

describe('effectiveSettings', () => {
  it('orders unsaved categories as the spec lists them, then by name, and every level by name', () => {
    const settings = effectiveSettings(taxonomy, new Map());
    expect(names(settings)).toEqual(['flower', 'vape', 'Custom Goods']);
    expect(settings[0]!.brandOrder).toEqual([
      { brandId: 11, brandName: 'Able', brandOrder: 1 },
      { brandId: 10, brandName: 'Bravo', brandOrder: 2 },
      { brandId: 12, brandName: 'Cobalt', brandOrder: 3 },
    ]);
    expect(settings[0]!.subcategoryOrder.map((sub) => sub.subcategoryName)).toEqual(['Eighths', 'Smalls']);
    expect(settings[0]!.sortFields.map((field) => `${field.field}:${field.direction}:${field.sortOrder}`)).toEqual(['packagingSize:asc:1', 'dominance:asc:2', 'strain:asc:3']);
  });

  it('puts saved categories and entries first in their saved order; ids no longer there are dropped', () => {
    const stored = new Map<number, StoredCategorySettings>([
      [3, { categoryOrder: 1, brandOrder: [], subcategoryOrder: [], sortFields: [] }],
      [1, { categoryOrder: 2, brandOrder: [{ brandId: 12, brandOrder: 1 }, { brandId: 999, brandOrder: 2 }], subcategoryOrder: [], sortFields: [{ field: 'strain', direction: 'desc', sortOrder: 1 }] }],
    ]);
    const settings = effectiveSettings(taxonomy, stored);
    expect(names(settings)).toEqual(['Custom Goods', 'flower', 'vape']);
    expect(settings[1]!.brandOrder.map((brand) => [brand.brandId, brand.brandOrder])).toEqual([
      [12, 1],
      [11, 2],
      [10, 3],
    ]);
    expect(settings[1]!.sortFields.map((field) => field.field)).toEqual(['strain', 'packagingSize', 'dominance']);
  });
});

describe('mergeSettings', () => {
  const current = effectiveSettings(taxonomy, new Map());

  it('moves a category to its new place ahead of the one there, and renumbers from 1', () => {
    const merged = mergeSettings(current, [{ categoryId: 3, categoryOrder: 1 }]);
    expect([...merged.entries()].sort((a, b) => a[1].categoryOrder - b[1].categoryOrder).map(([id]) => id)).toEqual([3, 1, 7]);
  });

  it('replaces a level: the entries given in their order, the rest after them by name', () => {
    const merged = mergeSettings(current, [{ categoryId: 1, brandOrder: [{ brandId: 12, brandName: 'ignored', brandOrder: 5 }] }]);
    expect(merged.get(1)!.brandOrder).toEqual([
      { brandId: 12, brandOrder: 1 },
      { brandId: 11, brandOrder: 2 },
      { brandId: 10, brandOrder: 3 },
    ]);
    // Levels not given stay as they were.
    expect(merged.get(1)!.subcategoryOrder).toEqual([
      { subcategoryId: 29, subcategoryOrder: 1 },
      { subcategoryId: 30, subcategoryOrder: 2 },
    ]);
    expect(merged.get(7)!.categoryOrder).toBe(2);
  });
});

describe('changeProblems', () => {
  it('names each unknown or repeated id by its entry', () => {
    expect(
      changeProblems(taxonomy, [
        { categoryId: 1, brandOrder: [{ brandId: 10, brandName: '', brandOrder: 1 }, { brandId: 21, brandName: '', brandOrder: 2 }, { brandId: 10, brandName: '', brandOrder: 3 }] },
        { categoryId: 99 },
        { categoryId: 7, subcategoryOrder: [{ subcategoryId: 30, subcategoryName: '', subcategoryOrder: 1 }] },
      ]),
    ).toEqual([
      { field: 'settings[0].brandOrder[1].brandId', message: '21 is not a brand of flower in this market' },
      { field: 'settings[0].brandOrder[2].brandId', message: '10 is named twice in brandOrder' },
      { field: 'settings[1].categoryId', message: '99 is not a category with products in this market' },
      { field: 'settings[2].subcategoryOrder[0].subcategoryId', message: '30 is not a subcategory of vape in this market' },
    ]);
  });
});

describe('listingOrder', () => {
  it('turns saved settings into the arrays the SQL ranks by, each category with three sort fields', () => {
    const order = listingOrder(
      new Map([[1, { categoryOrder: 2, brandOrder: [{ brandId: 12, brandOrder: 1 }], subcategoryOrder: [{ subcategoryId: 29, subcategoryOrder: 1 }], sortFields: [{ field: 'dominance', direction: 'desc', sortOrder: 1 }] }]]),
    );
    expect(order).toEqual({
      categories: { ids: [1], ranks: [2] },
      brands: { categoryIds: [1], ids: [12], ranks: [1] },
      subcategories: { categoryIds: [1], ids: [29], ranks: [1] },
      sortFields: { categoryIds: [1], fields: [['dominance'], ['packagingSize'], ['strain']], descending: [[true], [false], [false]] },
    });
  });

  it('reads a stored value of another shape without failing', () => {
    expect(readStored({ categoryOrder: 'x', brandOrder: [{ brandId: 1 }, null, { brandId: 2, brandOrder: 1 }], sortFields: [{ field: 'price', direction: 'asc', sortOrder: 1 }] })).toEqual({
      categoryOrder: Number.MAX_SAFE_INTEGER,
      brandOrder: [{ brandId: 2, brandOrder: 1 }],
      subcategoryOrder: [],
      sortFields: [],
    });
  });
});
