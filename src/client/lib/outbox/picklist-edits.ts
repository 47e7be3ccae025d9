// What a picker does to a picklist's edits: save picks (outbox first, then the screen, then the server),
// and settle the ones the server would not take. Nothing a picker entered leaves the outbox unless the
// server has it or the picker chose to let it go.
import type { QueryClient } from '@tanstack/react-query';
import type { MarketCode } from '../../../shared/enums';
import { picklistDetailKey, picklistIdOf, picklistResource, pickLinesOf, showPicksNow, storeServerPicklist, type PickLine, type PicklistConflictState } from './picklist-cache';
import { dismissRejected, enqueue, keepMine, takeTheirs } from './outbox';
import { outboxDb, type OutboxDatabase, type OutboxEntry } from './outbox-db';
import { requestOutboxReplay } from './sync';

/** A key made on the device, sent as Idempotency-Key: random, 8 to 128 letters, digits and dashes. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a phone on plain http still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type SavePicksInput = {
  queryClient: QueryClient;
  userId: string;
  market: MarketCode;
  picklistId: number;
  /** The server version the picker saw (the cached copy's): sent as If-Match. */
  baseVersion: number;
  lines: PickLine[];
  db?: OutboxDatabase;
};

/**
 * Mark as Picked: into the outbox first (so an app kill a moment later loses nothing), then on screen,
 * then a replay. Resolves with the entry once it is stored; the replay goes on by itself.
 */
export async function savePicks({ queryClient, userId, market, picklistId, baseVersion, lines, db = outboxDb }: SavePicksInput): Promise<{ entry: OutboxEntry; replayed: Promise<void> }> {
  const entry = await enqueue(
    {
      id: newIdempotencyKey(),
      userId,
      market,
      body: { items: lines },
      resource: picklistResource(picklistId),
      parts: lines.map((line) => String(line.picklist_item_id)),
      baseVersion,
    },
    db,
  );
  showPicksNow(queryClient, market, picklistId, lines);
  return { entry, replayed: requestOutboxReplay() };
}

function conflictOf(entry: OutboxEntry): PicklistConflictState | null {
  const state = entry.serverState as PicklistConflictState | undefined;
  return state?.picklist ? state : null;
}

/** Keep mine: send my picks again, on top of the version the server has now. */
export async function keepMyPicks(queryClient: QueryClient, entry: OutboxEntry, db: OutboxDatabase = outboxDb): Promise<void> {
  const conflict = conflictOf(entry);
  if (!conflict || entry.seq === undefined) return;
  await keepMine(entry.seq, conflict.picklist.version, db);
  const picklistId = conflict.picklist.picklist_id;
  showPicksNow(queryClient, entry.market as MarketCode, picklistId, pickLinesOf(entry));
  void requestOutboxReplay();
}

/**
 * Use the server's: my picks of the items the server changed are withdrawn. My picks of the other items
 * in the same save did not conflict, so they go on, as a new edit of the server's current version.
 */
export async function takeServersPicks(queryClient: QueryClient, entry: OutboxEntry, db: OutboxDatabase = outboxDb): Promise<void> {
  const conflict = conflictOf(entry);
  if (entry.seq === undefined) return;
  const conflicting = new Set(conflict?.conflictingItems ?? pickLinesOf(entry).map((line) => line.picklist_item_id));
  const others = conflict ? pickLinesOf(entry).filter((line) => !conflicting.has(line.picklist_item_id)) : [];
  await db.transaction('rw', db.entries, async () => {
    if (others.length > 0 && conflict) {
      await enqueue(
        {
          id: newIdempotencyKey(),
          userId: entry.userId,
          market: entry.market,
          body: { items: others },
          resource: entry.resource,
          parts: others.map((line) => String(line.picklist_item_id)),
          baseVersion: conflict.picklist.version,
        },
        db,
      );
    }
    await takeTheirs(entry.seq!, db);
  });
  if (conflict) await storeServerPicklist(queryClient, entry.market as MarketCode, entry.userId, conflict.picklist, { db });
  if (others.length > 0) void requestOutboxReplay();
}

/** The picker has read why the server refused the picks: let them go, and show the server's copy. */
export async function dismissRejectedPicks(queryClient: QueryClient, entry: OutboxEntry, db: OutboxDatabase = outboxDb): Promise<void> {
  if (entry.seq === undefined) return;
  await dismissRejected(entry.seq, db);
  const id = picklistIdOf(entry.resource);
  if (id !== null) void queryClient.invalidateQueries({ queryKey: picklistDetailKey(entry.market as MarketCode, id) });
}
