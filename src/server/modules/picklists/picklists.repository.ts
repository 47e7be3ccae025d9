// SQL for picklists: the register page, one picklist with its items, the writes of a pick, and the
// picklists an order's approval creates and its cancellation ends.
import { sql, type SQL } from 'drizzle-orm';
import { OPEN_PICKLIST_STATUSES, PICK_ITEM_STATUS_FALLBACK_LABEL, PICK_ITEM_STATUS_LABELS, type PickItemStatusCode, type PicklistStatus } from '../../../shared/enums';
import type { PICKLIST_REGISTER_SORT_COLUMNS, PickReason, PicklistDetail, PicklistItem, PicklistRow } from '../../../shared/api/picklists';
import { queryRows, type DbOrTx } from '../../db/client';
import { fromWeek, WEEK_SEEK_MIN_OFFSET, weekStart } from '../../db/created-weeks';
import { foldWhenSpread, keptRows, keptTotal, readKeptTotal } from '../../db/kept-counts';
import { PICKLIST_NAMES_TEXT, PICKLIST_ODD_REFERENCES, PICKLIST_REFERENCES_TEXT } from '../../db/schema';
import { containsPattern, inReferences, walksForSearch } from '../../db/search-totals';
import type { CheckedListQuery } from '../../lib/list-query';
import { FROM_END_MIN_OFFSET, pageWindow } from '../../lib/page-window';
import { escapeLike, isoInstant, pageLimit, referenceFrom, sqlList } from '../../lib/sql-helpers';

type RegisterColumn = (typeof PICKLIST_REGISTER_SORT_COLUMNS)[number];

/**
 * What the register sorts and filters each column by: a column of the picklist itself. The keys that live on its
 * order, dispensary, warehouse and items are kept on the picklist by triggers (migration 0025), each with an index
 * `(market_id, key desc nulls last, id desc)`, so a sort reads one index and stops at the page.
 */
const REGISTER_KEYS: Record<RegisterColumn, SQL> = {
  picklist_reference_id: sql`p.reference_id`,
  reference_id: sql`p.order_reference`,
  inventory_location_name: sql`p.location_name`,
  customer_name: sql`p.customer_name`,
  total_cases: sql`p.total_cases`,
  percentage_completion: sql`p.percentage_completion`,
  requested_delivery_date: sql`p.requested_delivery_date`,
  pick_status_label: sql`p.status`,
  updated_ts: sql`p.updated_at`,
  created_ts: sql`p.created_at`,
};

/** Numbers: a text filter on them asks for that number, not for numbers whose digits contain it. */
const NUMBER_COLUMNS: ReadonlySet<RegisterColumn> = new Set(['total_cases', 'percentage_completion']);

/**
 * Keys with an index of their own for the ascending sort `(market_id, key asc nulls last, id desc)`: the delivery date,
 * which may be empty (empty dates sort last both ways, the spec's 'nulls last'), and the keys with few values, whose
 * ties (thousands of picklists) the descending index read backwards would list oldest first. Every other key is NOT
 * NULL and its descending index read backwards serves the ascending sort as `asc nulls first`, which lists the same
 * rows as `asc nulls last` when there are no nulls.
 */
const ASC_INDEXED_KEYS: ReadonlySet<RegisterColumn> = new Set(['requested_delivery_date', 'inventory_location_name', 'pick_status_label', 'total_cases', 'percentage_completion']);

const STATUS_CODES: Record<string, string> = { Pending: 'PENDING', 'In Progress': 'IN_PROGRESS', Picked: 'PICKED', Cancelled: 'CANCELLED' };

type RegisterSqlRow = {
  picklist_id: number;
  picklist_reference_id: string;
  order_id: number;
  reference_id: string;
  inventory_location_id: number;
  inventory_location_name: string;
  customer_name: string;
  mso_owner_name: string | null;
  total_cases: number | null;
  picked_cases: number | null;
  requested_delivery_date: string | null;
  status: PicklistStatus;
  created_ts: string;
  updated_ts: string;
  created_user_name: string | null;
  updated_user_name: string | null;
  version: number;
  total: number;
};

