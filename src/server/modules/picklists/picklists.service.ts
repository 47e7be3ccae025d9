// Picking rules. A pick records the cases picked per item (a short pick needs a reason); the picklist
// moves Pending → In Progress → Picked, and its order Partially Picked → Picked when every picklist is.
// An edit made on an older version still applies when nobody else changed its items since then (the
// picker's own later picks were made on top of it: a phone offline picks an item, then picks it again);
// otherwise it answers 412 with the current picklist, so the picker decides. Only roles other than the two
// sales roles, holding the picked grant, may pick.
import { paginationMeta, type PaginationMeta, type ParsedListQuery } from '../../../shared/api/common';
import {
  PICK_MESSAGES,
  PICKLIST_REGISTER_FILTER_COLUMNS,
  PICKLIST_REGISTER_SORT_COLUMNS,
  versionTag,
  type PicklistDetail,
  type PicklistEditBatchBody,
  type PicklistEditBatchResult,
  type PicklistEditBody,
  type PicklistEditOutcome,
} from '../../../shared/api/picklists';
import type { OrderStatus, PicklistStatus } from '../../../shared/enums';
import { canMarkPicked } from '../../../shared/permissions';
import type { MarketScope } from '../../auth/access-control';
import type { Db, Tx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { errorBody } from '../../lib/error-handler';
import { AppError, badRequest, conflict, forbidden, notFound, preconditionFailed } from '../../lib/errors';
import { requestFingerprint, runIdempotently, runIdempotentlyWithin, type IdempotencyClaim, type IdempotentResult, type StoredAnswer } from '../../lib/idempotency';
import { checkListQuery } from '../../lib/list-query';
import { ok } from '../../lib/reply';
import type { RequestContext } from '../../lib/request-context';
import type { MarketStats } from '../markets/market-stats';
import { MARKET_TIME_ZONES } from '../../../shared/market-time';
import { findOrder } from '../orders/order-reads.repository';
import { insertStatusHistory, updateOrder } from '../orders/order-writes.repository';
import {
  findPicklist,
  itemsChangedByOthersSince,
  listPicklistItems,
  listPicklists,
  loadPicklistDetail,
  picklistStatusesOfOrder,
  reasonExists,
  updatePicklistStatus,
  writePicks,
  type PickWrite,
} from './picklists.repository';

const CLOSED: readonly PicklistStatus[] = ['Picked', 'Cancelled'];

/** The order's status once its picklists are as given (orders not yet picking keep theirs). */
function orderStatusFor(statuses: PicklistStatus[]): OrderStatus {
  const live = statuses.filter((status) => status !== 'Cancelled');
  return live.length > 0 && live.every((status) => status === 'Picked') ? 'Picked' : 'Partially Picked';
}

/**
 * The idempotency claim of one edit. The route is PUT /picklist/{id}/edit's whichever call carries the
 * edit, so a key first sent alone and again among several (or the other way round) answers as it did.
 * The fingerprint leaves the version out: the key names the edit, whatever version it is checked against.
 */
function pickEditClaim(userId: string, market: MarketScope, picklistId: number, key: string | undefined, body: PicklistEditBody): IdempotencyClaim {
  return { userId, key, route: `PUT /picklist/${picklistId}/edit`, fingerprint: requestFingerprint({ market: market.code, body }) };
}

/** The answer of an applied edit, as it is sent and stored for replays. */
function pickEditAnswer(updated: PicklistDetail): StoredAnswer {
  return { statusCode: 200, body: ok(updated, 'Picklist updated'), headers: { etag: versionTag(updated.version) } };
}

function versionOfAnswer(answer: StoredAnswer): number | null {
  const version = (answer.body as { data?: { version?: unknown } } | null)?.data?.version;
  return typeof version === 'number' ? version : null;
}

export function createPicklistsService(deps: { db: Db; stats: MarketStats }) {
  const { db, stats } = deps;

  /** The order follows its picklists: Partially Picked with the first picked, Picked with the last. */
  async function advanceOrder(tx: Tx, ctx: RequestContext, orderId: number): Promise<void> {
    const order = await findOrder(tx, ctx.market.id, orderId, { lock: true });
    if (!order || !['Approved', 'Partially Picked'].includes(order.status)) return;
    const next: OrderStatus = orderStatusFor(await picklistStatusesOfOrder(tx, orderId));
    if (next === order.status) return;
    await updateOrder(tx, orderId, ctx.caller.id, { status: next });
    await insertStatusHistory(tx, { orderId, from: order.status, to: next, comment: 'From picking', userId: ctx.caller.id });
    await recordAudit(tx, ctx, { entityType: 'order', entityId: orderId, action: 'status', before: { status: order.status }, after: { status: next } });
  }

  /** Runs inside the caller's transaction, which also stores the idempotent answer. */
  async function edit(tx: Tx, ctx: RequestContext, picklistId: number, body: PicklistEditBody, ifMatch: number | null): Promise<PicklistDetail> {
    const { caller, market } = ctx;
    if (!canMarkPicked(market.role, market.permissions)) throw forbidden(`Your role (${market.role}) may not mark items as picked.`);
    const current = await loadPicklistDetail(tx, market.id, picklistId, true);
    if (!current) throw notFound('Picklist');
    if (CLOSED.includes(current.pick_status_label)) throw conflict(`This picklist is ${current.pick_status_label}; it cannot be changed.`);

    const items = new Map(current.items.map((item) => [item.picklist_item_id, item]));
    const seen = new Set<number>();
    const picks: PickWrite[] = [];
    for (const [index, line] of body.items.entries()) {
      const field = `items[${index}]`;
      const item = items.get(line.picklist_item_id);
      if (!item) throw badRequest(`Item ${line.picklist_item_id} is not on this picklist.`, [{ field: `${field}.picklist_item_id`, message: 'is not on this picklist' }]);
      if (seen.has(item.picklist_item_id)) throw badRequest(`Item ${item.picklist_item_id} is listed twice.`, [{ field: `${field}.picklist_item_id`, message: 'is listed twice' }]);
      seen.add(item.picklist_item_id);
      const ordered = item.no_of_case_ordered;
      if (line.no_of_cases > ordered) {
        throw badRequest(PICK_MESSAGES.overOrdered(ordered), [{ field: `${field}.no_of_cases`, message: PICK_MESSAGES.overOrdered(ordered), picklist_item_id: item.picklist_item_id }]);
      }
      const reasonId = line.no_of_cases < ordered ? (line.reason_id ?? null) : null;
      if (line.no_of_cases < ordered && reasonId === null) {
        throw badRequest(PICK_MESSAGES.reasonRequired(ordered), [
          { field: `${field}.reason_id`, message: PICK_MESSAGES.reasonRequired(ordered), picklist_item_id: item.picklist_item_id, reason: 'required' },
        ]);
      }
      if (reasonId !== null && !(await reasonExists(tx, reasonId))) {
        throw badRequest('Choose one of the listed reasons.', [{ field: `${field}.reason_id`, message: 'is not a known reason', picklist_item_id: item.picklist_item_id }]);
      }
      picks.push({ picklistItemId: item.picklist_item_id, picked: line.no_of_cases, status: line.no_of_cases === ordered ? 'complete' : 'partial', reasonId });
    }

    // An edit based on an older version stands if nobody else has changed its items since that version.
    if (ifMatch !== null && ifMatch !== current.version) {
      const others = await itemsChangedByOthersSince(tx, picklistId, picks.map((pick) => pick.picklistItemId), ifMatch, caller.id);
      const changed = picks.filter((pick) => others.has(pick.picklistItemId));
      if (changed.length > 0) {
        throw preconditionFailed('The picklist changed since you opened it. Check the items marked as conflicting.', {
          picklist: current,
          conflictingItems: changed.map((pick) => pick.picklistItemId),
        });
      }
    }

    const version = current.version + 1;
    await writePicks(tx, picklistId, version, caller.id, picks);
    const after = await listPicklistItems(tx, picklistId);
    const status: PicklistStatus = after.every((item) => item.pick_status !== null) ? 'Picked' : 'In Progress';
    await updatePicklistStatus(tx, picklistId, status, version, caller.id);
    await recordAudit(tx, ctx, {
      entityType: 'picklist',
      entityId: picklistId,
      action: 'pick',
      before: { version: current.version, status: current.pick_status_label, items: picks.map((p) => items.get(p.picklistItemId)).map((i) => i && { id: i.picklist_item_id, picked: i.no_of_case_picked, reason: i.reason_id }) },
      after: { version, status, items: picks },
    });
    await advanceOrder(tx, ctx, current.order_id);
    const updated = await loadPicklistDetail(tx, market.id, picklistId);
    if (!updated) throw new AppError(500, 'INTERNAL_ERROR', 'The picklist vanished while it was being saved.');
    return updated;
  }

  return {
    /** A register page as the JSON array of its rows, built by the database, and its pagination. */
    async register(market: MarketScope, query: ParsedListQuery): Promise<{ rowsJson: string; pagination: PaginationMeta }> {
      const checked = checkListQuery(query, {
        sortable: PICKLIST_REGISTER_SORT_COLUMNS,
        filterable: PICKLIST_REGISTER_FILTER_COLUMNS,
        dateColumns: ['requested_delivery_date', 'updated_ts', 'created_ts'],
      });
      const page = await listPicklists(db, market.id, checked, MARKET_TIME_ZONES[market.code]);
      return { rowsJson: page.json, pagination: paginationMeta(checked.page, checked.pageSize, page.total, page.rows) };
    },

    async detail(market: MarketScope, picklistId: number): Promise<PicklistDetail> {
      const detail = await loadPicklistDetail(db, market.id, picklistId);
      if (!detail) throw notFound('Picklist');
      return detail;
    },

    /**
     * PUT /picklist/{id}/edit: one edit, applied at most once per Idempotency-Key (a replay answers as the
     * first call did), checked against the version it was made on (If-Match).
     */
    async editOnce(ctx: RequestContext, picklistId: number, body: PicklistEditBody, key: string | undefined, ifMatch: number | null): Promise<IdempotentResult> {
      const claim = pickEditClaim(ctx.caller.id, ctx.market, picklistId, key, body);
      const answer = await runIdempotently(db, claim, async (tx) => pickEditAnswer(await edit(tx, ctx, picklistId, body, ifMatch)));
      // Once committed: told inside the transaction, another instance could recount before the commit and
      // keep the old count for its time to live.
      stats.invalidate(ctx.market.id);
      return answer;
    },

    /**
     * Applies a picklist's waiting edits in order in one transaction, each as PUT /picklist/{id}/edit
     * would: its own key (a key seen before answers as it did), its own version check (on the version it
     * was made on: the ones before it in the call are the picker's own), its own savepoint.
     * An edit that is refused is answered with the status that call would have had, and the rest go on.
     */
    async editBatch(ctx: RequestContext, picklistId: number, edits: PicklistEditBatchBody['edits']): Promise<PicklistEditBatchResult> {
      const { caller, market } = ctx;
      if (!canMarkPicked(market.role, market.permissions)) throw forbidden(`Your role (${market.role}) may not mark items as picked.`);
      const outcome = await db.transaction(async (tx) => {
        if (!(await findPicklist(tx, market.id, picklistId))) throw notFound('Picklist');
        const results: PicklistEditOutcome[] = [];
        for (const { key, base_version, items } of edits) {
          try {
            const answer = await runIdempotentlyWithin(tx, { ...pickEditClaim(caller.id, market, picklistId, key, { items }), key }, async (savepoint) =>
              pickEditAnswer(await edit(savepoint, ctx, picklistId, { items }, base_version)),
            );
            results.push({ key, status: answer.statusCode, replayed: answer.replayed, version: versionOfAnswer(answer) });
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            results.push({ key, status: error.statusCode, replayed: false, version: null, error: { ...errorBody(error.statusCode, error.code, error.message, error.details), ...error.extra } });
          }
        }
        const picklist = await loadPicklistDetail(tx, market.id, picklistId);
        if (!picklist) throw notFound('Picklist');
        return { results, picklist };
      });
      stats.invalidate(market.id);
      return outcome;
    },
  };
}

export type PicklistsService = ReturnType<typeof createPicklistsService>;
