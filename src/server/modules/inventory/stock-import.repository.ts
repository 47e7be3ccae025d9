// SQL of what an import reads about our stock (batches with their tags, locations) and what its commit
// writes: new batches, changed quantities and tags. Only the inventory module writes batches and tags.
import { sql } from 'drizzle-orm';
import type { LabStatus } from '../../../shared/enums';
import type { Terpene } from '../../../shared/format';
import { queryRows, type DbOrTx } from '../../db/client';
import { intArray, textArray } from '../../lib/sql-helpers';

export type StockedBatch = {
  batchId: number;
  batchNumber: string;
  productId: number;
  locationId: number;
  activeUnits: number;
  reservedUnits: number;
  tags: { tagNumber: string; quantity: number }[];
};

/** Every batch of the market with its tags: an import compares what it fetched with these. */
export async function stockedBatches(db: DbOrTx, marketId: number): Promise<StockedBatch[]> {
  return queryRows<StockedBatch>(
    db,
    sql`select b.id as "batchId", b.batch_number as "batchNumber", b.product_id as "productId", b.location_id as "locationId",
               b.active_units as "activeUnits", b.reserved_units as "reservedUnits",
               coalesce((select json_agg(json_build_object('tagNumber', t.tag_number, 'quantity', t.quantity) order by t.tag_number)
                         from batch_tags t where t.batch_id = b.id), '[]'::json) as tags
        from batches b where b.market_id = ${marketId}`,
  );
}

export type MarketLocation = { id: number; s2sLocationId: string; s2sLocationName: string; displayName: string; sourceSystem: string };

/** The market's active locations by name; with ids, only those (ids of other markets are left out). */
export async function marketLocations(db: DbOrTx, marketId: number, ids?: readonly number[]): Promise<MarketLocation[]> {
  return queryRows<MarketLocation>(
    db,
    sql`select id, s2s_location_id as "s2sLocationId", s2s_location_name as "s2sLocationName", display_name as "displayName", source_system as "sourceSystem"
        from inventory_locations
        where market_id = ${marketId} and is_active ${ids ? sql`and id = any(${intArray(ids)})` : sql``}
        order by display_name, id`,
  );
}

/** The tags of one of the market's batches, by its number. */
export async function tagsOfBatch(db: DbOrTx, marketId: number, batchNumber: string): Promise<{ tagNumber: string; quantity: number }[]> {
  return queryRows(
    db,
    sql`select t.tag_number as "tagNumber", t.quantity from batch_tags t join batches b on b.id = t.batch_id
        where b.market_id = ${marketId} and b.batch_number = ${batchNumber} order by t.tag_number`,
  );
}

export type StockUpdate = {
  batchNumber: string;
  productId: number;
  locationId: number;
  s2sProductName: string;
  caseSize: number;
  units: number;
  /** Our units when the import fetched: a known batch is changed only if it still holds them (null: a new batch). */
  previousUnits: number | null;
  tags: { tagNumber: string; quantity: number }[];
  labStatus: LabStatus;
  thcValue: number | null;
  thcUom: string | null;
  cbdValue: number | null;
  cbdUom: string | null;
  totalCannabinoids: number | null;
  terpenes: Terpene[];
  expiryDate: string | null;
};

/**
 * Applies fetched stock in one statement per kind: known batches get their new units, lab data and tags unless
 * open orders reserve more than the new units or the batch changed since the fetch (shipped, reconciled: its
 * units are no longer those the new count was worked out from). The row lock makes each check and its change
 * one step, so an order reserving at the same moment either comes first and is counted, or waits. Unknown batch numbers become
 * batches. `units` is the batch's whole count; `tags` are the tags the fetch reported (others keep theirs).
 * Answers the batch numbers that were applied; the rest were held back.
 */