/** Everything a register row shows, for picklists `p` already chosen. */
const WIDE_COLUMNS = sql`
  p.id as picklist_id, p.reference_id as picklist_reference_id, p.order_id, o.reference_id,
  p.location_id as inventory_location_id, l.display_name as inventory_location_name,
  c.name as customer_name, m.name as mso_owner_name, o.requested_delivery_date,
  p.status, p.created_at as created_ts, p.updated_at as updated_ts, p.version,
  cu.name as created_user_name, uu.name as updated_user_name`;
const WIDE_JOINS = sql`
  join orders o on o.id = p.order_id
  join customers c on c.id = o.customer_id
  join inventory_locations l on l.id = p.location_id
  left join mso_owners m on m.id = c.mso_owner_id
  left join users cu on cu.id = p.created_by
  left join users uu on uu.id = p.updated_by`;

/**
 * A register row as the API answers it (picklistRowSchema's fields, as toRow makes them), for picklists `p` already
 * chosen, joined as WIDE_JOINS and TOTALS join them: built by the database, so that a page is one text value instead of
 * a hundred rows parsed into objects, mapped and checked against the schema again on their way out.
 */
const ROW_JSON = sql`json_build_object(
  'picklist_id', p.id, 'picklist_reference_id', p.reference_id, 'order_id', p.order_id, 'reference_id', o.reference_id,
  'inventory_location_id', p.location_id, 'inventory_location_name', l.display_name,
  'customer_name', c.name, 'mso_owner_name', m.name,
  'total_cases', t.total_cases, 'picked_cases', t.picked_cases, 'percentage_completion', t.percentage_completion,
  'requested_delivery_date', to_char(o.requested_delivery_date, 'YYYY-MM-DD'),
  'pick_status', upper(replace(p.status, ' ', '_')), 'pick_status_label', p.status,
  'created_ts', ${isoInstant(sql`p.created_at`)}, 'updated_ts', ${isoInstant(sql`p.updated_at`)},
  'created_user_name', cu.name, 'updated_user_name', uu.name, 'version', p.version)`;

/**
 * Percent complete counts the items picked: an item counts once it has a pick status and at least one case
 * was picked. An item picked 0 (not found, damaged) is done with but not picked. The client's 'Picked X of
 * Y items' counts the same way (shared/api/picklist-protocol.ts, itemCountsAsPicked).
 */
const TOTALS = sql`
  left join lateral (
    select coalesce(sum(i.no_of_case_ordered), 0)::int as total_cases,
           coalesce(sum(i.no_of_case_picked), 0)::int as picked_cases,
           case when count(*) = 0 then 0
                else round(100.0 * count(*) filter (where i.pick_status is not null and i.no_of_case_picked > 0) / count(*))::int end as percentage_completion
      from picklist_items i where i.picklist_id = p.id) t on true`;

function toRow(row: RegisterSqlRow & { percentage_completion?: number }): PicklistRow {
  const total = row.total_cases ?? 0;
  const picked = row.picked_cases ?? 0;
  return {
    picklist_id: row.picklist_id,
    picklist_reference_id: row.picklist_reference_id,
    order_id: row.order_id,
    reference_id: row.reference_id,
    inventory_location_id: row.inventory_location_id,
    inventory_location_name: row.inventory_location_name,
    customer_name: row.customer_name,
    mso_owner_name: row.mso_owner_name,
    total_cases: total,
    picked_cases: picked,
    percentage_completion: row.percentage_completion ?? 0,
    requested_delivery_date: row.requested_delivery_date,
    pick_status: STATUS_CODES[row.status] ?? row.status,
    pick_status_label: row.status,
    created_ts: new Date(row.created_ts).toISOString(),
    updated_ts: new Date(row.updated_ts).toISOString(),
    created_user_name: row.created_user_name,
    updated_user_name: row.updated_user_name,
    version: row.version,
  };
}

