// The large data set for benchmarks: market MN grows to 200,000 batches and over 1,000,000 order lines
// across two years. It is generated and inserted in chunks, so memory stays flat whatever the size.
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/enums';
import type { Db, Tx } from '../client';
import { withSecondaryIndexesDeferred } from '../deferred-indexes';
import * as schema from '../schema';
import { buildProducts } from './catalogue';
import { insertOrderTables, syncGeneratedIdentities, type DemoDataSet } from './demo-set';
import { completeBatch, createStockLedger, draftBatches } from './inventory';
import { orderRandom } from './market-data';
import { addOrder, buildOrder, chooseLines, createBatchPool, createOrderTables, holdsStock, planOrders, reserveStock } from './orders';
import { createRandom, seedOf } from './random';
import { insertRows } from './tables';

const LARGE_SCALE = {
  market: 'MN',
  products: 2_700,
  batches: 200_000,
  orders: 120_000,
  orderLines: 1_000_000,
  horizonDays: 730,
  lineRange: [1, 16],
  batchesPerChunk: 25_000,
  ordersPerChunk: 10_000,
} as const;

/**
 * The tables the large set fills with most rows: their secondary indexes are built after the load (batch_free_stock is
 * written from the loaded batches, migration 0035).
 */
const BULK_TABLES = ['batches', 'batch_tags', 'batch_free_stock', 'orders', 'order_items', 'order_status_history', 'order_notes', 'picklists', 'picklist_items'];

/** Two years of trade: most orders long closed, a recent tail open in every status. */
const LARGE_STATUS_WEIGHTS: Record<OrderStatus, number> = {
  Pending: 4,
  Revised: 2,
  Approved: 4,
  Cancelled: 8,
  Rejected: 2,
  'Partially Picked': 2,
  Picked: 3,
  Packaged: 3,
  Shipped: 3,
  Delivered: 5,
  Completed: 62,
  'Action Required': 2,
};

/**
 * Foreign keys are checked by a trigger per row and key, which triples the time of a load this size.
 * The large set comes from the same builders as the demo set, which loads with every check on and
 * whose tests verify its relations, so where the role may set session_replication_role the large
 * set's transactions skip those triggers.
 */
async function mayBypassRowTriggers(db: Db): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
    });
    return true;
  } catch {
    return false;
  }
}

