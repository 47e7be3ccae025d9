// Where the import alert banner remembers its dismissal: per user and per set of locations, in localStorage,
// so that an outcome once seen stays dismissed across reloads until a newer update arrives.
import type { ImportState } from '../../../shared/api/inventory-import';

const DISMISSAL_KEY_PREFIX = 'import-alert-dismissed';

export function dismissalKey(userId: string, state: ImportState): string {
  const locations = state.inventory_location.map((location) => location.id);
  const ids = locations.length > 0 ? [...locations].sort((a, b) => a - b).join(',') : String(state.inventory_location_id ?? 'none');
  return `${DISMISSAL_KEY_PREFIX}:${userId}:${ids}`;
}

export function readDismissal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be off (private mode, policies): the banner then simply shows again.
    return null;
  }
}

export function writeDismissal(key: string, at: Date): void {
  try {
    window.localStorage.setItem(key, at.toISOString());
  } catch {
    // As above: nothing to remember it in.
  }
}
