// SQL of standard case sizes: a page of a market's active ERP products with their names and five slots,
// a product locked with its slots, what uses its sizes, and the writes of its slots.
import { sql, type SQL } from 'drizzle-orm';
import type { CaseSizeSlot, CaseSizeSortColumn } from '../../../shared/api/case-sizes';
import { queryRows, type DbOrTx } from '../../db/client';
import { orderHoldsStock } from '../../db/schema';
import { escapeLike, intArray, pageLimit, sqlList, withinOneName } from '../../lib/sql-helpers';
import { slotsOf, type SizeUse, type SlotChange, type Slots } from './case-size-slots';

type TextColumn = 'productName' | 's2sItemName' | 'categoryName' | 'subcategoryName' | 'brandName';
export type CaseSizeListFilter =
  | { column: TextColumn; kind: 'contains'; value: string }
  | { column: TextColumn; kind: 'oneOf'; values: string[] }
  | { column: CaseSizeSlot; kind: 'size'; values: number[] };

export type CaseSizeListQuery = {
  marketId: number;
  search?: string;
  filters: CaseSizeListFilter[];
  sort: { column: CaseSizeSortColumn; order: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
};

/** The names the screen shows beside the ERP name: the product's S2S names and aliases. */
const LISTED_NAME = sql`n.name_type in ('s2s', 'alias')`;
/** A slot's size, as kept on the product (case_size_slots, migration 0018). */
const slotSize = (slot: CaseSizeSlot) => sql.raw(`p.case_size_slots[${slot}]`);
/** The first S2S name by id: the one the row shows as its S2S name. */
const FIRST_S2S_NAME = sql`(select n.name from product_names n where n.product_id = p.id and n.name_type = 's2s' order by n.id limit 1)`;

const TEXT_COLUMNS: Record<Exclude<TextColumn, 's2sItemName'>, SQL> = {
  productName: sql`p.name`,
  categoryName: sql`c.name`,
  subcategoryName: sql`sc.name`,
  brandName: sql`b.name`,
};


const SORT_COLUMNS: Record<CaseSizeSortColumn, SQL> = {
  ...TEXT_COLUMNS,
  s2sItemName: FIRST_S2S_NAME,
  case_sizes_1: slotSize(1),
  case_sizes_2: slotSize(2),
  case_sizes_3: slotSize(3),
  case_sizes_4: slotSize(4),
  case_sizes_5: slotSize(5),
};

const contains = (value: string) => `%${escapeLike(value)}%`;
const anyListedName = (condition: SQL) => sql`exists (select 1 from product_names n where n.product_id = p.id and ${LISTED_NAME} and ${condition})`;

function filterCondition(filter: CaseSizeListFilter): SQL {
  if (filter.kind === 'size') return sql`${slotSize(filter.column)} in ${sqlList(filter.values)}`;
  if (filter.column === 's2sItemName') {
    return anyListedName(filter.kind === 'contains' ? sql`lower(n.name) like lower(${contains(filter.value)})` : sql`n.name in ${sqlList(filter.values)}`);
  }
  const column = TEXT_COLUMNS[filter.column];
  return filter.kind === 'contains' ? sql`lower(${column}) like lower(${contains(filter.value)})` : sql`${column} in ${sqlList(filter.values)}`;
}

function listConditions(query: CaseSizeListQuery): SQL {
  const conditions: SQL[] = [sql`p.market_id = ${query.marketId}`, sql`p.is_active`];
  if (query.search) {
    // The product's names and taxonomy, kept lower-cased in one text with a trigram index (migration 0016).
    conditions.push(sql`p.case_size_search like lower(${withinOneName(query.search)})`);
  }
  for (const filter of query.filters) conditions.push(filterCondition(filter));
  return sql.join(conditions, sql` and `);
}

/** The matched products with their taxonomy, which a sort or filter may read (left joins: the planner leaves out those nothing reads). */
function fromProducts(): SQL {
  return sql`from products p
    left join categories c on c.id = p.category_id
    left join subcategories sc on sc.id = p.subcategory_id
    left join brands b on b.id = p.brand_id`;
}

/**
 * A page as the JSON array the API answers (caseSizeRowSchema's fields): the page's product ids first, in the sort's
 * order (the ERP name's index serves the default order, stopping after the page), then the rows kept on those
 * products, joined. With withTotal the matching products are counted in the same pass (a search's matches are few
 * and found by the trigram index).
 */
export async function listCaseSizesJson(db: DbOrTx, query: CaseSizeListQuery, withTotal: boolean): Promise<{ json: string; rows: number; total: number | null }> {
  const sort = query.sort.length > 0 ? query.sort : [{ column: 'productName' as const, order: 'asc' as const }];
  const keys = sort.map(({ column }, index) => sql`${SORT_COLUMNS[column]} as ${sql.raw(`k${index}`)}`);
  const keyOrder = (table: string) =>
    sql.join([...sort.map(({ order }, index) => sql`${sql.raw(`${table}.k${index}`)} ${sql.raw(order)} nulls last`), sql.raw(`${table}.id`)], sql`, `);
  const [row] = await queryRows<{ json: string; rows: number; total: number | null }>(
    db,
    sql`
      with matched as ${withTotal ? sql`materialized` : sql`not materialized`} (
        select p.id, ${sql.join(keys, sql`, `)} ${fromProducts()} where ${listConditions(query)}
      ), page as (
        select * from matched m order by ${keyOrder('m')} ${pageLimit(query.page, query.pageSize)}
      )
      -- Each product's row is kept on it (case_size_row, migration 0016): the page is those texts joined.
      select coalesce('[' || string_agg(coalesce(p.case_size_row, product_case_size_row(p)), ',' order by ${keyOrder('page')}) || ']', '[]') as json,
             count(*)::int as rows,
             ${withTotal ? sql`(select count(*)::int from matched)` : sql`null::int`} as total
      from page join products p on p.id = page.id`,
  );
  return row!;
}

export async function countCaseSizeProducts(db: DbOrTx, query: CaseSizeListQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${fromProducts()} where ${listConditions(query)}`);
  return row?.n ?? 0;
}

// ---- the save ----------------------------------------------------------------------------------------------

export type ProductSlots = { id: number; name: string; slots: Slots };

type SlotRow = { caseIndex: number; caseSize: number };
const SLOT_ROWS = sql`coalesce((select json_agg(json_build_object('caseIndex', s.case_index, 'caseSize', s.case_size))
  from product_case_sizes s where s.product_id = p.id), '[]'::json)`;

function toProductSlots(row: { id: number; name: string; slots: SlotRow[] | string }): ProductSlots {
  const rows = typeof row.slots === 'string' ? (JSON.parse(row.slots) as SlotRow[]) : row.slots;
  return { id: row.id, name: row.name, slots: slotsOf(rows) };
}

/** The active products of the market among these ids, with their slots; another market's ids are simply not found. */
export async function activeProductsWithSlots(db: DbOrTx, marketId: number, productIds: readonly number[]): Promise<Map<number, ProductSlots>> {
  const rows = await queryRows<{ id: number; name: string; slots: SlotRow[] | string }>(
    db,
    sql`select p.id, p.name, ${SLOT_ROWS} as slots from products p where p.market_id = ${marketId} and p.is_active and p.id = any(${intArray(productIds)})`,
  );
  return new Map(rows.map((row) => [row.id, toProductSlots(row)]));
}

/**
 * Locks the product's row for the rest of the transaction and reads its slots: two saves of one product take
 * turns, and the second reads what the first wrote. Null when it is no longer an active product of the market.
 */
export async function lockProductSlots(tx: DbOrTx, marketId: number, productId: number): Promise<ProductSlots | null> {
  const [locked] = await queryRows<{ id: number }>(tx, sql`select p.id from products p where p.id = ${productId} and p.market_id = ${marketId} and p.is_active for update`);
  if (!locked) return null;
  // A statement of its own: one that waited for the lock still reads the rest with the snapshot it started
  // with, so slots read beside the lock would be those from before the save that held it.
  return (await activeProductsWithSlots(tx, marketId, [productId])).get(productId) ?? null;
}

/**
 * Which of these sizes the product's stock or open orders use: batches of the product with that case size and
 * units on hand or reserved, and items of stock-holding orders packed in that size on a batch of the product.
 * For each used size, the first batch and order (by number) as examples, with how many there are.
 */
export async function sizeUses(db: DbOrTx, marketId: number, productId: number, sizes: readonly number[]): Promise<Map<number, SizeUse>> {
  if (sizes.length === 0) return new Map();
  const rows = await queryRows<{ size: number; kind: 'batch' | 'order'; example: string; count: number }>(
    db,
    sql`
      select b.case_size as size, 'batch' as kind, min(b.batch_number) as example, count(*)::int as count
        from batches b
       where b.market_id = ${marketId} and b.product_id = ${productId} and b.case_size = any(${intArray(sizes)})
         and (b.active_units > 0 or b.reserved_units > 0)
       group by b.case_size
      union all
      select oi.case_size as size, 'order' as kind, min(o.reference_id) as example, count(distinct o.id)::int as count
        from batches b
        join order_items oi on oi.batch_id = b.id
        join orders o on o.id = oi.order_id
       where b.market_id = ${marketId} and b.product_id = ${productId} and oi.case_size = any(${intArray(sizes)})
         and ${orderHoldsStock('o')}
       group by oi.case_size`,
  );
  const uses = new Map<number, SizeUse>();
  for (const row of rows) {
    const use = uses.get(row.size) ?? {};
    if (row.kind === 'batch') use.batches = { example: row.example, count: row.count };
    else use.orders = { example: row.example, count: row.count };
    uses.set(row.size, use);
  }
  return uses;
}

/** Writes the slots as changed: a size goes into its slot's row, null removes the row. */
export async function writeSlots(tx: DbOrTx, productId: number, changes: readonly SlotChange[]): Promise<void> {
  const cleared = changes.filter((change) => change.value === null).map((change) => change.caseIndex);
  const set = changes.filter((change): change is { caseIndex: CaseSizeSlot; value: number } => change.value !== null);
  if (cleared.length > 0) await tx.execute(sql`delete from product_case_sizes where product_id = ${productId} and case_index = any(${intArray(cleared)})`);
  if (set.length > 0) {
    await tx.execute(sql`
      insert into product_case_sizes (product_id, case_index, case_size)
      select ${productId}, slot, size from unnest(${intArray(set.map((change) => change.caseIndex))}, ${intArray(set.map((change) => change.value))}) as v(slot, size)
      on conflict (product_id, case_index) do update set case_size = excluded.case_size, updated_at = now()`);
  }
}
