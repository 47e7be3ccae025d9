// SQL of imports and their detail rows: the latest import of a market, the one running for a location,
// status changes that only happen from the status the caller expects, the rows of each tab, and history.
import { sql, type SQL } from 'drizzle-orm';
import type { ImportStatus, ImportTab, MarketCode, SeedToSaleSystem } from '../../../shared/enums';
import { bulkInsert } from '../../db/bulk-insert';
import { queryRows, type DbOrTx } from '../../db/client';
import { escapeLike, intArray, pageLimit, referenceFrom, sqlList } from '../../lib/sql-helpers';
import type { DraftRow } from './import-rules';

/** Statuses that hold their locations: no other import of those locations may start. */
const LOCATION_HOLDING_STATUSES: readonly ImportStatus[] = ['DRAFT', 'IN_PROGRESS', 'FETCH_COMPLETED'];

export type ImportRecord = {
  id: number;
  marketId: number;
  referenceId: string;
  mode: string;
  status: ImportStatus;
  comments: string | null;
  recordCount: number;
  recordsFetched: number;
  tabCounts: Partial<Record<ImportTab, number>>;
  locationIds: number[];
  createdBy: string | null;
  createdByName: string | null;
  updatedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const IMPORT_COLUMNS = sql`i.id, i.market_id as "marketId", i.reference_id as "referenceId", i.mode, i.status, i.comments,
  i.record_count as "recordCount", i.records_fetched as "recordsFetched", i.tab_counts as "tabCounts", i.location_ids as "locationIds",
  i.created_by as "createdBy", u.name as "createdByName", i.updated_by as "updatedBy",
  i.created_at as "createdAt", i.updated_at as "updatedAt"`;

type RawImport = Omit<ImportRecord, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

function toRecord(row: RawImport): ImportRecord {
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

async function selectImports(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<ImportRecord[]> {
  const rows = await queryRows<RawImport>(db, sql`select ${IMPORT_COLUMNS} from imports i left join users u on u.id = i.created_by where ${where} ${tail}`);
  return rows.map(toRecord);
}

export type ImportMarket = { id: number; code: MarketCode; name: string; seedToSaleSystem: SeedToSaleSystem };

export async function importMarket(db: DbOrTx, marketId: number): Promise<ImportMarket> {
  const [market] = await queryRows<ImportMarket>(db, sql`select id, code, name, seed_to_sale_system as "seedToSaleSystem" from markets where id = ${marketId}`);
  if (!market) throw new Error(`Market ${marketId} does not exist`);
  return market;
}

export async function findImport(db: DbOrTx, id: number): Promise<ImportRecord | null> {
  return (await selectImports(db, sql`i.id = ${id}`))[0] ?? null;
}

/** By the id the screens show; the market is checked by the caller, so that it can tell the two refusals apart. */
export async function findImportByReference(db: DbOrTx, referenceId: string): Promise<ImportRecord | null> {
  return (await selectImports(db, sql`i.reference_id = ${referenceId.toUpperCase()}`))[0] ?? null;
}

export async function latestImport(db: DbOrTx, marketId: number): Promise<ImportRecord | null> {
  return (await selectImports(db, sql`i.market_id = ${marketId}`, sql`order by i.created_at desc, i.id desc limit 1`))[0] ?? null;
}

/** When each location was last brought in by a committed import: the start of the next fetch window. */
export async function lastCommittedAt(db: DbOrTx, marketId: number, locationIds: readonly number[]): Promise<Map<number, Date>> {
  if (locationIds.length === 0) return new Map();
  const rows = await queryRows<{ locationId: number; at: Date | string }>(
    db,
    sql`select l.id as "locationId", max(i.created_at) as at
        from unnest(${intArray(locationIds)}) as l(id)
        join imports i on i.market_id = ${marketId} and i.status = 'COMMITTED' and l.id = any(i.location_ids)
        group by l.id`,
  );
  return new Map(rows.map((row) => [row.locationId, new Date(row.at)]));
}

/**
 * Takes the market's import lock for the rest of the transaction, so that two starts for the same locations
 * cannot both see none running (on PostgreSQL; the embedded database runs one transaction at a time anyway).
 */
export async function lockMarketImports(tx: DbOrTx, marketId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('inventory-import'), ${marketId})`);
}

export async function findHoldingImport(db: DbOrTx, marketId: number, locationIds: readonly number[]): Promise<ImportRecord | null> {
  const rows = await selectImports(
    db,
    sql`i.market_id = ${marketId} and i.status in ${sqlList(LOCATION_HOLDING_STATUSES)} and i.location_ids && ${intArray(locationIds)}`,
    sql`order by i.created_at desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function insertImport(tx: DbOrTx, input: { marketId: number; marketCode: string; status: ImportStatus; locationIds: number[]; userId: string }): Promise<ImportRecord> {
  const [next] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('imports', 'id'))::int as id`);
  const id = next!.id;
  await tx.execute(sql`
    insert into imports (id, market_id, reference_id, mode, status, location_ids, created_by, updated_by)
    values (${id}, ${input.marketId}, ${referenceFrom(`IMP-${input.marketCode}-`, sql`${id}::int`)}, 'api', ${input.status},
            ${intArray(input.locationIds)}, ${input.userId}, ${input.userId})`);
  return (await findImport(tx, id))!;
}

/**
 * Moves an import from one of the expected statuses to another and answers the row as it now is, or null when
 * it was not in an expected status (someone else moved it first): the check and the change are one statement.
 */
export async function transitionImport(
  db: DbOrTx,
  id: number,
  from: readonly ImportStatus[],
  to: ImportStatus,
  fields: { comments?: string | null; recordCount?: number; updatedBy?: string | null } = {},
): Promise<ImportRecord | null> {
  const sets: SQL[] = [sql`status = ${to}`, sql`updated_at = now()`];
  if (fields.comments !== undefined) sets.push(sql`comments = ${fields.comments}`);
  if (fields.recordCount !== undefined) sets.push(sql`record_count = ${fields.recordCount}`);
  if (fields.updatedBy !== undefined) sets.push(sql`updated_by = ${fields.updatedBy}`);
  const rows = await queryRows<{ id: number }>(db, sql`update imports set ${sql.join(sets, sql`, `)} where id = ${id} and status in ${sqlList(from)} returning id`);
  return rows.length === 0 ? null : findImport(db, id);
}

/** Locks an import waiting for commit or discard; null when it is no longer waiting. */
export async function lockOpenImport(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from imports where id = ${id} and status = 'FETCH_COMPLETED' for update`);
  return rows.length > 0;
}

export async function setRecordsFetched(db: DbOrTx, id: number, fetched: number): Promise<void> {
  await db.execute(sql`update imports set records_fetched = ${fetched}, updated_at = now() where id = ${id} and status = 'IN_PROGRESS'`);
}

/** Imports left IN_PROGRESS with no job that could still finish them (the job is gone or failed for good). */
export async function orphanedImports(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select i.id from imports i
        where i.status in ('DRAFT', 'IN_PROGRESS')
          and not exists (select 1 from jobs j where j.kind = 'inventory-import' and (j.payload->>'importId')::int = i.id and j.status in ('queued', 'running'))`,
  );
  return rows.map((row) => row.id);
}

// ---- detail rows -----------------------------------------------------------------------------------------

/** A job run again (its worker died) starts the rows over: the import's rows are those of its last complete fetch. */
export async function replaceImportRows(tx: DbOrTx, importId: number, rows: readonly DraftRow[]): Promise<void> {
  await tx.execute(sql`delete from import_rows where import_id = ${importId}`);
  await insertImportRows(tx, importId, rows);
  await recountTabs(tx, importId);
}

export type StoredImportRow = {
  id: number;
  tab: ImportTab;
  batchNumber: string;
  productName: string | null;
  s2sProductName: string | null;
  locationName: string | null;
  categoryName: string | null;
  reasonCode: string | null;
  totalQuantity: number | null;
  caseSize: number | null;
  payload: Record<string, unknown>;
  createdAt: Date | string;
};

const ROW_COLUMNS = sql`id, tab, batch_number as "batchNumber", product_name as "productName", s2s_product_name as "s2sProductName",
  location_name as "locationName", category_name as "categoryName", reason_code as "reasonCode", total_quantity as "totalQuantity",
  case_size as "caseSize", coalesce(payload, '{}'::jsonb) as payload, created_at as "createdAt"`;

/** Counts an import's rows per tab again and keeps them on the import: after every change to its rows. */
export async function recountTabs(tx: DbOrTx, importId: number): Promise<void> {
  await tx.execute(sql`
    update imports i set tab_counts = coalesce((select jsonb_object_agg(c.tab, c.n) from (select tab, count(*)::int as n from import_rows where import_id = ${importId} group by tab) c), '{}'::jsonb)
    where i.id = ${importId}`);
}

/** The four tabs' counts, zero where a tab has no rows. */
export function tabCountsOf(record: ImportRecord): Record<ImportTab, number> {
  const stored = record.tabCounts;
  return {
    inventory_updates: stored.inventory_updates ?? 0,
    item_issues: stored.item_issues ?? 0,
    lab_data_warnings: stored.lab_data_warnings ?? 0,
    case_size_errors: stored.case_size_errors ?? 0,
  };
}

const DETAIL_COLUMNS = {
  product_name: sql`product_name`,
  s2s_product_name: sql`s2s_product_name`,
  batch_id: sql`batch_number`,
  total_quantity: sql`total_quantity`,
  s2s_location_name: sql`location_name`,
  category_name: sql`category_name`,
  metadata_label: sql`reason_code`,
  case_size: sql`case_size`,
} as const;
type DetailColumn = keyof typeof DETAIL_COLUMNS;

export type DetailPageQuery = {
  importId: number;
  tab: ImportTab;
  search?: string;
  filters: { column: DetailColumn; value: string }[];
  sort: { column: DetailColumn; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
  /** The tab's row count as kept on the import, when known. */
  tabTotal?: number;
};

type DetailPageSpec = Omit<DetailPageQuery, 'importId' | 'tabTotal'>;

function detailPageSql(query: DetailPageSpec, importId: SQL): { where: SQL; order: SQL } {
  const conditions: SQL[] = [sql`import_id = ${importId}`, sql`tab = ${query.tab}`];
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(sql`search_text like lower(${like})`);
  }
  for (const filter of query.filters) conditions.push(sql`${DETAIL_COLUMNS[filter.column]}::text ilike ${`%${escapeLike(filter.value)}%`}`);
  const order = sql.join(
    [...query.sort.map((item) => sql`${DETAIL_COLUMNS[item.column]} ${sql.raw(item.order === 'desc' ? 'desc nulls last' : 'asc nulls last')}`), sql`id`],
    sql`, `,
  );
  return { where: sql.join(conditions, sql` and `), order };
}

/**
 * The CTEs and select list of a page of a tab as the JSON array the details list sends (json), how many rows it
 * holds (rows) and the total (total). Each row's JSON is kept on it by a trigger (import_row_detail_json, migration
 * 0013), so a page is those texts joined: nothing is parsed, mapped or encoded again per request. Unsearched and
 * unfiltered, `tabTotal` (the count kept on the import) is the total: thousands of rows are not counted again. A
 * search or filter reads its matches once, narrow (the sortable columns), for both its count and the page's ids;
 * only the page's rows are then read whole.
 */
function detailPageParts(query: DetailPageSpec, importId: SQL, tabTotal: SQL | null): { ctes: SQL; select: SQL; from: SQL } {
  const { where, order } = detailPageSql(query, importId);
  const limit = pageLimit(query.page, query.pageSize);
  const json = sql`coalesce('[' || string_agg(coalesce(i.detail_json, import_row_detail_json(i)), ',' order by ${order}) || ']', '[]') as json, count(i.id)::int as rows`;
  if (tabTotal && !query.search && query.filters.length === 0) {
    return {
      ctes: sql`page as (select id as page_id from import_rows where ${where} order by ${order} ${limit})`,
      select: sql`${json}, ${tabTotal} as total`,
      from: sql`page join import_rows i on i.id = page.page_id`,
    };
  }
  return {
    ctes: sql`matched as materialized (select id, ${sql.join(Object.values(DETAIL_COLUMNS), sql`, `)} from import_rows where ${where}),
              page as (select id as page_id from matched order by ${order} ${limit})`,
    select: sql`${json}, (select count(*) from matched)::int as total`,
    from: sql`page join import_rows i on i.id = page.page_id`,
  };
}

type DetailPage = { json: string; rows: number; total: number };

/** A page of a tab of an import known by its id (see detailPageParts). */
export async function listImportRowsJson(db: DbOrTx, query: DetailPageQuery): Promise<DetailPage> {
  const parts = detailPageParts(query, sql`${query.importId}`, query.tabTotal === undefined ? null : sql`${query.tabTotal}::int`);
  const [row] = await queryRows<DetailPage>(db, sql`with ${parts.ctes} select ${parts.select} from ${parts.from}`);
  return row!;
}

/**
 * An import found by the id the screens show, with a page of one of its tabs, in one statement (the details list's
 * one round trip besides the caller's). The market is checked by the caller, as findImportByReference leaves it;
 * the page of an import of another market is read and thrown away.
 */
export async function importWithDetailPage(db: DbOrTx, referenceId: string, query: DetailPageSpec): Promise<{ record: ImportRecord | null; page: DetailPage }> {
  const parts = detailPageParts(query, sql`(select id from imp)`, sql`coalesce((select ("tabCounts" ->> ${query.tab})::int from imp), 0)`);
  const [row] = await queryRows<DetailPage & { record: RawImport | null }>(
    db,
    sql`with imp as materialized (select ${IMPORT_COLUMNS} from imports i left join users u on u.id = i.created_by where i.reference_id = ${referenceId.toUpperCase()}),
             ${parts.ctes}
        select (select to_json(imp) from imp) as record, ${parts.select} from ${parts.from}`,
  );
  const { record, ...page } = row!;
  return { record: record ? toRecord(record) : null, page };
}

export async function importRowsOfTab(db: DbOrTx, importId: number, tab: ImportTab): Promise<StoredImportRow[]> {
  return queryRows<StoredImportRow>(db, sql`select ${ROW_COLUMNS} from import_rows where import_id = ${importId} and tab = ${tab} order by id`);
}

export async function importRowsOfBatch(db: DbOrTx, importId: number, batchNumber: string, tab?: ImportTab): Promise<StoredImportRow[]> {
  return queryRows<StoredImportRow>(
    db,
    sql`select ${ROW_COLUMNS} from import_rows where import_id = ${importId} and batch_number = ${batchNumber} ${tab ? sql`and tab = ${tab}` : sql``} order by id`,
  );
}

/** A tab's rows of some products (the product a row was matched to, as its payload records it). */
export async function importRowsOfProducts(db: DbOrTx, importId: number, tab: ImportTab, productIds: readonly number[]): Promise<StoredImportRow[]> {
  if (productIds.length === 0) return [];
  return queryRows<StoredImportRow>(
    db,
    sql`select ${ROW_COLUMNS} from import_rows
        where import_id = ${importId} and tab = ${tab} and (payload->>'productId')::int = any(${intArray(productIds)}) order by id`,
  );
}

/** A new batch's update packed again in another of its product's case sizes; the row shows the sizes it was packed against. */
export async function repackImportRow(tx: DbOrTx, id: number, caseSize: number, standardCaseSizes: readonly number[]): Promise<void> {
  await tx.execute(sql`
    update import_rows set case_size = ${caseSize}, payload = payload || jsonb_build_object('standardCaseSizes', ${intArray(standardCaseSizes)})
    where id = ${id}`);
}

export async function deleteImportRows(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await tx.execute(sql`delete from import_rows where id = any(${intArray(ids)})`);
}

/**
 * Rows go in slices of this many: one statement for a 20,000-package import built its text, payloads and all,
 * several times over at once, and set the server's peak memory during the import.
 */
const INSERT_SLICE_ROWS = 2_000;

/** Tab, then the product's name (ours, else the seed-to-sale one), then the batch: compared by code unit, see below. */
function storageOrder(a: DraftRow, b: DraftRow): number {
  const keys = (row: DraftRow) => [row.tab, row.productName ?? row.s2sProductName ?? '', row.batchNumber] as const;
  const [x, y] = [keys(a), keys(b)];
  for (let index = 0; index < x.length; index++) {
    if (x[index] !== y[index]) return x[index]! < y[index]! ? -1 : 1;
  }
  return 0;
}

/**
 * Rows are written in storageOrder, so that a tab's rows of one product sit side by side in the table: a search
 * for a word of a product name (the details list's usual search) then reads its matches from a few pages
 * instead of one page per match (rows are ~1.6 KB, so a page holds four or five). On the bench's 8,000-row tab,
 * 163 matches came from 41 pages instead of 156. It is also the order an unsorted tab is listed in (by id).
 */
export async function insertImportRows(tx: DbOrTx, importId: number, rows: readonly DraftRow[]): Promise<void> {
  const ordered = [...rows].sort(storageOrder);
  for (let start = 0; start < ordered.length; start += INSERT_SLICE_ROWS) {
    await insertImportRowSlice(tx, importId, ordered.slice(start, start + INSERT_SLICE_ROWS));
  }
}

async function insertImportRowSlice(tx: DbOrTx, importId: number, rows: readonly DraftRow[]): Promise<void> {
  await bulkInsert(
    tx,
    'import_rows',
    [
      { name: 'import_id', type: 'int', value: () => importId },
      { name: 'tab', type: 'text', value: (row: DraftRow) => row.tab },
      { name: 'batch_number', type: 'text', value: (row: DraftRow) => row.batchNumber },
      { name: 'product_name', type: 'text', value: (row: DraftRow) => row.productName },
      { name: 's2s_product_name', type: 'text', value: (row: DraftRow) => row.s2sProductName },
      { name: 'location_name', type: 'text', value: (row: DraftRow) => row.locationName },
      { name: 'category_name', type: 'text', value: (row: DraftRow) => row.categoryName },
      { name: 'reason_code', type: 'text', value: (row: DraftRow) => row.reasonCode },
      { name: 'total_quantity', type: 'int', value: (row: DraftRow) => (row.totalQuantity === null || !Number.isInteger(row.totalQuantity) ? null : row.totalQuantity) },
      { name: 'case_size', type: 'int', value: (row: DraftRow) => row.caseSize },
      {
        name: 'payload',
        type: 'jsonb',
        value: (row: DraftRow) => ({ ...row.payload, productId: row.productId, locationId: row.locationId, reportedQuantity: row.totalQuantity }),
      },
    ],
    rows,
  );
}

// ---- history -----------------------------------------------------------------------------------------------

const HISTORY_COLUMNS = {
  created_ts: sql`i.created_at`,
  reference_id: sql`i.reference_id`,
  import_status: sql`i.status`,
  user_name: sql`u.name`,
  no_of_records_imported: sql`i.record_count`,
} as const;
export type HistoryColumn = keyof typeof HISTORY_COLUMNS;

export type HistoryRow = {
  id: number;
  referenceId: string;
  mode: string;
  status: string;
  recordCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  createdBy: string | null;
  updatedBy: string | null;
  userName: string | null;
};

export async function listHistory(
  db: DbOrTx,
  query: { marketId: number; status?: string; search?: string; sort: { column: HistoryColumn; order: 'asc' | 'desc' }[]; page: number; pageSize: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const conditions: SQL[] = [sql`i.market_id = ${query.marketId}`];
  if (query.status) conditions.push(sql`i.status = ${query.status}`);
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(i.reference_id ilike ${like} or u.name ilike ${like})`);
  }
  const where = sql.join(conditions, sql` and `);
  const sort = query.sort.length > 0 ? query.sort : [{ column: 'created_ts' as const, order: 'desc' as const }];
  const order = sql.join([...sort.map((item) => sql`${HISTORY_COLUMNS[item.column]} ${sql.raw(item.order === 'desc' ? 'desc nulls last' : 'asc nulls last')}`), sql`i.id desc`], sql`, `);
  const from = sql`from imports i left join users u on u.id = i.created_by where ${where}`;
  const [rows, count] = await Promise.all([
    queryRows<HistoryRow>(
      db,
      sql`select i.id, i.reference_id as "referenceId", i.mode, i.status, i.record_count as "recordCount", i.created_at as "createdAt",
                 i.updated_at as "updatedAt", i.created_by as "createdBy", i.updated_by as "updatedBy", u.name as "userName"
          ${from} order by ${order} ${pageLimit(query.page, query.pageSize)}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total ${from}`),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}
