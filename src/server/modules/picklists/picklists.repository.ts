// SQL for picklists: the register page, one picklist with its items, the writes of a pick, and the
// picklists an order's approval creates and its cancellation ends.
import { sql, type SQL } from 'drizzle-orm';
import { OPEN_PICKLIST_STATUSES, PICK_ITEM_STATUS_FALLBACK_LABEL, PICK_ITEM_STATUS_LABELS, type PickItemStatusCode, type PicklistStatus } from '../../../shared/enums';
import type { PICKLIST_REGISTER_SORT_COLUMNS, PickReason, PicklistDetail, PicklistItem, PicklistRow } from '../../../shared/api/picklists';
import { queryRows, type DbOrTx } from '../../db/client';
import type { CheckedListQuery } from '../../lib/list-query';
import { escapeLike, referenceFrom, sqlList } from '../../lib/sql-helpers';

type RegisterColumn = (typeof PICKLIST_REGISTER_SORT_COLUMNS)[number];

/** Register columns read from the picklist, its order and their joins (computed ones are separate). */
const BASE_COLUMNS: Record<Exclude<RegisterColumn, 'total_cases' | 'percentage_completion'>, SQL> = {
  picklist_reference_id: sql`p.reference_id`,
  reference_id: sql`o.reference_id`,
  inventory_location_name: sql`l.display_name`,
  customer_name: sql`c.name`,
  requested_delivery_date: sql`o.requested_delivery_date`,
  pick_status_label: sql`p.status`,
  updated_ts: sql`p.updated_at`,
  created_ts: sql`p.created_at`,
};
const COMPUTED_COLUMNS = { total_cases: sql`t.total_cases`, percentage_completion: sql`t.percentage_completion` } as const;

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

const SELECT_BASE = sql`
  select p.id as picklist_id, p.reference_id as picklist_reference_id, p.order_id, o.reference_id,
         p.location_id as inventory_location_id, l.display_name as inventory_location_name,
         c.name as customer_name, m.name as mso_owner_name, o.requested_delivery_date,
         p.status, p.created_at as created_ts, p.updated_at as updated_ts, p.version,
         cu.name as created_user_name, uu.name as updated_user_name
    from picklists p
    join orders o on o.id = p.order_id
    join customers c on c.id = o.customer_id
    join inventory_locations l on l.id = p.location_id
    left join mso_owners m on m.id = c.mso_owner_id
    left join users cu on cu.id = p.created_by
    left join users uu on uu.id = p.updated_by`;

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
      from picklist_items i where i.picklist_id = b.picklist_id) t on true`;

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

export async function listPicklists(
  db: DbOrTx,
  marketId: number,
  query: CheckedListQuery<RegisterColumn, RegisterColumn>,
): Promise<{ rows: PicklistRow[]; total: number }> {
  const where: SQL[] = [sql`p.market_id = ${marketId}`];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    where.push(sql`(p.reference_id ilike ${pattern} or o.reference_id ilike ${pattern} or c.name ilike ${pattern} or l.display_name ilike ${pattern})`);
  }
  if (query.status) where.push(sql`p.status = ${query.status}`);
  const computedFilters: SQL[] = [];
  for (const filter of query.filters) {
    const computed = filter.column === 'total_cases' || filter.column === 'percentage_completion';
    const column = computed ? COMPUTED_COLUMNS[filter.column as keyof typeof COMPUTED_COLUMNS] : BASE_COLUMNS[filter.column as keyof typeof BASE_COLUMNS];
    const target = computed ? computedFilters : where;
    if (filter.type === 'text') target.push(computed ? sql`${column}::text = ${filter.value.trim()}` : sql`${column}::text ilike ${`%${escapeLike(filter.value)}%`}`);
    if (filter.type === 'select') target.push(sql`${column}::text in (${sql.join(filter.value.map((v) => sql`${v}`), sql`, `)})`);
    if (filter.type === 'dateRange') {
      if (filter.value.from) target.push(sql`${column}::date >= ${filter.value.from}::date`);
      if (filter.value.to) target.push(sql`${column}::date <= ${filter.value.to}::date`);
    }
  }
  const sorts = query.sort.length > 0 ? query.sort : [{ column: 'created_ts' as const, order: 'desc' as const }];
  const needsTotalsFirst = computedFilters.length > 0 || sorts.some((s) => s.column in COMPUTED_COLUMNS);
  const orderBy = sql.join(
    [
      ...sorts.map((s) => {
        const column = s.column in COMPUTED_COLUMNS ? COMPUTED_COLUMNS[s.column as keyof typeof COMPUTED_COLUMNS] : sql.raw(`b.${s.column === 'pick_status_label' ? 'status' : s.column}`);
        return sql`${column} ${sql.raw(s.order === 'asc' ? 'asc nulls last' : 'desc nulls last')}`;
      }),
      sql`b.picklist_id desc`,
    ],
    sql`, `,
  );
  const offset = (query.page - 1) * query.pageSize;
  const base = sql`${SELECT_BASE} where ${sql.join(where, sql` and `)}`;
  // Totals come from the items: for the page only, unless the sort or a filter needs them for every row.
  const statement = needsTotalsFirst
    ? sql`select b.*, t.*, count(*) over ()::int as total from (${base}) b ${TOTALS}
          ${computedFilters.length > 0 ? sql`where ${sql.join(computedFilters, sql` and `)}` : sql``}
          order by ${orderBy} limit ${query.pageSize} offset ${offset}`
    : sql`select b.*, t.* from (select b.*, count(*) over ()::int as total from (${base}) b order by ${orderBy} limit ${query.pageSize} offset ${offset}) b ${TOTALS}
          order by ${orderBy}`;
  const rows = await queryRows<RegisterSqlRow & { percentage_completion: number }>(db, statement);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${base}) b`);
    total = counted?.n ?? 0;
  }
  return { rows: rows.map(toRow), total };
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
    sql`select b.*, t.*, 1 as total from (${SELECT_BASE} where p.market_id = ${marketId} and p.id = ${picklistId}) b ${TOTALS}`,
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
