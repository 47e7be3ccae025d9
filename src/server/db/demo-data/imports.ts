// Inventory imports from the seed-to-sale system: a history of committed runs with one failure and one
// discard, the detail rows of each committed run per tab, and the open issues the latest run left.
import type { ImportStatus, ImportTab } from '../../../shared/enums';
import type { ImportReasonCode } from '../../../shared/reason-codes';
import { DAY, MINUTE } from './dates';
import { referenceSequence, type IdSequences } from './ids';
import { tagNumber, type BatchDraft, type LocationSpec } from './inventory';
import type { DemoMarket } from './markets';
import { weightedPicker, type Random } from './random';
import type { BatchRow, BatchTagRow, ImportDetailRow, ImportRow, InventoryIssueRow } from './tables';

export type CompletedBatch = { draft: BatchDraft; row: BatchRow; tags: BatchTagRow[] };

export type ImportScene = {
  market: DemoMarket;
  now: number;
  ids: IdSequences;
  locations: readonly LocationSpec[];
  batches: readonly CompletedBatch[];
  admins: readonly string[];
  imports: number;
  openIssues: number;
  /** Detail rows of the Inventory Updates tab per committed import. */
  updatesPerImport: readonly [number, number];
};

export type ImportData = { imports: ImportRow[]; rows: ImportDetailRow[]; issues: InventoryIssueRow[] };

type IssueSpec = { tab: ImportTab; reasonCode: ImportReasonCode; batch: CompletedBatch | null; batchNumber: string; productName: string };

const itemIssueReasonOf = weightedPicker<ImportReasonCode>([
  ['001', 3],
  ['002', 3],
  ['007', 2],
  ['008', 1],
  ['009', 2],
  ['010', 1],
  ['020', 3],
  ['021', 2],
]);

/** Seed-to-sale items no ERP product matches (reason 001). */
const UNMATCHED_ITEMS = ['HOUSE BLEND - SHAKE - 28G', 'TRIM RUN - POPCORN - 14G', 'SAMPLE JAR - 1G', 'MIXED LOT - PRE-ROLL 0.5G', 'TEST BATCH - DISTILLATE - 1G'];
const NON_STANDARD_CASE_SIZES = [7, 15, 30, 36, 60];

function chooseIssues(random: Random, scene: ImportScene, count: number, taken: Set<string>): IssueSpec[] {
  const issues: IssueSpec[] = [];
  const take = (tab: ImportTab, reasonCode: ImportReasonCode, batch: CompletedBatch) => {
    const key = `${tab}:${batch.row.id}`;
    if (taken.has(key)) return;
    taken.add(key);
    issues.push({ tab, reasonCode, batch, batchNumber: batch.row.batchNumber, productName: batch.draft.product.row.name });
  };
  const failingLabs = random.sample(
    scene.batches.filter((batch) => batch.row.labStatus !== 'passed'),
    Math.round(count * 0.45),
  );
  for (const batch of failingLabs) take('lab_data_warnings', batch.row.labStatus === 'failed' ? '006' : '005', batch);
  for (let attempt = 0; issues.length < count && attempt < count * 10; attempt += 1) {
    const reasonCode = itemIssueReasonOf(random);
    if (reasonCode !== '001') {
      take('item_issues', reasonCode, random.pick(scene.batches));
      continue;
    }
    const batchNumber = `${scene.market.code}-P${random.int(100_000, 999_999)}`;
    if (taken.has(`item_issues:${batchNumber}`)) continue;
    taken.add(`item_issues:${batchNumber}`);
    issues.push({ tab: 'item_issues', reasonCode, batch: null, batchNumber, productName: random.pick(UNMATCHED_ITEMS) });
  }
  return issues;
}

