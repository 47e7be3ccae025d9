// Each item's place in the outbox: waiting to sync, in a conflict (with my value and the server's), or
// refused by the server (with its reason). Drives the marker and the resolve panel of every item.
import { useMemo } from 'react';
import type { PicklistItem } from '../../../../shared/api/picklists';
import type { OutboxEntry } from '../../../lib/outbox/outbox-db';
import { pickLinesOf, picklistResource, type PickLine, type PicklistConflictState } from '../../../lib/outbox/picklist-cache';

export type ItemSync =
  | { kind: 'pending'; entry: OutboxEntry }
  /** `conflicting`: the server changed this item; otherwise it was saved together with one that it changed. */
  | { kind: 'conflict'; entry: OutboxEntry; mine: PickLine; server: PicklistItem | undefined; conflicting: boolean }
  | { kind: 'rejected'; entry: OutboxEntry; mine: PickLine; reason: string };

const RANK: Record<ItemSync['kind'], number> = { pending: 0, conflict: 2, rejected: 1 };

function itemSyncOf(entries: readonly OutboxEntry[], picklistId: number): Map<number, ItemSync> {
  const resource = picklistResource(picklistId);
  const byItem = new Map<number, ItemSync>();
  for (const entry of entries) {
    if (entry.resource !== resource) continue;
    const state = entry.status === 'conflict' ? (entry.serverState as PicklistConflictState | undefined) : undefined;
    const serverItems = new Map(state?.picklist.items.map((item) => [item.picklist_item_id, item]));
    for (const line of pickLinesOf(entry)) {
      const id = line.picklist_item_id;
      const next: ItemSync =
        entry.status === 'conflict'
          ? { kind: 'conflict', entry, mine: line, server: serverItems.get(id), conflicting: state?.conflictingItems.includes(id) ?? true }
          : entry.status === 'rejected'
            ? { kind: 'rejected', entry, mine: line, reason: entry.lastError ?? 'The server did not accept this pick.' }
            : { kind: 'pending', entry };
      const current = byItem.get(id);
      // What needs the picker outranks what only waits; a later pending edit stays behind an open conflict.
      if (!current || RANK[next.kind] >= RANK[current.kind]) byItem.set(id, next);
    }
  }
  return byItem;
}

export function useItemSync(entries: readonly OutboxEntry[], picklistId: number): Map<number, ItemSync> {
  return useMemo(() => itemSyncOf(entries, picklistId), [entries, picklistId]);
}
