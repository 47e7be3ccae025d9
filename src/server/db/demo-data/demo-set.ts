// The whole demo data set: the global catalogue lists, the pick reasons and every market's data,
// generated in memory from fixed seeds and inserted table by table with unnest arrays.
import { PICK_REASONS } from '../../../shared/reason-codes';
import { syncIdentity } from '../bulk-insert';
import type { DbOrTx } from '../client';
import * as schema from '../schema';
import { buildTaxonomy, type Taxonomy } from './catalogue';
import { calendarDay } from './dates';
import { TABLES_WITH_IDS, createIdSequences, type IdSequences } from './ids';
import { buildMarketData, DEMO_MARKET_SIZES, type MarketData } from './market-data';
import { DEMO_MARKETS } from './markets';
import type { OrderTables } from './orders';
import { createRandom, seedOf } from './random';
import { insertRows, type PickReasonRow } from './tables';

export type DemoDataSet = {
  taxonomy: Taxonomy;
  pickReasons: PickReasonRow[];
  markets: MarketData[];
  /** Still counting: the large data set takes its ids from where the demo set stopped. */
  ids: IdSequences;
};

/** Dates are relative to `now`, so a load shows recent activity whenever it runs. */
export function buildDemoDataSet(now: number): DemoDataSet {
  const ids = createIdSequences();
  const taxonomy = buildTaxonomy(createRandom(seedOf('demo', 'taxonomy')), ids);
  const pickReasons = PICK_REASONS.map((reason) => ({ id: ids.pick_reasons(), code: reason.code, label: reason.label }));
  const shared = { taxonomy, pickReasonIds: pickReasons.map((reason) => reason.id), ids, now, today: calendarDay(now) };
  const markets = DEMO_MARKETS.map((market) => buildMarketData(market, shared, DEMO_MARKET_SIZES[market.code]));
  return { taxonomy, pickReasons, markets, ids };
}

export async function insertDemoDataSet(tx: DbOrTx, set: DemoDataSet): Promise<void> {
  const all = <T>(rowsOf: (market: MarketData['rows']) => T[]) => set.markets.flatMap((market) => rowsOf(market.rows));
  await insertRows(tx, schema.categories, set.taxonomy.categories);
  await insertRows(tx, schema.subcategories, set.taxonomy.subcategories);
  await insertRows(tx, schema.brands, set.taxonomy.brands);
  await insertRows(tx, schema.strains, set.taxonomy.strains);
  await insertRows(tx, schema.pickReasons, set.pickReasons);
  await insertRows(tx, schema.inventoryLocations, all((rows) => rows.locations.map((location) => location.row)));
  await insertRows(tx, schema.products, all((rows) => rows.products.map((product) => product.row)));
  await insertRows(tx, schema.productNames, all((rows) => rows.products.flatMap((product) => product.names)));
  await insertRows(tx, schema.productCaseSizes, all((rows) => rows.products.flatMap((product) => product.caseSizeRows)));
  await insertRows(tx, schema.batches, all((rows) => rows.batches.map((batch) => batch.row)));
  await insertRows(tx, schema.batchTags, all((rows) => rows.batches.flatMap((batch) => batch.tags)));
  await insertRows(tx, schema.salesPersons, all((rows) => rows.salesPersons));
  await insertRows(tx, schema.msoOwners, all((rows) => rows.msoOwners));
  await insertRows(tx, schema.customers, all((rows) => rows.customers));
  await insertOrderTables(tx, {
    orders: all((rows) => rows.orders),
    orderItems: all((rows) => rows.orderItems),
    orderStatusHistory: all((rows) => rows.orderStatusHistory),
    orderNotes: all((rows) => rows.orderNotes),
    picklists: all((rows) => rows.picklists),
    picklistItems: all((rows) => rows.picklistItems),
  });
  await insertRows(tx, schema.imports, all((rows) => rows.imports));
  await insertRows(tx, schema.importRows, all((rows) => rows.rows));
  await insertRows(tx, schema.inventoryIssues, all((rows) => rows.issues));
}

export async function insertOrderTables(tx: DbOrTx, tables: OrderTables): Promise<void> {
  await insertRows(tx, schema.orders, tables.orders);
  await insertRows(tx, schema.orderItems, tables.orderItems);
  await insertRows(tx, schema.orderStatusHistory, tables.orderStatusHistory);
  await insertRows(tx, schema.orderNotes, tables.orderNotes);
  await insertRows(tx, schema.picklists, tables.picklists);
  await insertRows(tx, schema.picklistItems, tables.picklistItems);
}

/** Moves every identity the generator bypassed past its highest id. */
export async function syncGeneratedIdentities(tx: DbOrTx): Promise<void> {
  for (const table of TABLES_WITH_IDS) await syncIdentity(tx, table);
}
