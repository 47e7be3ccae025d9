// SQL of reconciliation runs and their rows: one running run per market (the partial unique index decides),
// the rows a comparison writes, a tab's page with the open orders holding each batch, and what accepting writes.
import { sql, type SQL } from 'drizzle-orm';
import type { ReconciliationStatus } from '../../../shared/enums';
import { RECON_BATCH_STATUS_LABELS, type ReconBatchStatus, type ReconciliationTab } from '../../../shared/api/reconciliation';
import { bulkInsert } from '../../db/bulk-insert';
import { queryRows, type DbOrTx } from '../../db/client';
import { orderHoldsStock } from '../../db/schema';
import { escapeLike, intArray, pageLimit, referenceFrom, sqlList, textArray, unseenByPlanner, withinOneName } from '../../lib/sql-helpers';

export type ReconRun = {
  id: number;
  marketId: number;
  marketCode: string;
  referenceId: string;
  status: ReconciliationStatus;
  fileName: string | null;
  filePath: string | null;
  locationIds: number[];
  comments: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  createdByName: string | null;
  tabCounts: Record<ReconciliationTab, number>;
  /** The S2S names of the run's locations that are still active, joined with ', ' (null when none). */
  s2sLocationNames: string | null;
};

const RUN_COLUMNS = sql`r.id, r.market_id as "marketId", m.code as "marketCode", r.reference_id as "referenceId", r.status, r.file_name as "fileName",
  r.file_path as "filePath", r.location_ids as "locationIds", r.comments, r.created_at as "createdAt", r.updated_at as "updatedAt", u.name as "createdByName",
  coalesce(r.tab_counts, '{"status_mismatch": 0, "inventory_mismatch": 0}'::jsonb) as "tabCounts",
  (select nullif(string_agg(coalesce(l.s2s_location_name, ''), ', ' order by l.display_name, l.id), '') from inventory_locations l
    where l.market_id = r.market_id and l.is_active and l.id = any(r.location_ids)) as "s2sLocationNames"`;

/** The counts kept on the run (tab_counts), written whenever its rows are. */
async function keepTabCounts(tx: DbOrTx, runId: number, counts: Record<ReconciliationTab, number>): Promise<void> {
  await tx.execute(sql`update reconciliation_runs set tab_counts = ${JSON.stringify(counts)}::jsonb where id = ${runId}`);
}

async function selectRuns(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<ReconRun[]> {
  return queryRows<ReconRun>(
    db,
    sql`select ${RUN_COLUMNS} from reconciliation_runs r join markets m on m.id = r.market_id left join users u on u.id = r.created_by where ${where} ${tail}`,
  );
}

export async function findRun(db: DbOrTx, id: number): Promise<ReconRun | null> {
  return (await selectRuns(db, sql`r.id = ${id}`))[0] ?? null;
}

/** A run of the market by its reference id; another market's run is as unknown as a missing one. */
export async function findRunOfMarket(db: DbOrTx, marketId: number, referenceId: string): Promise<ReconRun | null> {
  return (await selectRuns(db, sql`r.market_id = ${marketId} and r.reference_id = ${referenceId.toUpperCase()}`))[0] ?? null;
}

/**
 * As findRunOfMarket, holding the run's row for share until the transaction ends: a completion or a refresh in
 * flight (which update the row) is waited for and then seen, and none starts until the caller has finished.
 */
export async function lockRunOfMarket(tx: DbOrTx, marketId: number, referenceId: string): Promise<ReconRun | null> {
  return (await selectRuns(tx, sql`r.market_id = ${marketId} and r.reference_id = ${referenceId.toUpperCase()}`, sql`for share of r`))[0] ?? null;
}

export async function activeRun(db: DbOrTx, marketId: number): Promise<ReconRun | null> {
  return (await selectRuns(db, sql`r.market_id = ${marketId} and r.status in ('DRAFT', 'IN-PROGRESS')`, sql`order by r.id desc limit 1`))[0] ?? null;
}

export async function latestRun(db: DbOrTx, marketId: number): Promise<ReconRun | null> {
  return (await selectRuns(db, sql`r.market_id = ${marketId}`, sql`order by r.created_at desc, r.id desc limit 1`))[0] ?? null;
}

/** A new DRAFT run, or null when the market already has one running: the partial unique index decides, races included. */
export async function insertRunUnlessRunning(tx: DbOrTx, input: { marketId: number; marketCode: string; locationIds: number[]; userId: string }): Promise<ReconRun | null> {
  const [next] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('reconciliation_runs', 'id'))::int as id`);
  const id = next!.id;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into reconciliation_runs (id, market_id, reference_id, status, location_ids, created_by)
        values (${id}, ${input.marketId}, ${referenceFrom(`REC-${input.marketCode}-`, sql`${id}::int`)}, 'DRAFT', ${intArray(input.locationIds)}, ${input.userId})
        on conflict (market_id) where status in ('DRAFT', 'IN-PROGRESS') do nothing
        returning id`,
  );
  return rows[0] ? findRun(tx, rows[0].id) : null;
}

