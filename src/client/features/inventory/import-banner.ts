// The import alert banner's rules (spec section 4): which of the latest import's outcomes to announce,
// in which tone and words, and for how long.
import type { ImportState } from '../../../shared/api/inventory-import';
import { normaliseImportStatus } from '../../../shared/enums';
import { formatDateTime, toDate } from '../../lib/format';

/** The banner shows only for an update in the last 60 s. */
const IMPORT_ALERT_WINDOW_MS = 60_000;
/** A terminal outcome is marked dismissed 5 s after it appears. */
export const IMPORT_ALERT_DISMISS_MS = 5_000;

export type ImportBanner = { tone: 'error' | 'success' | 'warning'; title: string; description?: string };

type BannerContext = {
  now: number;
  currentUserId: string | null;
  /** When this user dismissed the banner of these locations (ISO time), if ever. */
  dismissedAt: string | null;
};

/** The import's locations by display name (or name), as the banner names them. */
function importLocationNames(state: ImportState): string {
  const names = state.inventory_location.map((location) => location.displayName || location.name).filter((name) => name !== '');
  return names.length > 0 ? names.join(', ') : (state.s2s_location_name ?? '');
}

export function importBannerFor(state: ImportState | null | undefined, { now, currentUserId, dismissedAt }: BannerContext): ImportBanner | null {
  if (!state) return null;
  const status = normaliseImportStatus(state.import_status);
  if (status === 'DRAFT') return null;
  const updated = toDate(state.updated_ts)?.getTime();
  if (updated === undefined) return null;
  const dismissed = toDate(dismissedAt)?.getTime();
  if (dismissed !== undefined && dismissed >= updated) return null;
  if (now - updated > IMPORT_ALERT_WINDOW_MS) return null;
  if (status === 'IN_PROGRESS' && currentUserId !== null && state.created_user === currentUserId) return null;

  const locations = importLocationNames(state);
  const time = formatDateTime(state.updated_ts);
  switch (status) {
    case 'FAILED':
      return { tone: 'error', title: `Last import failed for ${locations}`, description: 'This import has been discarded and no changes were applied.' };
    case 'DISCARDED':
      return state.record_count > 0
        ? { tone: 'success', title: `Last Import for ${locations}`, description: `Discarded at ${time}` }
        : { tone: 'warning', title: `No eligible records found for ${locations}` };
    case 'COMMITTED':
      return { tone: 'success', title: `Last Import for ${locations}`, description: `Committed at ${time}` };
    default:
      return null;
  }
}
