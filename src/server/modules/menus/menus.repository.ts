// SQL of menus apart from the listing: the market's taxonomy and saved menu settings, the settings' writes,
// and what an export reads of MSOs, customers and sales persons.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../../lib/sql-helpers';
import { readStored, type StoredCategorySettings, type TaxonomyCategory } from './menu-settings-rules';

/** Menu settings saves of one market wait for each other (the first key of the advisory lock). */
const SETTINGS_LOCK = 13_001;

/** The categories the market has products in, each with the brands and subcategories of those products. */
export async function marketTaxonomy(db: DbOrTx, marketId: number): Promise<TaxonomyCategory[]> {
  const rows = await queryRows<{ categoryId: number; categoryName: string; brands: { id: number; name: string }[] | null; subcategories: { id: number; name: string }[] | null }>(
    db,
    sql`
      select c.id as "categoryId", c.name as "categoryName",
             (select json_agg(json_build_object('id', br.id, 'name', br.name) order by br.name, br.id) from brands br
               where br.id in (select p.brand_id from products p where p.market_id = ${marketId} and p.category_id = c.id)) as brands,
             (select json_agg(json_build_object('id', sc.id, 'name', sc.name) order by sc.name, sc.id) from subcategories sc
               where sc.id in (select p.subcategory_id from products p where p.market_id = ${marketId} and p.category_id = c.id)) as subcategories
      from categories c
      where c.id in (select p.category_id from products p where p.market_id = ${marketId})
      order by c.name, c.id`,
  );
  return rows.map((row) => ({ id: row.categoryId, name: row.categoryName, brands: row.brands ?? [], subcategories: row.subcategories ?? [] }));
}

export async function storedSettings(db: DbOrTx, marketId: number): Promise<Map<number, StoredCategorySettings>> {
  const rows = await queryRows<{ categoryId: number; settings: unknown }>(
    db,
    sql`select category_id as "categoryId", settings from menu_settings where market_id = ${marketId}`,
  );
  return new Map(rows.map((row) => [row.categoryId, readStored(row.settings)]));
}

/** Held until the transaction ends: a second save of the market's settings reads them after the first one wrote. */
export async function lockMarketSettings(tx: DbOrTx, marketId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK}, ${marketId})`);
}

export async function writeSettings(tx: DbOrTx, marketId: number, userId: string, settings: ReadonlyMap<number, StoredCategorySettings>): Promise<void> {
  if (settings.size === 0) return;
  await tx.execute(sql`
    insert into menu_settings (market_id, category_id, settings, updated_by, updated_at)
    select ${marketId}, entry.key::int, entry.value, ${userId}, now()
    from jsonb_each(${JSON.stringify(Object.fromEntries(settings))}::jsonb) as entry
    on conflict (market_id, category_id) do update set settings = excluded.settings, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

/** The market's MSO owners among the ids, by id. */
export async function msoOwnersOf(db: DbOrTx, marketId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from mso_owners where market_id = ${marketId} and id = any(${intArray(ids)})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Per MSO owner, the names of its active customers of the group, by name. */
export async function customerNamesOf(db: DbOrTx, marketId: number, msoOwnerIds: readonly number[], group: 'INT' | 'EXT'): Promise<Map<number, string[]>> {
  const rows = await queryRows<{ msoOwnerId: number; names: string[] }>(
    db,
    sql`select mso_owner_id as "msoOwnerId", array_agg(name order by name, id) as names from customers
        where market_id = ${marketId} and is_active and customer_group = ${group} and mso_owner_id = any(${intArray(msoOwnerIds)})
        group by mso_owner_id`,
  );
  return new Map(rows.map((row) => [row.msoOwnerId, row.names]));
}

export async function salesPersonName(db: DbOrTx, marketId: number, id: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from sales_persons where market_id = ${marketId} and id = ${id}`);
  return row?.name ?? null;
}

/** A job's state as the queue keeps it (read only: the queue owns the table). */
export async function jobState(db: DbOrTx, jobId: number): Promise<{ status: string; lastError: string | null } | null> {
  const [row] = await queryRows<{ status: string; lastError: string | null }>(db, sql`select status, last_error as "lastError" from jobs where id = ${jobId}`);
  return row ?? null;
}
