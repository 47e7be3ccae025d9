// SQL of batch stock: locking batches for an order, reserving and releasing units, and the units that
// leave with a shipment. Only the inventory module writes batches; orders call these.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray } from '../../lib/sql-helpers';

/** A batch as an order sees it: what it holds, what is reserved, and whether it may be sold. */
export type BatchStock = {
  id: number;
  batchNumber: string;
  productId: number;
  locationName: string;
  caseSize: number;
  activeUnits: number;
  reservedUnits: number;
  status: string;
  labStatus: string;
  expiryDate: string | null;
  basePrice: number;
  vendorPrice: number | null;
};

/**
 * Reads and locks the market's batches with these ids, in id order, so that two transactions taking
 * overlapping batches always lock them in the same order and never deadlock.
 */
export async function lockBatches(db: DbOrTx, marketId: number, batchIds: readonly number[]): Promise<Map<number, BatchStock>> {
  if (batchIds.length === 0) return new Map();
  const rows = await queryRows<BatchStock>(
    db,
    sql`
      select b.id, b.batch_number as "batchNumber", b.product_id as "productId", l.display_name as "locationName",
             b.case_size as "caseSize", b.active_units as "activeUnits", b.reserved_units as "reservedUnits",
             b.status, b.lab_status as "labStatus", b.expiry_date as "expiryDate",
             p.base_price::float8 as "basePrice", p.vendor_price::float8 as "vendorPrice"
      from batches b
      join products p on p.id = b.product_id
      join inventory_locations l on l.id = b.location_id
      where b.market_id = ${marketId} and b.id = any(${intArray([...new Set(batchIds)])})
      order by b.id
      for update of b`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Adds each delta to its batch's reserved units in one conditional update: a positive delta applies only
 * while the batch still has that many units free, so stock can never be sold twice. Answers the ids of
 * the batches whose delta applied.
 */
export async function applyReservations(db: DbOrTx, marketId: number, deltas: ReadonlyMap<number, number>): Promise<Set<number>> {
  if (deltas.size === 0) return new Set();
  const ids = [...deltas.keys()];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      update batches b set reserved_units = greatest(0, b.reserved_units + r.units)
      from unnest(${intArray(ids)}, ${intArray(ids.map((id) => deltas.get(id)!))}) as r(batch_id, units)
      where b.id = r.batch_id and b.market_id = ${marketId}
        and (r.units <= 0 or b.active_units - b.reserved_units >= r.units)
      returning b.id`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Shipping: the picked units leave stock and the order's reservation ends. */
export async function shipStock(db: DbOrTx, marketId: number, moves: readonly { batchId: number; heldUnits: number; pickedUnits: number }[]): Promise<void> {
  if (moves.length === 0) return;
  await db.execute(sql`
    update batches b set active_units = greatest(0, b.active_units - r.picked),
                         reserved_units = greatest(0, b.reserved_units - r.held)
    from unnest(${intArray(moves.map((m) => m.batchId))}, ${intArray(moves.map((m) => m.heldUnits))}, ${intArray(moves.map((m) => m.pickedUnits))})
         as r(batch_id, held, picked)
    where b.id = r.batch_id and b.market_id = ${marketId}`);
}
