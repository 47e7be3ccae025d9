// The menu settings screen's unsaved changes: the four levels as the user has arranged them, compared with
// what was loaded per category and per level, so that Save sends only what changed (spec section 4).
import type { CategorySettings, SaveMenuSettingsBody } from '../../../shared/api/menus';

type SettingsChange = SaveMenuSettingsBody['settings'][number];
export type MenuLevel = 'brandOrder' | 'subcategoryOrder' | 'sortFields';

/** The categories in their order, each level in its order (the server's numbers say the order). */
export function arranged(settings: readonly CategorySettings[]): CategorySettings[] {
  return [...settings]
    .sort((a, b) => a.categoryOrder - b.categoryOrder)
    .map((category) => ({
      ...category,
      brandOrder: [...category.brandOrder].sort((a, b) => a.brandOrder - b.brandOrder),
      subcategoryOrder: [...category.subcategoryOrder].sort((a, b) => a.subcategoryOrder - b.subcategoryOrder),
      sortFields: [...category.sortFields].sort((a, b) => a.sortOrder - b.sortOrder),
    }));
}

/** Moves one entry of a list to another position. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}

const categoryKey = (categories: readonly CategorySettings[]) => categories.map((category) => category.categoryId).join();
const levelKey = (category: CategorySettings, level: MenuLevel): string => {
  if (level === 'brandOrder') return category.brandOrder.map((brand) => brand.brandId).join();
  if (level === 'subcategoryOrder') return category.subcategoryOrder.map((sub) => sub.subcategoryId).join();
  return category.sortFields.map((field) => `${field.field}:${field.direction}`).join();
};
const LEVELS: readonly MenuLevel[] = ['brandOrder', 'subcategoryOrder', 'sortFields'];

/** The levels of one category that differ from what was loaded. */
export function changedLevels(saved: readonly CategorySettings[], draft: CategorySettings): MenuLevel[] {
  const before = saved.find((category) => category.categoryId === draft.categoryId);
  if (!before) return [...LEVELS];
  return LEVELS.filter((level) => levelKey(before, level) !== levelKey(draft, level));
}

export const categoryOrderChanged = (saved: readonly CategorySettings[], draft: readonly CategorySettings[]): boolean => categoryKey(saved) !== categoryKey(draft);

/**
 * What Save sends: each category with a changed level, with only those levels, numbered from 1 in their new
 * order; when the categories were reordered, every category with its new categoryOrder.
 */
export function settingsChanges(saved: readonly CategorySettings[], draft: readonly CategorySettings[]): SettingsChange[] {
  const reordered = categoryOrderChanged(saved, draft);
  return draft.flatMap((category, index) => {
    const levels = changedLevels(saved, category);
    if (!reordered && levels.length === 0) return [];
    const change: SettingsChange = { categoryId: category.categoryId, categoryName: category.categoryName };
    if (reordered) change.categoryOrder = index + 1;
    if (levels.includes('brandOrder')) change.brandOrder = category.brandOrder.map((brand, at) => ({ brandId: brand.brandId, brandName: brand.brandName, brandOrder: at + 1 }));
    if (levels.includes('subcategoryOrder'))
      change.subcategoryOrder = category.subcategoryOrder.map((sub, at) => ({ subcategoryId: sub.subcategoryId, subcategoryName: sub.subcategoryName, subcategoryOrder: at + 1 }));
    if (levels.includes('sortFields')) change.sortFields = category.sortFields.map((field, at) => ({ field: field.field, direction: field.direction, sortOrder: at + 1 }));
    return [change];
  });
}
