// One picklist item, as a card made for one thumb (phones) or as a table row (desktop). Both are memoised
// on their own item, draft and flags, so typing in one of 300 items re-renders only that one.
import { memo } from 'react';
import type { PickReason, PicklistItem } from '../../../../shared/api/picklists';
import { formatDate } from '../../../lib/format';
import { checkbox } from '../../../components/ui/styles';
import type { OutboxEntry } from '../../../lib/outbox/outbox-db';
import type { ItemSync } from '../hooks/use-item-sync';
import { pickRow, type PickDraft } from '../pick-rules';
import { ItemSyncPanel, SyncMarker, type SyncActions } from './item-sync';
import { PickedInput, PickStepper, REASON_PLACEHOLDER, ReasonSelect } from './pick-controls';
import { ItemStatusBadge } from './status-badges';

export type ItemHandlers = SyncActions & {
  onText: (item: PicklistItem, text: string) => void;
  onStep: (item: PicklistItem, delta: number) => void;
  onReason: (item: PicklistItem, reasonId: number | null) => void;
  onToggle: (item: PicklistItem, selected: boolean) => void;
};

export type ItemViewProps = {
  item: PicklistItem;
  draft: PickDraft | undefined;
  selected: boolean;
  sync: ItemSync | undefined;
  highlighted: boolean;
  canPick: boolean;
  closed: boolean;
  /** The picklist allows selection at all (not all picked, not cancelled). */
  selectionOn: boolean;
  reasons: readonly PickReason[];
  handlers: ItemHandlers;
  resolving: OutboxEntry | null;
};

export const itemElementId = (picklistItemId: number) => `pick-item-${picklistItemId}`;

function reasonLabel(reasons: readonly PickReason[], reasonId: number | null, fallback: string | null): string {
  return reasons.find((reason) => reason.order_metadata_id === reasonId)?.metadata_label ?? fallback ?? '—';
}

function useRow(props: ItemViewProps) {
  const { item, draft, canPick, closed, sync } = props;
  const row = pickRow(item, draft, { canPick, closed, locked: sync?.kind === 'conflict' });
  const id = item.picklist_item_id;
  return { row, inputId: `picked-${id}`, reasonId: `reason-${id}`, errorId: `pick-error-${id}`, titleId: `pick-title-${id}` };
}