/**
 * Moves a run from one of the expected statuses to another, and answers whether it did: the check and the
 * change are one statement, so of two racing moves one wins. Moving into DRAFT or IN-PROGRESS while the
 * market has another run there answers false too (the unique index refuses it).
 */
export async function transitionRun(
  db: DbOrTx,
  id: number,
  from: readonly ReconciliationStatus[],
  to: ReconciliationStatus,
  fields: { comments?: string | null } = {},
): Promise<boolean> {
  const comments = fields.comments === undefined ? sql`comments` : sql`${fields.comments}`;
  const update = sql`update reconciliation_runs set status = ${to}, comments = ${comments}, updated_at = now()
      where id = ${id} and status in ${sqlList(from)}
        and not (${to} in ('DRAFT', 'IN-PROGRESS') and exists (
          select 1 from reconciliation_runs o where o.market_id = reconciliation_runs.market_id and o.id <> ${id} and o.status in ('DRAFT', 'IN-PROGRESS')))
      returning id`;
  return (await queryRows<{ id: number }>(db, update)).length > 0;
}

export async function setRunFile(db: DbOrTx, id: number, file: { fileName: string; filePath: string }): Promise<void> {
  await db.execute(sql`update reconciliation_runs set file_name = ${file.fileName}, file_path = ${file.filePath}, updated_at = now() where id = ${id}`);
}

/** A seed-to-sale package as a run stages it: its vendor id, batch, tag, item name and whole units. */
export type StagedPackage = { packageId: string; batchNumber: string; tag: string; itemName: string | null; units: number };

/**
 * Stages some of a run's packages, numbered from `firstSeq` in the order they were listed; `packages` holds each
 * package once. A package staged before (listed again: it changed while the listing paged) takes the new values
 * and keeps its place, as a listing's each-once keeps it: it counts once, as last listed.
 */
export async function stagePackages(db: DbOrTx, runId: number, packages: readonly StagedPackage[], firstSeq: number): Promise<void> {
  // bulkInsert reads each column's values once, row by row in order: the sequence is counted as it reads them.
  let seq = firstSeq;
  await bulkInsert(
    db,
    'reconciliation_packages',
    [
      { name: 'run_id', type: 'int', value: () => runId },
      { name: 'seq', type: 'int', value: () => seq++ },
      { name: 'package_id', type: 'text', value: (item: StagedPackage) => item.packageId },
      { name: 'batch_number', type: 'text', value: (item: StagedPackage) => item.batchNumber },
      { name: 'tag', type: 'text', value: (item: StagedPackage) => item.tag },
      { name: 'item_name', type: 'text', value: (item: StagedPackage) => item.itemName },
      { name: 'units', type: 'int', value: (item: StagedPackage) => item.units },
    ],
    packages,
    sql`on conflict (run_id, package_id) do update
        set batch_number = excluded.batch_number, tag = excluded.tag, item_name = excluded.item_name, units = excluded.units`,
  );
}

