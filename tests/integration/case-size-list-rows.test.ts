// Each product keeps its row of the standard case sizes list and the text that list's search matches (triggers,
// migration 0016). The kept row must always be what the product, its names, its slots and its taxonomy say now:
// checked here against the tables themselves for every demo product, then after each kind of change.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { listCaseSizesJson } from '../../src/server/modules/catalogue/case-sizes.repository';
import { createTestDatabase } from '../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type ListRow = Record<string, unknown> & { productId: number };

/** The rows as the tables say they should be, built here from plain reads. */
async function expectedRows(productIds: number[]): Promise<Map<number, ListRow>> {
  const products = await queryRows<{ id: number; name: string; category: string | null; subcategory: string | null; brand: string | null }>(
    database.db,
    sql`select p.id, p.name, c.name as category, sc.name as subcategory, b.name as brand from products p
        left join categories c on c.id = p.category_id left join subcategories sc on sc.id = p.subcategory_id left join brands b on b.id = p.brand_id
        where p.id = any(${`{${productIds.join(',')}}`}::int[])`,
  );
  const names = await queryRows<{ productId: number; name: string; type: string }>(
    database.db,
    sql`select product_id as "productId", name, name_type as type from product_names where product_id = any(${`{${productIds.join(',')}}`}::int[]) order by id`,
  );
  const slots = await queryRows<{ productId: number; index: number; size: number }>(
    database.db,
    sql`select product_id as "productId", case_index as index, case_size as size from product_case_sizes where product_id = any(${`{${productIds.join(',')}}`}::int[])`,
  );
  const rows = new Map<number, ListRow>();
  for (const product of products) {
    const listed = names.filter((name) => name.productId === product.id && (name.type === 's2s' || name.type === 'alias'));
    const s2s = listed.findIndex((name) => name.type === 's2s');
    const slotOf = (index: number) => slots.find((slot) => slot.productId === product.id && slot.index === index)?.size ?? null;
    rows.set(product.id, {
      productId: product.id,
      productName: product.name,
      s2sItemName: s2s >= 0 ? listed[s2s]!.name : null,
      aliasNames: listed.filter((_, index) => index !== s2s).map((name) => name.name),
      categoryName: product.category,
      subcategoryName: product.subcategory,
      brandName: product.brand,
      case_sizes_1: slotOf(1),
      case_sizes_2: slotOf(2),
      case_sizes_3: slotOf(3),
      case_sizes_4: slotOf(4),
      case_sizes_5: slotOf(5),
      slots: [1, 2, 3, 4, 5].map(slotOf),
    });
  }
  return rows;
}

/** The kept row, with the kept slot array beside it as the five slots it must agree with. */
async function keptRows(productIds: number[]): Promise<Map<number, ListRow>> {
  // The array as JSON: postgres.js reads a null element of an int[] as NaN.
  const rows = await queryRows<{ id: number; row: string; slots: string }>(
    database.db,
    sql`select id, case_size_row as row, array_to_json(case_size_slots)::text as slots from products where id = any(${`{${productIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, { ...(JSON.parse(row.row) as ListRow), slots: JSON.parse(row.slots) as unknown }]));
}

async function expectKeptRowsRight(productIds: number[]): Promise<void> {
  expect(await keptRows(productIds)).toEqual(await expectedRows(productIds));
}

const searchIds = async (marketId: number, search: string) =>
  (JSON.parse((await listCaseSizesJson(database.db, { marketId, search, filters: [], sort: [], page: 1, pageSize: 1000 }, true)).json) as ListRow[]).map((row) => row.productId);

