// The free stock kept per batch (batch_free_stock, migration 0035), put right where a race left it behind.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from './client';

/**
 * Sets every kept standard case size that differs from its product's first case size (else its batch's) to it. One
 * race the triggers cannot see: a batch inserted while its product's first case size is written in another
 * transaction, each reading the other's table before the other commits, keeps the size from before. The hourly
 * housekeeping runs this (a read of the kept rows with a lookup each: about a second on the large data set, and no
 * write when nothing drifted). Returns how many rows it corrected.
 */
export async function repairStandardCaseSizes(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with fixed as (
          update batch_free_stock f set standard_case_size = batch_standard_case_size(f.product_id, f.case_size)
          where f.standard_case_size <> batch_standard_case_size(f.product_id, f.case_size)
          returning 1)
        select count(*)::int as n from fixed`,
  );
  return row?.n ?? 0;
}
