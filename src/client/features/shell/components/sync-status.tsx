// The header's sync status: how many picking edits wait on this device (a count badge, red when one needs
// the picker), when the last sync succeeded, and a panel listing what waits with a Sync now button.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PicklistDetail } from '../../../../shared/api/picklists';
import type { MarketCode } from '../../../../shared/enums';
import { Icon } from '../../../components/ui/icons';
import { focusRing } from '../../../components/ui/styles';
import type { OutboxEntry } from '../../../lib/outbox/outbox-db';
import { picklistDetailKey, picklistIdOf } from '../../../lib/outbox/picklist-cache';
import { requestOutboxReplay, useSyncState } from '../../../lib/outbox/sync';
import { useOnline } from '../../../lib/use-online';

/** 'just now', '2 min ago', '3 h ago', '2 days ago'. */
export function formatAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

export function syncedText(lastSync: number | null, now: number): string {
  return lastSync === null ? 'Not synced yet' : `Synced ${formatAgo(lastSync, now)}`;
}

export function waitingText(count: number): string {
  return count === 0 ? 'No edits waiting' : `${count} ${count === 1 ? 'edit' : 'edits'} waiting to sync`;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const STATUS_TEXT: Record<OutboxEntry['status'], string> = { pending: 'Waiting', conflict: 'Conflict: choose which to keep', rejected: 'Not accepted: see why' };

export function SyncStatus({ entries, lastSync }: { entries: OutboxEntry[]; lastSync: number | null }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { running, lastProblem } = useSyncState();
  const now = useNow(30_000);
  const count = entries.length;
  const attention = entries.filter((entry) => entry.status !== 'pending').length;
  const synced = syncedText(lastSync, Math.max(now, lastSync ?? 0));
  const label = `${waitingText(count)}${attention > 0 ? `, ${attention} need${attention === 1 ? 's' : ''} you` : ''}. ${synced}.`;

  const nameOf = (entry: OutboxEntry) => {
    const id = picklistIdOf(entry.resource);
    if (id === null) return entry.resource;
    const cached = queryClient.getQueryData<PicklistDetail>(picklistDetailKey(entry.market as MarketCode, id));
    return cached?.picklist_reference_id || `PL - ${id}`;
  };

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={label}
        title={label}
        className={`relative flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-medium text-slate-700 hover:bg-slate-100 sm:pointer-fine:min-h-9 ${focusRing}`}
      >
        <Icon name={count > 0 ? 'sync' : 'check'} className={`size-5 ${running ? 'animate-pulse text-sky-700' : count > 0 ? 'text-amber-700' : 'text-emerald-700'}`} />
        <span className="hidden whitespace-nowrap lg:inline" aria-hidden="true">
          {count > 0 ? 'Waiting to sync' : synced}
        </span>
        {/* Below lg the tick says in a word what it means (a bare ✓ read as nothing); the count badge speaks for itself. */}
        {count === 0 && (
          <span className="whitespace-nowrap lg:hidden" aria-hidden="true">
            Synced
          </span>
        )}
        {count > 0 && (
          <span
            aria-hidden="true"
            className={`absolute top-0.5 right-0.5 min-w-4 rounded-full px-1 text-center text-[10px] leading-4 font-bold tabular-nums lg:static lg:text-xs ${attention > 0 ? 'bg-red-600 text-white' : 'bg-amber-500 text-amber-950'}`}
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel anchor={{ to: 'bottom end', gap: 6 }} className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-lg focus:outline-none">
        {({ close }) => (
          <>
            <p className="font-semibold text-slate-900">{count === 0 ? 'Everything you entered is on the server' : waitingText(count)}</p>
            <p className="mt-0.5 text-slate-600">{synced}</p>
            {!online && count > 0 && <p className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900">You're offline. Your picks are kept on this device and sent when the signal returns.</p>}
            {online && lastProblem && count > 0 && !running && <p className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900">Last try: {lastProblem} Trying again shortly.</p>}
            {count > 0 && (
              <ul className="mt-3 max-h-64 divide-y divide-slate-100 overflow-y-auto border-y border-slate-100">
                {entries.map((entry) => {
                  const id = picklistIdOf(entry.resource);
                  const items = entry.parts.length;
                  return (
                    <li key={entry.id} className="flex items-center gap-2 py-2">
                      <span className={`size-2 shrink-0 rounded-full ${entry.status === 'pending' ? 'bg-amber-500' : 'bg-red-600'}`} aria-hidden="true" />
                      <div className="min-w-0 flex-1">
                        {id !== null ? (
                          <Link
                            to="/orders/picklists/$picklistId"
                            params={{ picklistId: String(id) }}
                            onClick={() => close()}
                            className={`font-medium text-brand-800 underline-offset-2 hover:underline ${focusRing}`}
                          >
                            {nameOf(entry)}
                          </Link>
                        ) : (
                          <span className="font-medium text-slate-900">{nameOf(entry)}</span>
                        )}
                        <p className="text-xs text-slate-600">
                          {items} {items === 1 ? 'item' : 'items'} · {STATUS_TEXT[entry.status]}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            <button
              type="button"
              onClick={() => void requestOutboxReplay()}
              disabled={!online || running || count === 0}
              className={`mt-3 flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 sm:pointer-fine:min-h-9 ${focusRing}`}
            >
              <Icon name="refresh" className={`size-4 ${running ? 'animate-spin' : ''}`} />
              {running ? 'Syncing…' : 'Sync now'}
            </button>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
