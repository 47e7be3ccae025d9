// Runs the outbox: replays the signed-in user's waiting edits at start, when the signal returns, when the
// app comes back to the screen, on a timer while edits wait, and right after a new edit. Every send asks
// the auth provider for a token, so a long shift's replays never go out with an expired one.
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { PicklistDetail } from '../../../shared/api/picklists';
import type { MarketCode } from '../../../shared/enums';
import { PICKLISTS_QUERY_KEY, picklistDetailKey, picklistIdOf, storeServerPicklist, type PicklistConflictState } from './picklist-cache';
import { sendPicklistEdit, sendPicklistEdits } from './picklist-send';
import { outboxDb, type OutboxDatabase, type OutboxEntry } from './outbox-db';
import { replayOutbox, type ReplayReport, type SendResult } from './replay';

/** While edits wait, try again this often (besides the online and visibility events). */
export const REPLAY_INTERVAL_MS = 20_000;

export type SyncState = {
  running: boolean;
  /** Why the last replay stopped without an answer (offline, server down), or null. */
  lastProblem: string | null;
};

type Engine = {
  queryClient: QueryClient;
  userId: string;
  db: OutboxDatabase;
  send: (entry: OutboxEntry) => Promise<SendResult>;
  sendMany?: (entries: OutboxEntry[]) => Promise<SendResult[]>;
};

let engine: Engine | null = null;
let state: SyncState = { running: false, lastProblem: null };
const listeners = new Set<() => void>();
let running: Promise<void> | null = null;
let again = false;

function setState(next: Partial<SyncState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function useSyncState(): SyncState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** The server's copy of a picklist arrived (applied or conflicting): the cache shows it, with the picks still waiting over it. */
async function reflect(current: Engine, entry: OutboxEntry, picklist: PicklistDetail | null): Promise<void> {
  if (picklistIdOf(entry.resource) === null || !picklist) return;
  // On a conflict the entry is still 'pending' while we are here: it must not be laid over the server's copy.
  await storeServerPicklist(current.queryClient, entry.market as MarketCode, current.userId, picklist, { db: current.db, excludeEntryId: entry.id });
}

/** What the screens show once the server has answered an edit it did not apply. */
async function settle(current: Engine, entry: OutboxEntry, result: SendResult): Promise<SendResult> {
  if (result.kind === 'conflict') await reflect(current, entry, (result.serverState as PicklistConflictState).picklist);
  if (result.kind === 'rejected') {
    const picklistId = picklistIdOf(entry.resource);
    // What the picker entered is not on the server: show the server's copy again.
    if (picklistId !== null) void current.queryClient.invalidateQueries({ queryKey: picklistDetailKey(entry.market as MarketCode, picklistId) });
  }
  return result;
}

/** What an edit is answered once its user's engine has stopped (signed out, or another user signed in). */
const NOT_THEIR_SESSION: SendResult = { kind: 'unreachable', message: 'Waiting for its picker to sign in again.' };

async function replayOnce(current: Engine): Promise<ReplayReport | null> {
  const { sendMany } = current;
  // Checked before every call: a replay under way when its user signs out (and another signs in on the same
  // device) must not send the rest of the first user's picks with the second user's session. They wait.
  const stillTheirs = () => engine === current;
  const report = await replayOutbox({
    db: current.db,
    userId: current.userId,
    send: async (entry) => (stillTheirs() ? settle(current, entry, await current.send(entry)) : NOT_THEIR_SESSION),
    sendMany: sendMany && (async (entries) => {
      if (!stillTheirs()) return entries.map(() => NOT_THEIR_SESSION);
      const results = await sendMany(entries);
      for (const [index, result] of results.entries()) await settle(current, entries[index]!, result);
      return results;
    }),
    onApplied: (entry, result) => reflect(current, entry, result.data as PicklistDetail | null),
  });
  if (report && report.applied > 0) {
    // Picking moves the picklist and its order on, and changes the sidebar's counts.
    void current.queryClient.invalidateQueries({ queryKey: [PICKLISTS_QUERY_KEY, 'register'] });
    void current.queryClient.invalidateQueries({ queryKey: ['orders'] });
    void current.queryClient.invalidateQueries({ queryKey: ['app-stats'] });
  }
  return report;
}

/**
 * Replays now (or right after the replay under way). Resolves when the outbox has been through; never
 * rejects. Does nothing before the app shell has started the engine, or while the device says it is offline.
 */
export function requestOutboxReplay(): Promise<void> {
  again = true;
  // Started after this call returns: a loop that ends at once (offline) must not clear `running` before it is set.
  running ??= Promise.resolve()
    .then(runReplays)
    .finally(() => {
      running = null;
      setState({ running: false });
    });
  return running;
}

async function runReplays(): Promise<void> {
  while (again && engine) {
    again = false;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState({ lastProblem: "You're offline." });
      return;
    }
    setState({ running: true });
    const report = await replayOnce(engine).catch((error: unknown) => {
      setState({ lastProblem: error instanceof Error ? error.message : String(error) });
      return null;
    });
    if (report) setState({ lastProblem: report.stoppedEarly ? 'The server could not be reached.' : null });
  }
}

/** Starts (or restarts) the engine for a user; the returned function stops it. Exported for tests and the bench. */
export function startOutboxSync(options: { queryClient: QueryClient; userId: string; db?: OutboxDatabase; send?: Engine['send']; sendMany?: Engine['sendMany'] }): () => void {
  // A test or bench that brings its own `send` sends entry by entry unless it brings `sendMany` too.
  const mine: Engine = {
    queryClient: options.queryClient,
    userId: options.userId,
    db: options.db ?? outboxDb,
    send: options.send ?? ((entry) => sendPicklistEdit(entry)),
    sendMany: options.send ? options.sendMany : (options.sendMany ?? ((entries) => sendPicklistEdits(entries))),
  };
  engine = mine;
  return () => {
    if (engine === mine) engine = null;
  };
}

/**
 * The app shell's hook: one engine for the signed-in user, replaying on start, `online`, the app becoming
 * visible, and every REPLAY_INTERVAL_MS while any of their edits wait.
 */
export function useOutboxSync(queryClient: QueryClient, userId: string, waiting: number): void {
  useEffect(() => {
    const stop = startOutboxSync({ queryClient, userId });
    const replay = () => void requestOutboxReplay();
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') replay();
    };
    replay();
    window.addEventListener('online', replay);
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      window.removeEventListener('online', replay);
      document.removeEventListener('visibilitychange', handleVisibility);
      stop();
    };
  }, [queryClient, userId]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => void requestOutboxReplay(), REPLAY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}
