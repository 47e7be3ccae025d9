// The job behind an import: fetch the chosen locations' packages and lab results from the market's
// seed-to-sale system, match them, and write the detail rows; then the import is FETCH_COMPLETED. A
// connector failure ends it FAILED with the reason and nothing written. Run again after a crash, it starts
// the fetch over and replaces the rows, so a second run changes nothing twice.
import pMap from 'p-map';
import { ConnectorError } from '../../connectors/connector-error';
import type { ConnectorRegistry } from '../../connectors/registry';
import type { LabConnector, S2SLabResult, S2SPackage, SeedToSaleConnector } from '../../connectors/types';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { PermanentJobError, type JobDefinition } from '../../jobs/job-queue';
import type { MarketStats } from '../markets/market-stats';
import { marketLocations, stockedBatches } from '../inventory/stock-import.repository';
import { buildImportRows } from './import-rules';
import { findImport, importMarket, lastCommittedAt, orphanedImports, replaceImportRows, setRecordsFetched, transitionImport } from './import.repository';

/** How far back every import looks for changed packages (further when the location's last commit is older). */
export const LOOKBACK_MS = 30 * 24 * 3600 * 1000;
/** Lab results are asked per batch, this many at once: within what Metrc allows, and quick on a simulator. */
const LAB_CONCURRENCY = 8;
/** Progress is written at most this often, so 1,000 pages do not make 1,000 updates. */
const PROGRESS_EVERY_MS = 1_000;

export type ConnectorSource = Pick<ConnectorRegistry, 'seedToSale' | 'erp' | 'lab'>;

export type ImportJobPayload = { importId: number };

/** Work a job does is audited under the job's id, with no user. */
const jobActor = (jobId: number, marketId: number): AuditActor => ({ requestId: `job-${jobId}`, caller: null, market: { id: marketId } });

const IMPORT_INTERRUPTED = 'The server stopped during the import and it could not be finished. Nothing was changed; start the import again.';

export function createImportJob({ db, connectors, stats, now = () => new Date() }: { db: Db; connectors: ConnectorSource; stats: MarketStats; now?: () => Date }): JobDefinition<ImportJobPayload> {
  async function fetchAll(connector: SeedToSaleConnector, lab: LabConnector, importId: number, locations: { id: number; s2sLocationId: string }[], windows: Map<number, Date>, signal: AbortSignal) {
    const end = now();
    const packages: S2SPackage[] = [];
    let lastWrite = 0;
    const report = async (fetched: number, force = false) => {
      if (!force && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      // Progress is a courtesy: a failed write (a database blip) must not fail the fetch or, unawaited, the process.
      await setRecordsFetched(db, importId, fetched).catch(() => undefined);
    };
    for (const location of locations) {
      // At least the last 30 days, and back to the location's last commit when that is older: a package held
      // back (no matching product, a case size missing) is fetched again by every import until it is stocked,
      // instead of being lost once a later commit moves the window past it.
      const lastCommit = windows.get(location.id)?.getTime() ?? Number.POSITIVE_INFINITY;
      const start = new Date(Math.min(lastCommit, end.getTime() - LOOKBACK_MS));
      const before = packages.length;
      const found = await connector.listActivePackages(location.s2sLocationId, { start, end }, { signal, onProgress: ({ fetched }) => void report(before + fetched) });
      packages.push(...found);
      await report(packages.length, true);
    }
    // One lab call per batch: the packages of a batch share its results.
    const firstOfBatch = new Map<string, S2SPackage>();
    for (const item of packages) if (!firstOfBatch.has(item.batchNumber)) firstOfBatch.set(item.batchNumber, item);
    const resultsOfBatch = new Map<string, S2SLabResult[]>();
    await pMap(
      firstOfBatch.values(),
      async (item) => resultsOfBatch.set(item.batchNumber, await lab.listLabResults(item.locationId, item.packageId, { signal })),
      { concurrency: LAB_CONCURRENCY, signal },
    );
    const labResults = new Map(packages.map((item) => [item.packageId, resultsOfBatch.get(item.batchNumber) ?? []]));
    return { packages, labResults };
  }

  return {
    maxAttempts: 3,
    async run({ id: jobId, payload, signal }) {
      const record = await findImport(db, payload.importId);
      if (!record || record.status !== 'IN_PROGRESS') return;
      const market = await importMarket(db, record.marketId);
      try {
        const connector = await connectors.seedToSale(market, db);
        const locations = await marketLocations(db, record.marketId, record.locationIds);
        const windows = await lastCommittedAt(db, record.marketId, record.locationIds);
        const { packages, labResults } = await fetchAll(connector, connectors.lab(connector), record.id, locations, windows, signal);
        const [products, known] = await Promise.all([connectors.erp(market, db).listProducts({ signal }), stockedBatches(db, record.marketId)]);
        const rows = buildImportRows({
          packages,
          labResults,
          products,
          knownBatches: known,
          locations: locations.map((location) => ({ locationId: location.id, s2sLocationId: location.s2sLocationId, displayName: location.displayName })),
          now: now(),
        });
        await db.transaction(async (tx) => {
          await replaceImportRows(tx, record.id, rows);
          await setRecordsFetched(tx, record.id, packages.length);
          // Only from IN_PROGRESS: an import failed meanwhile (the sweep after a restart) keeps its status and loses these rows.
          const moved = await transitionImport(tx, record.id, ['IN_PROGRESS'], 'FETCH_COMPLETED', { recordCount: rows.length });
          if (!moved) throw new PermanentJobError(`Import ${record.referenceId} is no longer in progress`);
          await recordAudit(tx, jobActor(jobId, record.marketId), {
            entityType: 'import',
            entityId: record.referenceId,
            action: 'fetch-completed',
            before: { status: 'IN_PROGRESS' },
            after: { status: 'FETCH_COMPLETED', packages: packages.length, rows: rows.length },
          });
        });
      } catch (error) {
        if (error instanceof ConnectorError) throw new PermanentJobError(error.message);
        throw error;
      } finally {
        stats.invalidate(record.marketId);
      }
    },
    async onFailed({ id: jobId, payload, error }) {
      const record = await findImport(db, payload.importId);
      if (!record) return;
      const comments = `${error.message} No changes were applied.`;
      // The import's end and its audit entry in one transaction: whoever sees it FAILED finds it in the audit log too.
      await db.transaction(async (tx) => {
        const failed = await transitionImport(tx, record.id, ['DRAFT', 'IN_PROGRESS'], 'FAILED', { comments });
        if (failed) await recordAudit(tx, jobActor(jobId, record.marketId), { entityType: 'import', entityId: record.referenceId, action: 'fail', before: { status: record.status }, after: { status: 'FAILED', comments } });
      });
      stats.invalidate(record.marketId);
    },
  };
}

/**
 * Imports left DRAFT or IN_PROGRESS with no job that could still finish them end FAILED with the reason, so
 * that a crash never leaves one running forever. Imports whose job is queued or running (its lease not yet
 * lapsed) are left: their job resumes them.
 */
export async function failInterruptedImports(db: Db): Promise<number> {
  const ids = await orphanedImports(db);
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const failed = await transitionImport(tx, id, ['DRAFT', 'IN_PROGRESS'], 'FAILED', { comments: IMPORT_INTERRUPTED });
      if (failed) {
        await recordAudit(tx, { requestId: 'start-up', caller: null, market: { id: failed.marketId } }, { entityType: 'import', entityId: failed.referenceId, action: 'fail', after: { status: 'FAILED', comments: IMPORT_INTERRUPTED } });
      }
    });
  }
  return ids.length;
}
