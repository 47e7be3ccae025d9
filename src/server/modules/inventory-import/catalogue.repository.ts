// Standard case sizes as they are now, for re-checking an import's case-size errors. Read only: the
// products belong to the catalogue.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../../lib/sql-helpers';

/** The current standard case sizes of some products, for the re-check of case-size errors. */
export async function caseSizesOf(db: DbOrTx, marketId: number, productIds: readonly number[]): Promise<Map<number, number[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<{ productId: number; caseSizes: number[] }>(
    db,
    sql`select p.id as "productId", coalesce(array_agg(s.case_size order by s.case_index) filter (where s.case_size is not null), '{}') as "caseSizes"
        from products p left join product_case_sizes s on s.product_id = p.id
        where p.market_id = ${marketId} and p.id = any(${intArray(productIds)}) group by p.id`,
  );
  return new Map(rows.map((row) => [row.productId, row.caseSizes]));
}

/**
 * Share locks on some products, in id order: a save of their case sizes (which holds the product's row for
 * update) is waited for, and none starts until the caller's transaction ends.
 */
export async function lockProductsForShare(tx: DbOrTx, marketId: number, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`select id from products where market_id = ${marketId} and id = any(${intArray(productIds)}) order by id for share`);
}