type RegisterFilters = { where: SQL[] };

/** Columns that hold an instant: a day filter on them means the market's day, as the screen shows it. */
const INSTANT_COLUMNS: ReadonlySet<RegisterColumn> = new Set(['updated_ts', 'created_ts']);

/** `matches`: the search's number of matches when known, which decides how its page is read (walksForSearch). */
function registerFilters(marketId: number, query: CheckedListQuery<RegisterColumn, RegisterColumn>, timeZone: string, matches?: number): RegisterFilters {
  const filters: RegisterFilters = { where: [sql`p.market_id = ${marketId}`] };
  // The search: the picklist's reference, its order's, or its dispensary's or warehouse's name contains the text, found
  // through the trigram index of the search text (migration 0026), or by walking the sort's index. lower(x) like
  // lower(pattern) is how ilike compares in a UTF-8 database.
  if (query.search) {
    filters.where.push(walksForSearch(query.search, matches) ? sql`strpos(p.search_text, lower(${query.search})) > 0` : sql`p.search_text like ${containsPattern(query.search)}`);
  }
  if (query.status) filters.where.push(sql`p.status = ${query.status}`);
  const target = filters.where;
  for (const filter of query.filters) {
    const column = REGISTER_KEYS[filter.column];
    if (filter.type === 'text') target.push(NUMBER_COLUMNS.has(filter.column) ? sql`${column}::text = ${filter.value.trim()}` : sql`${column}::text ilike ${`%${escapeLike(filter.value)}%`}`);
    if (filter.type === 'select') target.push(sql`${column}::text in (${sql.join(filter.value.map((v) => sql`${v}`), sql`, `)})`);
    if (filter.type === 'dateRange' && INSTANT_COLUMNS.has(filter.column)) {
      // From the market's midnight to its next, as an index range: a picklist made at 7:48 PM in Minnesota
      // on 11/23 is on 11/24 in UTC, and the screen says 11/23.
      if (filter.value.from) target.push(sql`${column} >= (${filter.value.from}::date)::timestamp at time zone ${timeZone}`);
      if (filter.value.to) target.push(sql`${column} < (${filter.value.to}::date + 1)::timestamp at time zone ${timeZone}`);
    } else if (filter.type === 'dateRange') {
      if (filter.value.from) target.push(sql`${column}::date >= ${filter.value.from}::date`);
      if (filter.value.to) target.push(sql`${column}::date <= ${filter.value.to}::date`);
    }
  }
  return filters;
}

type RegisterOrder = { orderBy: SQL; reversed: SQL };

/** Each direction read the other way, empty values included: the same index serves it, scanned backwards. */
const REVERSED: Record<string, string> = {
  'asc nulls first': 'desc nulls last',
  'asc nulls last': 'desc nulls first',
  'desc nulls last': 'asc nulls first',
  'desc nulls first': 'asc nulls last',
};

/** The requested sort (newest first by default), ties broken by the newest picklist id, and its reverse. */
function registerOrder(query: CheckedListQuery<RegisterColumn, RegisterColumn>): RegisterOrder {
  const sorts = query.sort.length > 0 ? query.sort : [{ column: 'created_ts' as const, order: 'desc' as const }];
  const keys = sorts.map((sort) => {
    const direction = sort.order === 'asc' ? (ASC_INDEXED_KEYS.has(sort.column) ? 'asc nulls last' : 'asc nulls first') : 'desc nulls last';
    return { column: REGISTER_KEYS[sort.column], direction };
  });
  const orderBy = (reversed: boolean) =>
    // The id as the indexes hold it (desc, whose nulls come first by default), so that they serve the order both ways.
    sql.join([...keys, { column: sql`p.id`, direction: 'desc nulls first' }].map(({ column, direction }) => sql`${column} ${sql.raw(reversed ? REVERSED[direction]! : direction)}`), sql`, `);
  return { orderBy: orderBy(false), reversed: orderBy(true) };
}

