// How the history list names who ran an import and what became of it (spec section 2, /inventory/history).
import { normaliseImportStatus } from '../../../shared/enums';

/** Imports the system ran have no user name. */
export function importedByLabel(userName: string | null | undefined): string {
  return userName && userName.trim() !== '' ? userName : 'System';
}

/** COMMITTED is a green 'Completed'; other known statuses show as sent; anything else is 'Unknown'. */
export function historyStatusLabel(status: string | null | undefined): { label: string; completed: boolean } {
  const known = status ? normaliseImportStatus(status) : undefined;
  if (known === 'COMMITTED') return { label: 'Completed', completed: true };
  return { label: known && status ? status : 'Unknown', completed: false };
}
