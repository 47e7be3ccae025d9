// Inventory import: start one as a job, fetch and match in the job, then commit or discard. The rules of
// who may do what and when live here; the fetch-and-match work is import-job.ts, the SQL the repositories.
import type { ImportAction } from '../../../shared/api/inventory-import';
import { IMPORT_MESSAGES } from '../../../shared/api/inventory-import';
import type { ImportStatus, ImportTab } from '../../../shared/enums';
import { hasPermission } from '../../../shared/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { type AppError, badRequest, conflict, forbidden, invalidField } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import type { JobQueue } from '../../jobs/job-queue';
import { recordCommittedIssues } from '../inventory-issues/issues.service';
import type { MarketStats } from '../markets/market-stats';
import { applyStockUpdates, marketLocations, tagsOfBatch, type StockUpdate } from '../inventory/stock-import.repository';
import { caseSizesOf, lockProductsForShare } from './catalogue.repository';
import { checkCaseSize, standardCaseSizes } from './case-size-rules';
import type { DraftRow } from './import-rules';
import {
  deleteImportRows,
  findHoldingImport,
  findImport,
  findImportByReference,
  importRowsOfBatch,
  importRowsOfProducts,
  importRowsOfTab,
  insertImport,
  insertImportRows,
  latestImport,
  listHistory,
  importWithDetailPage,
  lockMarketImports,
  lockOpenImport,
  recountTabs,
  repackImportRow,
  tabCountsOf,
  transitionImport,
  type DetailPageQuery,
  type HistoryColumn,
  type ImportRecord,
  type StoredImportRow,
} from './import.repository';

export const IMPORT_JOB_KIND = 'inventory-import';

type Ctx = Pick<RequestContext, 'caller' | 'market' | 'requestId'>;

export type ImportServiceDeps = { db: Db; jobs: JobQueue; stats: MarketStats };

function validationError(message: string): AppError {
  return badRequest(message, [{ field: 'importId', message }]);
}

/** The import if it is of the caller's market, or the VALIDATION_ERROR the results page reads. */
function ofMarket(ctx: Ctx, found: ImportRecord | null): ImportRecord {
  if (!found) throw validationError(IMPORT_MESSAGES.importNotFound);
  if (found.marketId !== ctx.market.id) throw validationError(IMPORT_MESSAGES.importOtherMarket);
  return found;
}

/** An import of the caller's market by the id the screens show, or the VALIDATION_ERROR the results page reads. */
async function importOfMarket(db: Db, ctx: Ctx, referenceId: string): Promise<ImportRecord> {
  return ofMarket(ctx, await findImportByReference(db, referenceId));
}

/** Commit or discard: a Market Admin or the user who started it, holding the grant for the action. */
function mayAct(ctx: Ctx, record: ImportRecord, action: ImportAction): boolean {
  if (!hasPermission(ctx.market.permissions, 'inventory-import', action)) return false;
  return ctx.market.role === 'Market Admin' || record.createdBy === ctx.caller.id;
}

/** An Inventory Updates row as the commit hands it to the inventory module. */
export function stockUpdateOf(row: StoredImportRow): StockUpdate {
  const payload = row.payload as Record<string, unknown> & { tags?: { tagNumber: string; quantity: number }[] };
  return {
    batchNumber: row.batchNumber,
    productId: Number(payload.productId),
    locationId: Number(payload.locationId),
    s2sProductName: row.s2sProductName ?? row.productName ?? row.batchNumber,
    caseSize: row.caseSize ?? 1,
    units: row.totalQuantity ?? 0,
    previousUnits: payload.change === 'new_batch' || typeof payload.previousQuantity !== 'number' ? null : payload.previousQuantity,
    tags: payload.tags ?? [],
    labStatus: (payload.labStatus as StockUpdate['labStatus']) ?? 'missing',
    thcValue: (payload.thcValue as number | null) ?? null,
    thcUom: (payload.thcUom as string | null) ?? null,
    cbdValue: (payload.cbdValue as number | null) ?? null,
    cbdUom: (payload.cbdUom as string | null) ?? null,
    totalCannabinoids: (payload.totalCannabinoids as number | null) ?? null,
    terpenes: (payload.terpenes as StockUpdate['terpenes']) ?? [],
    expiryDate: (payload.expiryDate as string | null) ?? null,
  };
}

