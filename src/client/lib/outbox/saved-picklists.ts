// Which picklists are saved on this device (their detail is in the persisted query cache), so the register
// can mark those a picker can open with no signal; and the one-time 'Ready offline' cue once the app and the
// market's open picklists are saved.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { MarketCode } from '../../../shared/enums';
import { PICKLISTS_QUERY_KEY } from './picklist-cache';

export function useSavedPicklistIds(market: MarketCode): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  // A string snapshot: useSyncExternalStore compares snapshots with Object.is.
  const snapshot = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () =>
      cache
        .findAll({ queryKey: [PICKLISTS_QUERY_KEY, 'detail', market] })
        .filter((query) => query.state.data !== undefined)
        .map((query) => query.queryKey[3])
        .join(','),
  );
  return useMemo(() => new Set(snapshot ? snapshot.split(',').map(Number) : []), [snapshot]);
}

const READY_SHOWN_KEY = (userId: string) => `ready-offline-shown:${userId}`;

const readyOfflineText = (open: number) =>
  `The app and ${open === 1 ? '1 open picklist' : `${open.toLocaleString('en-US')} open picklists`} are saved on this device: they open with no signal.`;

/** How long the header says 'Ready offline' before it reads 'Online' again. */
const READY_CUE_MS = 6_000;

let readyCue: string | null = null;
const listeners = new Set<() => void>();
const setReadyCue = (next: string | null) => {
  readyCue = next;
  listeners.forEach((listener) => listener());
};

/** The header's cue while it shows: what is saved on the device (null the rest of the time). */
export function useReadyOfflineCue(): string | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => readyCue,
  );
}

/**
 * Says once per user and device, quietly (the header's Online reads 'Ready offline' for a few seconds, no
 * toast over the work), that picking can go on with no signal: once the service worker is active (the app's
 * files are saved) and every open picklist has been put on the device.
 */
export async function announceReadyOffline(userId: string, open: number): Promise<void> {
  if (localStorage.getItem(READY_SHOWN_KEY(userId)) || !('serviceWorker' in navigator)) return;
  // An active service worker has finished saving the app's files (its precache is filled while it installs).
  await navigator.serviceWorker.ready;
  if (localStorage.getItem(READY_SHOWN_KEY(userId))) return;
  localStorage.setItem(READY_SHOWN_KEY(userId), String(Date.now()));
  const cue = readyOfflineText(open);
  setReadyCue(cue);
  window.setTimeout(() => {
    if (readyCue === cue) setReadyCue(null);
  }, READY_CUE_MS);
}