describe('the case size list row kept on each product', () => {
  it('is what the tables say, for every demo product', async () => {
    const ids = (await queryRows<{ id: number }>(database.db, sql`select id from products order by id`)).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(100);
    await expectKeptRowsRight(ids);
  });

  it("follows a product's names, slots, taxonomy and own name as they change", async () => {
    const [product] = await queryRows<{ id: number; marketId: number; brandId: number; categoryId: number }>(
      database.db,
      sql`select p.id, p.market_id as "marketId", p.brand_id as "brandId", p.category_id as "categoryId" from products p
          where p.is_active and (select count(*) from product_names n where n.product_id = p.id and n.name_type = 's2s') >= 1 order by p.id limit 1`,
    );
    const { id, marketId, brandId, categoryId } = product!;
    const brandProducts = (await queryRows<{ id: number }>(database.db, sql`select id from products where brand_id = ${brandId}`)).map((row) => row.id);

    // Names: a new S2S name goes after the others; the first S2S name removed leaves the next as the S2S name.
    await database.db.execute(sql`insert into product_names (product_id, name, name_type) values (${id}, 'QUARTZ ORCHID - TEST S2S', 's2s'), (${id}, 'Quartz Orchid alias', 'alias')`);
    await expectKeptRowsRight([id]);
    await database.db.execute(sql`delete from product_names where id = (select min(id) from product_names where product_id = ${id} and name_type = 's2s')`);
    await expectKeptRowsRight([id]);
    await database.db.execute(sql`update product_names set name = 'QUARTZ ORCHID - RENAMED' where product_id = ${id} and name = 'QUARTZ ORCHID - TEST S2S'`);
    await expectKeptRowsRight([id]);
    expect(await searchIds(marketId, 'orchid - renamed')).toEqual([id]);
    expect(await searchIds(marketId, 'orchid - test s2s')).toEqual([]);

    // Slots: written, changed and cleared.
    await database.db.execute(sql`delete from product_case_sizes where product_id = ${id} and case_index = 5`);
    await database.db.execute(sql`insert into product_case_sizes (product_id, case_index, case_size) values (${id}, 5, 777)`);
    await expectKeptRowsRight([id]);
    await database.db.execute(sql`update product_case_sizes set case_size = 778 where product_id = ${id} and case_index = 5`);
    await expectKeptRowsRight([id]);
    await database.db.execute(sql`delete from product_case_sizes where product_id = ${id}`);
    await expectKeptRowsRight([id]);

    // The taxonomy renamed: every product of the brand and of the category shows the new name and is found by it.
    await database.db.execute(sql`update brands set name = 'Zephyrine Labs' where id = ${brandId}`);
    await database.db.execute(sql`update categories set name = 'Xanthic goods' where id = ${categoryId}`);
    await expectKeptRowsRight([...new Set([...brandProducts, id])]);
    expect(await searchIds(marketId, 'zephyrine')).toEqual(
      (await queryRows<{ id: number }>(database.db, sql`select id from products where brand_id = ${brandId} and market_id = ${marketId} and is_active order by name, id`)).map((row) => row.id),
    );

    // The product itself renamed and moved to another brand.
    await database.db.execute(sql`update products set name = 'Quartz Orchid Prime 3.5g', brand_id = (select min(id) from brands where id <> ${brandId}) where id = ${id}`);
    await expectKeptRowsRight([id]);
    expect(await searchIds(marketId, 'quartz orchid prime')).toEqual([id]);
  });

  it('does not let a search match across two of the names it joins', async () => {
    const [product] = await queryRows<{ id: number; marketId: number; name: string; brand: string }>(
      database.db,
      sql`select p.id, p.market_id as "marketId", p.name, b.name as brand from products p join brands b on b.id = p.brand_id where p.is_active order by p.id limit 1`,
    );
    // The end of the product's name followed by the start of its category's name is no text anyone typed.
    const [category] = await queryRows<{ name: string }>(database.db, sql`select c.name from categories c join products p on p.category_id = c.id where p.id = ${product!.id}`);
    const across = `${product!.name.slice(-3)}${category!.name.slice(0, 3)}`;
    const found = await searchIds(product!.marketId, across);
    const plain = await queryRows<{ id: number }>(
      database.db,
      sql`select p.id from products p left join categories c on c.id = p.category_id left join subcategories sc on sc.id = p.subcategory_id left join brands b on b.id = p.brand_id
          where p.market_id = ${product!.marketId} and p.is_active and (lower(p.name) like ${`%${across.toLowerCase()}%`} or lower(c.name) like ${`%${across.toLowerCase()}%`}
            or lower(sc.name) like ${`%${across.toLowerCase()}%`} or lower(b.name) like ${`%${across.toLowerCase()}%`}
            or exists (select 1 from product_names n where n.product_id = p.id and n.name_type in ('s2s', 'alias') and lower(n.name) like ${`%${across.toLowerCase()}%`}))`,
    );
    expect(found.sort((a, b) => a - b)).toEqual(plain.map((row) => row.id).sort((a, b) => a - b));
    // Nor when the search holds the separator itself.
    expect(await searchIds(product!.marketId, `${product!.name.slice(-3)}\u001f${category!.name.slice(0, 3)}`)).toEqual(found);
  });
});
