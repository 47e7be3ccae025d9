// The rules of a market's menu settings, pure: the settings as GET answers them (every category of the market
// with all its brands and subcategories, defaults where nothing was saved), a change merged into them, and the
// ranks the listing's SQL orders rows by.
import type { CategorySettings, MenuSortField, SaveMenuSettingsBody } from '../../../shared/api/menus';
import { MENU_SORT_FIELDS } from '../../../shared/api/menus';
import type { ErrorDetail } from '../../../shared/api/protocol';
import { PRODUCT_CATEGORIES } from '../../../shared/enums';

type Direction = 'asc' | 'desc';
type SortFieldSetting = { field: MenuSortField; direction: Direction; sortOrder: number };

/** What menu_settings.settings holds for one category: ids and orders, never names (names can change). */
export type StoredCategorySettings = {
  categoryOrder: number;
  brandOrder: { brandId: number; brandOrder: number }[];
  subcategoryOrder: { subcategoryId: number; subcategoryOrder: number }[];
  sortFields: SortFieldSetting[];
};

type Named = { id: number; name: string };
/** A category the market has products in, with the brands and subcategories of those products. */
export type TaxonomyCategory = Named & { brands: Named[]; subcategories: Named[] };

export type SettingsChange = SaveMenuSettingsBody['settings'][number];

const DEFAULT_SORT_FIELDS: readonly SortFieldSetting[] = MENU_SORT_FIELDS.map((field, index) => ({ field, direction: 'asc', sortOrder: index + 1 }));

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, 'en') || a.id - b.id;

/** The spec's category order (flower, vape, ...) for names it knows; others after it. */
function defaultCategoryRank(name: string): number {
  const index = (PRODUCT_CATEGORIES as readonly string[]).indexOf(name.trim().toLowerCase());
  return index === -1 ? PRODUCT_CATEGORIES.length : index;
}

/** Saved entries first in their saved order, then the rest by name; numbered 1..n. */
function ordered(items: readonly Named[], saved: ReadonlyMap<number, number>): Named[] {
  return [...items].sort((a, b) => {
    const [rankA, rankB] = [saved.get(a.id), saved.get(b.id)];
    if (rankA !== undefined && rankB !== undefined) return rankA - rankB || byName(a, b);
    if (rankA !== undefined) return -1;
    if (rankB !== undefined) return 1;
    return byName(a, b);
  });
}