/**
 * The tags of our active batches at the locations that the run has not staged, per S2S location id, in tag order:
 * the seed-to-sale side of each is looked up by tag (a listing by last change does not see long-unchanged
 * packages). Tags holding none of our units are left out: whatever the system says of them adds no units.
 */
export async function unstagedActiveTags(db: DbOrTx, runId: number, marketId: number, locationIds: readonly number[]): Promise<Map<string, string[]>> {
  const found = await queryRows<{ location: string; tag: string }>(
    db,
    sql`select l.s2s_location_id as location, t.tag_number as tag
        from batches b join inventory_locations l on l.id = b.location_id join batch_tags t on t.batch_id = b.id
        where b.market_id = ${marketId} and b.location_id = any(${intArray(locationIds)}) and b.active_units > 0 and t.quantity > 0
          and not exists (select 1 from reconciliation_packages k where k.run_id = ${runId} and k.tag = t.tag_number)
        order by l.s2s_location_id, t.tag_number`,
  );
  const tags = new Map<string, string[]>();
  for (const { location, tag } of found) {
    const list = tags.get(location);
    if (list) list.push(tag);
    else tags.set(location, [tag]);
  }
  return tags;
}

export async function clearStagedPackages(db: DbOrTx, runId: number): Promise<void> {
  await db.execute(sql`delete from reconciliation_packages where run_id = ${runId}`);
}

/**
 * The run's rows, replacing its earlier ones, from its staged packages against our batches of the locations: the
 * rules of compareInventory (reconciliation-rules.ts, which tests/integration/reconciliation-staged.test.ts holds
 * this statement equal to) in one INSERT ... SELECT, so that neither side is held by the server. Per batch: the
 * seed-to-sale units summed, its first listed item name; Inventory Mismatch when both sides hold it active in
 * different quantities (new tags first, then open orders holding more than the seed-to-sale count), Status
 * Mismatch when only one side does. Answers the rows' count per tab.
 *
 * The rows are written by tab and product name, so that one product's rows sit side by side in the table: a
 * search for a word of a product name (the details list's usual search) reads its matches from a few pages
 * instead of one page per match (487 matches of 'summit' came from 14 pages instead of 405 on the large data
 * set). Pages in batch order read their 100 rows by index either way.
 */
