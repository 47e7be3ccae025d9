// /orders/picklists/{picklistId}: the picklist's summary and its items to pick. Cards with steppers and a
// sticky 'Mark as Picked' bar on phones, a table on desktop. Picks go to the outbox first and show at
// once; the header and each item say what still waits to sync, and conflicts are settled item by item.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PicklistDetail, PicklistItem } from '../../../../shared/api/picklists';
import { PICK_MESSAGES } from '../../../../shared/api/picklist-protocol';
import { formatDate } from '../../../lib/format';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { outboxDb, type OutboxEntry } from '../../../lib/outbox/outbox-db';
import { picklistDetailKey, picklistDetailQueryOptions, withPendingEdits } from '../../../lib/outbox/picklist-cache';
import { dismissRejectedPicks, keepMyPicks, savePicks, takeServersPicks } from '../../../lib/outbox/picklist-edits';
import { useOutboxEntries } from '../../../lib/outbox/use-outbox';
import { Banner, type BannerTone } from '../../../components/ui/banner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { checkbox } from '../../../components/ui/styles';
import { DESKTOP_QUERY, useMediaQuery, WIDE_QUERY } from '../../../components/ui/use-media-query';
import { useItemSync } from '../hooks/use-item-sync';
import { canMarkAsPicked, initialPicked, isClosed, lineOf, parsePicked, pickProgress, pickRow, progressText, selectionEnabled, type PickDraft } from '../pick-rules';
import { matchTag } from '../scan-match';
import { itemElementId, PickItemCard, PickItemRow, type ItemHandlers } from './pick-item-views';
import { OrderPreviewLink, dispensaryWithMso } from './picklists-page';
import { PicklistStatusBadge } from './status-badges';
import { TagScanDialog, type TagOutcome } from './tag-scan-dialog';

const PICKLIST_NOT_FOUND_TITLE = 'Picklist Not Found';
const PICKLIST_NOT_FOUND_TEXT = 'The requested picklist could not be found.';
const PICKLIST_LOADING = 'Loading Picklist details...';
const PICKLIST_UPDATING = 'Updating Picklist...';
/** The spec's 'Pick Complete' and save-failure warning show for 4 s. */
export const PICK_BANNER_MS = 4_000;
const HIGHLIGHT_MS = 2_500;
const SCROLL_AFTER_DIALOG_MS = 50;
const FLASH_MS = 900;

const picklistTitle = (detail: Pick<PicklistDetail, 'picklist_reference_id' | 'picklist_id'>) => detail.picklist_reference_id || `PL - ${detail.picklist_id}`;
function subtitleOf(detail: PicklistDetail): string {
  const cases = `${detail.total_cases} ${detail.total_cases === 1 ? 'case' : 'cases'}`;
  return detail.requested_delivery_date ? `Delivery ${formatDate(detail.requested_delivery_date)} · ${cases}` : cases;
}

const selectedRowsText = (count: number) => `${count} row(s) selected`;

function BackToPicklists() {
  return (
    <Link to="/orders/picklists" className={buttonClasses('ghost', 'md', '-ml-4')}>
      <Icon name="chevron-left" className="size-4" />
      Back to Picklists
    </Link>
  );
}

function Notice({ title, text, icon = 'box', action }: { title: string; text: string; icon?: 'box' | 'wifi-off' | 'warning'; action?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500">
        <Icon name={icon} className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{text}</p>
      {action ?? (
        <Link to="/orders/picklists" className={buttonClasses('primary', 'md', 'mt-2')}>
          Back to Picklists
        </Link>
      )}
    </section>
  );
}

