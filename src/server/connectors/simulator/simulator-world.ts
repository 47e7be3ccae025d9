// What the seed-to-sale simulators know of a market: its locations, the products as the seed-to-sale
// system names them, and our batches with their tags. Read from our own tables (never written), so that
// the simulated packages line up with the demo data an import matches them against.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { batches, batchTags, categories, inventoryLocations, markets, productCaseSizes, productNames, products } from '../../db/schema';

export type SimulatorWorld = {
  marketCode: string;
  locations: { s2sLocationId: string; name: string }[];
  products: { s2sNames: string[]; caseSizes: number[]; category: string | null }[];
  batches: {
    batchNumber: string;
    s2sLocationId: string;
    s2sProductName: string;
    caseSize: number;
    tags: { tagNumber: string; quantity: number }[];
  }[];
};

/** Active locations, active products and active batches only: the seed-to-sale system lists what is live. */
export async function loadSimulatorWorld(db: DbOrTx, marketId: number): Promise<SimulatorWorld> {
  const [market] = await db.select({ code: markets.code }).from(markets).where(eq(markets.id, marketId));
  if (!market) throw new Error(`Market ${marketId} does not exist.`);

  const locations = await db
    .select({ s2sLocationId: inventoryLocations.s2sLocationId, name: inventoryLocations.s2sLocationName })
    .from(inventoryLocations)
    .where(and(eq(inventoryLocations.marketId, marketId), eq(inventoryLocations.isActive, true)))
    .orderBy(asc(inventoryLocations.id));

  const productRows = await db
    .select({ id: products.id, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.marketId, marketId), eq(products.isActive, true)))
    .orderBy(asc(products.id));
  const nameRows = await db
    .select({ productId: productNames.productId, name: productNames.name })
    .from(productNames)
    .innerJoin(products, eq(products.id, productNames.productId))
    .where(and(eq(products.marketId, marketId), eq(productNames.nameType, 's2s')))
    .orderBy(asc(productNames.id));
  const caseSizeRows = await db
    .select({ productId: productCaseSizes.productId, caseSize: productCaseSizes.caseSize })
    .from(productCaseSizes)
    .innerJoin(products, eq(products.id, productCaseSizes.productId))
    .where(eq(products.marketId, marketId))
    .orderBy(asc(productCaseSizes.productId), asc(productCaseSizes.caseIndex));

  const byProduct = new Map(productRows.map((row) => [row.id, { s2sNames: [] as string[], caseSizes: [] as number[], category: row.category as string | null }]));
  for (const row of nameRows) byProduct.get(row.productId)?.s2sNames.push(row.name);
  for (const row of caseSizeRows) byProduct.get(row.productId)?.caseSizes.push(row.caseSize);

  const activeBatches = and(eq(batches.marketId, marketId), eq(batches.status, 'active'), eq(inventoryLocations.isActive, true));
  const batchRows = await db
    .select({
      id: batches.id,
      batchNumber: batches.batchNumber,
      s2sLocationId: inventoryLocations.s2sLocationId,
      s2sProductName: batches.s2sProductName,
      caseSize: batches.caseSize,
    })
    .from(batches)
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, batches.locationId))
    .where(activeBatches)
    .orderBy(asc(batches.batchNumber));
  const tagRows = await db
    .select({ batchId: batchTags.batchId, tagNumber: batchTags.tagNumber, quantity: batchTags.quantity })
    .from(batchTags)
    .innerJoin(batches, eq(batches.id, batchTags.batchId))
    .innerJoin(inventoryLocations, eq(inventoryLocations.id, batches.locationId))
    .where(activeBatches)
    .orderBy(asc(batchTags.tagNumber));

  const tagsOf = new Map<number, { tagNumber: string; quantity: number }[]>();
  for (const { batchId, ...tag } of tagRows) {
    const list = tagsOf.get(batchId);
    if (list) list.push(tag);
    else tagsOf.set(batchId, [tag]);
  }

  return {
    marketCode: market.code,
    locations,
    products: [...byProduct.values()],
    batches: batchRows.map(({ id, ...batch }) => ({ ...batch, tags: tagsOf.get(id) ?? [] })),
  };
}