export async function compareStagedPackages(tx: DbOrTx, runId: number, marketId: number, locationIds: readonly number[]): Promise<Record<ReconciliationTab, number>> {
  await tx.execute(sql`delete from reconciliation_rows where run_id = ${runId}`);
  const counted = await queryRows<{ tab: ReconciliationTab; rows: number }>(
    tx,
    sql`with s2s as (
          select batch_number, sum(units)::int as quantity, (array_agg(item_name order by seq))[1] as item_name
          from reconciliation_packages where run_id = ${runId} group by batch_number),
        ours as (
          select id, batch_number, s2s_product_name, active_units, reserved_units
          from batches where market_id = ${marketId} and location_id = any(${intArray(locationIds)})),
        pairs as (
          select coalesce(s.batch_number, o.batch_number) as batch_number, coalesce(s.quantity, 0) as s2s_quantity,
                 s.item_name, o.id as batch_id, o.s2s_product_name, coalesce(o.active_units, 0) as otc, coalesce(o.reserved_units, 0) as reserved
          from s2s s full join ours o on o.batch_number = s.batch_number),
        judged as (
          select p.*, case
              when p.s2s_quantity > 0 and p.otc > 0 then case
                when p.s2s_quantity = p.otc then null
                when exists (select 1 from reconciliation_packages k where k.run_id = ${runId} and k.batch_number = p.batch_number
                               and not exists (select 1 from batch_tags t where t.batch_id = p.batch_id and t.tag_number = k.tag)) then 'new_tags_detected'
                when p.reserved > p.s2s_quantity then 'inventory_mismatch_otc_over'
                else 'accept_s2s_inventory' end
              when p.otc > 0 then 'active_in_otc_only'
              when p.s2s_quantity > 0 then 'active_in_s2s_only'
            end as status
          from pairs p),
        found as (
          select case when status in ('active_in_otc_only', 'active_in_s2s_only') then 'status_mismatch' else 'inventory_mismatch' end as tab,
                 batch_id, batch_number, coalesce(item_name, s2s_product_name) as product_name, status, otc, s2s_quantity, reserved
          from judged where status is not null),
        inserted as (
          insert into reconciliation_rows (run_id, tab, batch_id, batch_number, s2s_product_name, status, otc_active_quantity, s2s_active_quantity, in_transit_quantity)
          select ${runId}, tab, batch_id, batch_number, product_name, status, otc, s2s_quantity, reserved
          from found order by tab, product_name, batch_number
          returning tab)
        select tab, count(*)::int as rows from inserted group by tab`,
  );
  const counts: Record<ReconciliationTab, number> = { status_mismatch: 0, inventory_mismatch: 0 };
  for (const { tab, rows } of counted) counts[tab] = rows;
  await keepTabCounts(tx, runId, counts);
  return counts;
}

/** In the caller's transaction (the job's), as replaceRows. */
export async function deleteRows(tx: DbOrTx, runId: number): Promise<void> {
  await tx.execute(sql`delete from reconciliation_rows where run_id = ${runId}`);
  await keepTabCounts(tx, runId, { status_mismatch: 0, inventory_mismatch: 0 });
}

/** Runs left DRAFT or IN-PROGRESS with no job that could still end them (the job is gone or failed for good). */
export async function orphanedRuns(db: DbOrTx, jobKind: string): Promise<{ id: number; marketId: number }[]> {
  return queryRows<{ id: number; marketId: number }>(
    db,
    sql`select r.id, r.market_id as "marketId" from reconciliation_runs r
        where r.status in ('DRAFT', 'IN-PROGRESS')
          and not exists (select 1 from jobs j where j.kind = ${jobKind} and (j.payload->>'runId')::int = r.id and j.status in ('queued', 'running'))`,
  );
}

// ---- rows ------------------------------------------------------------------------------------------------

type ReconOrderDetail = { orderId: number; orderReferenceId: string; caseSize: number; noOfCases: number; status: string };

export type ReconRow = {
  id: number;
  tab: ReconciliationTab;
  status: ReconBatchStatus;
  batchId: number | null;
  batchNumber: string;
  s2sProductName: string | null;
  otcActiveQuantity: number;
  s2sActiveQuantity: number;
  inTransitQuantity: number;
  reasonCode: string | null;
  comments: string | null;
  resolvedAt: Date | string | null;
  orders: ReconOrderDetail[];
};

/** Sort and filter columns in the list's names. */
const ROW_COLUMNS = {
  batch_id: sql`x.batch_number`,
  s2s_product_name: sql`x.s2s_product_name`,
  otc_active_quantity: sql`x.otc_active_quantity`,
  s2s_active_quantity: sql`x.s2s_active_quantity`,
  in_transit_quantity: sql`x.in_transit_quantity`,
  total_quantity: sql`(x.otc_active_quantity + x.in_transit_quantity)`,
  recon_batch_status: sql`x.status`,
} as const;
type ReconRowColumn = keyof typeof ROW_COLUMNS;

export type ReconRowQuery = {
  runId: number;
  tab?: ReconciliationTab;
  search?: string;
  filters: { column: ReconRowColumn; values: string[] }[];
  sort: { column: ReconRowColumn; order: 'asc' | 'desc' }[];
  /** No paging when absent (the export reads every row). */
  page?: { page: number; pageSize: number };
  /** The total when the caller knows it already (the run's tab count, for a page neither searched nor filtered): not counted again. */
  knownTotal?: number;
};