function batchPayload(batch: CompletedBatch, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { row } = batch;
  return {
    tags: batch.tags.map((tag) => ({ tagNumber: tag.tagNumber, quantity: tag.quantity })),
    thcValue: row.thcValue,
    thcUom: row.thcUom,
    cbdValue: row.cbdValue,
    cbdUom: row.cbdUom,
    totalCannabinoids: row.totalCannabinoids,
    terpenes: row.terpenes,
    expiryDate: row.expiryDate,
    labStatus: row.labStatus,
    ...extra,
  };
}

type DetailInput = { importId: number; tab: ImportTab; createdAt: Date; reasonCode?: ImportReasonCode | null };

function batchDetail(ids: IdSequences, input: DetailInput, batch: CompletedBatch, quantity: number, caseSize: number, extra?: Record<string, unknown>): ImportDetailRow {
  return {
    id: ids.import_rows(),
    importId: input.importId,
    tab: input.tab,
    batchNumber: batch.row.batchNumber,
    productName: batch.draft.product.row.name,
    s2sProductName: batch.row.s2sProductName,
    locationName: batch.draft.location.row.displayName,
    categoryName: batch.draft.product.category,
    reasonCode: input.reasonCode ?? null,
    totalQuantity: quantity,
    caseSize,
    payload: batchPayload(batch, extra),
    createdAt: input.createdAt,
  };
}

function issueDetail(random: Random, scene: ImportScene, input: Omit<DetailInput, 'tab' | 'reasonCode'>, issue: IssueSpec): ImportDetailRow {
  const detail = { ...input, tab: issue.tab, reasonCode: issue.reasonCode };
  if (issue.batch) return batchDetail(scene.ids, detail, issue.batch, issue.batch.row.activeUnits, issue.batch.row.caseSize);
  const location = random.pick(scene.locations);
  const quantity = random.int(10, 400);
  return {
    id: scene.ids.import_rows(),
    importId: input.importId,
    tab: issue.tab,
    batchNumber: issue.batchNumber,
    productName: issue.productName,
    s2sProductName: issue.productName,
    locationName: location.row.displayName,
    categoryName: null,
    reasonCode: issue.reasonCode,
    totalQuantity: quantity,
    caseSize: null,
    payload: { tags: [{ tagNumber: tagNumber(location, scene.ids.tagSerial()), quantity }] },
    createdAt: input.createdAt,
  };
}

function issueRow(scene: ImportScene, issue: IssueSpec, importId: number, createdAt: number, resolvedAt: number | null): InventoryIssueRow {
  return {
    id: scene.ids.inventory_issues(),
    marketId: scene.market.id,
    batchId: issue.batch?.row.id ?? null,
    batchNumber: issue.batchNumber,
    productName: issue.productName,
    tab: issue.tab,
    reasonCode: issue.reasonCode,
    importId,
    isResolved: resolvedAt !== null,
    createdAt: new Date(createdAt),
    resolvedAt: resolvedAt === null ? null : new Date(resolvedAt),
  };
}

function statusesOf(random: Random, count: number): ImportStatus[] {
  const statuses: ImportStatus[] = Array.from({ length: count }, () => 'COMMITTED');
  const failed = random.int(1, count - 2);
  const discarded = random.pick(Array.from({ length: count - 2 }, (_, index) => index + 1).filter((index) => index !== failed));
  statuses[failed] = 'FAILED';
  statuses[discarded] = 'DISCARDED';
  return statuses;
}

function countTabs(rows: readonly ImportDetailRow[]): Partial<Record<ImportTab, number>> {
  const counts: Partial<Record<ImportTab, number>> = {};
  for (const row of rows) counts[row.tab as ImportTab] = (counts[row.tab as ImportTab] ?? 0) + 1;
  return counts;
}

