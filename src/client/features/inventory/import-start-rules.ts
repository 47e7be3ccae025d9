// When the Import Inventory screen may start an import (spec section 5) and when an import counts as running.
import { ACTIVE_IMPORT_STATUSES, normaliseImportStatus } from '../../../shared/enums';

/** DRAFT or IN_PROGRESS (either spelling): the status is polled and the block loader shows. */
export function isImportRunning(status: string | undefined | null): boolean {
  const normalised = status ? normaliseImportStatus(status) : undefined;
  return normalised !== undefined && ACTIVE_IMPORT_STATUSES.includes(normalised);
}

type StartConditions = { hasMarket: boolean; selectedCount: number; running: boolean; starting: boolean };

/** A market and at least one location are needed; a start while an import runs (or is being started) is ignored. */
export function canStartImport({ hasMarket, selectedCount, running, starting }: StartConditions): boolean {
  return hasMarket && selectedCount > 0 && !running && !starting;
}