/** The open orders holding each row's batch are read now, not when the comparison ran. */
const ORDERS_OF_ROW = sql`coalesce((select json_agg(json_build_object('orderId', o.id, 'orderReferenceId', o.reference_id, 'caseSize', oi.case_size,
    'noOfCases', oi.no_of_cases, 'status', o.status) order by o.id, oi.id)
  from order_items oi join orders o on o.id = oi.order_id
  where oi.batch_id = x.batch_id and ${orderHoldsStock('o')}), '[]'::json)`;

/**
 * The conditions, the order and the limit of a query of a run's rows (table alias x): `where` is `ofRun` (the run and
 * tab) and `matching` (the search and filters, null when none) together.
 */
function rowQueryParts(query: ReconRowQuery, runId: SQL = sql`${query.runId}`): { where: SQL; ofRun: SQL; matching: SQL | null; order: SQL; limit: SQL } {
  const ofRun: SQL[] = [sql`x.run_id = ${runId}`];
  if (query.tab) ofRun.push(sql`x.tab = ${query.tab}`);
  const matching: SQL[] = [];
  // Planned once for any word (unseenByPlanner): a plan per word cost 0.55 ms of a 2.5 ms page on the large data set,
  // and its guess of 4 matches (487 in fact) joined the open orders by a nested loop.
  if (query.search) matching.push(sql`x.search_text like lower(${unseenByPlanner(withinOneName(query.search))})`);
  for (const filter of query.filters) {
    const column = ROW_COLUMNS[filter.column];
    matching.push(filter.column === 'recon_batch_status' ? sql`${column} = any(${textArray(filter.values)})` : sql`${column}::text ilike ${`%${escapeLike(filter.values[0] ?? '')}%`}`);
  }
  const order = sql.join(
    [...query.sort.map((item) => sql`${ROW_COLUMNS[item.column]} ${sql.raw(item.order === 'desc' ? 'desc nulls last' : 'asc nulls last')}`), sql`x.tab desc, x.batch_number, x.id`],
    sql`, `,
  );
  const limit = query.page ? pageLimit(query.page.page, query.page.pageSize) : sql``;
  const matchingSql = matching.length > 0 ? sql.join(matching, sql` and `) : null;
  return { where: sql.join([...ofRun, ...(matchingSql ? [matchingSql] : [])], sql` and `), ofRun: sql.join(ofRun, sql` and `), matching: matchingSql, order, limit };
}

/**
 * Whether a tab's whole rows in this order are read from an index in that order when walked to a page: by batch, and
 * by S2S product name ascending. (By product name descending PostgreSQL reads and sorts the whole tab instead of
 * its index, which it judges dearer: 70-110 ms against the sort of the matches' 50-90 on the large data set.)
 */
function orderIsIndexed(sort: ReconRowQuery['sort']): boolean {
  if (sort.length === 0) return true;
  if (sort.length > 1) return false;
  const [only] = sort;
  return only!.order === 'asc' && (only!.column === 's2s_product_name' || only!.column === 'batch_id');
}

/** Rows read, at most, to walk to a searched page in the tab's order instead of sorting every match (see walkToPage). */
const WALK_MAX_ROWS = 2_000;
/**
 * Rows a walk reads before it gives up: the matches may lie together rather than spread (the Status Mismatch tab's
 * 'MN-S' batches all come after its 6,030 'MN-B' ones), and a walk past this many costs more than the sort it saves.
 * A page that came up short of its rows is read again by sorting the matches (the service's details).
 */
const WALK_GIVES_UP_AFTER = 4 * WALK_MAX_ROWS;

