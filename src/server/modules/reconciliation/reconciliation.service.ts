// Reconciliation: start a run for some locations (the comparison is a job, reconciliation-job.ts), read its
// status and rows, accept the seed-to-sale quantity of some batches, complete it, or run it again.
import {
  OTHER_REASON_CODE,
  MIN_OTHER_DETAIL,
  RECON_ACCEPT_REASONS,
  RECON_BATCH_STATUS_LABELS,
  RECON_MESSAGES,
  type ReconBatchRow,
  type ReconStatusRecord,
  type ReconciliationTab,
} from '../../../shared/api/reconciliation';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { conflict, invalidField, notFound } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import type { JobQueue } from '../../jobs/job-queue';
import { setActiveUnits } from '../inventory/reconciled-stock.repository';
import { marketLocations } from '../inventory/stock-import.repository';
import { RECONCILIATION_JOB_KIND } from './reconciliation-job';
import {
  activeRun,
  findRunOfMarket,
  insertRunUnlessRunning,
  latestRun,
  runWithRowsPage,
  walkToPage,
  lockAcceptableRows,
  lockRunOfMarket,
  markAccepted,
  transitionRun,
  type ReconRow,
  type ReconRowQuery,
  type ReconRun,
} from './reconciliation.repository';

type Ctx = Pick<RequestContext, 'caller' | 'market' | 'requestId'>;

export type ReconciliationServiceDeps = {
  db: Db;
  jobs: JobQueue;
  /** Rows a walk to a searched page reads before it gives up (runWithRowsPage's default unless a test sets it). */
  walkGivesUpAfter?: number;
};

const iso = (at: Date | string) => new Date(at).toISOString();

export function reconBatchRow(row: ReconRow): ReconBatchRow {
  return {
    recon_batch_id: row.id,
    recon_batch_status: row.status,
    recon_batch_status_label: RECON_BATCH_STATUS_LABELS[row.status],
    batch_id: row.batchNumber,
    s2s_product_name: row.s2sProductName,
    otc_active_quantity: row.otcActiveQuantity,
    s2s_active_quantity: row.s2sActiveQuantity,
    in_transit_quantity: row.inTransitQuantity,
    total_quantity: row.otcActiveQuantity + row.inTransitQuantity,
    otc_order_ids: [...new Set(row.orders.map((order) => order.orderReferenceId))],
    order_details: row.orders.map((order) => ({
      order_id: order.orderId,
      order_reference_id: order.orderReferenceId,
      case_size: order.caseSize,
      no_of_case: order.noOfCases,
      metadata_label: order.status,
    })),
    accepted: row.resolvedAt !== null,
    reason_code: row.reasonCode === null ? null : Number(row.reasonCode),
    comments: row.comments,
  };
}

/** The rows a page of a list of `total` rows holds. */
const pageRowsOf = (total: number, { page, pageSize }: { page: number; pageSize: number }) => Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));

/** Searches and filters whose matches are kept, at most; the one used longest ago goes first. */
const KNOWN_MATCHES_MAX = 1_000;
/** The runs' statuses in which their rows are written and stay so (an accept changes no row's text or filtered fields). */
const REPORT_STANDS: readonly string[] = ['REPORT-GENERATED', 'COMPLETED'];

