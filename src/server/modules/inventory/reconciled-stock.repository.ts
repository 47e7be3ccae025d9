// What a reconciliation's accept writes to our stock: batches' active units set to the seed-to-sale count.
// Only the inventory module writes batches.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../../lib/sql-helpers';

export type ActiveUnitsChange = { batchId: number; batchNumber: string; before: number; after: number; reservedUnits: number };

/**
 * Sets the active units of the market's batches, locked in id order as orders and imports lock them so that
 * none of them wait on each other in a circle. A batch whose open orders reserve more than its new units is
 * left as it is and answered in `refused`; the caller decides whether the rest may stand.
 */
export async function setActiveUnits(
  tx: DbOrTx,
  marketId: number,
  units: ReadonlyMap<number, number>,
): Promise<{ changed: ActiveUnitsChange[]; refused: ActiveUnitsChange[] }> {
  if (units.size === 0) return { changed: [], refused: [] };
  const locked = await queryRows<{ id: number; batchNumber: string; activeUnits: number; reservedUnits: number }>(
    tx,
    sql`select id, batch_number as "batchNumber", active_units as "activeUnits", reserved_units as "reservedUnits"
        from batches where market_id = ${marketId} and id = any(${intArray([...units.keys()])}) order by id for update`,
  );
  const all = locked.map((batch) => ({ batchId: batch.id, batchNumber: batch.batchNumber, before: batch.activeUnits, after: units.get(batch.id)!, reservedUnits: batch.reservedUnits }));
  const refused = all.filter((change) => change.reservedUnits > change.after);
  const changed = all.filter((change) => change.reservedUnits <= change.after);
  if (changed.length > 0) {
    await tx.execute(sql`update batches b set active_units = v.units, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changed.map((change) => ({ id: change.batchId, units: change.after })))}::jsonb) as v(id int, units int)
      where b.id = v.id and b.market_id = ${marketId}`);
  }
  return { changed, refused };
}