/**
 * Whether a searched or filtered page is cheaper walked to, in an order an index serves, than found by sorting every
 * match: when the matches are dense enough that the walk reads few rows. A piece of the batch numbers ('mn-', 'b26')
 * matches all 40,883 rows of a tab of the large data set: sorting them took 65-80 ms (the count alone 25), walking to
 * page 1 0.1 ms. For a sparse word (487 matches of 'summit') the sort is the cheaper (1.3 ms against a 13 ms walk).
 * Known only once the matches were counted (knownMatches of the service).
 */
export function walkToPage(query: Pick<ReconRowQuery, 'sort'> & { page: { page: number; pageSize: number } }, matches: number, tabRows: number): boolean {
  if (!orderIsIndexed(query.sort) || matches <= 0) return false;
  const rowsBeforeEnd = query.page.page * query.page.pageSize;
  return (rowsBeforeEnd * tabRows) / matches <= WALK_MAX_ROWS;
}

/** The status labels as the statement writes them (RECON_BATCH_STATUS_LABELS). */
const STATUS_LABEL = sql`case x.status ${sql.join(
  Object.entries(RECON_BATCH_STATUS_LABELS).map(([status, label]) => sql`when ${status} then ${label}`),
  sql` `,
)} end`;

/**
 * A row as the details list sends it (reconBatchRow of reconciliation.service.ts, held equal to this by
 * tests/integration/reconciliation.test.ts), its open orders read now from `h` (ORDERS_OF_PAGE). row_to_json of a
 * subselect rather than json_build_object: the JSON of 100 rows in 0.46 ms instead of 0.66 ms on the large data set,
 * and compact (no ' : ' between key and value), so a page is 10% fewer bytes to send.
 */
const ROW_JSON = sql`row_to_json(j)`;

/** The page's rows (x) with their open orders (h) and their JSON's fields (j, for ROW_JSON). */
const PAGE_FROM = sql`page x left join h on h.batch_id = x.batch_id cross join lateral (select
  x.id as recon_batch_id, x.status as recon_batch_status, ${STATUS_LABEL} as recon_batch_status_label, x.batch_number as batch_id,
  x.s2s_product_name, x.otc_active_quantity, x.s2s_active_quantity, x.in_transit_quantity, x.otc_active_quantity + x.in_transit_quantity as total_quantity,
  coalesce(h.order_ids, '[]'::json) as otc_order_ids, coalesce(h.order_details, '[]'::json) as order_details,
  x.resolved_at is not null as accepted, case when x.reason_code ~ '^-?[0-9]{1,9}$' then x.reason_code::int end as reason_code, x.comments) j`;

/**
 * The CTE `h`: per batch of the page, its open orders, read now. One join of the page's batches with their order
 * lines (each found from the covering index of a batch's lines, each order from the index of open orders), then
 * grouped: a third cheaper than the same aggregate run once per row as a lateral subquery.
 */
const ORDERS_OF_PAGE = sql`h as (
    select l.batch_id,
           json_agg(json_build_object('order_id', l.order_id, 'order_reference_id', l.reference_id, 'case_size', l.case_size, 'no_of_case', l.no_of_cases,
                                      'metadata_label', l.status) order by l.order_id, l.item_id) as order_details,
           json_agg(l.reference_id order by l.order_id) filter (where l.nth = 1) as order_ids
    from (select oi.batch_id, o.id as order_id, o.reference_id, o.status, oi.id as item_id, oi.case_size, oi.no_of_cases,
                 row_number() over (partition by oi.batch_id, o.id order by oi.id) as nth
          from (select distinct batch_id from page) p
          join order_items oi on oi.batch_id = p.batch_id
          join orders o on o.id = oi.order_id
          where ${orderHoldsStock('o')}) l
    group by l.batch_id)`;

type RowsPage = { json: string; rows: number; total: number };
type PageQuery = Omit<ReconRowQuery, 'knownTotal'> & { page: { page: number; pageSize: number } };

