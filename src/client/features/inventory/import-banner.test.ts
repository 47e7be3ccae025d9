import { describe, expect, it } from 'vitest';
import type { ImportState } from '../../../shared/api/inventory-import';
import { formatDateTime } from '../../lib/format';
import { importBannerFor, type ImportBanner } from './import-banner';

const UPDATED = '2026-03-02T15:04:00.000Z';
const updatedMs = Date.parse(UPDATED);

function importState(overrides: Partial<ImportState> = {}): ImportState {
  return {
    import_id: 12,
    reference_id: 'IMP-MN-000012',
    import_status: 'COMMITTED',
    comments: null,
    created_ts: '2026-03-02T15:00:00.000Z',
    updated_ts: UPDATED,
    created_user: '7',
    created_user_name: 'Avery Admin',
    inventory_location_id: 1,
    s2s_location_name: 'MN Cultivation',
    inventory_location: [
      { id: 1, displayName: 'Minneapolis Vault', name: 'MPLS-01' },
      { id: 2, displayName: '', name: 'Duluth Annex' },
    ],
    record_count: 40,
    records_fetched: 40,
    last_committed_ts: UPDATED,
    ...overrides,
  };
}

const LOCATIONS = 'Minneapolis Vault, Duluth Annex';
type Context = { now: number; currentUserId: string | null; dismissedAt: string | null };
const base: Context = { now: updatedMs + 10_000, currentUserId: '7', dismissedAt: null };

type Case = [description: string, state: ImportState | null, context: Partial<Context>, expected: ImportBanner | null];

const cases: Case[] = [
  ['hidden with no import state', null, {}, null],
  ['hidden while DRAFT', importState({ import_status: 'DRAFT' }), {}, null],
  ['hidden when dismissed after the last update', importState(), { dismissedAt: '2026-03-02T15:04:05.000Z' }, null],
  ['hidden when dismissed at the moment of the last update', importState(), { dismissedAt: UPDATED }, null],
  ['hidden when the last update is over 60 s old', importState(), { now: updatedMs + 60_001 }, null],
  ['hidden for an IN_PROGRESS import the current user started', importState({ import_status: 'IN_PROGRESS' }), {}, null],
  ['hidden for an IN_PROGRESS import another user started (not an outcome)', importState({ import_status: 'IN_PROGRESS', created_user: '9' }), {}, null],
  ['hidden at FETCH_COMPLETED (the results page takes over)', importState({ import_status: 'FETCH_COMPLETED' }), {}, null],
  [
    'FAILED: destructive, nothing applied',
    importState({ import_status: 'FAILED' }),
    {},
    { tone: 'error', title: `Last import failed for ${LOCATIONS}`, description: 'This import has been discarded and no changes were applied.' },
  ],
  [
    'DISCARDED with records: success with the discard time',
    importState({ import_status: 'DISCARDED' }),
    {},
    { tone: 'success', title: `Last Import for ${LOCATIONS}`, description: `Discarded at ${formatDateTime(UPDATED)}` },
  ],
  ['DISCARDED with no records: warning', importState({ import_status: 'DISCARDED', record_count: 0 }), {}, { tone: 'warning', title: `No eligible records found for ${LOCATIONS}` }],
  [
    'COMMITTED: success with the commit time',
    importState(),
    {},
    { tone: 'success', title: `Last Import for ${LOCATIONS}`, description: `Committed at ${formatDateTime(UPDATED)}` },
  ],
  [
    'shown again when the update is newer than the dismissal',
    importState(),
    { dismissedAt: '2026-03-02T15:03:00.000Z' },
    { tone: 'success', title: `Last Import for ${LOCATIONS}`, description: `Committed at ${formatDateTime(UPDATED)}` },
  ],
  [
    'shown at exactly 60 s',
    importState({ import_status: 'FAILED' }),
    { now: updatedMs + 60_000 },
    { tone: 'error', title: `Last import failed for ${LOCATIONS}`, description: 'This import has been discarded and no changes were applied.' },
  ],
  [
    'the hyphenated status spelling counts the same',
    importState({ import_status: 'IN-PROGRESS' as ImportState['import_status'] }),
    {},
    null,
  ],
  [
    'names the S2S location when the import lists none',
    importState({ import_status: 'DISCARDED', record_count: 0, inventory_location: [] }),
    {},
    { tone: 'warning', title: 'No eligible records found for MN Cultivation' },
  ],
];

describe('the import alert banner', () => {
  it.each(cases)('%s', (_description, state, context, expected) => {
    expect(importBannerFor(state, { ...base, ...context })).toEqual(expected);
  });
});