/**
 * A register page. The page's picklist ids come first, from `picklists` alone: every sort, filter and the search read
 * the picklist's own columns (the keys kept from its order, dispensary, warehouse and items, migrations 0025 and
 * 0026), so a sort is an index scan in its order that stops at the page. The wide columns and item totals shown are
 * then joined for those ids only, and the page is answered as the JSON array the API sends (ROW_JSON), in its order.
 *
 * The total is counted only when the page is full: a page with fewer rows ends the list, so the total is its offset
 * plus its rows. Both come from one statement, so they agree with each other. Narrowed by status alone, the total is
 * the one the writes keep per market and status (db/kept-counts.ts), not a count; a deep page of such a list is read
 * after its total, by a second statement (from the end, or from its week), as a page read a moment later would be.
 */
export async function listPicklists(
  db: DbOrTx,
  marketId: number,
  query: CheckedListQuery<RegisterColumn, RegisterColumn>,
  timeZone: string,
  { fromEndMinOffset = FROM_END_MIN_OFFSET, weekSeekMinOffset = WEEK_SEEK_MIN_OFFSET }: { fromEndMinOffset?: number; weekSeekMinOffset?: number } = {},
): Promise<{ json: string; rows: number; total: number }> {
  const offset = (query.page - 1) * query.pageSize;
  // Narrowed by status alone, the total is the one the writes keep (db/kept-counts.ts): no count of the market's picklists.
  const kept = !query.search && query.filters.length === 0;
  // A deep page of such a list sorted by creation is read from the week its first row falls in (db/created-weeks.ts).
  const byCreation = query.sort.length === 0 ? 'desc' : query.sort.length === 1 && query.sort[0]!.column === 'created_ts' ? query.sort[0]!.order : null;
  const keptTotalRead = () => readKeptTotal(db, 'picklist_status_counts', marketId, query.status ? [query.status] : undefined);
  let keptKnown: number | undefined;
  if (kept && byCreation !== null && offset > 0 && offset >= weekSeekMinOffset) {
    keptKnown = await keptTotalRead();
    // Near the end the page is read from the end (below), which skips fewer rows than its week holds.
    if (keptKnown - offset - query.pageSize >= weekSeekMinOffset) return listFromWeek(db, marketId, query, timeZone, byCreation, keptKnown);
  }
  // A search (with a status or none) is totalled first from the names the writes keep (countRegisterSearch): its
  // number of matches decides how its page is read, and a page in its second half is read from the end.
  const searched = query.search && query.filters.length === 0 && !query.search.includes('\x1f') ? query.search : null;
  // A deep page of a list whose total is kept is read from the end when it lies in the second half (pageWindow): the
  // last page costs what the first does. The total is read first, from the kept totals.
  const known =
    searched !== null
      ? await countRegisterSearch(db, marketId, query.status, searched)
      : kept && offset >= fromEndMinOffset
        ? (keptKnown ?? (await keptTotalRead()))
        : undefined;
  const filters = registerFilters(marketId, query, timeZone, known);
  const order = registerOrder(query);
  const where = sql.join(filters.where, sql` and `);
  const count = kept
    ? sql`select ${keptTotal('picklist_status_counts', marketId, query.status ? [query.status] : undefined)}`
    : sql`select count(*) from picklists p where ${where}`;
  // Only a deep page is read from the end: a shallow one read forwards never depends on the total being current.
  const window = pageWindow(query.page, query.pageSize, offset >= fromEndMinOffset ? known : undefined);
  const pageIds = sql`
    select p.id from picklists p
     where ${where} order by ${window.fromEnd ? order.reversed : order.orderBy}
     ${window.fromEnd ? sql`limit ${window.limit} offset ${window.offset}` : pageLimit(query.page, query.pageSize)}`;
  // The count subquery runs only when the case reaches it (PostgreSQL evaluates an init plan on first use).
  const [page] = await queryRows<{ json: string; rows: number; total: number; kept_rows?: number }>(
    db,
    sql`
      with page as (${pageIds})
      select coalesce(json_agg(${ROW_JSON} order by ${order.orderBy}), '[]')::text as json, count(*)::int as rows,
             ${known === undefined ? sql`(case when (select count(*) from page) < ${query.pageSize} then ${offset} + (select count(*) from page) else (${count}) end)::int` : sql`${known}::int`} as total
             ${kept ? sql`, ${keptRows('picklist_status_counts', marketId)}::int as kept_rows` : sql``}
        from page join picklists p on p.id = page.id ${WIDE_JOINS} ${TOTALS}`,
  );
  if (kept) foldWhenSpread(db, 'picklist_status_counts', marketId, page?.kept_rows ?? 0);
  let total = known ?? page?.total ?? 0;
  if (known === undefined && !page?.rows && query.page > 1) {
    const [counted] = await queryRows<{ n: number }>(db, sql`select (${count})::int as n`);
    total = counted?.n ?? 0;
  }
  return { json: page?.json ?? '[]', rows: page?.rows ?? 0, total };
}

