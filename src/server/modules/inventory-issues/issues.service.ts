// Inventory issues: what a commit leaves open, the list of a tab, and the refresh that re-checks chosen
// issues as a job (refresh-job.ts). The SQL is issues.repository.ts.
import { ISSUE_MESSAGES, type IssueRefreshBody } from '../../../shared/api/inventory-issues';
import type { IssueTab } from '../../../shared/enums';
import type { ImportReasonCode } from '../../../shared/reason-codes';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import type { JobQueue } from '../../jobs/job-queue';
import type { StoredImportRow } from '../inventory-import/import.repository';
import type { MarketStats } from '../markets/market-stats';
import {
  batchIdsOf,
  insertIssues,
  insertRunUnlessRunning,
  lastCommitTime,
  latestRun,
  listIssues,
  openTabCounts,
  resolveIssuesOfLocations,
  type IssuePageQuery,
  type RefreshRun,
} from './issues.repository';

export const ISSUE_REFRESH_JOB_KIND = 'inventory-issues-refresh';

type Ctx = Pick<RequestContext, 'caller' | 'market' | 'requestId'>;

export type IssuesServiceDeps = { db: Db; jobs: JobQueue; stats: MarketStats };

const ISSUE_TAB_OF_ROW: Partial<Record<StoredImportRow['tab'], IssueTab>> = { item_issues: 'item_issues', lab_data_warnings: 'lab_data_warnings' };

/**
 * Inside a commit's transaction: the market's open issues that an earlier commit of any of these locations
 * left are resolved (this commit replaces them), and each Item Issues and Lab Data Warnings row of the
 * committed import opens one. The caller invalidates the market's statistics once the transaction commits.
 */
export async function recordCommittedIssues(
  tx: DbOrTx,
  actor: AuditActor & { market: { id: number } },
  commit: { importId: number; referenceId: string; locationIds: readonly number[]; rows: readonly StoredImportRow[] },
): Promise<{ resolved: number; opened: number }> {
  const marketId = actor.market.id;
  const resolved = await resolveIssuesOfLocations(tx, marketId, commit.locationIds);
  const found = commit.rows.filter((row) => ISSUE_TAB_OF_ROW[row.tab] && row.reasonCode);
  const batchIds = await batchIdsOf(tx, marketId, [...new Set(found.map((row) => row.batchNumber))]);
  await insertIssues(
    tx,
    marketId,
    found.map((row) => ({
      batchId: batchIds.get(row.batchNumber) ?? null,
      batchNumber: row.batchNumber,
      productName: row.productName ?? row.s2sProductName ?? row.batchNumber,
      tab: ISSUE_TAB_OF_ROW[row.tab]!,
      reasonCode: row.reasonCode as ImportReasonCode,
      importId: commit.importId,
    })),
  );
  if (resolved + found.length > 0) {
    await recordAudit(tx, actor, { entityType: 'inventory-issues', entityId: commit.referenceId, action: 'record-import', after: { resolved, opened: found.length } });
  }
  return { resolved, opened: found.length };
}

/** A refresh run in the spec's names (the refresh status record). */
function refreshStatusRecord(run: RefreshRun) {
  return {
    inventory_refresh_id: run.id,
    market_code: run.marketCode,
    tab_name: run.tab,
    issue_status: run.status,
    comments: run.comments,
    no_of_fixed_items: run.noOfFixedItems,
    no_of_items: run.noOfItems,
    is_deleted: run.isDeleted,
    created_ts: new Date(run.createdAt).toISOString(),
    created_user: run.createdBy,
    created_user_name: run.createdByName,
    updated_ts: new Date(run.updatedAt).toISOString(),
    updated_user: run.updatedBy,
  };
}

export function createIssuesService({ db, jobs, stats }: IssuesServiceDeps) {
  return {
    async list(ctx: Ctx, query: Omit<IssuePageQuery, 'marketId'>) {
      const [page, totalTabCounts, lastImport] = await Promise.all([
        listIssues(db, { ...query, marketId: ctx.market.id }),
        openTabCounts(db, ctx.market.id),
        lastCommitTime(db, ctx.market.id),
      ]);
      return { ...page, totalTabCounts, lastImportTime: lastImport?.toISOString() ?? null };
    },

    async refresh(ctx: Ctx, body: Pick<IssueRefreshBody, 'tab' | 'records'>) {
      const items = body.records.map((record) => ({ productName: record.productName ?? null, batchId: record.batchId }));
      const run = await db.transaction(async (tx) => {
        const created = await insertRunUnlessRunning(tx, { marketId: ctx.market.id, tab: body.tab, items, userId: ctx.caller.id });
        if (!created) throw conflict(ISSUE_MESSAGES.refreshInProgress);
        await jobs.enqueue(tx, ISSUE_REFRESH_JOB_KIND, { runId: created.id }, { marketId: ctx.market.id });
        await recordAudit(tx, ctx, { entityType: 'issue-refresh', entityId: created.id, action: 'start', after: { status: created.status, tab: created.tab, items: items.length } });
        return created;
      });
      jobs.wake();
      // The sidebar shows the market as syncing while the refresh runs.
      stats.invalidate(ctx.market.id);
      return refreshStatusRecord(run);
    },

    async status(ctx: Ctx) {
      const run = await latestRun(db, ctx.market.id);
      return run ? refreshStatusRecord(run) : null;
    },
  };
}

export type IssuesService = ReturnType<typeof createIssuesService>;