export const PickItemCard = memo(function PickItemCard(props: ItemViewProps) {
  const { item, selected, sync, highlighted, selectionOn, reasons, handlers, resolving } = props;
  const { row, inputId, reasonId, errorId, titleId } = useRow(props);
  const reasonMissing = row.error !== null && row.picked < item.no_of_case_ordered && row.picked >= 0 && row.reasonId === null;
  const ring = highlighted ? 'border-brand-500 ring-4 ring-brand-300' : sync && sync.kind !== 'pending' ? 'border-red-300' : selected ? 'border-brand-400 ring-1 ring-brand-300' : 'border-slate-200';
  return (
    <article
      id={itemElementId(item.picklist_item_id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={`scroll-mt-20 rounded-xl border bg-white p-4 shadow-sm transition-shadow [contain-intrinsic-size:auto_260px] [content-visibility:auto] focus:outline-none ${ring}`}
    >
      <div className="flex items-start gap-2">
        {selectionOn && row.selectable && (
          <label className="-my-2.5 -ml-2.5 flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <input type="checkbox" className={checkbox} checked={selected} onChange={(event) => handlers.onToggle(item, event.target.checked)} aria-label={`Select ${item.product_name}`} />
          </label>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words text-slate-900">
            {item.product_name}
          </h3>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
            Batch # {item.batch_id} · {item.category_name}
          </p>
          {sync && (
            <div className="mt-1.5">
              <SyncMarker sync={sync} />
            </div>
          )}
        </div>
        <div className="shrink-0">
          <ItemStatusBadge item={item} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500">Case Ordered</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{item.no_of_case_ordered}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Case Size</dt>
          <dd className="text-slate-900 tabular-nums">{item.case_size}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Expiry Date</dt>
          <dd className="text-slate-900 tabular-nums">{formatDate(item.expiry_date, '-')}</dd>
        </div>
      </dl>
      {row.editable ? (
        <div className="mt-3 space-y-2">
          <p className="flex items-baseline justify-between text-xs font-medium text-slate-500">
            <label htmlFor={inputId}>Case Picked</label>
            <span>of {item.no_of_case_ordered} ordered</span>
          </p>
          <PickStepper
            id={inputId}
            value={row.text}
            picked={row.picked}
            ordered={item.no_of_case_ordered}
            product={item.product_name}
            invalid={row.error !== null && !reasonMissing}
            describedBy={row.error ? errorId : undefined}
            onChange={(text) => handlers.onText(item, text)}
            onStep={(delta) => handlers.onStep(item, delta)}
          />
          {row.showReason && (
            <ReasonSelect
              id={reasonId}
              value={row.reasonId}
              reasons={reasons}
              label={`Reason for ${item.product_name}`}
              invalid={reasonMissing}
              describedBy={row.error ? errorId : undefined}
              onChange={(value) => handlers.onReason(item, value)}
              className="min-h-12!"
            />
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">Case Picked:</span> <span className="tabular-nums">{item.pick_status === null ? '—' : `${item.no_of_case_picked ?? 0} of ${item.no_of_case_ordered}`}</span>
          {row.showReason && item.pick_status !== null && (
            <>
              {' · '}
              <span className="font-medium">Reason:</span> {reasonLabel(reasons, item.reason_id, item.reason_label)}
            </>
          )}
        </p>
      )}
      {row.error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {row.error}
        </p>
      )}
      <ItemSyncPanel sync={sync} item={item} reasons={reasons} actions={handlers} busy={resolving !== null && resolving.id === sync?.entry.id} />
    </article>
  );
});

export const PickItemRow = memo(function PickItemRow(props: ItemViewProps) {
  const { item, selected, sync, highlighted, selectionOn, reasons, handlers, resolving } = props;
  const { row, inputId, reasonId, errorId } = useRow(props);
  const reasonMissing = row.error !== null && row.picked < item.no_of_case_ordered && row.picked >= 0 && row.reasonId === null;
  const extra = row.error || (sync && sync.kind !== 'pending');
  const tone = highlighted ? 'bg-brand-50 outline-2 -outline-offset-2 outline-brand-500' : selected ? 'bg-brand-50/60' : '';
  const cell = 'px-3 py-2 align-middle';
  return (
    <>
      <tr id={itemElementId(item.picklist_item_id)} tabIndex={-1} className={`border-t border-slate-100 focus:outline-none ${tone}`}>
        <td className={`${cell} w-12`}>
          {selectionOn && row.selectable && (
            <input type="checkbox" className={checkbox} checked={selected} onChange={(event) => handlers.onToggle(item, event.target.checked)} aria-label={`Select ${item.product_name}`} />
          )}
        </td>
        {/* Narrower than 1280 px (a tablet) the category rides under the name: the name keeps room to read. */}
        <td className={`${cell} min-w-36 font-medium text-slate-900`}>
          {item.product_name}
          <span className="block text-xs font-normal text-slate-600 xl:hidden">{item.category_name}</span>
        </td>
        <td className={`${cell} whitespace-nowrap text-slate-700 tabular-nums`}>{item.batch_id}</td>
        <td className={`${cell} hidden text-slate-700 xl:table-cell`}>{item.category_name}</td>
        <td className={cell}>
          <span className="flex flex-wrap gap-1">
            <ItemStatusBadge item={item} />
            <SyncMarker sync={sync} />
          </span>
        </td>
        <td className={`${cell} text-right tabular-nums`}>{item.no_of_case_ordered}</td>
        <td className={`${cell} text-right tabular-nums`}>{item.case_size}</td>
        <td className={`${cell} w-28`}>
          {row.editable ? (
            <PickedInput
              id={inputId}
              value={row.text}
              ordered={item.no_of_case_ordered}
              label={`Case Picked for ${item.product_name}`}
              invalid={row.error !== null && !reasonMissing}
              describedBy={row.error ? errorId : undefined}
              onChange={(text) => handlers.onText(item, text)}
              className="h-10 w-20"
            />
          ) : (
            <span className="block pr-3 text-right tabular-nums">{item.pick_status === null ? '—' : (item.no_of_case_picked ?? 0)}</span>
          )}
        </td>
        <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDate(item.expiry_date, '-')}</td>
        <td className={`${cell} w-52`}>
          {row.showReason &&
            (row.editable ? (
              <ReasonSelect
                id={reasonId}
                value={row.reasonId}
                reasons={reasons}
                label={`Reason for ${item.product_name}`}
                invalid={reasonMissing}
                describedBy={row.error ? errorId : undefined}
                onChange={(value) => handlers.onReason(item, value)}
              />
            ) : (
              <span className="text-slate-700">{item.pick_status === null ? REASON_PLACEHOLDER : reasonLabel(reasons, item.reason_id, item.reason_label)}</span>
            ))}
        </td>
      </tr>
      {extra && (
        <tr className={tone}>
          <td />
          <td colSpan={9} className="px-3 pb-3">
            {row.error && (
              <p id={errorId} className="text-sm font-medium text-red-700">
                {row.error}
              </p>
            )}
            <ItemSyncPanel sync={sync} item={item} reasons={reasons} actions={handlers} busy={resolving !== null && resolving.id === sync?.entry.id} />
          </td>
        </tr>
      )}
    </>
  );
});