export async function loadLargeScale(db: Db, set: DemoDataSet, onProgress: (message: string) => void): Promise<void> {
  const started = Date.now();
  const progress = (message: string) => onProgress(`${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const { context } = set.markets.find((market) => market.context.market.code === LARGE_SCALE.market)!;
  const { scene, locations } = context;
  const stream = (purpose: string) => createRandom(seedOf('large', context.market.code, purpose));
  const bypassTriggers = await mayBypassRowTriggers(db);
  if (!bypassTriggers) progress('This role may not set session_replication_role, so foreign keys are checked row by row: expect a slower load');
  const inTransaction = (work: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      if (bypassTriggers) await tx.execute(sql`set local session_replication_role = replica`);
      await work(tx);
    });

  const products = buildProducts(stream('catalogue'), context.productFactory, LARGE_SCALE.products);
  await inTransaction(async (tx) => {
    await insertRows(tx, schema.products, products.map((product) => product.row));
    await insertRows(tx, schema.productNames, products.flatMap((product) => product.names));
    await insertRows(tx, schema.productCaseSizes, products.flatMap((product) => product.caseSizeRows));
    // The load skipped the triggers that keep each product's case size list row, search text and slots (migrations
    // 0016, 0018): they are written now, triggers on, in the same transaction, so that no product is left without.
    if (bypassTriggers) await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`update products set case_size_row = null where case_size_row is null`);
  });
  progress(`${products.length} more products`);

  const inventoryRandom = stream('inventory');
  const drafts = draftBatches(inventoryRandom, LARGE_SCALE.batches, [...context.products, ...products], locations, set.ids, scene.today);
  const ledger = createStockLedger(drafts[0]!.id, drafts.length);
  const pool = createBatchPool(
    drafts,
    locations.map((location) => location.row.id),
  );
  const plans = planOrders(stream('orders'), {
    now: scene.now,
    horizonDays: LARGE_SCALE.horizonDays,
    orders: LARGE_SCALE.orders,
    minLines: LARGE_SCALE.orderLines,
    lineRange: LARGE_SCALE.lineRange,
    weights: LARGE_STATUS_WEIGHTS,
  });
  // Each order draws from its own seeded stream, so its lines can be chosen twice with the same result:
  // once here for the open orders, to know what each batch holds before the batch is inserted, and
  // again when the order itself is built.
  const randomOf = (index: number) => orderRandom(`large-${context.market.code}`, index);
  plans.forEach((plan, index) => {
    if (holdsStock(plan.status)) reserveStock(ledger, plan, chooseLines(randomOf(index), pool, plan));
  });

  // Chunks are generated while the one before is written: the generator (Node) and the writes (PostgreSQL)
  // each keep a core busy. One write at a time, so chunks land in order.
  let writing: Promise<void> = Promise.resolve();
  const write = (work: (tx: Tx) => Promise<void>, done: () => void) => {
    writing = writing.then(() => inTransaction(work)).then(done);
    // A failed write is thrown where the next chunk waits for it; until then it is not an unhandled rejection.
    writing.catch(() => {});
  };
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  await withSecondaryIndexesDeferred(db, BULK_TABLES, async () => {
    try {
      await loadChunks();
    } finally {
      // A generation error leaves no write running behind it (the indexes are built next).
      await writing.catch(() => {});
    }
    // The load skipped the triggers that keep the status counts, the picklists' sort keys and the batches' free stock
    // (migrations 0024, 0025, 0035): they are written now from the loaded rows, before the indexes are built.
    if (bypassTriggers) {
      // Planned from statistics of the tables as they were before the load, these statements took 91 s of a 191 s
      // seed: the free stock's join, told that batches held 8 rows, read product_case_sizes whole once per batch
      // (70 s for 174,650 batches). Analyzed first (about 2 s), each is a hash join.
      await db.execute(sql`analyze batches, products, product_case_sizes, orders, customers, picklists, picklist_items`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select rebuild_status_counts()`);
        await tx.execute(sql`select rebuild_picklist_sort_keys()`);
        await tx.execute(sql`select rebuild_batch_free_stock()`);
      });
      progress('Status counts, picklist sort keys and free stock written');
    }
  });
  progress('Indexes built');

  async function loadChunks() {
    for (let start = 0; start < drafts.length; start += LARGE_SCALE.batchesPerChunk) {
      const completed: ReturnType<typeof completeBatch>[] = [];
      for (const draft of drafts.slice(start, start + LARGE_SCALE.batchesPerChunk)) {
        completed.push(completeBatch(inventoryRandom, draft, ledger, context.completion));
        // The write under way gets the event loop now and then, to send its next statement.
        if (completed.length % 1_000 === 0) await nextTurn();
      }
      await writing;
      write(
        async (tx) => {
          await insertRows(tx, schema.batches, completed.map((batch) => batch.row));
          await insertRows(tx, schema.batchTags, completed.flatMap((batch) => batch.tags));
        },
        () => {},
      );
      await nextTurn();
    }
    await writing;
    progress(`${drafts.length} more batches with tags`);

    let lines = 0;
    for (let start = 0; start < plans.length; start += LARGE_SCALE.ordersPerChunk) {
      const tables = createOrderTables();
      const end = Math.min(plans.length, start + LARGE_SCALE.ordersPerChunk);
      for (let index = start; index < end; index += 1) {
        const random = randomOf(index);
        const plan = plans[index]!;
        addOrder(tables, buildOrder(random, scene, plan, chooseLines(random, pool, plan)));
        if ((index - start) % 500 === 499) await nextTurn();
      }
      // At most one chunk waits while another is written, so memory stays flat.
      await writing;
      write(
        (tx) => insertOrderTables(tx, tables),
        () => {
          lines += tables.orderItems.length;
          progress(`${end} of ${plans.length} more orders, ${lines} lines`);
        },
      );
      await nextTurn();
    }
    await writing;
  }

  await db.transaction((tx) => syncGeneratedIdentities(tx));
  // After a bulk load, as after any: statistics for the planner, and visibility maps so that counts can
  // be answered from indexes alone (autovacuum would get there, later).
  await db.execute(sql`vacuum analyze`);
  progress('Vacuumed and analysed');
}
