// Online or offline, always visible in the header; and the app-wide syncing flag while a sync runs.
import { Icon } from '../../../components/ui/icons';
import { useReadyOfflineCue } from '../../../lib/outbox/saved-picklists';
import { useOnline } from '../../../lib/use-online';

export function ConnectivityIndicator({ syncing }: { syncing: boolean }) {
  const online = useOnline();
  // Once per user and device, for a few seconds: the app and the open picklists are now saved here.
  const ready = useReadyOfflineCue();
  if (online && ready) {
    return (
      <div className="flex items-center gap-2" aria-live="polite">
        <span className="flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200" role="status" title={ready}>
          <Icon name="device" className="size-4" />
          Ready offline
          <span className="sr-only">: {ready}</span>
        </span>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2" aria-live="polite">
      {syncing && online && (
        // On phones the header has room for the icon only; the word stays for screen readers.
        <span className="flex items-center gap-1.5 rounded-full bg-sky-50 p-1.5 text-xs font-medium text-sky-800 ring-1 ring-sky-200 sm:px-2.5 sm:py-1" title="Syncing">
          <Icon name="sync" className="size-4 animate-pulse" />
          <span className="sr-only sm:not-sr-only">Syncing</span>
        </span>
      )}
      <span
        className={`flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${online ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-300'}`}
        role="status"
      >
        <Icon name={online ? 'wifi' : 'wifi-off'} className="size-4" />
        {online ? 'Online' : 'Offline'}
      </span>
    </div>
  );
}