export function buildImports(random: Random, scene: ImportScene): ImportData {
  const { market, ids, now } = scene;
  // Six digits, as the server numbers new imports from their row id (which is past every demo import's number).
  const reference = referenceSequence('IMP', market.code, 6);
  const statuses = statusesOf(random, scene.imports);
  const latestCommitted = statuses.lastIndexOf('COMMITTED');
  const previousCommitted = statuses.lastIndexOf('COMMITTED', latestCommitted - 1);
  const allLocationIds = scene.locations.map((location) => location.row.id);
  const system = market.seedToSaleSystem === 'metrc' ? 'Metrc' : 'BioTrack';
  const taken = new Set<string>();

  const imports: ImportRow[] = [];
  const rows: ImportDetailRow[] = [];
  const issues: InventoryIssueRow[] = [];
  statuses.forEach((status, index) => {
    const id = ids.imports();
    const ageDays = index === statuses.length - 1 ? random.decimal(0.2, 1.5, 4) : 110 * (1 - index / (statuses.length - 1)) + random.decimal(-2, 2, 4);
    const createdAt = Math.round(now - ageDays * DAY);
    const locationIds =
      index === latestCommitted || (status === 'COMMITTED' && random.chance(0.6))
        ? allLocationIds
        : status === 'FAILED'
          ? [random.pick(allLocationIds)]
          : random.sample(allLocationIds, random.int(1, allLocationIds.length - 1)).sort((a, b) => a - b);
    const createdBy = index === latestCommitted || random.chance(0.6) ? random.pick(scene.admins) : null;
    const detail = { importId: id, createdAt: new Date(createdAt + 2 * MINUTE) };
    const importRows: ImportDetailRow[] = [];

    if (status === 'COMMITTED') {
      const inLocations = scene.batches.filter((batch) => locationIds.includes(batch.row.locationId));
      const latest = index === latestCommitted;
      for (const batch of random.sample(inLocations, random.int(...scene.updatesPerImport))) {
        const quantity = latest ? batch.row.activeUnits : Math.max(1, Math.round(batch.row.activeUnits * random.decimal(0.8, 1.3, 3)));
        importRows.push(batchDetail(ids, { ...detail, tab: 'inventory_updates' }, batch, quantity, batch.row.caseSize, { previousQuantity: random.int(0, quantity) }));
      }
      for (const batch of random.sample(inLocations, random.int(1, 5))) {
        const standard = batch.draft.product.caseSizes;
        const reported = random.pick(NON_STANDARD_CASE_SIZES.filter((size) => !standard.includes(size)));
        importRows.push(batchDetail(ids, { ...detail, tab: 'case_size_errors' }, batch, batch.row.activeUnits, reported, { standardCaseSizes: standard }));
      }
      // The latest commit left the issues still open; the one before it left issues since resolved.
      const issueCount = latest ? scene.openIssues : index === previousCommitted ? random.int(3, 8) : random.int(2, 8);
      const found = chooseIssues(random, { ...scene, batches: inLocations }, issueCount, latest || index === previousCommitted ? taken : new Set());
      importRows.push(...found.map((issue) => issueDetail(random, scene, detail, issue)));
      if (latest) issues.push(...found.map((issue) => issueRow(scene, issue, id, createdAt, null)));
      if (index === previousCommitted) {
        issues.push(...found.map((issue) => issueRow(scene, issue, id, createdAt, Math.min(now, createdAt + random.int(1, 10) * DAY))));
      }
    }
    rows.push(...importRows);

    imports.push({
      id,
      marketId: market.id,
      referenceId: reference(),
      mode: 'api',
      status,
      comments:
        status === 'FAILED'
          ? `${system} did not answer within 60 seconds; no changes were applied.`
          : status === 'DISCARDED'
            ? 'Discarded after review: counts did not match the warehouse.'
            : null,
      recordCount: status === 'COMMITTED' ? importRows.length : status === 'DISCARDED' ? random.int(20, 80) : 0,
      recordsFetched: status === 'FAILED' ? 0 : importRows.length,
      tabCounts: countTabs(importRows),
      locationIds,
      createdBy,
      updatedBy: createdBy,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt + random.int(3, 20) * MINUTE),
    });
  });
  return { imports, rows, issues };
}