/** An import row as the 009 manual_review Item Issue a commit records for a batch it leaves out of stock. */
function manualReviewIssue(row: StoredImportRow, payload: Record<string, unknown>): DraftRow {
  const stored = row.payload as DraftRow['payload'] & { productId?: number; locationId?: number };
  return {
    tab: 'item_issues',
    batchNumber: row.batchNumber,
    productId: stored.productId ?? null,
    productName: row.productName,
    s2sProductName: row.s2sProductName ?? row.batchNumber,
    locationId: stored.locationId ?? null,
    locationName: row.locationName ?? '',
    categoryName: row.categoryName,
    reasonCode: '009',
    totalQuantity: row.totalQuantity,
    caseSize: row.caseSize,
    payload: { ...stored, heldBack: true, ...payload } as DraftRow['payload'],
  };
}

/**
 * A held-back update as the Item Issue the Market Admin sees instead (009 manual_review): open orders hold
 * more than the new count, or the batch changed since the fetch. The current counts go with it.
 */
function heldBackIssue(row: StoredImportRow, current: { reservedUnits: number; activeUnits: number } | undefined): DraftRow {
  return manualReviewIssue(row, { reservedUnits: current?.reservedUnits ?? null, activeUnitsAtCommit: current?.activeUnits ?? null });
}

/**
 * A new batch held back because no standard case size of its product fits it, as the Item Issue a commit leaves
 * open for it (009 manual_review), so that it is not left out of stock unseen. Its Case Size Errors row stays; a
 * refresh closes the issue once a size fits (refresh-rules.ts).
 */
function caseSizeHoldIssue(row: StoredImportRow): DraftRow {
  return manualReviewIssue(row, { heldBackFor: 'case_size' });
}

const productIdOf = (row: StoredImportRow) => Number(row.payload.productId);

/**
 * Case Size Errors of an open import (its row locked by the caller) checked against today's standard case
 * sizes, of some products only when given: the ones that fit leave the tab, and held-back new batches join
 * Inventory Updates with their 020 new_batch, as the fetch would have written them had the sizes been right.
 */
async function fixCaseSizeErrors(tx: DbOrTx, marketId: number, importId: number, productIds?: readonly number[]): Promise<{ checked: number; fixed: StoredImportRow[] }> {
  const errors = productIds ? await importRowsOfProducts(tx, importId, 'case_size_errors', productIds) : await importRowsOfTab(tx, importId, 'case_size_errors');
  const sizes = await caseSizesOf(tx, marketId, [...new Set(errors.map(productIdOf).filter((id) => Number.isInteger(id) && id > 0))]);
  const fixed = errors.flatMap((row) => {
    const check = checkCaseSize(row.totalQuantity ?? Number.NaN, sizes.get(productIdOf(row)) ?? []);
    return check.ok ? [{ row, caseSize: check.caseSize }] : [];
  });
  await deleteImportRows(tx, fixed.map(({ row }) => row.id));
  const nowStocked: DraftRow[] = fixed
    .filter(({ row }) => row.payload.heldBack === true)
    .map(({ row, caseSize }) => ({
      tab: 'inventory_updates' as ImportTab,
      batchNumber: row.batchNumber,
      productId: productIdOf(row),
      productName: row.productName,
      s2sProductName: row.s2sProductName ?? row.batchNumber,
      locationId: Number(row.payload.locationId),
      locationName: row.locationName ?? '',
      categoryName: row.categoryName,
      reasonCode: null,
      totalQuantity: row.totalQuantity,
      caseSize,
      payload: { ...(row.payload as DraftRow['payload']), heldBack: false, change: 'new_batch', standardCaseSizes: sizes.get(productIdOf(row)) ?? [] },
    }));
  await insertImportRows(tx, importId, [...nowStocked, ...nowStocked.map((row) => ({ ...row, tab: 'item_issues' as ImportTab, reasonCode: '020' as const }))]);
  return { checked: errors.length, fixed: fixed.map(({ row }) => row) };
}

/** A new batch's update that no case size of its product fits any more, as the fetch writes such a batch: a held-back Case Size Error. */
function heldBackForCaseSize(row: StoredImportRow, caseSizes: number[]): DraftRow {
  return {
    tab: 'case_size_errors',
    batchNumber: row.batchNumber,
    productId: productIdOf(row),
    productName: row.productName,
    s2sProductName: row.s2sProductName ?? row.batchNumber,
    locationId: Number(row.payload.locationId),
    locationName: row.locationName ?? '',
    categoryName: row.categoryName,
    reasonCode: null,
    totalQuantity: row.totalQuantity,
    caseSize: null,
    payload: { ...(row.payload as DraftRow['payload']), change: undefined, heldBack: true, standardCaseSizes: standardCaseSizes(caseSizes) },
  };
}

/**
 * The import's new batches of these products (all products when omitted) whose case size their product no longer
 * has: packed again in a size it has, or, when none fits, moved back to Case Size Errors (held back, their 020
 * removed). Run after a save of standard case sizes and again inside every commit, under a share lock on the
 * products, so that a commit never creates a batch in a size a save has just removed.
 */
