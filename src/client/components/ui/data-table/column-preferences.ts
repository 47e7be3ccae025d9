// Each user's column order and visibility per table, kept in localStorage under 'columnOrder' and
// 'columnVisibility' (objects keyed by table id) so a reload or another visit keeps the layout.
import { useState } from 'react';
import type { ColumnInfo } from './column-info';

const COLUMN_ORDER_KEY = 'columnOrder';
const COLUMN_VISIBILITY_KEY = 'columnVisibility';

type Stored = { order?: string[]; visibility?: Record<string, boolean> };

function readAll(key: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeOne(key: string, tableId: string, value: unknown): void {
  const all = readAll(key);
  if (value === undefined) delete all[tableId];
  else all[tableId] = value;
  try {
    window.localStorage.setItem(key, JSON.stringify(all));
  } catch {
    // Storage full or blocked (private mode): the layout still applies for this visit.
  }
}

function readStored(tableId: string): Stored {
  const order = readAll(COLUMN_ORDER_KEY)[tableId];
  const visibility = readAll(COLUMN_VISIBILITY_KEY)[tableId];
  return {
    order: Array.isArray(order) ? order.filter((id): id is string => typeof id === 'string') : undefined,
    visibility:
      visibility && typeof visibility === 'object' && !Array.isArray(visibility)
        ? Object.fromEntries(Object.entries(visibility).filter(([, shown]) => typeof shown === 'boolean'))
        : undefined,
  };
}

/** Forgets a table's saved layout (e.g. the menu screen does this when its tab changes). */
export function clearColumnPreferences(tableId: string): void {
  writeOne(COLUMN_ORDER_KEY, tableId, undefined);
  writeOne(COLUMN_VISIBILITY_KEY, tableId, undefined);
}

/** The saved order with unknown ids dropped and columns added since then placed at their default position. */
function mergeOrder(saved: readonly string[] | undefined, defaults: readonly string[]): string[] {
  if (!saved) return [...defaults];
  const known = saved.filter((id) => defaults.includes(id));
  const merged = [...known];
  defaults.forEach((id, index) => {
    if (!merged.includes(id)) merged.splice(Math.min(index, merged.length), 0, id);
  });
  return merged;
}

export type ColumnPreferences = {
  order: string[];
  visibility: Record<string, boolean>;
  setOrder: (order: string[]) => void;
  setVisible: (id: string, visible: boolean) => void;
  reset: () => void;
  /** The saved layout differs from the default. */
  isCustomised: boolean;
};

type ColumnLayout = { order: string[]; visibility: Record<string, boolean>; defaults: string[] };

function layoutOf(stored: Stored, columns: readonly ColumnInfo[], defaultOrder?: readonly string[]): ColumnLayout {
  const ids = columns.map((column) => column.id);
  const defaults = mergeOrder(defaultOrder, ids);
  const order = mergeOrder(stored.order, defaults);
  const visibility = Object.fromEntries(columns.map((column) => [column.id, column.alwaysVisible || (stored.visibility?.[column.id] ?? !column.hiddenByDefault)]));
  return { order, visibility, defaults };
}

/**
 * The layout a DataTable with this id shows now (its saved order and visibility over the columns' defaults),
 * for a screen that acts on the columns the user sees, e.g. the menu export.
 */
export function savedColumnLayout(tableId: string, columns: readonly ColumnInfo[], defaultOrder?: readonly string[]): { order: string[]; visibility: Record<string, boolean> } {
  const { order, visibility } = layoutOf(readStored(tableId), columns, defaultOrder);
  return { order, visibility };
}

export function useColumnPreferences(tableId: string, columns: readonly ColumnInfo[], defaultOrder?: readonly string[]): ColumnPreferences {
  const [stored, setStored] = useState(() => ({ tableId, ...readStored(tableId) }));
  if (stored.tableId !== tableId) setStored({ tableId, ...readStored(tableId) });

  const { order, visibility, defaults } = layoutOf(stored, columns, defaultOrder);

  const setOrder = (next: string[]) => {
    writeOne(COLUMN_ORDER_KEY, tableId, next);
    setStored((current) => ({ ...current, order: next }));
  };
  const setVisible = (id: string, visible: boolean) => {
    const next = { ...visibility, [id]: visible };
    writeOne(COLUMN_VISIBILITY_KEY, tableId, next);
    setStored((current) => ({ ...current, visibility: next }));
  };
  const reset = () => {
    clearColumnPreferences(tableId);
    setStored({ tableId });
  };
  const isCustomised = order.join() !== defaults.join() || columns.some((column) => visibility[column.id] !== (column.alwaysVisible || !column.hiddenByDefault));
  return { order, visibility, setOrder, setVisible, reset, isCustomised };
}