export function PicklistDetailPage({ picklistId, userId, canPick }: { picklistId: number; userId: string; canPick: boolean }) {
  const market = useCurrentMarket();
  const query = useQuery(picklistDetailQueryOptions(picklistId, market, userId));
  const entries = useOutboxEntries(userId);
  // Waiting picks are laid over whatever copy is cached: a copy persisted a moment before the picks
  // were (the cache is written to IndexedDB a second later) still shows them after a reload.
  const detail = useMemo(() => query.data && withPendingEdits(query.data, entries), [query.data, entries]);

  if (detail) return <PicklistWorkspace key={`${market}:${picklistId}`} detail={detail} entries={entries} userId={userId} canPick={canPick} refreshing={query.isFetching} />;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return <Notice title={PICKLIST_NOT_FOUND_TITLE} text={PICKLIST_NOT_FOUND_TEXT} />;
  }
  if (query.fetchStatus === 'paused' || (query.error instanceof ApiError && query.error.isNetworkError)) {
    return <Notice icon="wifi-off" title="Not on this device yet" text="This picklist was not saved on this device before the signal went. It opens as soon as you are back online." />;
  }
  if (query.error) {
    return (
      <Notice
        icon="warning"
        title="Failed to load the picklist"
        text={errorMessage(query.error, 'The picklist could not be loaded. Please try again.')}
        action={
          <Button className="mt-2" icon="refresh" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <LoadingMessage messages={PICKLIST_LOADING} fill />;
}

/**
 * `waitingFor`: the banner is about an edit still in the outbox; its text goes once the edit syncs.
 * `entriesAtShow`: the outbox as the live query last showed it when the banner appeared. The banner is shown
 * after reading the entry from the outbox itself, so until the live query answers anew that read is the
 * fresher word: an older answer (one without the new entry) must not take the text away.
 */
type BannerState = { key: number; tone: BannerTone; title: string; text?: string; ms: number; waitingFor?: string; entriesAtShow?: readonly OutboxEntry[] };

function Summary({ detail }: { detail: PicklistDetail }) {
  const field = 'min-w-0 space-y-1';
  const label = 'text-xs font-medium tracking-wide text-slate-500 uppercase';
  return (
    <section aria-label="Picklist summary" className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-4">
      <div className={field}>
        <h2 className={label}>Order ID</h2>
        <OrderPreviewLink orderId={detail.order_id} reference={detail.reference_id} />
      </div>
      <div className={field}>
        <h2 className={label}>Inventory Location</h2>
        <p className="text-sm font-medium text-slate-900">{detail.inventory_location_name}</p>
      </div>
      <div className={`${field} col-span-2 lg:col-span-1`}>
        <h2 className={label}>Dispensary Location (MSO)</h2>
        <p className="text-sm font-medium text-slate-900">{dispensaryWithMso(detail)}</p>
      </div>
      <div className={`${field} col-span-2 lg:col-span-1`}>
        <h2 className={label}>Current Status</h2>
        <div className="flex flex-wrap items-center gap-2">
          <PicklistStatusBadge status={detail.pick_status_label} />
          <span className="text-sm text-slate-700">{progressText(detail)}</span>
        </div>
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${pickProgress(detail).percent}%` }} />
        </div>
      </div>
    </section>
  );
}

function PicklistWorkspace({ detail, entries, userId, canPick, refreshing }: { detail: PicklistDetail; entries: OutboxEntry[]; userId: string; canPick: boolean; refreshing: boolean }) {
  const queryClient = useQueryClient();
  const market = useCurrentMarket();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  // The items table needs a desktop's width (its inputs and reasons do not fit beside a tablet's rail): a
  // tablet lists them as the phone's cards, made for a finger.
  const itemTable = useMediaQuery(WIDE_QUERY);
  const itemSync = useItemSync(entries, detail.picklist_id);
  const [drafts, setDrafts] = useState<ReadonlyMap<number, PickDraft>>(() => new Map());
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const [resolving, setResolving] = useState<OutboxEntry | null>(null);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [scan, setScan] = useState<{ open: boolean; session: number }>({ open: false, session: 0 });
  const [flash, setFlash] = useState<{ key: number; message: string } | null>(null);
  const [findText, setFindText] = useState('');
  const [findMessage, setFindMessage] = useState<string | null>(null);
  const bannerKey = useRef(0);
  const shownEntries = useRef(entries);
  useEffect(() => {
    shownEntries.current = entries;
  }, [entries]);

  const closed = isClosed(detail);
  const selectionOn = selectionEnabled(detail, canPick);
  const items = detail.items;
  const rows = items.map((item) => pickRow(item, drafts.get(item.picklist_item_id), { canPick, closed, locked: itemSync.get(item.picklist_item_id)?.kind === 'conflict' }));
  const selectedRows = rows.filter((row) => row.selectable && selected.has(row.item.picklist_item_id));
  const selectableCount = rows.filter((row) => row.selectable).length;
  const canSave = canMarkAsPicked(detail, selectedRows, canPick) && !saving;
  const needsYou = [...itemSync.values()].filter((sync) => sync.kind !== 'pending').length;
  const bannerStillWaiting = banner?.waitingFor === undefined || entries === banner.entriesAtShow || entries.some((entry) => entry.id === banner.waitingFor);
  // A 'saved on this device' note goes once its edit has synced; Pick Complete stays, without the note.
  const shownBanner = banner && (bannerStillWaiting ? banner : banner.tone === 'success' ? { ...banner, text: undefined } : null);

  const showBanner = useCallback((next: Omit<BannerState, 'key'>) => {
    bannerKey.current += 1;
    setBanner({ ...next, key: bannerKey.current, entriesAtShow: shownEntries.current });
  }, []);

  const select = useCallback((id: number, on: boolean) => {
    setSelected((previous) => {
      if (previous.has(id) === on) return previous;
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const resolve = useCallback(
    async (entry: OutboxEntry, action: typeof keepMyPicks) => {
      setResolving(entry);
      try {
        await action(queryClient, entry);
      } catch (error) {
        showBanner({ tone: 'error', title: errorMessage(error, 'That could not be saved on this device. Please try again.'), ms: 5_000 });
      } finally {
        setResolving(null);
      }
    },
    [queryClient, showBanner],
  );

  // Editing a value says the picker means this item: it is selected with it.
  const handlers = useMemo<ItemHandlers>(
    () => ({
      onText: (item, text) => {
        setDrafts((previous) => new Map(previous).set(item.picklist_item_id, { ...previous.get(item.picklist_item_id), text }));
        select(item.picklist_item_id, true);
      },
      onStep: (item, delta) => {
        setDrafts((previous) => {
          const draft = previous.get(item.picklist_item_id);
          const current = parsePicked(draft?.text ?? String(initialPicked(item)));
          const value = Math.min(item.no_of_case_ordered, Math.max(0, current + delta));
          return new Map(previous).set(item.picklist_item_id, { ...draft, text: String(value) });
        });
        select(item.picklist_item_id, true);
      },
      onReason: (item, reasonId) => {
        setDrafts((previous) => new Map(previous).set(item.picklist_item_id, { ...previous.get(item.picklist_item_id), reasonId }));
        select(item.picklist_item_id, true);
      },
      onToggle: (item, on) => select(item.picklist_item_id, on),
      onKeepMine: (entry) => void resolve(entry, keepMyPicks),
      onUseServers: (entry) => void resolve(entry, takeServersPicks),
      onDismiss: (entry) => void resolve(entry, dismissRejectedPicks),
    }),
    [resolve, select],
  );

  function toggleAll(on: boolean) {
    setSelected(on ? new Set(rows.filter((row) => row.selectable).map((row) => row.item.picklist_item_id)) : new Set());
  }

  async function handleMarkPicked() {
    if (!canSave) return;
    const lines = selectedRows.map(lineOf);
    const saved = new Set(lines.map((line) => line.picklist_item_id));
    setSaving(true);
    setBanner(null);
    try {
      const { entry, replayed } = await savePicks({ queryClient, userId, market, picklistId: detail.picklist_id, baseVersion: detail.version, lines });
      // Only the saved items leave: one the picker edited (and so selected) while these were being saved stays.
      setDrafts((previous) => new Map([...previous].filter(([id]) => !saved.has(id))));
      setSelected((previous) => new Set([...previous].filter((id) => !saved.has(id))));
      await replayed;
      const stored = entry.seq === undefined ? undefined : await outboxDb.entries.get(entry.seq);
      const now = queryClient.getQueryData<PicklistDetail>(picklistDetailKey(market, detail.picklist_id));
      const complete = now?.pick_status_label === 'Picked';
      if (!stored) {
        if (complete) showBanner({ tone: 'success', title: PICK_MESSAGES.complete, ms: PICK_BANNER_MS });
      } else if (stored.status === 'rejected') {
        const reason = stored.lastError === PICK_MESSAGES.saveFailedReason;
        showBanner({ tone: reason ? 'warning' : 'error', title: reason ? PICK_MESSAGES.saveFailedReason : PICK_MESSAGES.saveFailed, text: reason ? undefined : stored.lastError, ms: PICK_BANNER_MS });
      } else if (stored.status === 'conflict') {
        showBanner({ tone: 'warning', title: 'Someone else changed some of these items.', text: 'Choose for each marked item whether to keep yours or use the server’s.', ms: 0 });
      } else if (complete) {
        showBanner({ tone: 'success', title: PICK_MESSAGES.complete, text: 'Saved on this device. It will sync when the signal returns.', ms: PICK_BANNER_MS, waitingFor: entry.id });
      } else {
        showBanner({ tone: 'info', title: 'Saved on this device', text: 'Your picks will sync when the signal returns.', ms: 5_000, waitingFor: entry.id });
      }
    } catch {
      showBanner({ tone: 'error', title: PICK_MESSAGES.saveFailed, ms: PICK_BANNER_MS });
    } finally {
      setSaving(false);
    }
  }

  // Scan to confirm: jump to the tag's item, or flash and buzz for a tag of another batch.
  function goToTag(raw: string): TagOutcome {
    const match = matchTag(items, raw);
    if (match.kind === 'item') {
      const item = match.item;
      setScan((previous) => ({ ...previous, open: false }));
      setHighlight(item.picklist_item_id);
      // Scanning a case's tag confirms it: the item is ticked, ready for Mark as Picked.
      if (pickRow(item, undefined, { canPick, closed }).editable) select(item.picklist_item_id, true);
      setFindMessage(null);
      return { found: true };
    }
    const message = match.kind === 'empty' ? 'Enter a tag number.' : `Tag ${match.tag} is not on this picklist. It belongs to another batch: do not pick this case.`;
    if (match.kind === 'unknown') {
      setFlash((previous) => ({ key: (previous?.key ?? 0) + 1, message }));
      navigator.vibrate?.([200, 100, 200]);
    }
    setFindMessage(message);
    return { found: false, message };
  }

  // A found item is scrolled to once the scan dialog has closed, then its highlight fades. Both timers
  // are cleared on unmount so neither touches a page the picker has already left.
  useEffect(() => {
    if (highlight === null) return;
    const scrollTimer = window.setTimeout(() => {
      const element = document.getElementById(itemElementId(highlight));
      element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      element?.focus({ preventScroll: true });
    }, SCROLL_AFTER_DIALOG_MS);
    const fadeTimer = window.setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => {
      window.clearTimeout(scrollTimer);
      window.clearTimeout(fadeTimer);
    };
  }, [highlight]);

  const itemProps = (item: PicklistItem) => ({
    item,
    draft: drafts.get(item.picklist_item_id),
    selected: selected.has(item.picklist_item_id),
    sync: itemSync.get(item.picklist_item_id),
    highlighted: highlight === item.picklist_item_id,
    canPick,
    closed,
    selectionOn,
    reasons: detail.reasons,
    handlers,
    resolving,
  });

  const allState = selectableCount > 0 && selectedRows.length === selectableCount ? 'all' : selectedRows.length > 0 ? 'some' : 'none';
  const selectAll = selectionOn && selectableCount > 0 && (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700 md:pointer-fine:min-h-0">
      <input
        type="checkbox"
        className={checkbox}
        checked={allState === 'all'}
        ref={(element) => {
          if (element) element.indeterminate = allState === 'some';
        }}
        onChange={(event) => toggleAll(event.target.checked)}
        aria-label={itemTable ? 'Select all items' : undefined}
      />
      {!itemTable && 'Select all'}
    </label>
  );
  const markButton = (
    <Button size={itemTable ? 'md' : 'lg'} icon="check" onClick={() => void handleMarkPicked()} disabled={!canSave} className={itemTable ? '' : 'flex-1'}>
      Mark as Picked
    </Button>
  );
  const openScanner = () => setScan((previous) => ({ open: true, session: previous.session + 1 }));
  const findForm = (
    <div className="flex items-center gap-2">
      <form
        className="flex min-w-0 flex-1 items-center gap-2"
        role="search"
        aria-label="Find an item by tag"
        onSubmit={(event) => {
          event.preventDefault();
          if (findText.trim()) goToTag(findText);
        }}
      >
        <label className="sr-only" htmlFor="find-tag">
          Tag number
        </label>
        <input
          id="find-tag"
          value={findText}
          onChange={(event) => setFindText(event.target.value)}
          placeholder="Type a tag number"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 sm:pointer-fine:min-h-10 sm:text-sm md:w-56"
        />
        <Button type="submit" variant="secondary" icon="search" size={isDesktop ? 'md' : 'icon'} aria-label={isDesktop ? undefined : 'Find tag'}>
          {isDesktop && 'Find'}
        </Button>
      </form>
      <Button variant={isDesktop ? 'secondary' : 'primary'} icon="scan" onClick={openScanner}>
        {isDesktop ? 'Scan' : 'Scan tag'}
      </Button>
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={picklistTitle(detail)} subtitle={subtitleOf(detail)} back={<BackToPicklists />} actions={isDesktop ? findForm : undefined} />
      {shownBanner && (
        <Banner key={shownBanner.key} tone={shownBanner.tone} title={shownBanner.title} autoDismissMs={shownBanner.ms} onDismiss={() => setBanner(null)} className="mb-4">
          {shownBanner.text}
        </Banner>
      )}
      {needsYou > 0 && !shownBanner && (
        <Banner tone="warning" title={`${needsYou} ${needsYou === 1 ? 'item needs' : 'items need'} your decision`} autoDismissMs={0} dismissible={false} className="mb-4">
          Your picks of the items marked below are not on the server yet.
        </Banner>
      )}
      <Summary detail={detail} />
      {!isDesktop && <div className="mt-4">{findForm}</div>}
      {findMessage && (
        <p role="alert" className="mt-2 flex items-start gap-2 text-sm font-medium text-red-700">
          <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
          {findMessage}
        </p>
      )}
      {!canPick && <p className="mt-4 text-sm text-slate-600">You can view this picklist. Marking items as picked is for fulfilment staff.</p>}

      {itemTable ? (
        <section aria-labelledby="items-heading" className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
            <h2 id="items-heading" className="text-base font-semibold text-slate-900">
              Items
            </h2>
            {selectionOn && <span className="text-sm text-slate-600">{selectedRowsText(selectedRows.length)}</span>}
            {refreshing && <span className="text-xs text-slate-500">Refreshing…</span>}
            <div className="ml-auto flex items-center gap-3">
              {saving && <LoadingMessage messages={PICKLIST_UPDATING} />}
              {canPick && markButton}
            </div>
          </header>
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Items of {picklistTitle(detail)}</caption>
              <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
                <tr>
                  <th scope="col" className="w-12 px-3 py-2">
                    {selectAll || <span className="sr-only">Select</span>}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Product Name
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Batch #
                  </th>
                  <th scope="col" className="hidden px-3 py-2 xl:table-cell">
                    Category
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Pick Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Case Ordered
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Case Size
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Case Picked
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Expiry Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <PickItemRow key={item.picklist_item_id} {...itemProps(item)} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : (
        <section aria-labelledby="items-heading" className="mt-4">
          <div className="mb-2 flex min-h-11 items-center justify-between gap-3">
            <h2 id="items-heading" className="text-base font-semibold text-slate-900">
              Items <span className="font-normal text-slate-600">({items.length})</span>
            </h2>
            {selectAll}
          </div>
          <div className="space-y-3">
            {items.map((item) => (
              <PickItemCard key={item.picklist_item_id} {...itemProps(item)} />
            ))}
          </div>
          {/* The spec keeps 'Mark as Picked' on a Picked or Cancelled picklist, disabled. */}
          {canPick && (
            <div className="sticky bottom-0 z-20 -mx-3 mt-4 border-t border-slate-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6">
              {saving && <LoadingMessage messages={PICKLIST_UPDATING} className="mb-2" />}
              <div className="flex items-center gap-3">
                <p className="w-24 shrink-0 text-sm leading-tight text-slate-700" aria-live="polite">
                  {selectedRowsText(selectedRows.length)}
                </p>
                {markButton}
              </div>
            </div>
          )}
        </section>
      )}

      {/* Keys of their own: siblings sharing a key (scan 1 and flash 1) made React mount a second scanner. */}
      <TagScanDialog key={`scan-${scan.session}`} open={scan.open} onClose={() => setScan((previous) => ({ ...previous, open: false }))} onTag={goToTag} />
      {flash && <ScanFlash key={`flash-${flash.key}`} onDone={() => setFlash(null)} />}
    </div>
  );
}

/** A red flash over the whole screen for a tag of another batch: seen at arm's length in a dim vault. */
function ScanFlash({ onDone }: { onDone: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const node = element.current;
    if (!node || typeof node.animate !== 'function') {
      const timer = window.setTimeout(() => done(), FLASH_MS);
      return () => window.clearTimeout(timer);
    }
    const animation = node.animate([{ opacity: 0.55 }, { opacity: 0 }], { duration: FLASH_MS, easing: 'ease-out', fill: 'forwards' });
    animation.onfinish = () => done();
    return () => animation.cancel();
  }, []);
  return <div ref={element} aria-hidden="true" data-testid="scan-flash" className="pointer-events-none fixed inset-0 z-[70] bg-red-600 opacity-0" />;
}