export function createReconciliationService({ db, jobs, walkGivesUpAfter }: ReconciliationServiceDeps) {
  /**
   * How many rows of a run's tab a search and filter matched, with the run's updated_at when counted (its
   * generation: a refresh, which writes the rows again, changes it). It tells the details list that a search's
   * matches are dense enough to walk to its page (walkToPage); the statement checks the generation and counts
   * again when the run has changed, on this instance or another, so a kept count is never answered stale.
   */
  const knownMatches = new Map<string, { total: number; tabRows: number; generation: string }>();
  function keepMatches(key: string, run: ReconRun, tab: ReconciliationTab, total: number) {
    if (!REPORT_STANDS.includes(run.status)) return;
    knownMatches.delete(key);
    knownMatches.set(key, { total, tabRows: run.tabCounts[tab] ?? 0, generation: String(run.updatedAt) });
    if (knownMatches.size > KNOWN_MATCHES_MAX) knownMatches.delete(knownMatches.keys().next().value!);
  }

  /** The run as the screens show it; its locations' names were read with it. */
  function statusRecord(run: ReconRun): ReconStatusRecord {
    return {
      recon_id: run.id,
      reference_id: run.referenceId,
      market_code: run.marketCode,
      recon_status: run.status,
      file_name: run.fileName,
      file_path: run.filePath,
      s2s_location_name: run.s2sLocationNames,
      inventory_location_id: run.locationIds,
      comments: run.comments,
      tab_counts: run.tabCounts,
      created_ts: iso(run.createdAt),
      updated_ts: iso(run.updatedAt),
      created_user_name: run.createdByName,
    };
  }

  async function runOf(ctx: Ctx, referenceId: string): Promise<ReconRun> {
    const run = await findRunOfMarket(db, ctx.market.id, referenceId);
    if (!run) throw notFound('Reconciliation');
    return run;
  }

  return {
    runOf,
    statusRecord,

    async initiate(ctx: Ctx, input: { marketCode: string; locationIds: number[] }) {
      if (input.marketCode !== ctx.market.code) throw invalidField('market_code', `must be the market you work in (${ctx.market.code}), not ${input.marketCode}`);
      const ids = [...new Set(input.locationIds)];
      const known = await marketLocations(db, ctx.market.id, ids);
      const unknown = ids.filter((id) => !known.some((location) => location.id === id));
      if (unknown.length > 0) {
        throw invalidField('inventory_location_ids', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a location' : 'are not locations'} of ${ctx.market.name}`);
      }
      const run = await db.transaction(async (tx) => {
        const created = await insertRunUnlessRunning(tx, { marketId: ctx.market.id, marketCode: ctx.market.code, locationIds: ids, userId: ctx.caller.id });
        if (!created) throw conflict(RECON_MESSAGES.alreadyRunning);
        await jobs.enqueue(tx, RECONCILIATION_JOB_KIND, { runId: created.id }, { marketId: ctx.market.id });
        await recordAudit(tx, ctx, { entityType: 'reconciliation', entityId: created.referenceId, action: 'initiate', after: { status: created.status, locationIds: ids } });
        return created;
      });
      jobs.wake();
      return { reconId: run.referenceId, recon_id: run.id, recon_status: run.status };
    },

    async status(ctx: Ctx, referenceId: string | undefined) {
      // An unknown or another market's reconId answers no run, as the contract declares no 404 here.
      const [asked, latest] = await Promise.all([referenceId ? findRunOfMarket(db, ctx.market.id, referenceId) : activeRun(db, ctx.market.id), latestRun(db, ctx.market.id)]);
      return { reconData: asked ? statusRecord(asked) : null, latestData: latest ? statusRecord(latest) : null };
    },

    /** A page of a tab as the JSON text of its rows, how many rows it holds and the total, read with the run in one statement. */
    async details(ctx: Ctx, referenceId: string, query: Omit<ReconRowQuery, 'runId' | 'page' | 'knownTotal'> & { tab: ReconciliationTab; page: { page: number; pageSize: number } }) {
      const searched = Boolean(query.search) || query.filters.length > 0;
      const key = searched ? JSON.stringify([ctx.market.id, referenceId.toUpperCase(), query.tab, query.search ?? '', query.filters]) : null;
      const known = key === null ? undefined : knownMatches.get(key);
      const walk = known !== undefined && walkToPage(query, known.total, known.tabRows);
      let { run, page } = await runWithRowsPage(db, ctx.market.id, referenceId, query, walk ? { ...known, giveUpAfter: walkGivesUpAfter } : undefined);
      // A walk that gave up before its page was full (the matches lay further on than their number promised): read
      // again by sorting the matches.
      if (walk && page.rows < pageRowsOf(page.total, query.page)) ({ run, page } = await runWithRowsPage(db, ctx.market.id, referenceId, query));
      if (!run) throw notFound('Reconciliation');
      if (key !== null) keepMatches(key, run, query.tab, page.total);
      return { rowsJson: page.json, rows: page.rows, total: page.total, metaDetails: statusRecord(run) };
    },

    async accept(ctx: Ctx, referenceId: string, input: { batchNumbers: string[]; reasonCode: number; comments?: string }) {
      if (!RECON_ACCEPT_REASONS.some((reason) => reason.code === input.reasonCode)) throw invalidField('reasonCode', RECON_MESSAGES.selectReason);
      const comments = input.comments?.trim() || null;
      if (input.reasonCode === OTHER_REASON_CODE && (comments?.length ?? 0) < MIN_OTHER_DETAIL) throw invalidField('comments', RECON_MESSAGES.otherDetail);
      const run = await runOf(ctx, referenceId);
      const wanted = [...new Set(input.batchNumbers)];
      return db.transaction(async (tx) => {
        // The run's status is read under a share lock on its row: a completion or refresh in flight is waited for
        // and seen, and neither can start until this accept has committed.
        const rows = await lockAcceptableRows(tx, run.id, wanted);
        const current = await lockRunOfMarket(tx, ctx.market.id, referenceId);
        if (current?.status !== 'REPORT-GENERATED') throw conflict(`Only a reconciliation whose report is generated can be accepted (it is ${current?.status ?? 'gone'}).`);
        const found = new Set(rows.map((row) => row.batchNumber));
        const missing = wanted.filter((batch) => !found.has(batch));
        if (missing.length > 0) throw invalidField('batchId', `${missing.join(', ')} ${missing.length === 1 ? 'is not a batch' : 'are not batches'} of this reconciliation whose seed-to-sale quantity can be accepted`);
        // A batch accepted already (a parallel accept came first) is not set twice.
        const open = rows.filter((row) => row.resolvedAt === null);
        const { changed, refused } = await setActiveUnits(tx, ctx.market.id, new Map(open.map((row) => [row.batchId, row.s2sActiveQuantity])));
        if (refused.length > 0) throw conflict(RECON_MESSAGES.ordersHoldMore, refused.map((change) => ({ field: 'batchId', message: `${change.batchNumber}: open orders hold ${change.reservedUnits}, more than ${change.after}` })));
        await markAccepted(tx, open.map((row) => row.id), { reasonCode: input.reasonCode, comments, userId: ctx.caller.id });
        await recordAudit(tx, ctx, {
          entityType: 'reconciliation',
          entityId: run.referenceId,
          action: 'accept',
          before: { activeUnits: Object.fromEntries(changed.map((change) => [change.batchNumber, change.before])) },
          after: { activeUnits: Object.fromEntries(changed.map((change) => [change.batchNumber, change.after])), reasonCode: input.reasonCode, comments },
        });
        return { recon_status: current.status, accepted: rows.map((row) => row.batchNumber) };
      });
    },

    async complete(ctx: Ctx, referenceId: string) {
      const run = await runOf(ctx, referenceId);
      // The transition and its audit entry commit together (an accept in flight is waited for by the update).
      await db.transaction(async (tx) => {
        if (!(await transitionRun(tx, run.id, ['REPORT-GENERATED'], 'COMPLETED'))) throw conflict(RECON_MESSAGES.completeOnlyGenerated);
        await recordAudit(tx, ctx, { entityType: 'reconciliation', entityId: run.referenceId, action: 'complete', before: { status: 'REPORT-GENERATED' }, after: { status: 'COMPLETED' } });
      });
      return { recon_status: 'COMPLETED' as const };
    },

    async refresh(ctx: Ctx, referenceId: string) {
      const run = await runOf(ctx, referenceId);
      await db.transaction(async (tx) => {
        if (!(await transitionRun(tx, run.id, ['REPORT-GENERATED', 'FAILED'], 'IN-PROGRESS', { comments: null }))) {
          throw conflict(run.status === 'COMPLETED' ? 'A completed reconciliation cannot be run again.' : RECON_MESSAGES.alreadyRunning);
        }
        await jobs.enqueue(tx, RECONCILIATION_JOB_KIND, { runId: run.id }, { marketId: ctx.market.id });
        await recordAudit(tx, ctx, { entityType: 'reconciliation', entityId: run.referenceId, action: 'refresh', before: { status: run.status }, after: { status: 'IN-PROGRESS' } });
      });
      jobs.wake();
      return statusRecord((await findRunOfMarket(db, ctx.market.id, referenceId))!);
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
