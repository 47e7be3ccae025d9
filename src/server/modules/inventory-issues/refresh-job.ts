// The job behind an issue refresh: fetch the packages of the issues' locations and the lab results of their
// batches as an import would, build the rows the import would build now with the import's own rules, and
// close the issues those rows no longer show. One transaction at the end ends the run and closes the issues,
// so a connector failure (FAILED with the reason) or a crash closes nothing, and a run already ended is left.
import pMap from 'p-map';
import { refreshOutcomeText } from '../../../shared/api/inventory-issues';
import { ConnectorError } from '../../connectors/connector-error';
import type { S2SLabResult, S2SPackage } from '../../connectors/types';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { PermanentJobError, type JobDefinition } from '../../jobs/job-queue';
import { LOOKBACK_MS, type ConnectorSource } from '../inventory-import/import-job';
import { buildImportRows } from '../inventory-import/import-rules';
import { importMarket, lastCommittedAt } from '../inventory-import/import.repository';
import { marketLocations, stockedBatches } from '../inventory/stock-import.repository';
import type { MarketStats } from '../markets/market-stats';
import { closeIssues, findRun, finishRun, openIssuesOfBatches, orphanedRuns, type RefreshRun } from './issues.repository';
import { ISSUE_REFRESH_JOB_KIND } from './issues.service';
import { fixedIssues } from './refresh-rules';

/** Lab results are asked per batch, this many at once, as the import asks them. */
const LAB_CONCURRENCY = 8;

export type IssueRefreshJobPayload = { runId: number };

const REFRESH_INTERRUPTED = 'The server stopped during the refresh and it could not be finished. No issues were closed; start the refresh again.';

const jobActor = (jobId: number, marketId: number): AuditActor => ({ requestId: `job-${jobId}`, caller: null, market: { id: marketId } });

export function createIssueRefreshJob({ db, connectors, stats, now = () => new Date() }: { db: Db; connectors: ConnectorSource; stats: MarketStats; now?: () => Date }): JobDefinition<IssueRefreshJobPayload> {
  async function check(run: RefreshRun, signal: AbortSignal): Promise<number[]> {
    const issues = await openIssuesOfBatches(db, run.marketId, run.tab, [...new Set(run.items.map((item) => item.batchId))]);
    if (issues.length === 0) return [];
    const market = await importMarket(db, run.marketId);
    const locations = await marketLocations(db, run.marketId, [...new Set(issues.flatMap((issue) => issue.locationIds))]);
    const connector = await connectors.seedToSale(market, db);
    const end = now();
    const windows = await lastCommittedAt(db, run.marketId, locations.map((location) => location.id));
    const packages: S2SPackage[] = [];
    for (const location of locations) {
      const start = new Date(Math.min(windows.get(location.id)?.getTime() ?? Number.POSITIVE_INFINITY, end.getTime() - LOOKBACK_MS));
      packages.push(...(await connector.listActivePackages(location.s2sLocationId, { start, end }, { signal })));
    }
    // Lab results only for the issues' batches: the other batches' rows are built but never read.
    const wanted = new Set(issues.map((issue) => issue.batchNumber));
    const firstOfBatch = new Map<string, S2SPackage>();
    for (const item of packages) if (wanted.has(item.batchNumber) && !firstOfBatch.has(item.batchNumber)) firstOfBatch.set(item.batchNumber, item);
    const lab = connectors.lab(connector);
    const resultsOfBatch = new Map<string, S2SLabResult[]>();
    await pMap(firstOfBatch.values(), async (item) => resultsOfBatch.set(item.batchNumber, await lab.listLabResults(item.locationId, item.packageId, { signal })), {
      concurrency: LAB_CONCURRENCY,
      signal,
    });
    const [products, known] = await Promise.all([connectors.erp(market, db).listProducts({ signal }), stockedBatches(db, run.marketId)]);
    const rows = buildImportRows({
      packages,
      labResults: new Map(packages.map((item) => [item.packageId, resultsOfBatch.get(item.batchNumber) ?? []])),
      products,
      knownBatches: known,
      locations: locations.map((location) => ({ locationId: location.id, s2sLocationId: location.s2sLocationId, displayName: location.displayName })),
      now: end,
    });
    return fixedIssues(issues, { tab: run.tab, rows, stockedBatchNumbers: new Set(known.map((batch) => batch.batchNumber)) });
  }

  return {
    maxAttempts: 3,
    async run({ id: jobId, payload, signal }) {
      const run = await findRun(db, payload.runId);
      if (run?.status !== 'IN-PROGRESS') return;
      let fixed: number[];
      try {
        fixed = await check(run, signal);
      } catch (error) {
        if (error instanceof ConnectorError) throw new PermanentJobError(error.message);
        throw error;
      }
      const closed = await db.transaction(async (tx) => {
        // The run ends first and only from IN-PROGRESS: an attempt that finds it ended closes nothing.
        const comments = refreshOutcomeText(fixed.length, run.noOfItems);
        if (!(await finishRun(tx, run.id, 'COMPLETED', { comments, fixed: fixed.length }))) return null;
        const ids = await closeIssues(tx, fixed);
        await recordAudit(tx, jobActor(jobId, run.marketId), {
          entityType: 'issue-refresh',
          entityId: run.id,
          action: 'complete',
          before: { status: 'IN-PROGRESS' },
          after: { status: 'COMPLETED', comments, closedIssueIds: ids },
        });
        return ids;
      });
      if (closed !== null) stats.invalidate(run.marketId);
    },
    async onFailed({ id: jobId, payload, error }) {
      const run = await findRun(db, payload.runId);
      if (!run) return;
      const comments = `${error.message} No issues were closed.`;
      // The run's end and its audit entry in one transaction: whoever sees it FAILED finds it in the audit log too.
      await db.transaction(async (tx) => {
        if (!(await finishRun(tx, run.id, 'FAILED', { comments, fixed: 0 }))) return;
        await recordAudit(tx, jobActor(jobId, run.marketId), { entityType: 'issue-refresh', entityId: run.id, action: 'fail', before: { status: 'IN-PROGRESS' }, after: { status: 'FAILED', comments } });
      });
      stats.invalidate(run.marketId);
    },
  };
}

/**
 * Refreshes left IN-PROGRESS with no job that could still end them end FAILED with the reason, so that a
 * crash never holds a market's refresh forever. Runs whose job is queued or running are left to it.
 */
export async function failInterruptedRefreshes(db: Db): Promise<number> {
  const runs = await orphanedRuns(db, ISSUE_REFRESH_JOB_KIND);
  for (const run of runs) {
    await db.transaction(async (tx) => {
      if (!(await finishRun(tx, run.id, 'FAILED', { comments: REFRESH_INTERRUPTED, fixed: 0 }))) return;
      await recordAudit(tx, { requestId: 'start-up', caller: null, market: { id: run.marketId } }, { entityType: 'issue-refresh', entityId: run.id, action: 'fail', after: { status: 'FAILED', comments: REFRESH_INTERRUPTED } });
    });
  }
  return runs.length;
}