/**
 * The CTEs and select list of a page of a run's rows as the JSON array the details list sends, built by the
 * statement (nothing parsed, mapped and encoded again per row), with its count: `knownTotal` when given, else the
 * matches, read once. The run is `runId` (a value, or a subquery of the statement).
 */
function rowsPageParts(query: PageQuery, runId: SQL, knownTotal: SQL | null, walk?: { total: SQL; giveUpAfter: number }): { ctes: SQL; select: SQL } {
  const { where, ofRun, matching, order, limit } = rowQueryParts(query, runId);
  const page = sql`coalesce('[' || string_agg((${ROW_JSON})::text, ',' order by ${order}) || ']', '[]') as json, count(*)::int as rows`;
  if (walk && matching) {
    // The tab's rows in the page's order from its index, the matches kept as they come, until the page is full (or the
    // walk gives up). The inner query is fenced by its limit, so that the matching is not planned into a trigram scan
    // and a sort; the
    // outer one has no ORDER BY of its own, which PostgreSQL met with a sort of every match (it does not see that
    // the inner order by tab, batch and id is its order, the tab being fixed): a scan and a filter keep the order
    // they are fed, and the page's JSON is aggregated in that order explicitly.
    return {
      ctes: sql`page as (select * from (select x.* from reconciliation_rows x where ${ofRun} order by ${order} limit ${sql.raw(String(Math.trunc(walk.giveUpAfter)))}) x
                where ${matching} ${limit})`,
      select: sql`${page}, ${walk.total} as total`,
    };
  }
  return knownTotal
    ? { ctes: sql`page as (select * from reconciliation_rows x where ${where} order by ${order} ${limit})`, select: sql`${page}, ${knownTotal} as total` }
    : {
        ctes: sql`matched as materialized (select * from reconciliation_rows x where ${where}), page as (select * from matched x order by ${order} ${limit})`,
        select: sql`${page}, (select count(*)::int from matched) as total`,
      };
}


/** A page of a run's rows (rowsPageParts), of a run known by its id. */
export async function listRowsJson(db: DbOrTx, query: ReconRowQuery & { page: { page: number; pageSize: number } }): Promise<RowsPage> {
  const parts = rowsPageParts(query, sql`${query.runId}`, query.knownTotal === undefined ? null : sql`${query.knownTotal}::int`);
  const [row] = await queryRows<RowsPage>(db, sql`with ${parts.ctes}, ${ORDERS_OF_PAGE} select ${parts.select} from ${PAGE_FROM}`);
  return row!;
}

/**
 * A run of the market by its reference id (as findRunOfMarket) with a page of one of its tabs (as listRowsJson), in
 * one statement: the details list's one round trip. Neither searched nor filtered, the page's total is the tab's
 * count kept on the run. An unknown run, or another market's, answers no run and an empty page.
 */
export async function runWithRowsPage(
  db: DbOrTx,
  marketId: number,
  referenceId: string,
  query: Omit<PageQuery, 'runId'> & { tab: ReconciliationTab },
  /**
   * The matches of this search and filter counted before, when the run's report stood as it was then (its updated_at,
   * `generation`): the page is walked to (walkToPage), and the total is this one unless the run has changed since,
   * when it is counted again in the same statement.
   */
  known?: { total: number; generation: string; giveUpAfter?: number },
): Promise<{ run: ReconRun | null; page: RowsPage }> {
  const counted = !query.search && query.filters.length === 0;
  const { ofRun, matching } = rowQueryParts({ ...query, runId: 0 }, sql`(select id from run)`);
  const walk =
    known && matching
      ? {
          total: sql`case when (select "updatedAt" from run) = ${known.generation}::timestamptz then ${known.total}::int
                     else (select count(*)::int from reconciliation_rows x where ${ofRun} and ${matching}) end`,
          giveUpAfter: known.giveUpAfter ?? WALK_GIVES_UP_AFTER,
        }
      : undefined;
  const parts = rowsPageParts({ ...query, runId: 0 }, sql`(select id from run)`, counted ? sql`coalesce((select ("tabCounts" ->> ${query.tab})::int from run), 0)` : null, walk);
  const [row] = await queryRows<RowsPage & { run: ReconRun | null }>(
    db,
    sql`with run as materialized (
          select ${RUN_COLUMNS} from reconciliation_runs r join markets m on m.id = r.market_id left join users u on u.id = r.created_by
          where r.market_id = ${marketId} and r.reference_id = ${referenceId.toUpperCase()}),
        ${parts.ctes}, ${ORDERS_OF_PAGE}
        select (select to_json(run) from run) as run, ${parts.select} from ${PAGE_FROM}`,
  );
  const { run, ...page } = row!;
  return { run, page };
}

