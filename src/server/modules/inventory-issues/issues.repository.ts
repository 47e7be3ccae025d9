// SQL of inventory issues and their refresh runs: the open issues of a tab joined to the import rows that found
// them, what a commit resolves and writes, and the runs of a refresh (one IN-PROGRESS per market).
import { sql, type SQL } from 'drizzle-orm';
import type { IssueRefreshStatus, IssueTab } from '../../../shared/enums';
import type { ImportReasonCode } from '../../../shared/reason-codes';
import { bulkInsert } from '../../db/bulk-insert';
import { queryRows, type DbOrTx } from '../../db/client';
import { escapeLike, intArray, pageLimit, textArray } from '../../lib/sql-helpers';
import type { StoredImportRow } from '../inventory-import/import.repository';

// ---- issues ----------------------------------------------------------------------------------------------

export type NewIssue = {
  batchId: number | null;
  batchNumber: string;
  productName: string;
  tab: IssueTab;
  reasonCode: ImportReasonCode;
  importId: number;
};

/** A commit of these locations replaces what earlier commits of any of them left open. */
export async function resolveIssuesOfLocations(tx: DbOrTx, marketId: number, locationIds: readonly number[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update inventory_issues ii set is_resolved = true, resolved_at = now()
        from imports i
        where ii.import_id = i.id and ii.market_id = ${marketId} and not ii.is_resolved and i.location_ids && ${intArray(locationIds)}
        returning ii.id`,
  );
  return rows.length;
}

export async function insertIssues(tx: DbOrTx, marketId: number, issues: readonly NewIssue[]): Promise<void> {
  await bulkInsert(
    tx,
    'inventory_issues',
    [
      { name: 'market_id', type: 'int', value: () => marketId },
      { name: 'batch_id', type: 'int', value: (issue: NewIssue) => issue.batchId },
      { name: 'batch_number', type: 'text', value: (issue: NewIssue) => issue.batchNumber },
      { name: 'product_name', type: 'text', value: (issue: NewIssue) => issue.productName },
      { name: 'tab', type: 'text', value: (issue: NewIssue) => issue.tab },
      { name: 'reason_code', type: 'text', value: (issue: NewIssue) => issue.reasonCode },
      { name: 'import_id', type: 'int', value: (issue: NewIssue) => issue.importId },
    ],
    issues,
  );
}

/** Our batch ids by batch number, for the batches of the market that exist. */
export async function batchIdsOf(db: DbOrTx, marketId: number, batchNumbers: readonly string[]): Promise<Map<string, number>> {
  if (batchNumbers.length === 0) return new Map();
  const rows = await queryRows<{ id: number; batchNumber: string }>(
    db,
    sql`select id, batch_number as "batchNumber" from batches where market_id = ${marketId} and batch_number = any(${textArray(batchNumbers)})`,
  );
  return new Map(rows.map((row) => [row.batchNumber, row.id]));
}

/** The import row an issue came from: the same import, batch, tab and reason. */
const ROW_JOIN = sql`left join lateral (
    select r.* from import_rows r
    where r.import_id = ii.import_id and r.batch_number = ii.batch_number and r.tab = ii.tab and r.reason_code = ii.reason_code
    order by r.id limit 1) r on true`;

/** Sort and filter columns in the list's names; fields of the import row fall back to the issue's own when it has none. */
const ISSUE_COLUMNS = {
  product_name: sql`(case when r.id is null then ii.product_name else r.product_name end)`,
  s2s_product_name: sql`r.s2s_product_name`,
  batch_id: sql`ii.batch_number`,
  total_quantity: sql`r.total_quantity`,
  s2s_location_name: sql`r.location_name`,
  category_name: sql`r.category_name`,
  metadata_label: sql`ii.reason_code`,
  created_ts: sql`ii.created_at`,
} as const;
type IssueColumn = keyof typeof ISSUE_COLUMNS;

export type IssuePageQuery = {
  marketId: number;
  tab: IssueTab;
  search?: string;
  filters: { column: IssueColumn; value: string }[];
  sort: { column: IssueColumn; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
};

export type IssueListRow = {
  id: number;
  batchNumber: string;
  productName: string;
  reasonCode: string;
  createdAt: Date | string;
  importReferenceId: string | null;
  /** The import row, or null when the issue is older than import rows. */
  row: StoredImportRow | null;
};

export async function listIssues(db: DbOrTx, query: IssuePageQuery): Promise<{ rows: IssueListRow[]; total: number }> {
  const conditions: SQL[] = [sql`ii.market_id = ${query.marketId}`, sql`ii.tab = ${query.tab}`, sql`not ii.is_resolved`];
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(sql`lower(ii.batch_number || ' ' || ii.product_name || ' ' || coalesce(r.s2s_product_name, '') || ' ' || coalesce(r.location_name, '')) like lower(${like})`);
  }
  for (const filter of query.filters) conditions.push(sql`${ISSUE_COLUMNS[filter.column]}::text ilike ${`%${escapeLike(filter.value)}%`}`);
  const where = sql.join(conditions, sql` and `);
  const sort = query.sort.length > 0 ? query.sort : [{ column: 'created_ts' as const, order: 'desc' as const }];
  const order = sql.join([...sort.map((item) => sql`${ISSUE_COLUMNS[item.column]} ${sql.raw(item.order === 'desc' ? 'desc nulls last' : 'asc nulls last')}`), sql`ii.id desc`], sql`, `);
  // The row is needed to choose the page only when the query names one of its fields; the page's rows are joined after.
  const needsRow = Boolean(query.search) || [...query.filters, ...sort].some((item) => !['batch_id', 'metadata_label', 'created_ts'].includes(item.column));
  const from = sql`from inventory_issues ii ${needsRow ? ROW_JOIN : sql``} where ${where}`;
  const [page, count] = await Promise.all([
    queryRows<{ id: number }>(db, sql`select ii.id ${from} order by ${order} ${pageLimit(query.page, query.pageSize)}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total ${from}`),
  ]);
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return { rows: [], total: count[0]?.total ?? 0 };
  const found = await queryRows<Omit<IssueListRow, 'row'> & { row: (Omit<StoredImportRow, 'createdAt'> & { createdAt: string }) | null }>(
    db,
    sql`select ii.id, ii.batch_number as "batchNumber", ii.product_name as "productName", ii.reason_code as "reasonCode", ii.created_at as "createdAt",
               i.reference_id as "importReferenceId",
               case when r.id is null then null else json_build_object(
                 'id', r.id, 'tab', r.tab, 'batchNumber', r.batch_number, 'productName', r.product_name, 's2sProductName', r.s2s_product_name,
                 'locationName', r.location_name, 'categoryName', r.category_name, 'reasonCode', r.reason_code, 'totalQuantity', r.total_quantity,
                 'caseSize', r.case_size, 'payload', coalesce(r.payload, '{}'::jsonb), 'createdAt', r.created_at) end as row
        from inventory_issues ii ${ROW_JOIN} left join imports i on i.id = ii.import_id
        where ii.id = any(${intArray(ids)})`,
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)!), total: count[0]?.total ?? 0 };
}

export async function openTabCounts(db: DbOrTx, marketId: number): Promise<Record<IssueTab, number>> {
  const rows = await queryRows<{ tab: IssueTab; n: number }>(db, sql`select tab, count(*)::int as n from inventory_issues where market_id = ${marketId} and not is_resolved group by tab`);
  const counts: Record<IssueTab, number> = { item_issues: 0, lab_data_warnings: 0 };
  for (const row of rows) if (row.tab in counts) counts[row.tab] = row.n;
  return counts;
}

export async function lastCommitTime(db: DbOrTx, marketId: number): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(db, sql`select max(updated_at) as at from imports where market_id = ${marketId} and status = 'COMMITTED'`);
  return row?.at ? new Date(row.at) : null;
}

export type OpenIssue = {
  id: number;
  batchNumber: string;
  reasonCode: string;
  /** Where the batch lies: ours, else as the import row found it, else every location of the import. */
  locationIds: number[];
};

/** Open issues of a tab for some batch numbers, with the locations to fetch them from. */
export async function openIssuesOfBatches(db: DbOrTx, marketId: number, tab: IssueTab, batchNumbers: readonly string[]): Promise<OpenIssue[]> {
  if (batchNumbers.length === 0) return [];
  return queryRows<OpenIssue>(
    db,
    sql`select ii.id, ii.batch_number as "batchNumber", ii.reason_code as "reasonCode",
               case when b.location_id is not null then array[b.location_id]
                    when r.payload->>'locationId' is not null then array[(r.payload->>'locationId')::int]
                    else coalesce(i.location_ids, '{}') end as "locationIds"
        from inventory_issues ii
        left join batches b on b.id = ii.batch_id
        left join imports i on i.id = ii.import_id
        ${ROW_JOIN}
        where ii.market_id = ${marketId} and ii.tab = ${tab} and not ii.is_resolved and ii.batch_number = any(${textArray(batchNumbers)})
        order by ii.id`,
  );
}

export async function closeIssues(tx: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(tx, sql`update inventory_issues set is_resolved = true, resolved_at = now() where id = any(${intArray(ids)}) and not is_resolved returning id`);
  return rows.map((row) => row.id);
}

// ---- refresh runs ----------------------------------------------------------------------------------------

export type RefreshItem = { productName?: string | null; batchId: string };

export type RefreshRun = {
  id: number;
  marketId: number;
  marketCode: string;
  tab: IssueTab;
  status: IssueRefreshStatus;
  comments: string | null;
  noOfFixedItems: number;
  noOfItems: number;
  items: RefreshItem[];
  isDeleted: boolean;
  createdBy: string | null;
  /** The name of who started it (the account's, as the header shows it). */
  createdByName: string | null;
  updatedBy: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const RUN_COLUMNS = sql`r.id, r.market_id as "marketId", m.code as "marketCode", r.tab, r.status, r.comments, r.no_of_fixed_items as "noOfFixedItems",
  r.no_of_items as "noOfItems", r.items, r.is_deleted as "isDeleted", r.created_by as "createdBy", u.name as "createdByName",
  r.updated_by as "updatedBy", r.created_at as "createdAt", r.updated_at as "updatedAt"`;

async function selectRuns(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<RefreshRun[]> {
  return queryRows<RefreshRun>(db, sql`select ${RUN_COLUMNS} from issue_refresh_runs r join markets m on m.id = r.market_id left join users u on u.id = r.created_by where ${where} ${tail}`);
}

export async function findRun(db: DbOrTx, id: number): Promise<RefreshRun | null> {
  return (await selectRuns(db, sql`r.id = ${id}`))[0] ?? null;
}

export async function latestRun(db: DbOrTx, marketId: number): Promise<RefreshRun | null> {
  return (await selectRuns(db, sql`r.market_id = ${marketId} and not r.is_deleted`, sql`order by r.created_at desc, r.id desc limit 1`))[0] ?? null;
}

/** A new IN-PROGRESS run, or null when the market already has one: the partial unique index decides, races included. */
export async function insertRunUnlessRunning(tx: DbOrTx, input: { marketId: number; tab: IssueTab; items: RefreshItem[]; userId: string }): Promise<RefreshRun | null> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into issue_refresh_runs (market_id, tab, status, items, no_of_items, created_by, updated_by)
        values (${input.marketId}, ${input.tab}, 'IN-PROGRESS', ${JSON.stringify(input.items)}::jsonb, ${input.items.length}, ${input.userId}, ${input.userId})
        on conflict (market_id) where status = 'IN-PROGRESS' and not is_deleted do nothing
        returning id`,
  );
  return rows[0] ? findRun(tx, rows[0].id) : null;
}

/** Ends an IN-PROGRESS run; false when it had already ended (another attempt finished it). */
export async function finishRun(tx: DbOrTx, id: number, status: Exclude<IssueRefreshStatus, 'IN-PROGRESS'>, fields: { comments: string; fixed: number }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update issue_refresh_runs set status = ${status}, comments = ${fields.comments}, no_of_fixed_items = ${fields.fixed}, updated_at = now()
        where id = ${id} and status = 'IN-PROGRESS' returning id`,
  );
  return rows.length > 0;
}

/** Runs left IN-PROGRESS with no job that could still end them (the job is gone or failed for good). */
export async function orphanedRuns(db: DbOrTx, jobKind: string): Promise<{ id: number; marketId: number }[]> {
  return queryRows<{ id: number; marketId: number }>(
    db,
    sql`select r.id, r.market_id as "marketId" from issue_refresh_runs r
        where r.status = 'IN-PROGRESS'
          and not exists (select 1 from jobs j where j.kind = ${jobKind} and (j.payload->>'runId')::int = r.id and j.status in ('queued', 'running'))`,
  );
}