/** A deep register page sorted by creation, narrowed by status alone, read from the week its first row falls in. */
async function listFromWeek(
  db: DbOrTx,
  marketId: number,
  query: CheckedListQuery<RegisterColumn, RegisterColumn>,
  timeZone: string,
  byCreation: 'asc' | 'desc',
  total: number,
): Promise<{ json: string; rows: number; total: number }> {
  const offset = (query.page - 1) * query.pageSize;
  const where = sql.join(registerFilters(marketId, query, timeZone).where, sql` and `);
  const order = registerOrder(query);
  const [page] = await queryRows<{ json: string; rows: number; week_rows: number }>(
    db,
    sql`
      with start as materialized (${weekStart('picklist_week_counts', marketId, query.status ? [query.status] : undefined, byCreation, offset)}),
           page as (select p.id from picklists p where ${where} and ${fromWeek(sql`p.created_at`, byCreation, sql`start`)}
                    order by ${order.orderBy} limit ${sql.raw(String(Math.trunc(query.pageSize)))} offset (select skip from start))
      select coalesce(json_agg(${ROW_JSON} order by ${order.orderBy}), '[]')::text as json, count(*)::int as rows,
             ${keptRows('picklist_week_counts', marketId)}::int as week_rows
        from page join picklists p on p.id = page.id ${WIDE_JOINS} ${TOTALS}`,
  );
  foldWhenSpread(db, 'picklist_week_counts', marketId, page?.week_rows ?? 0);
  return { json: page?.json ?? '[]', rows: page?.rows ?? 0, total };
}

/**
 * A register search's total from the kept counts per status and names (migration 0030): the picklists whose dispensary
 * or warehouse name holds it, summed over the market's few hundred names, and those whose reference or order reference
 * alone holds it (db/search-totals.ts). The search text separates its four parts with a unit separator, so a search
 * without one matches a picklist exactly when one of the four holds it.
 */
async function countRegisterSearch(db: DbOrTx, marketId: number, status: string | undefined, search: string): Promise<number> {
  const inStatus = status ? sql` and status = ${status}` : sql``;
  const pattern = containsPattern(search);
  const [row] = await queryRows<{ n: number; rows: number }>(
    db,
    sql`select (select coalesce(sum(n), 0) from picklist_search_counts where market_id = ${marketId}${inStatus} and names like ${pattern})::int
             + (select count(*) from picklists where market_id = ${marketId}${inStatus}
                   and ${inReferences(PICKLIST_REFERENCES_TEXT, sql`(${PICKLIST_ODD_REFERENCES} and ${PICKLIST_REFERENCES_TEXT} like ${pattern})`, search)}
                   and not ${PICKLIST_NAMES_TEXT} like ${pattern})::int as n,
           ${keptRows('picklist_search_counts', marketId)}::int as rows`,
  );
  foldWhenSpread(db, 'picklist_search_counts', marketId, row?.rows ?? 0);
  return row?.n ?? 0;
}

