// The job behind a reconciliation (and its refresh): fetch the locations' active packages from the market's
// seed-to-sale system, stage them in the database location by location, compare them per batch with our batches
// of those locations in SQL, and write the rows; then the report is generated. A connector failure ends the run
// FAILED with the reason and no rows. Run again after a crash, it fetches again and replaces the rows, so a
// second run changes nothing twice.
import { ConnectorError } from '../../connectors/connector-error';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { PermanentJobError, type JobDefinition } from '../../jobs/job-queue';
import type { ConnectorSource } from '../inventory-import/import-job';
import { importMarket } from '../inventory-import/import.repository';
import { marketLocations } from '../inventory/stock-import.repository';
import type { SeedToSaleConnector, TimeWindow } from '../../connectors/types';
import { forEachLocationsPackages, forEachUnlistedActivePackage } from './reconciliation-packages';
import {
  clearStagedPackages,
  compareStagedPackages,
  deleteRows,
  findRun,
  orphanedRuns,
  stagePackages,
  transitionRun,
  unstagedActiveTags,
  type ReconRun,
  type StagedPackage,
} from './reconciliation.repository';

export const RECONCILIATION_JOB_KIND = 'inventory-reconciliation';

/**
 * Reconciliation compares what is active now, and Metrc lists active packages by when they last changed, in
 * day-long spans: one request per day and location. A year back lists nearly every active package; the tags of
 * our active batches that it did not list (unchanged for longer, or no longer active) are then looked up one by
 * one. BioTrack's listing is its whole inventory whatever the window (the client filters by time itself), so it
 * is listed without one and what it does not list is not active.
 */
const RECON_WINDOW_MS = 365 * 24 * 3600 * 1000;
const windowOf = (connector: SeedToSaleConnector, end: Date): TimeWindow =>
  connector.system === 'biotrack' ? { start: new Date(0), end } : { start: new Date(end.getTime() - RECON_WINDOW_MS), end };

export type ReconciliationJobPayload = { runId: number };

const RECON_UNFINISHED = 'The reconciliation could not be finished. Start it again.';
const RECON_INTERRUPTED = 'The server stopped during the reconciliation and it could not be finished. Start it again.';

const jobActor = (jobId: number, marketId: number): AuditActor => ({ requestId: `job-${jobId}`, caller: null, market: { id: marketId } });

export function createReconciliationJob({ db, connectors, now = () => new Date() }: { db: Db; connectors: Pick<ConnectorSource, 'seedToSale'>; now?: () => Date }): JobDefinition<ReconciliationJobPayload> {
  /**
   * The locations' packages staged in the database, location by location (what an attempt before left is replaced),
   * then those of our active tags the listing did not list and a lookup finds active. Answers the locations
   * compared: the run's that are still active, on both sides.
   */
  async function stage(run: ReconRun, signal: AbortSignal): Promise<number[]> {
    const market = await importMarket(db, run.marketId);
    const locations = await marketLocations(db, run.marketId, run.locationIds);
    const connector = await connectors.seedToSale(market, db);
    const window = windowOf(connector, now());
    await clearStagedPackages(db, run.id);
    let staged = 0;
    const stageSome = async (packages: StagedPackage[]) => {
      await stagePackages(db, run.id, packages, staged);
      staged += packages.length;
    };
    const s2sLocationIds = locations.map((location) => location.s2sLocationId);
    await forEachLocationsPackages(connector, s2sLocationIds, window, stageSome, signal);
    const locationIds = locations.map((location) => location.id);
    if (window.start.getTime() > 0) await forEachUnlistedActivePackage(connector, await unstagedActiveTags(db, run.id, run.marketId, locationIds), window, stageSome, signal);
    return locationIds;
  }

  return {
    maxAttempts: 3,
    async run({ id: jobId, payload, signal }) {
      const found = await findRun(db, payload.runId);
      if (!found || !['DRAFT', 'IN-PROGRESS'].includes(found.status)) return;
      if (found.status === 'DRAFT') await transitionRun(db, found.id, ['DRAFT'], 'IN-PROGRESS');
      let locationIds: number[];
      try {
        locationIds = await stage(found, signal);
      } catch (error) {
        if (error instanceof ConnectorError) throw new PermanentJobError(error.message);
        throw error;
      }
      try {
        await db.transaction(async (tx) => {
          // The run ends first and only from IN-PROGRESS: an attempt that finds it ended writes nothing.
          if (!(await transitionRun(tx, found.id, ['IN-PROGRESS'], 'REPORT-GENERATED', { comments: null }))) return;
          const counts = await compareStagedPackages(tx, found.id, found.marketId, locationIds);
          await recordAudit(tx, jobActor(jobId, found.marketId), {
            entityType: 'reconciliation',
            entityId: found.referenceId,
            action: 'report',
            before: { status: 'IN-PROGRESS' },
            after: { status: 'REPORT-GENERATED', rows: counts.status_mismatch + counts.inventory_mismatch },
          });
        });
      } finally {
        await clearStagedPackages(db, found.id);
      }
    },
    async onFailed({ id: jobId, payload, error }) {
      const run = await findRun(db, payload.runId);
      if (!run) return;
      // A connector's reason is for the user; anything else (a database error) is in the server's log only.
      const comments = error instanceof PermanentJobError ? error.message : RECON_UNFINISHED;
      await db.transaction(async (tx) => {
        await clearStagedPackages(tx, run.id);
        if (!(await transitionRun(tx, run.id, ['DRAFT', 'IN-PROGRESS'], 'FAILED', { comments }))) return;
        await deleteRows(tx, run.id);
        await recordAudit(tx, jobActor(jobId, run.marketId), { entityType: 'reconciliation', entityId: run.referenceId, action: 'fail', before: { status: run.status }, after: { status: 'FAILED', comments } });
      });
    },
  };
}

/**
 * Runs left DRAFT or IN-PROGRESS with no job that could still end them end FAILED with the reason, so that a
 * crash never holds a market's reconciliation forever. Runs whose job is queued or running are left to it.
 */
export async function failInterruptedReconciliations(db: Db): Promise<number> {
  const runs = await orphanedRuns(db, RECONCILIATION_JOB_KIND);
  for (const run of runs) {
    await db.transaction(async (tx) => {
      await clearStagedPackages(tx, run.id);
      if (!(await transitionRun(tx, run.id, ['DRAFT', 'IN-PROGRESS'], 'FAILED', { comments: RECON_INTERRUPTED }))) return;
      await deleteRows(tx, run.id);
      await recordAudit(tx, { requestId: 'start-up', caller: null, market: { id: run.marketId } }, { entityType: 'reconciliation', entityId: run.id, action: 'fail', after: { status: 'FAILED', comments: RECON_INTERRUPTED } });
    });
  }
  return runs.length;
}
