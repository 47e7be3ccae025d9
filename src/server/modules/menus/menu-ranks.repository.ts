// Each product's place in its market's menu, kept in menu_product_ranks so that a listing request reads it instead
// of ranking every product of the market (~25 ms on 3,000 products). The ranks are rewritten when the settings are
// saved (in the save's transaction, so every server instance sees them with the settings), and whenever the
// version they were computed from no longer matches the market's products and settings: a listing compares it
// in its own statement, so a product added or changed by any writer is ranked before a page is answered.
import { sql, type SQL } from 'drizzle-orm';
import { PRODUCT_CATEGORIES } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray, textArray, writtenInId } from '../../lib/sql-helpers';
import type { ListingOrder } from './menu-settings-rules';

/**
 * What the ranks depend on, as one text: the count and newest change of the market's products (an insert, a
 * deletion, or an update that sets updated_at, as every writer does) and of its menu settings. Read from the
 * (market_id, updated_at) index and the settings' key, it costs the listing a fraction of a millisecond.
 */
function rankVersion(marketId: number): SQL {
  return sql`(
    (select count(*) || '/' || coalesce(extract(epoch from max(updated_at))::text, '') from products where market_id = ${writtenInId(marketId)}) || '|' ||
    (select count(*) || '/' || coalesce(extract(epoch from max(updated_at))::text, '') from menu_settings where market_id = ${writtenInId(marketId)}))`;
}

/** True when the market's kept ranks were computed from its current products and settings. */
export function ranksAreFresh(marketId: number): SQL {
  return sql`coalesce((select version from menu_rank_versions where market_id = ${writtenInId(marketId)}) = ${rankVersion(marketId)}, false)`;
}

export async function ranksFresh(db: DbOrTx, marketId: number): Promise<boolean> {
  const [row] = await queryRows<{ fresh: boolean }>(db, sql`select ${ranksAreFresh(marketId)} as fresh`);
  return row?.fresh ?? false;
}

/** Size in grams (mg / 1000): the packaging size a menu sorts by. */
const SIZE_IN_GRAMS = sql`case when lower(trim(p.item_size_uom)) in ('g', 'gram', 'grams') then p.item_size else p.item_size / 1000 end`;

/** The saved settings as tables the ranking joins. */
function settingsTables(order: ListingOrder): SQL {
  const { categories, brands, subcategories, sortFields } = order;
  const bools = (values: boolean[]) => sql`${`{${values.join(',')}}`}::boolean[]`;
  return sql`
    cat_rank (category_id, rank) as (select * from unnest(${intArray(categories.ids)}, ${intArray(categories.ranks)})),
    brand_rank (category_id, brand_id, rank) as (select * from unnest(${intArray(brands.categoryIds)}, ${intArray(brands.ids)}, ${intArray(brands.ranks)})),
    sub_rank (category_id, subcategory_id, rank) as (select * from unnest(${intArray(subcategories.categoryIds)}, ${intArray(subcategories.ids)}, ${intArray(subcategories.ranks)})),
    sort_spec (category_id, f1, d1, f2, d2, f3, d3) as (
      select * from unnest(${intArray(sortFields.categoryIds)}, ${textArray(sortFields.fields[0])}, ${bools(sortFields.descending[0])},
                           ${textArray(sortFields.fields[1])}, ${bools(sortFields.descending[1])}, ${textArray(sortFields.fields[2])}, ${bools(sortFields.descending[2])}))`;
}

/** One sort field of a category's settings (its default where none is saved), asc or desc, as ORDER BY terms. */
function sortFieldTerms(position: 1 | 2 | 3, fallback: string): SQL {
  const field = sql.raw(`coalesce(ss.f${position}, '${fallback}')`);
  const descending = sql.raw(`coalesce(ss.d${position}, false)`);
  const text = sql`case ${field} when 'dominance' then s.strain_type when 'strain' then s.name end`;
  return sql`case when not ${descending} and ${field} = 'packagingSize' then ${SIZE_IN_GRAMS} end asc nulls last,
             case when ${descending} and ${field} = 'packagingSize' then ${SIZE_IN_GRAMS} end desc nulls last,
             case when not ${descending} then ${text} end asc nulls last,
             case when ${descending} then ${text} end desc nulls last`;
}

/**
 * The market's products ranked in the menu settings' order: category order (saved ones first, then the spec's
 * category order and name), the category's brand order, its subcategory order, its sort fields, then name.
 * Every key is the product's, so the batches follow their product's rank and then their batch number.
 */
function rankedProducts(marketId: number): SQL {
  return sql`
    select p.id as product_id, row_number() over (order by
      cr.rank is null, cr.rank, coalesce(array_position(${textArray(PRODUCT_CATEGORIES)}, lower(c.name)), ${PRODUCT_CATEGORIES.length}), c.name, c.id,
      brr.rank is null, brr.rank, br.name nulls last,
      sr.rank is null, sr.rank, sc.name nulls last,
      ${sortFieldTerms(1, 'packagingSize')}, ${sortFieldTerms(2, 'dominance')}, ${sortFieldTerms(3, 'strain')},
      p.name, p.id)::int as rank
    from products p
    join categories c on c.id = p.category_id
    left join subcategories sc on sc.id = p.subcategory_id
    left join brands br on br.id = p.brand_id
    left join strains s on s.id = p.strain_id
    left join cat_rank cr on cr.category_id = p.category_id
    left join brand_rank brr on brr.category_id = p.category_id and brr.brand_id = p.brand_id
    left join sub_rank sr on sr.category_id = p.category_id and sr.subcategory_id = p.subcategory_id
    left join sort_spec ss on ss.category_id = p.category_id
    where p.market_id = ${marketId}`;
}

/**
 * Ranks the market's products by the settings and stores the ranks with the version they were computed from, in
 * one statement (one snapshot: a product written meanwhile changes the version, so it is ranked next time).
 * Only changed ranks are written. The caller holds the market's settings lock.
 */
export async function writeRanks(tx: DbOrTx, marketId: number, order: ListingOrder): Promise<void> {
  await tx.execute(sql`
    with ${settingsTables(order)},
    ranked as (${rankedProducts(marketId)}),
    written as (
      insert into menu_product_ranks (market_id, product_id, rank)
      select ${marketId}, product_id, rank from ranked
      on conflict (market_id, product_id) do update set rank = excluded.rank where menu_product_ranks.rank <> excluded.rank
      returning 1)
    insert into menu_rank_versions (market_id, version, ranked_at)
    select ${marketId}, ${rankVersion(marketId)}, now() from (select count(*) from written) w
    on conflict (market_id) do update set version = excluded.version, ranked_at = excluded.ranked_at`);
  // Fresh statistics at once (a few milliseconds on a few thousand rows), not when autovacuum gets to it: the
  // listing joins this table to 200,000 batches, and a table the planner believes empty turns a walk of the
  // first products into a sort of every batch.
  await tx.execute(sql`analyze menu_product_ranks`);
}