type ItemSqlRow = {
  picklist_item_id: number;
  order_item_id: number;
  product_name: string;
  batch_number: string;
  category_name: string;
  pick_status: PickItemStatusCode | null;
  no_of_case_ordered: number;
  no_of_case_picked: number | null;
  case_size: number;
  expiry_date: string | null;
  reason_id: number | null;
  reason_code: string | null;
  reason_label: string | null;
  tag_numbers: string[] | null;
  changed_in_version: number;
};

/** One picklist of the market, with totals; lockForUpdate holds it for the rest of the transaction. */
export async function findPicklist(db: DbOrTx, marketId: number, picklistId: number, lockForUpdate = false): Promise<PicklistRow | undefined> {
  if (lockForUpdate) await db.execute(sql`select id from picklists where id = ${picklistId} and market_id = ${marketId} for update`);
  const [row] = await queryRows<RegisterSqlRow & { percentage_completion: number }>(
    db,
    sql`select ${WIDE_COLUMNS}, t.*, 1 as total from picklists p ${WIDE_JOINS} ${TOTALS} where p.market_id = ${marketId} and p.id = ${picklistId}`,
  );
  return row ? toRow(row) : undefined;
}

export async function listPicklistItems(db: DbOrTx, picklistId: number): Promise<(ItemSqlRow & { batch_id: number })[]> {
  return queryRows<ItemSqlRow & { batch_id: number }>(
    db,
    sql`
      select i.id as picklist_item_id, i.order_item_id, pr.name as product_name, b.batch_number, b.id as batch_id,
             cat.name as category_name, i.pick_status, i.no_of_case_ordered, i.no_of_case_picked, oi.case_size,
             b.expiry_date, i.reason_id, r.code as reason_code, r.label as reason_label, i.changed_in_version,
             (select array_agg(t.tag_number order by t.tag_number) from batch_tags t where t.batch_id = b.id) as tag_numbers
        from picklist_items i
        join order_items oi on oi.id = i.order_item_id
        join batches b on b.id = oi.batch_id
        join products pr on pr.id = oi.product_id
        join categories cat on cat.id = pr.category_id
        left join pick_reasons r on r.id = i.reason_id
       where i.picklist_id = ${picklistId}
       order by pr.name, b.batch_number, i.id`,
  );
}

async function listPickReasons(db: DbOrTx): Promise<PickReason[]> {
  return queryRows<PickReason>(db, sql`select id as order_metadata_id, code as metadata_code, label as metadata_label from pick_reasons order by id`);
}

function toItem(row: ItemSqlRow): PicklistItem {
  return {
    picklist_item_id: row.picklist_item_id,
    order_item_id: row.order_item_id,
    product_name: row.product_name,
    batch_id: row.batch_number,
    category_name: row.category_name,
    pick_status: row.pick_status,
    pick_status_code: row.pick_status,
    pick_status_label: row.pick_status === null ? PICK_ITEM_STATUS_FALLBACK_LABEL : PICK_ITEM_STATUS_LABELS[row.pick_status],
    no_of_case_ordered: row.no_of_case_ordered,
    no_of_case_picked: row.no_of_case_picked,
    case_size: row.case_size,
    expiry_date: row.expiry_date,
    reason_id: row.reason_id,
    reason_code: row.reason_code,
    reason_label: row.reason_label,
    tag_numbers: row.tag_numbers ?? [],
    changed_in_version: row.changed_in_version,
  };
}

export async function loadPicklistDetail(db: DbOrTx, marketId: number, picklistId: number, lockForUpdate = false): Promise<PicklistDetail | undefined> {
  const picklist = await findPicklist(db, marketId, picklistId, lockForUpdate);
  if (!picklist) return undefined;
  const [items, reasons] = [await listPicklistItems(db, picklistId), await listPickReasons(db)];
  return { ...picklist, items: items.map(toItem), reasons };
}

export type PickWrite = { picklistItemId: number; picked: number; status: PickItemStatusCode; reasonId: number | null };