async function refitNewBatches(tx: DbOrTx, marketId: number, importId: number, productIds?: readonly number[]) {
  const updates = productIds ? await importRowsOfProducts(tx, importId, 'inventory_updates', productIds) : await importRowsOfTab(tx, importId, 'inventory_updates');
  const newBatches = updates.filter((row) => row.payload.change === 'new_batch');
  const products = [...new Set(newBatches.map(productIdOf))];
  // A save of case sizes holds its product's row for update: this waits for it, and then reads what it saved.
  await lockProductsForShare(tx, marketId, products);
  const sizes = await caseSizesOf(tx, marketId, products);
  const sizesOf = (row: StoredImportRow) => sizes.get(productIdOf(row)) ?? [];
  const misfits = newBatches.filter((row) => row.caseSize === null || !sizesOf(row).includes(row.caseSize));
  const repacked: { row: StoredImportRow; caseSize: number }[] = [];
  const heldBack: StoredImportRow[] = [];
  for (const row of misfits) {
    const check = checkCaseSize(row.totalQuantity ?? Number.NaN, sizesOf(row));
    if (check.ok) repacked.push({ row, caseSize: check.caseSize });
    else heldBack.push(row);
  }
  for (const { row, caseSize } of repacked) await repackImportRow(tx, row.id, caseSize, standardCaseSizes(sizesOf(row)));
  if (heldBack.length > 0) {
    const batchNumbers = new Set(heldBack.map((row) => row.batchNumber));
    const issues = productIds ? await importRowsOfProducts(tx, importId, 'item_issues', productIds) : await importRowsOfTab(tx, importId, 'item_issues');
    const newBatchIssues = issues.filter((row) => row.reasonCode === '020' && batchNumbers.has(row.batchNumber));
    await deleteImportRows(tx, [...heldBack, ...newBatchIssues].map((row) => row.id));
    await insertImportRows(tx, importId, heldBack.map((row) => heldBackForCaseSize(row, sizesOf(row))));
  }
  return { repacked, heldBack };
}

