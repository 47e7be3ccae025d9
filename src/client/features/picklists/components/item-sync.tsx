// An item's sync marker (waiting, conflict, not accepted) and, when it needs the picker, the panel that
// settles it: both values with 'Keep mine' and 'Use server’s', or the server's reason with 'Dismiss'.
import type { PickReason, PicklistItem } from '../../../../shared/api/picklists';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import type { OutboxEntry } from '../../../lib/outbox/outbox-db';
import type { PickLine } from '../../../lib/outbox/picklist-cache';
import type { ItemSync } from '../hooks/use-item-sync';

export type SyncActions = {
  onKeepMine: (entry: OutboxEntry) => void;
  onUseServers: (entry: OutboxEntry) => void;
  onDismiss: (entry: OutboxEntry) => void;
};

export function SyncMarker({ sync }: { sync: ItemSync | undefined }) {
  if (!sync) return null;
  if (sync.kind === 'pending') {
    return (
      <Badge tone="warning">
        <Icon name="sync" className="size-3.5" />
        Waiting to sync
      </Badge>
    );
  }
  return (
    <Badge tone="danger">
      <Icon name="alert" className="size-3.5" />
      {sync.kind === 'conflict' ? 'Conflict' : 'Not saved'}
    </Badge>
  );
}

function describeMine(line: PickLine, ordered: number, reasons: readonly PickReason[]): string {
  const reason = line.no_of_cases < ordered ? reasons.find((r) => r.order_metadata_id === line.reason_id)?.metadata_label : undefined;
  return `${line.no_of_cases} of ${ordered} cases${reason ? ` · ${reason}` : ''}`;
}

function describeServer(item: PicklistItem | undefined, ordered: number): string {
  if (!item || item.no_of_case_picked === null) return 'Not picked';
  return `${item.no_of_case_picked} of ${ordered} cases${item.reason_label ? ` · ${item.reason_label}` : ''}`;
}

export function ItemSyncPanel({ sync, item, reasons, actions, busy }: { sync: ItemSync | undefined; item: PicklistItem; reasons: readonly PickReason[]; actions: SyncActions; busy: boolean }) {
  if (!sync || sync.kind === 'pending') return null;
  const ordered = item.no_of_case_ordered;
  if (sync.kind === 'rejected') {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="min-w-0 flex-1">
          <span className="font-semibold">Not saved ({describeMine(sync.mine, ordered, reasons)}):</span> {sync.reason}
        </p>
        <Button variant="secondary" size="sm" onClick={() => actions.onDismiss(sync.entry)} disabled={busy}>
          Dismiss
        </Button>
      </div>
    );
  }
  if (!sync.conflicting) {
    return (
      <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        Your pick ({describeMine(sync.mine, ordered, reasons)}) was saved together with an item someone else changed. It is sent once you choose there.
      </p>
    );
  }
  return (
    <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">Someone changed this item while you were picking.</p>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        <div className="rounded-md bg-white p-2 ring-1 ring-red-100">
          <dt className="text-xs font-medium text-slate-600">Yours</dt>
          <dd className="font-semibold text-slate-900">{describeMine(sync.mine, ordered, reasons)}</dd>
        </div>
        <div className="rounded-md bg-white p-2 ring-1 ring-red-100">
          <dt className="text-xs font-medium text-slate-600">On the server</dt>
          <dd className="font-semibold text-slate-900">{describeServer(sync.server, ordered)}</dd>
        </div>
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="primary" onClick={() => actions.onKeepMine(sync.entry)} disabled={busy}>
          Keep mine
        </Button>
        <Button variant="secondary" onClick={() => actions.onUseServers(sync.entry)} disabled={busy}>
          Use server’s
        </Button>
      </div>
    </div>
  );
}