export async function applyStockUpdates(tx: DbOrTx, marketId: number, updates: readonly StockUpdate[]): Promise<{ applied: Set<string>; current: Map<string, { reservedUnits: number; activeUnits: number }> }> {
  if (updates.length === 0) return { applied: new Set(), current: new Map() };
  // Locked in id order first, as orders lock batches, so that a commit and an order never wait on each other in a circle.
  const numbers = textArray(updates.map((update) => update.batchNumber));
  await tx.execute(sql`select id from batches where market_id = ${marketId} and batch_number = any(${numbers}) order by id for update`);
  const records = JSON.stringify(
    updates.map((update) => ({
      batch_number: update.batchNumber,
      product_id: update.productId,
      location_id: update.locationId,
      s2s_product_name: update.s2sProductName,
      case_size: update.caseSize,
      units: update.units,
      previous_units: update.previousUnits,
      lab_status: update.labStatus,
      thc_value: update.thcValue,
      thc_uom: update.thcUom,
      cbd_value: update.cbdValue,
      cbd_uom: update.cbdUom,
      total_cannabinoids: update.totalCannabinoids,
      terpenes: update.terpenes,
      expiry_date: update.expiryDate,
    })),
  );
  const columns = sql`batch_number text, product_id int, location_id int, s2s_product_name text, case_size int, units int, previous_units int, lab_status text,
    thc_value numeric, thc_uom text, cbd_value numeric, cbd_uom text, total_cannabinoids numeric, terpenes jsonb, expiry_date date`;

  const updated = await queryRows<{ id: number; batchNumber: string }>(
    tx,
    sql`update batches b set active_units = v.units, lab_status = v.lab_status, thc_value = v.thc_value, thc_uom = v.thc_uom,
               cbd_value = v.cbd_value, cbd_uom = v.cbd_uom, total_cannabinoids = v.total_cannabinoids, terpenes = v.terpenes,
               expiry_date = coalesce(v.expiry_date, b.expiry_date), updated_at = now()
        from jsonb_to_recordset(${records}::jsonb) as v(${columns})
        where b.market_id = ${marketId} and b.batch_number = v.batch_number and b.reserved_units <= v.units
          and (v.previous_units is null or b.active_units = v.previous_units)
        returning b.id, b.batch_number as "batchNumber"`,
  );
  const inserted = await queryRows<{ id: number; batchNumber: string }>(
    tx,
    sql`insert into batches (market_id, batch_number, product_id, location_id, s2s_product_name, expiry_date, case_size, active_units,
                             lab_status, thc_value, thc_uom, cbd_value, cbd_uom, total_cannabinoids, terpenes)
        select ${marketId}, v.batch_number, v.product_id, v.location_id, v.s2s_product_name, v.expiry_date, v.case_size, v.units,
               v.lab_status, v.thc_value, v.thc_uom, v.cbd_value, v.cbd_uom, v.total_cannabinoids, v.terpenes
        from jsonb_to_recordset(${records}::jsonb) as v(${columns})
        where not exists (select 1 from batches b where b.market_id = ${marketId} and b.batch_number = v.batch_number)
        on conflict (market_id, batch_number) do nothing
        returning id, batch_number as "batchNumber"`,
  );

  const idOf = new Map([...updated, ...inserted].map((row) => [row.batchNumber, row.id]));
  const applied = updates.filter((update) => idOf.has(update.batchNumber));
  // A fetch holds only the packages changed in its window: fetched tags are set, our other tags stay as they are.
  // One row per tag number: the upsert refuses to touch a row twice in one statement.
  const tagRows = new Map(applied.flatMap((update) => update.tags.map((tag) => [tag.tagNumber, { batch_id: idOf.get(update.batchNumber)!, tag_number: tag.tagNumber, quantity: tag.quantity }] as const)));
  const tags = [...tagRows.values()];
  if (tags.length > 0) {
    await tx.execute(sql`insert into batch_tags (batch_id, tag_number, quantity)
      select batch_id, tag_number, quantity from jsonb_to_recordset(${JSON.stringify(tags)}::jsonb) as t(batch_id int, tag_number text, quantity int)
      on conflict (tag_number) do update set quantity = excluded.quantity where batch_tags.batch_id = excluded.batch_id`);
  }

  const heldBack = updates.filter((update) => !idOf.has(update.batchNumber)).map((update) => update.batchNumber);
  const reserved =
    heldBack.length === 0
      ? []
      : await queryRows<{ batchNumber: string; reservedUnits: number; activeUnits: number }>(
          tx,
          sql`select batch_number as "batchNumber", reserved_units as "reservedUnits", active_units as "activeUnits" from batches
              where market_id = ${marketId} and batch_number = any(${textArray(heldBack)})`,
        );
  return { applied: new Set(idOf.keys()), current: new Map(reserved.map((row) => [row.batchNumber, { reservedUnits: row.reservedUnits, activeUnits: row.activeUnits }])) };
}
