// The kept standard case size (batch_free_stock, migration 0035) when a reservation of a batch runs while its
// product's first case size changes in another transaction: the reservation's trigger waits for the kept row and must
// not write back the size it read before the change committed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../../src/server/db/client';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 3 });
});
afterAll(async () => {
  await database.close();
});

describe('kept free stock under concurrent writes', () => {
  it('a reservation waiting on a case size change keeps the new standard case size', async () => {
    const db = database.db;
    const [batch] = await queryRows<{ id: number; product_id: number; case_size: number }>(
      db,
      sql`select b.id, b.product_id, b.case_size from batch_free_stock f join batches b on b.id = f.batch_id
          where b.active_units - b.reserved_units > 20 order by b.id limit 1`,
    );
    const newSize = batch!.case_size + 777;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const sizeWritten = new Promise<void>((resolve) => (changed = resolve));
    // The case size change holds its transaction open after its trigger has updated the kept row.
    const change = db.transaction(async (tx) => {
      await tx.execute(sql`insert into product_case_sizes (product_id, case_index, case_size) values (${batch!.product_id}, 1, ${newSize})
                           on conflict (product_id, case_index) do update set case_size = excluded.case_size`);
      changed();
      await held;
    });
    await sizeWritten;
    // The reservation starts before the change commits: its statement reads the old size, then waits for the kept row.
    // (Drizzle's query runs once awaited: Promise.resolve starts it now.)
    const reservation = Promise.resolve(db.execute(sql`update batches set reserved_units = reserved_units + 1 where id = ${batch!.id}`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([change, reservation]);
    const [kept] = await queryRows<{ standard_case_size: number }>(db, sql`select standard_case_size from batch_free_stock where batch_id = ${batch!.id}`);
    expect(kept!.standard_case_size).toBe(newSize);
  });
});