export async function writePicks(db: DbOrTx, picklistId: number, version: number, userId: string, picks: PickWrite[]): Promise<void> {
  for (const pick of picks) {
    await db.execute(sql`
      update picklist_items
         set no_of_case_picked = ${pick.picked}, pick_status = ${pick.status}, reason_id = ${pick.reasonId},
             changed_in_version = ${version}, updated_by = ${userId}, updated_at = now()
       where id = ${pick.picklistItemId} and picklist_id = ${picklistId}`);
  }
}

export async function updatePicklistStatus(db: DbOrTx, picklistId: number, status: PicklistStatus, version: number, userId: string): Promise<void> {
  await db.execute(sql`update picklists set status = ${status}, version = ${version}, updated_by = ${userId}, updated_at = now() where id = ${picklistId}`);
}

/** The statuses of every picklist of an order, to derive the order's own. */
export async function picklistStatusesOfOrder(db: DbOrTx, orderId: number): Promise<PicklistStatus[]> {
  const rows = await queryRows<{ status: PicklistStatus }>(db, sql`select status from picklists where order_id = ${orderId}`);
  return rows.map((row) => row.status);
}

/**
 * Which of the given items someone other than the user changed after the version: an edit made on that
 * version did not know of those changes. The user's own later changes were made on top of it.
 */
export async function itemsChangedByOthersSince(db: DbOrTx, picklistId: number, itemIds: readonly number[], version: number, userId: string): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from picklist_items
         where picklist_id = ${picklistId} and id in (${sql.join(itemIds.map((id) => sql`${id}`), sql`, `)})
           and changed_in_version > ${version} and updated_by is distinct from ${userId}`,
  );
  return new Set(rows.map((row) => row.id));
}

export async function reasonExists(db: DbOrTx, reasonId: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pick_reasons where id = ${reasonId}`);
  return (row?.n ?? 0) > 0;
}

// ---- an order's picklists ---------------------------------------------------------------------------

/** One Pending picklist per warehouse of the order's batches, each with an item per order line there. */
export async function createPicklistsForOrder(db: DbOrTx, order: { id: number; marketId: number; marketCode: string }, userId: string | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      with locations as (
        select distinct b.location_id from order_items i join batches b on b.id = i.batch_id where i.order_id = ${order.id}
      ), numbered as (
        select nextval(pg_get_serial_sequence('picklists', 'id'))::int as n, location_id from locations
      ), lists as (
        insert into picklists (id, market_id, reference_id, order_id, location_id, status, version, created_by, updated_by)
        select n, ${order.marketId}, ${referenceFrom(`PL-${order.marketCode}-`, sql`n`)}, ${order.id}, location_id, 'Pending', 1, ${userId}::uuid, ${userId}::uuid
        from numbered
        returning id, location_id
      ), items as (
        insert into picklist_items (picklist_id, order_item_id, no_of_case_ordered)
        select lists.id, i.id, i.no_of_cases
        from order_items i join batches b on b.id = i.batch_id join lists on lists.location_id = b.location_id
        where i.order_id = ${order.id}
      )
      select id from lists`,
  );
  return rows.length;
}

/**
 * Locks the order's picklists, in id order, before the order itself: picking locks a picklist and then
 * its order, so a cancel taking the order first could deadlock with a picker's save.
 */
export async function lockPicklistsOfOrder(db: DbOrTx, marketId: number, orderId: number): Promise<void> {
  await db.execute(sql`select id from picklists where order_id = ${orderId} and market_id = ${marketId} order by id for update`);
}

/** Cancels the order's picklists that are still being worked; a picker's stale save then fails its version check. */
export async function cancelOpenPicklists(db: DbOrTx, orderId: number, userId: string | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update picklists set status = 'Cancelled', version = version + 1, updated_by = ${userId}::uuid, updated_at = now()
        where order_id = ${orderId} and status in ${sqlList(OPEN_PICKLIST_STATUSES)}
        returning id`,
  );
  return rows.length;
}