export async function listRows(db: DbOrTx, query: ReconRowQuery): Promise<{ rows: ReconRow[]; total: number }> {
  const { where, order, limit } = rowQueryParts(query);
  const columns = sql`x.id, x.tab, x.status, x.batch_id as "batchId", x.batch_number as "batchNumber", x.s2s_product_name as "s2sProductName",
                 x.otc_active_quantity as "otcActiveQuantity", x.s2s_active_quantity as "s2sActiveQuantity", x.in_transit_quantity as "inTransitQuantity",
                 x.reason_code as "reasonCode", x.comments, x.resolved_at as "resolvedAt", ${ORDERS_OF_ROW} as orders`;
  if (query.knownTotal !== undefined || !query.page) {
    const rows = await queryRows<ReconRow>(db, sql`select ${columns} from reconciliation_rows x where ${where} order by ${order} ${limit}`);
    return { rows, total: query.knownTotal ?? rows.length };
  }
  // A search or filter reads its matches once, for both the page and the count (the trigram index's matches are
  // each rechecked on their row: twice in two statements); the page's rows carry the count.
  const found = await queryRows<ReconRow & { total: number }>(
    db,
    sql`with matched as materialized (select * from reconciliation_rows x where ${where}),
             page as (select * from matched x order by ${order} ${limit})
        select ${columns}, (select count(*)::int from matched) as total from page x order by ${order}`,
  );
  if (found.length > 0) return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]!.total };
  // A page past the end holds no row to carry the count.
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from reconciliation_rows x where ${where}`);
  return { rows: [], total: count?.total ?? 0 };
}

export type AcceptableRow = { id: number; batchId: number; batchNumber: string; s2sActiveQuantity: number; otcActiveQuantity: number; resolvedAt: Date | string | null };

/** The run's rows of these batch numbers whose status is accept_s2s_inventory, locked so that parallel accepts take turns. */
export async function lockAcceptableRows(tx: DbOrTx, runId: number, batchNumbers: readonly string[]): Promise<AcceptableRow[]> {
  return queryRows<AcceptableRow>(
    tx,
    sql`select id, batch_id as "batchId", batch_number as "batchNumber", s2s_active_quantity as "s2sActiveQuantity",
               otc_active_quantity as "otcActiveQuantity", resolved_at as "resolvedAt"
        from reconciliation_rows
        where run_id = ${runId} and tab = 'inventory_mismatch' and status = 'accept_s2s_inventory' and batch_id is not null
          and batch_number = any(${textArray(batchNumbers)})
        order by id for update`,
  );
}

export async function markAccepted(tx: DbOrTx, rowIds: readonly number[], fields: { reasonCode: number; comments: string | null; userId: string }): Promise<void> {
  if (rowIds.length === 0) return;
  await tx.execute(sql`update reconciliation_rows set reason_code = ${String(fields.reasonCode)}, comments = ${fields.comments}, resolved_by = ${fields.userId}, resolved_at = now()
    where id = any(${intArray(rowIds)})`);
}