/** Sort fields in their order, any missing field after them in the default order, numbered 1..n. */
function completeSortFields(fields: readonly SortFieldSetting[] | undefined): SortFieldSetting[] {
  const given = [...(fields ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const missing = DEFAULT_SORT_FIELDS.filter((field) => !given.some((one) => one.field === field.field));
  return [...given, ...missing].map((field, index) => ({ field: field.field, direction: field.direction, sortOrder: index + 1 }));
}

/** The settings as GET answers them: every level of every category filled in and numbered from 1. */
export function effectiveSettings(taxonomy: readonly TaxonomyCategory[], stored: ReadonlyMap<number, StoredCategorySettings>): CategorySettings[] {
  const categories = [...taxonomy].sort((a, b) => {
    const [savedA, savedB] = [stored.get(a.id), stored.get(b.id)];
    if (savedA && savedB && savedA.categoryOrder !== savedB.categoryOrder) return savedA.categoryOrder - savedB.categoryOrder;
    if (savedA && !savedB) return -1;
    if (savedB && !savedA) return 1;
    return defaultCategoryRank(a.name) - defaultCategoryRank(b.name) || byName(a, b);
  });
  return categories.map((category, index) => {
    const saved = stored.get(category.id);
    const brandRanks = new Map(saved?.brandOrder.map((entry) => [entry.brandId, entry.brandOrder]));
    const subcategoryRanks = new Map(saved?.subcategoryOrder.map((entry) => [entry.subcategoryId, entry.subcategoryOrder]));
    return {
      categoryId: category.id,
      categoryName: category.name,
      categoryOrder: index + 1,
      brandOrder: ordered(category.brands, brandRanks).map((brand, position) => ({ brandId: brand.id, brandName: brand.name, brandOrder: position + 1 })),
      subcategoryOrder: ordered(category.subcategories, subcategoryRanks).map((sub, position) => ({ subcategoryId: sub.id, subcategoryName: sub.name, subcategoryOrder: position + 1 })),
      sortFields: completeSortFields(saved?.sortFields),
    };
  });
}

/** Every id of the changes that the market does not have where the change puts it, each named by its entry. */
export function changeProblems(taxonomy: readonly TaxonomyCategory[], changes: readonly SettingsChange[]): ErrorDetail[] {
  const categories = new Map(taxonomy.map((category) => [category.id, category]));
  return changes.flatMap((change, index) => {
    const at = `settings[${index}]`;
    const category = categories.get(change.categoryId);
    if (!category) return [{ field: `${at}.categoryId`, message: `${change.categoryId} is not a category with products in this market` }];
    const problems: ErrorDetail[] = [];
    const check = <T>(entries: readonly T[] | undefined, level: string, idOf: (entry: T) => number, known: readonly Named[], noun: string) => {
      const ids = new Set(known.map((one) => one.id));
      const seen = new Set<number>();
      (entries ?? []).forEach((entry, position) => {
        const id = idOf(entry);
        const field = `${at}.${level}[${position}].${noun}Id`;
        if (!ids.has(id)) problems.push({ field, message: `${id} is not a ${noun} of ${category.name} in this market` });
        else if (seen.has(id)) problems.push({ field, message: `${id} is named twice in ${level}` });
        seen.add(id);
      });
    };
    check(change.brandOrder, 'brandOrder', (entry) => entry.brandId, category.brands, 'brand');
    check(change.subcategoryOrder, 'subcategoryOrder', (entry) => entry.subcategoryId, category.subcategories, 'subcategory');
    return problems;
  });
}

/**
 * The changes merged into the current settings. A level given replaces that level (entries in their given order,
 * any left out after them by name); a category given a categoryOrder moves there, ahead of one already there.
 * Orders are numbered 1..n again. The ids must have been checked (changeProblems).
 */
export function mergeSettings(current: readonly CategorySettings[], changes: readonly SettingsChange[]): Map<number, StoredCategorySettings> {
  const changeOf = new Map(changes.map((change) => [change.categoryId, change]));
  const placed = current
    .map((category) => ({ category, change: changeOf.get(category.categoryId) }))
    .sort((a, b) => {
      const orderA = a.change?.categoryOrder ?? a.category.categoryOrder;
      const orderB = b.change?.categoryOrder ?? b.category.categoryOrder;
      const movedA = a.change?.categoryOrder !== undefined ? 0 : 1;
      const movedB = b.change?.categoryOrder !== undefined ? 0 : 1;
      return orderA - orderB || movedA - movedB || a.category.categoryOrder - b.category.categoryOrder;
    });
  const merged = new Map<number, StoredCategorySettings>();
  placed.forEach(({ category, change }, index) => {
    const brands = category.brandOrder.map((brand) => ({ id: brand.brandId, name: brand.brandName }));
    const subcategories = category.subcategoryOrder.map((sub) => ({ id: sub.subcategoryId, name: sub.subcategoryName }));
    const brandRanks = change?.brandOrder
      ? new Map(change.brandOrder.map((entry) => [entry.brandId, entry.brandOrder]))
      : new Map(category.brandOrder.map((entry) => [entry.brandId, entry.brandOrder]));
    const subcategoryRanks = change?.subcategoryOrder
      ? new Map(change.subcategoryOrder.map((entry) => [entry.subcategoryId, entry.subcategoryOrder]))
      : new Map(category.subcategoryOrder.map((entry) => [entry.subcategoryId, entry.subcategoryOrder]));
    merged.set(category.categoryId, {
      categoryOrder: index + 1,
      brandOrder: ordered(brands, brandRanks).map((brand, position) => ({ brandId: brand.id, brandOrder: position + 1 })),
      subcategoryOrder: ordered(subcategories, subcategoryRanks).map((sub, position) => ({ subcategoryId: sub.id, subcategoryOrder: position + 1 })),
      sortFields: completeSortFields(change?.sortFields ?? category.sortFields),
    });
  });
  return merged;
}

/** The saved settings as the arrays the listing's SQL joins: one entry per saved category, brand, subcategory and sort field. */
export type ListingOrder = {
  categories: { ids: number[]; ranks: number[] };
  brands: { categoryIds: number[]; ids: number[]; ranks: number[] };
  subcategories: { categoryIds: number[]; ids: number[]; ranks: number[] };
  /** Per saved category its three sort fields and whether each is descending, in sort order. */
  sortFields: { categoryIds: number[]; fields: [string[], string[], string[]]; descending: [boolean[], boolean[], boolean[]] };
};

export function listingOrder(stored: ReadonlyMap<number, StoredCategorySettings>): ListingOrder {
  const order: ListingOrder = {
    categories: { ids: [], ranks: [] },
    brands: { categoryIds: [], ids: [], ranks: [] },
    subcategories: { categoryIds: [], ids: [], ranks: [] },
    sortFields: { categoryIds: [], fields: [[], [], []], descending: [[], [], []] },
  };
  for (const [categoryId, settings] of stored) {
    order.categories.ids.push(categoryId);
    order.categories.ranks.push(settings.categoryOrder);
    for (const brand of settings.brandOrder) {
      order.brands.categoryIds.push(categoryId);
      order.brands.ids.push(brand.brandId);
      order.brands.ranks.push(brand.brandOrder);
    }
    for (const sub of settings.subcategoryOrder) {
      order.subcategories.categoryIds.push(categoryId);
      order.subcategories.ids.push(sub.subcategoryId);
      order.subcategories.ranks.push(sub.subcategoryOrder);
    }
    const fields = completeSortFields(settings.sortFields);
    order.sortFields.categoryIds.push(categoryId);
    fields.forEach((field, index) => {
      order.sortFields.fields[index]!.push(field.field);
      order.sortFields.descending[index]!.push(field.direction === 'desc');
    });
  }
  return order;
}

/** A stored value read back leniently: a row written by an older shape, or edited by hand, never breaks the menu. */
export function readStored(value: unknown): StoredCategorySettings {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof StoredCategorySettings, unknown>>;
  const list = <T>(entries: unknown, read: (entry: Record<string, unknown>) => T | null): T[] =>
    Array.isArray(entries) ? entries.flatMap((entry) => (typeof entry === 'object' && entry !== null ? (read(entry as Record<string, unknown>) ?? []) : [])) : [];
  const whole = (entry: unknown) => (Number.isInteger(entry) ? (entry as number) : null);
  return {
    categoryOrder: whole(record.categoryOrder) ?? Number.MAX_SAFE_INTEGER,
    brandOrder: list(record.brandOrder, (entry) => {
      const [id, rank] = [whole(entry.brandId), whole(entry.brandOrder)];
      return id === null || rank === null ? null : { brandId: id, brandOrder: rank };
    }),
    subcategoryOrder: list(record.subcategoryOrder, (entry) => {
      const [id, rank] = [whole(entry.subcategoryId), whole(entry.subcategoryOrder)];
      return id === null || rank === null ? null : { subcategoryId: id, subcategoryOrder: rank };
    }),
    sortFields: list(record.sortFields, (entry) =>
      (MENU_SORT_FIELDS as readonly unknown[]).includes(entry.field) && (entry.direction === 'asc' || entry.direction === 'desc') && whole(entry.sortOrder) !== null
        ? { field: entry.field as MenuSortField, direction: entry.direction, sortOrder: entry.sortOrder as number }
        : null,
    ),
  };
}