export function createImportService({ db, jobs, stats }: ImportServiceDeps) {
  return {
    async locations(ctx: Ctx, markets: string[] | undefined) {
      const other = markets?.find((code) => code !== ctx.market.code);
      if (other) throw invalidField('market', `must be the market you work in (${ctx.market.code}), not ${other}`);
      const rows = await marketLocations(db, ctx.market.id);
      return rows.map((row) => ({
        market_code: ctx.market.code,
        source_system: ctx.market.seedToSaleSystem,
        s2s_location_id: row.s2sLocationId,
        inventory_location_id: row.id,
        display_name: row.displayName,
        s2s_location_name: row.s2sLocationName,
      }));
    },

    async latest(ctx: Ctx) {
      const record = await latestImport(db, ctx.market.id);
      if (!record) return [];
      const locations = await marketLocations(db, ctx.market.id, record.locationIds);
      const lastCommitted = record.status === 'COMMITTED' ? record.updatedAt : null;
      return [
        {
          import_id: record.id,
          reference_id: record.referenceId,
          import_status: record.status,
          comments: record.comments,
          created_ts: record.createdAt.toISOString(),
          updated_ts: record.updatedAt.toISOString(),
          created_user: record.createdBy,
          created_user_name: record.createdByName,
          inventory_location_id: record.locationIds[0] ?? null,
          s2s_location_name: locations[0]?.s2sLocationName ?? null,
          inventory_location: locations.map((location) => ({ id: location.id, displayName: location.displayName, name: location.s2sLocationName })),
          record_count: record.recordCount,
          records_fetched: record.recordsFetched,
          last_committed_ts: lastCommitted?.toISOString() ?? null,
        },
      ];
    },

    async initiate(ctx: Ctx, input: { marketCode: string; locationIds: number[] }) {
      if (input.marketCode !== ctx.market.code) throw invalidField('market_code', `must be the market you work in (${ctx.market.code}), not ${input.marketCode}`);
      const ids = [...new Set(input.locationIds)];
      const known = await marketLocations(db, ctx.market.id, ids);
      const unknown = ids.filter((id) => !known.some((location) => location.id === id));
      if (unknown.length > 0) {
        throw invalidField('inventory_location_ids', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a location' : 'are not locations'} of ${ctx.market.name}`);
      }
      const record = await db.transaction(async (tx) => {
        await lockMarketImports(tx, ctx.market.id);
        const holding = await findHoldingImport(tx, ctx.market.id, ids);
        if (holding) {
          throw conflict(IMPORT_MESSAGES.alreadyInProgress, [
            { message: IMPORT_MESSAGES.alreadyInProgress, import_status: holding.status, reference_id: holding.referenceId },
          ]);
        }
        const created = await insertImport(tx, { marketId: ctx.market.id, marketCode: ctx.market.code, status: 'IN_PROGRESS', locationIds: ids, userId: ctx.caller.id });
        await jobs.enqueue(tx, IMPORT_JOB_KIND, { importId: created.id }, { marketId: ctx.market.id });
        await recordAudit(tx, ctx, { entityType: 'import', entityId: created.referenceId, action: 'initiate', after: { status: created.status, locationIds: ids } });
        return created;
      });
      jobs.wake();
      stats.invalidate(ctx.market.id);
      return { import_id: record.id, reference_id: record.referenceId, import_status: record.status };
    },

    async act(ctx: Ctx, referenceId: string, action: ImportAction) {
      const record = await importOfMarket(db, ctx, referenceId);
      if (!mayAct(ctx, record, action)) throw forbidden(IMPORT_MESSAGES.notAllowed);
      if (record.status !== 'FETCH_COMPLETED') throw conflict(`${IMPORT_MESSAGES.notFetchCompleted} ${record.referenceId} is ${record.status}.`);
      const target: ImportStatus = action === 'commit' ? 'COMMITTED' : 'DISCARDED';
      const result = await db.transaction(async (tx) => {
        // The status changes first and only from FETCH_COMPLETED: a second commit (another tab, a retry) finds
        // nothing to change and stops before touching stock.
        const moved = await transitionImport(tx, record.id, ['FETCH_COMPLETED'], target, { updatedBy: ctx.caller.id });
        if (!moved) throw conflict(`${IMPORT_MESSAGES.notFetchCompleted} ${record.referenceId} has just been committed or discarded.`);
        let applied = 0;
        let heldBack = 0;
        if (action === 'commit') {
          const refit = await refitNewBatches(tx, ctx.market.id, record.id);
          const updates = await importRowsOfTab(tx, record.id, 'inventory_updates');
          const outcome = await applyStockUpdates(tx, ctx.market.id, updates.map(stockUpdateOf));
          const held = updates.filter((row) => !outcome.applied.has(row.batchNumber));
          applied = updates.length - held.length;
          heldBack = held.length;
          await deleteImportRows(tx, held.map((row) => row.id));
          // Read after the refit, which may have moved new batches back to Case Size Errors.
          const caseSizeHolds = (await importRowsOfTab(tx, record.id, 'case_size_errors')).filter((row) => row.payload.heldBack === true);
          const newIssues = [...held.map((row) => heldBackIssue(row, outcome.current.get(row.batchNumber))), ...caseSizeHolds.map(caseSizeHoldIssue)];
          await insertImportRows(tx, record.id, newIssues);
          if (refit.repacked.length + refit.heldBack.length + newIssues.length > 0) await recountTabs(tx, record.id);
          const issueRows = [...(await importRowsOfTab(tx, record.id, 'item_issues')), ...(await importRowsOfTab(tx, record.id, 'lab_data_warnings'))];
          await recordCommittedIssues(tx, ctx, { importId: record.id, referenceId: record.referenceId, locationIds: record.locationIds, rows: issueRows });
        }
        await recordAudit(tx, ctx, { entityType: 'import', entityId: record.referenceId, action, before: { status: record.status }, after: { status: target, applied, heldBack } });
        return { applied, heldBack };
      });
      stats.invalidate(ctx.market.id);
      return { reference_id: record.referenceId, import_status: target, applied: result.applied, held_back: result.heldBack };
    },

    async history(ctx: Ctx, query: { status?: string; search?: string; sort: { column: HistoryColumn; order: 'asc' | 'desc' }[]; page: number; pageSize: number }) {
      const { rows, total } = await listHistory(db, { marketId: ctx.market.id, ...query });
      return {
        total,
        rows: rows.map((row) => ({
          import_id: row.id,
          reference_id: row.referenceId,
          import_mode: row.mode,
          import_status: row.status,
          no_of_records_imported: row.recordCount,
          created_ts: new Date(row.createdAt).toISOString(),
          updated_ts: new Date(row.updatedAt).toISOString(),
          created_user: row.createdBy,
          updated_user: row.updatedBy,
          user_name: row.userName,
        })),
      };
    },

    async details(ctx: Ctx, referenceId: string, query: Omit<DetailPageQuery, 'importId' | 'tabTotal'>) {
      // The import and the page in one round trip; another market's import is refused before anything is sent.
      const found = await importWithDetailPage(db, referenceId, query);
      const record = ofMarket(ctx, found.record);
      const counts = tabCountsOf(record);
      const { json, rows, total } = found.page;
      const meta = {
        importId: record.referenceId,
        userId: record.createdBy,
        importStatus: record.status,
        importStartTime: record.createdAt.toISOString(),
        tabCounts: counts,
        canAct: record.status === 'FETCH_COMPLETED' && mayAct(ctx, record, 'commit'),
      };
      return { meta, rowsJson: json, rows, total };
    },

    /** Case Size Errors checked again against today's standard case sizes; fixed ones leave the tab (held-back new batches join the updates). */
    async refresh(ctx: Ctx, referenceId: string) {
      const record = await importOfMarket(db, ctx, referenceId);
      const notOpen = (status: string) => conflict(`Case sizes can be re-checked only before an import is committed or discarded; ${record.referenceId} is ${status}.`);
      if (record.status !== 'FETCH_COMPLETED') throw notOpen(record.status);
      return db.transaction(async (tx) => {
        // Holds the import's row as a commit does: a refresh and a commit (or two refreshes) take turns, and a
        // refresh after a commit finds it no longer open.
        const locked = await lockOpenImport(tx, record.id);
        if (!locked) throw notOpen('no longer waiting for commit or discard');
        const { checked, fixed } = await fixCaseSizeErrors(tx, ctx.market.id, record.id);
        if (fixed.length > 0) {
          await recountTabs(tx, record.id);
          await recordAudit(tx, ctx, { entityType: 'import', entityId: record.referenceId, action: 'refresh-case-sizes', after: { fixed: fixed.map((row) => row.batchNumber) } });
        }
        return { checked, still_wrong: checked - fixed.length, fixed: fixed.length };
      });
    },

    /**
     * After a save of standard case sizes: the latest import, when it waits for commit or discard, checked again
     * for the products whose sizes changed, both ways. Case Size Errors that now fit move as a refresh moves them.
     * A new batch in Inventory Updates packed in a size its product no longer has is packed again in one it has,
     * or, when none fits, goes back to Case Size Errors (held back, its 020 removed): a commit never creates a
     * batch in a size its product no longer has. Null when no import waits.
     */
    async recheckCaseSizes(ctx: Ctx, productIds: readonly number[]): Promise<{ referenceId: string; fixed: number; remaining: number } | null> {
      const record = await latestImport(db, ctx.market.id);
      if (record?.status !== 'FETCH_COMPLETED') return null;
      return db.transaction(async (tx) => {
        if (!(await lockOpenImport(tx, record.id))) return null;
        const { fixed } = await fixCaseSizeErrors(tx, ctx.market.id, record.id, productIds);
        const { repacked, heldBack } = await refitNewBatches(tx, ctx.market.id, record.id, productIds);
        if (fixed.length + repacked.length + heldBack.length > 0) {
          await recountTabs(tx, record.id);
          await recordAudit(tx, ctx, {
            entityType: 'import',
            entityId: record.referenceId,
            action: 'refresh-case-sizes',
            after: {
              productIds,
              fixed: fixed.map((row) => row.batchNumber),
              repacked: repacked.map(({ row, caseSize }) => ({ batchNumber: row.batchNumber, from: row.caseSize, to: caseSize })),
              heldBack: heldBack.map((row) => row.batchNumber),
            },
          });
        }
        const now = await findImport(tx, record.id);
        return { referenceId: record.referenceId, fixed: fixed.length, remaining: tabCountsOf(now ?? record).case_size_errors };
      });
    },

    async tags(ctx: Ctx, batchNumber: string, query: { importId?: string; issueTab?: ImportTab }) {
      // A batch in stock is anyone's in the market to see; what an import found is for those who may read imports.
      if (query.importId && !hasPermission(ctx.market.permissions, 'inventory-history', 'view')) throw forbidden('Only users who may view the import history can see the tags an import found.');
      if (!query.importId) {
        const tags = await tagsOfBatch(db, ctx.market.id, batchNumber);
        return tags.map((tag) => ({ tag_number: tag.tagNumber, quantity: tag.quantity }));
      }
      const record = await importOfMarket(db, ctx, query.importId);
      const rows = await importRowsOfBatch(db, record.id, batchNumber, query.issueTab);
      const seen = new Map<string, number>();
      for (const row of rows) {
        for (const tag of (row.payload.tags as { tagNumber: string; quantity: number }[] | undefined) ?? []) seen.set(tag.tagNumber, tag.quantity);
      }
      return [...seen].map(([tag_number, quantity]) => ({ tag_number, quantity }));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
