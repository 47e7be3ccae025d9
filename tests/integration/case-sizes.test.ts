// Standard case sizes through the API: the list (fields, search, filters, sort, paging, markets), the save
// (bad input refused whole, permissions, the constraint of stock and open orders, partial success, moves and
// swaps, the audit log), the re-check of the open import in both directions, and saves of one product in parallel.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_SIZE_MESSAGES, caseSizeRowSchema, type CaseSizeRow, type ManageCaseSizesAnswer } from '../../src/shared/api/case-sizes';
import { queryRows } from '../../src/server/db/client';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

type Slot = 1 | 2 | 3 | 4 | 5;
type SlotValues = Partial<Record<Slot, number>>;
type Change = { caseIndex: number; value: unknown };

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await queryRows<T>(api.database.db, query))[0]!;

// ---- fixtures: products of their own category and brands, so that the list can be checked exactly ----------

let fixture = 0;
const taxonomy = { categoryId: 0, subcategoryIds: [] as number[], brandIds: [] as number[] };

async function ensureTaxonomy(): Promise<void> {
  if (taxonomy.categoryId) return;
  taxonomy.categoryId = (await one<{ id: number }>(sql`insert into categories (name) values ('Casetest Category') returning id`)).id;
  for (const name of ['Casetest Sub A', 'Casetest Sub B']) {
    taxonomy.subcategoryIds.push((await one<{ id: number }>(sql`insert into subcategories (category_id, name) values (${taxonomy.categoryId}, ${name}) returning id`)).id);
  }
  for (const name of ['Casetest Brand A', 'Casetest Brand B']) taxonomy.brandIds.push((await one<{ id: number }>(sql`insert into brands (name) values (${name}) returning id`)).id);
}

type ProductOptions = { market?: string; names?: ['s2s' | 'alias', string][]; active?: boolean; subcategory?: 0 | 1 | null; brand?: 0 | 1 | null };

/** A product of the test's own, with its names and slots; its id. */
async function newProduct(name: string, slots: SlotValues, options: ProductOptions = {}): Promise<number> {
  await ensureTaxonomy();
  fixture += 1;
  const subcategory = options.subcategory === undefined ? 0 : options.subcategory;
  const brand = options.brand === undefined ? 0 : options.brand;
  const { id } = await one<{ id: number }>(sql`
    insert into products (market_id, erp_code, name, category_id, subcategory_id, brand_id, base_price, is_active)
    select m.id, ${`CASETEST-${fixture}`}, ${name}, ${taxonomy.categoryId}, ${subcategory === null ? null : taxonomy.subcategoryIds[subcategory]!},
           ${brand === null ? null : taxonomy.brandIds[brand]!}, 10, ${options.active ?? true}
    from markets m where m.code = ${options.market ?? 'MN'} returning id`);
  for (const [type, text] of options.names ?? []) await api.database.db.execute(sql`insert into product_names (product_id, name, name_type) values (${id}, ${text}, ${type})`);
  for (const [slot, size] of Object.entries(slots)) {
    await api.database.db.execute(sql`insert into product_case_sizes (product_id, case_index, case_size) values (${id}, ${Number(slot)}, ${size})`);
  }
  return id;
}

/** A batch of the product in the first MN location; its batch number. */
async function newBatch(productId: number, caseSize: number, units: { active: number; reserved?: number }): Promise<{ id: number; batchNumber: string }> {
  fixture += 1;
  const batchNumber = `MN-CT-${String(fixture).padStart(6, '0')}`;
  const { id } = await one<{ id: number }>(sql`
    insert into batches (market_id, batch_number, product_id, location_id, s2s_product_name, case_size, active_units, reserved_units, lab_status)
    select p.market_id, ${batchNumber}, p.id, (select min(l.id) from inventory_locations l where l.market_id = p.market_id), p.name, ${caseSize}, ${units.active}, ${units.reserved ?? 0}, 'passed'
    from products p where p.id = ${productId} returning id`);
  return { id, batchNumber };
}

/** An order of one item on the batch, in the given status; its reference. */
async function newOrder(batch: { id: number }, caseSize: number, status: string): Promise<string> {
  fixture += 1;
  const reference = `ORD-MN-CT${String(fixture).padStart(4, '0')}`;
  const order = await one<{ id: number }>(sql`
    insert into orders (market_id, reference_id, customer_id, status, customer_name)
    select c.market_id, ${reference}, c.id, ${status}, c.name from customers c join markets m on m.id = c.market_id where m.code = 'MN' order by c.id limit 1
    returning id`);
  await api.database.db.execute(sql`
    insert into order_items (order_id, batch_id, product_id, case_size, no_of_cases, unit_base_price, unit_sale_price)
    select ${order.id}, b.id, b.product_id, ${caseSize}, 1, 10, 10 from batches b where b.id = ${batch.id}`);
  return reference;
}

async function storedSlots(productId: number): Promise<SlotValues> {
  const rows = await queryRows<{ slot: Slot; size: number }>(api.database.db, sql`select case_index as slot, case_size as size from product_case_sizes where product_id = ${productId} order by case_index`);
  return Object.fromEntries(rows.map((row) => [row.slot, row.size]));
}

async function productId(market: string, name: string): Promise<number> {
  return (await one<{ id: number }>(sql`select p.id from products p join markets m on m.id = p.market_id where m.code = ${market} and p.name = ${name}`)).id;
}

// ---- calls ----------------------------------------------------------------------------------------------

function list(body: Record<string, unknown>, user: DemoUserKey = 'mnAdmin', market = 'MN') {
  return api.call<{ data: CaseSizeRow[]; pagination: { totalRecords: number; recordsOnPage: number; totalPages: number }; message: string }>(user, {
    method: 'POST',
    url: '/api/products/case-sizes',
    market,
    body: { marketCode: market, ...body },
  });
}

/** Rows of the test's own category only. */
const ownCategory = { columnFilter: [{ column: 'categoryName', type: 'select', value: ['Casetest Category'] }] };

function save(products: { productId: unknown; caseSizes: Change[] }[], user: DemoUserKey = 'mnAdmin', market = 'MN') {
  return api.call<{ data: ManageCaseSizesAnswer; message: string; code?: string; details?: { field: string; message: string }[] }>(user, {
    method: 'POST',
    url: '/api/products/case-sizes/manage',
    market,
    body: { marketCode: market, products },
  });
}

// ---- the list ---------------------------------------------------------------------------------------------

describe('the list', () => {
  let blueDream: number;
  let aliasOnly: number;
  let percent: number;
  let underscore: number;
  let inactive: number;

  beforeAll(async () => {
    blueDream = await newProduct('Casetest Blue Dream 3.5g', { 1: 6, 3: 24 }, {
      names: [
        ['s2s', 'CT - BLUE DREAM - 3.5G'],
        ['alias', 'Blue Dream (Casetest) 3.5g'],
        ['s2s', 'CT BLUE DREAM EIGHTH'],
      ],
    });
    aliasOnly = await newProduct('Casetest Alias Only 1g', { 1: 12, 2: 48 }, { names: [['alias', 'Only An Alias 1g']], subcategory: 1, brand: 1 });
    percent = await newProduct('Casetest Tincture 50% Strength', { 2: 10 }, { subcategory: null, brand: null });
    underscore = await newProduct('Casetest Vape_Cart 0.5g', {}, { names: [['s2s', 'CT VAPE CART']], brand: 1 });
    inactive = await newProduct('Casetest Discontinued Gummies', { 1: 20 }, { active: false });
    await newProduct('Casetest Nevada Only Kush', { 1: 12 }, { market: 'NV' });
  });

  it('answers each product with its ERP name, first S2S name, other names, taxonomy and five slots', async () => {
    const { status, body } = await list({ ...ownCategory, pagination: { page: 1, pageSize: 50 } });
    expect(status).toBe(200);
    expect(body.data.map((row) => row.productId)).toEqual([aliasOnly, blueDream, percent, underscore]);
    expect(body.data.every((row) => caseSizeRowSchema.safeParse(row).success)).toBe(true);
    expect(body.data.find((row) => row.productId === blueDream)).toEqual({
      productId: blueDream,
      productName: 'Casetest Blue Dream 3.5g',
      s2sItemName: 'CT - BLUE DREAM - 3.5G',
      aliasNames: ['Blue Dream (Casetest) 3.5g', 'CT BLUE DREAM EIGHTH'],
      categoryName: 'Casetest Category',
      subcategoryName: 'Casetest Sub A',
      brandName: 'Casetest Brand A',
      case_sizes_1: 6,
      case_sizes_2: null,
      case_sizes_3: 24,
      case_sizes_4: null,
      case_sizes_5: null,
    });
    expect(body.data.find((row) => row.productId === aliasOnly)).toMatchObject({ s2sItemName: null, aliasNames: ['Only An Alias 1g'], subcategoryName: 'Casetest Sub B', brandName: 'Casetest Brand B' });
    expect(body.data.find((row) => row.productId === percent)).toMatchObject({ s2sItemName: null, aliasNames: [], subcategoryName: null, brandName: null, case_sizes_2: 10 });
    expect(body.pagination).toMatchObject({ totalRecords: 4, recordsOnPage: 4 });
  });

  it("lists only the caller's market's active products", async () => {
    const { body } = await list({ pagination: { page: 1, pageSize: 200 } });
    const { count } = await one<{ count: number }>(sql`select count(*)::int as count from products p join markets m on m.id = p.market_id where m.code = 'MN' and p.is_active`);
    expect(body.pagination.totalRecords).toBe(count);
    const everything = await list({ search: 'Casetest', pagination: { page: 1, pageSize: 200 } });
    expect(everything.body.data.map((row) => row.productId)).not.toContain(inactive);
    expect(everything.body.data.map((row) => row.productName)).not.toContain('Casetest Nevada Only Kush');
    const nevada = await list({ search: 'Nevada Only' }, 'nvAdmin', 'NV');
    expect(nevada.body.data.map((row) => row.productName)).toEqual(['Casetest Nevada Only Kush']);
  });

  it('searches ERP names, S2S names, aliases, category, subcategory and brand in any case, with % and _ taken literally', async () => {
    const ids = async (search: string) => (await list({ search, pagination: { page: 1, pageSize: 200 } })).body.data.map((row) => row.productId);
    expect(await ids('ct blue dream eighth')).toEqual([blueDream]);
    expect(await ids('ONLY AN ALIAS')).toEqual([aliasOnly]);
    expect(await ids('casetest sub b')).toEqual([aliasOnly]);
    expect((await ids('casetest brand b')).sort()).toEqual([aliasOnly, underscore].sort());
    expect((await ids('casetest category')).length).toBe(4);
    expect(await ids('50%')).toEqual([percent]);
    expect(await ids('e_c')).toEqual([underscore]);
    expect(await ids('no product is called this')).toEqual([]);
  });

  it('filters name columns within names (the S2S column also by alias), the taxonomy by choices and a slot by its exact size', async () => {
    const ids = async (columnFilter: unknown[]) => (await list({ columnFilter, pagination: { page: 1, pageSize: 200 } })).body.data.map((row) => row.productId);
    expect(await ids([{ column: 'productName', type: 'text', value: 'casetest blue' }])).toEqual([blueDream]);
    expect(await ids([{ column: 's2sItemName', type: 'text', value: 'only an alias' }])).toEqual([aliasOnly]);
    expect(await ids([{ column: 's2sItemName', type: 'text', value: 'ct vape' }])).toEqual([underscore]);
    expect(await ids([{ column: 'subcategoryName', type: 'select', value: ['Casetest Sub B'] }])).toEqual([aliasOnly]);
    expect((await ids([{ column: 'brandName', type: 'select', value: ['Casetest Brand A', 'Casetest Brand B'] }])).sort()).toEqual([blueDream, aliasOnly, underscore].sort());
    expect(await ids([...ownCategory.columnFilter, { column: 'case_sizes_3', type: 'text', value: '24' }])).toEqual([blueDream]);
    expect(await ids([...ownCategory.columnFilter, { column: 'case_sizes_1', type: 'text', value: '1' }])).toEqual([]);
    expect(await ids([...ownCategory.columnFilter, { column: 'case_sizes_2', type: 'select', value: ['10', '48'] }])).toEqual([aliasOnly, percent]);

    const notNumber = await list({ columnFilter: [{ column: 'case_sizes_2', type: 'text', value: 'twelve' }] });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.message).toContain("case_sizes_2 matches a whole number of units exactly, such as 12 (got 'twelve')");
  });

  it('sorts on each kind of column both ways, empty values last, ties by product id', async () => {
    const order = async (column: string, direction: 'asc' | 'desc') =>
      (await list({ ...ownCategory, sort: { column, order: direction }, pagination: { page: 1, pageSize: 50 } })).body.data.map((row) => row.productId);
    expect(await order('productName', 'desc')).toEqual([underscore, percent, blueDream, aliasOnly]);
    expect(await order('case_sizes_1', 'asc')).toEqual([blueDream, aliasOnly, percent, underscore]);
    expect(await order('case_sizes_1', 'desc')).toEqual([aliasOnly, blueDream, percent, underscore]);
    expect(await order('s2sItemName', 'asc')).toEqual([blueDream, underscore, aliasOnly, percent]);
    expect(await order('brandName', 'desc')).toEqual([aliasOnly, underscore, blueDream, percent]);
    expect(await order('subcategoryName', 'asc')).toEqual([blueDream, underscore, aliasOnly, percent]);
    expect(await order('categoryName', 'asc')).toEqual([blueDream, aliasOnly, percent, underscore]);
    const twoColumns = await list({ ...ownCategory, sort: [{ column: 'brandName', order: 'asc' }, { column: 'productName', order: 'desc' }] });
    expect(twoColumns.body.data.map((row) => row.productId)).toEqual([blueDream, underscore, aliasOnly, percent]);
  });

  it('pages, and counts the products past the last page', async () => {
    const first = await list({ ...ownCategory, pagination: { page: 1, pageSize: 3 } });
    const second = await list({ ...ownCategory, pagination: { page: 2, pageSize: 3 } });
    expect(first.body.data.map((row) => row.productId)).toEqual([aliasOnly, blueDream, percent]);
    expect(second.body.data.map((row) => row.productId)).toEqual([underscore]);
    expect(second.body.pagination).toMatchObject({ totalRecords: 4, totalPages: 2, recordsOnPage: 1 });
    const beyond = await list({ ...ownCategory, pagination: { page: 9, pageSize: 3 } });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.totalRecords).toBe(4);
  });

  it('refuses an unknown sort or filter column, and a date range, naming the columns it takes', async () => {
    const badSort = await list({ sort: { column: 'erpCode', order: 'asc' } });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toContain("must be one of productName, s2sItemName, categoryName, subcategoryName, brandName, case_sizes_1");
    const badFilter = await list({ columnFilter: [{ column: 'basePrice', type: 'text', value: '1' }] });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toContain("(got 'basePrice')");
    const dateRange = await list({ columnFilter: [{ column: 'brandName', type: 'dateRange', value: { from: '2024-01-01' } }] });
    expect(dateRange.status).toBe(400);
    expect(dateRange.body.message).toContain('brandName takes a text or select filter, not a date range');
  });
});

// ---- the save ----------------------------------------------------------------------------------------------

describe('a save refused whole', () => {
  it('refuses bad slots and values, duplicates, repeated products and slots, and foreign or unknown products, storing nothing', async () => {
    const target = await newProduct('Casetest Refused Runtz 7g', { 1: 12, 2: 24 });
    const bystander = await newProduct('Casetest Bystander Haze 1g', { 1: 6 });
    const nevada = await newProduct('Casetest Nevada Haze 1g', { 1: 6 }, { market: 'NV' });
    const fine = { productId: bystander, caseSizes: [{ caseIndex: 2, value: 36 }] };
    const cases: { name: string; products: { productId: unknown; caseSizes: Change[] }[]; says: string }[] = [
      { name: 'slot 0', products: [fine, { productId: target, caseSizes: [{ caseIndex: 0, value: 6 }] }], says: 'must be from 1 to 5' },
      { name: 'slot 6', products: [fine, { productId: target, caseSizes: [{ caseIndex: 6, value: 6 }] }], says: 'must be from 1 to 5' },
      { name: 'value 0', products: [fine, { productId: target, caseSizes: [{ caseIndex: 3, value: 0 }] }], says: 'must be at least 1 unit' },
      { name: 'value 10001', products: [fine, { productId: target, caseSizes: [{ caseIndex: 3, value: 10_001 }] }], says: 'must be at most 10,000 units' },
      { name: 'value 2.5', products: [fine, { productId: target, caseSizes: [{ caseIndex: 3, value: 2.5 }] }], says: 'must be a whole number of units from 1 to 10,000' },
      { name: "value '12'", products: [fine, { productId: target, caseSizes: [{ caseIndex: 3, value: '12' }] }], says: 'or null to clear the slot' },
      {
        name: 'a duplicate once changed',
        products: [fine, { productId: target, caseSizes: [{ caseIndex: 3, value: 12 }] }],
        says: 'products[1].caseSizes[0].value: Casetest Refused Runtz 7g: case size 3 (12) is the same as case size 1',
      },
      {
        name: 'two new slots with one size',
        products: [fine, { productId: target, caseSizes: [{ caseIndex: 5, value: 48 }, { caseIndex: 4, value: 48 }] }],
        says: 'products[1].caseSizes[0].value: Casetest Refused Runtz 7g: case size 5 (48) is the same as case size 4',
      },
      { name: 'the same product twice', products: [fine, { productId: bystander, caseSizes: [{ caseIndex: 3, value: 60 }] }], says: `product ${bystander} is sent twice` },
      {
        name: 'the same slot twice',
        products: [fine, { productId: target, caseSizes: [{ caseIndex: 2, value: 30 }, { caseIndex: 2, value: 36 }] }],
        says: 'slot 2 is named twice',
      },
      { name: 'an unknown product', products: [fine, { productId: 987_654, caseSizes: [{ caseIndex: 3, value: 60 }] }], says: 'products[1].productId: 987654 is not a product of MN' },
      { name: "another market's product", products: [fine, { productId: nevada, caseSizes: [{ caseIndex: 3, value: 60 }] }], says: `products[1].productId: ${nevada} is not a product of MN` },
    ];
    for (const { name, products, says } of cases) {
      const refused = await save(products);
      expect(refused.status, name).toBe(400);
      expect(refused.body.code, name).toBe('VALIDATION_ERROR');
      expect(`${refused.body.message} ${JSON.stringify(refused.body.details)}`, name).toContain(says);
    }
    const unknown = await save([{ productId: 987_654, caseSizes: [{ caseIndex: 1, value: 1 }] }]);
    const foreign = await save([{ productId: nevada, caseSizes: [{ caseIndex: 1, value: 1 }] }]);
    // Another market's product looks exactly like one that does not exist.
    expect(foreign.body.details).toEqual([{ field: 'products[0].productId', message: `${nevada} is not a product of MN` }]);
    expect(unknown.body.details).toEqual([{ field: 'products[0].productId', message: '987654 is not a product of MN' }]);
    expect(await storedSlots(target)).toEqual({ 1: 12, 2: 24 });
    expect(await storedSlots(bystander)).toEqual({ 1: 6 });
    expect(await storedSlots(nevada)).toEqual({ 1: 6 });
    const { count } = await one<{ count: number }>(sql`select count(*)::int as count from audit_log where entity_type = 'product' and entity_id in (${String(target)}, ${String(bystander)})`);
    expect(count).toBe(0);
  });
});

describe('who may save', () => {
  it('lets a Market Admin save; a Sales Manager and a Fulfilment Person only list; a Sales Person neither', async () => {
    const id = await newProduct('Casetest Permission Pie 1g', { 1: 6 });
    for (const user of ['mnSalesManager', 'mnFulfilment'] as const) {
      expect((await list({ search: 'Permission Pie' }, user)).body.data.map((row) => row.productId)).toEqual([id]);
      const refused = await save([{ productId: id, caseSizes: [{ caseIndex: 2, value: 12 }] }], user);
      expect(refused.status, user).toBe(403);
    }
    expect((await list({}, 'mnSalesPerson')).status).toBe(403);
    expect((await save([{ productId: id, caseSizes: [{ caseIndex: 2, value: 12 }] }], 'mnSalesPerson')).status).toBe(403);
    expect(await storedSlots(id)).toEqual({ 1: 6 });
    const saved = await save([{ productId: id, caseSizes: [{ caseIndex: 2, value: 12 }] }]);
    expect(saved.status).toBe(200);
    expect(await storedSlots(id)).toEqual({ 1: 6, 2: 12 });
  });
});

describe('sizes that stock and open orders use', () => {
  it('keeps a size a batch with stock uses, and names the batch', async () => {
    const id = await newProduct('Casetest Stocked Sherbet 3.5g', { 1: 6, 2: 12 });
    const batch = await newBatch(id, 12, { active: 48 });
    await newBatch(id, 12, { active: 0, reserved: 12 });
    await newBatch(id, 6, { active: 0 });
    const { status, body } = await save([{ productId: id, caseSizes: [{ caseIndex: 1, value: null }, { caseIndex: 2, value: 10 }] }]);
    expect(status).toBe(200);
    expect(body.message).toBe(CASE_SIZE_MESSAGES.partial);
    expect(body.data.failedUpdates).toEqual([
      {
        productId: id,
        productName: 'Casetest Stocked Sherbet 3.5g',
        caseSizes: [{ caseIndex: 2, value: 10, currentValue: 12, reason: `Casetest Stocked Sherbet 3.5g: case size 2 (12) is used by batch ${batch.batchNumber} with stock and 1 other batch` }],
      },
    ]);
    // Size 6's only batch is empty: its slot was free to clear.
    expect(body.data.successfulUpdates).toEqual([{ productId: id, caseSizes: [{ caseIndex: 1, value: null }] }]);
    expect(await storedSlots(id)).toEqual({ 2: 12 });
  });

  it('keeps a size an open order uses on a batch with no stock left; a cancelled order does not hold it', async () => {
    const id = await newProduct('Casetest Ordered Orange 1g', { 1: 10, 2: 20, 3: 30 });
    const batch = await newBatch(id, 10, { active: 0 });
    const open = await newOrder(batch, 20, 'Picked');
    await newOrder(batch, 30, 'Cancelled');
    await newOrder(batch, 30, 'Completed');
    const { body } = await save([{ productId: id, caseSizes: [{ caseIndex: 1, value: null }, { caseIndex: 2, value: null }, { caseIndex: 3, value: null }] }]);
    expect(body.data.failedUpdates[0]!.caseSizes).toEqual([{ caseIndex: 2, value: null, currentValue: 20, reason: `Casetest Ordered Orange 1g: case size 2 (20) is used by open order ${open}` }]);
    expect(await storedSlots(id)).toEqual({ 2: 20 });
  });

  it('answers the all-failed message when nothing could change', async () => {
    const id = await newProduct('Casetest Locked Lemon 1g', { 1: 8 });
    await newBatch(id, 8, { active: 16 });
    const { body } = await save([{ productId: id, caseSizes: [{ caseIndex: 1, value: 16 }] }]);
    expect(body.message).toBe(CASE_SIZE_MESSAGES.allFailed);
    expect(body.data.summary).toEqual({ totalProducts: 1, successfulUpdates: 0, failedUpdates: 1, updatedProductIds: [] });
    expect(await storedSlots(id)).toEqual({ 1: 8 });
  });

  it("applies one product's free slots and refuses another's slot in use, in one request", async () => {
    const free = await newProduct('Casetest Free Fig 1g', { 1: 5 });
    const held = await newProduct('Casetest Held Haze 1g', { 1: 7, 2: 14 });
    const batch = await newBatch(held, 14, { active: 28 });
    const { body } = await save([
      { productId: free, caseSizes: [{ caseIndex: 1, value: 6 }, { caseIndex: 4, value: 60 }] },
      { productId: held, caseSizes: [{ caseIndex: 1, value: 21 }, { caseIndex: 2, value: 28 }] },
    ]);
    expect(body.message).toBe(CASE_SIZE_MESSAGES.partial);
    expect(body.data.summary).toEqual({ totalProducts: 2, successfulUpdates: 2, failedUpdates: 1, updatedProductIds: [free, held] });
    expect(body.data.successfulUpdates).toEqual([
      { productId: free, caseSizes: [{ caseIndex: 1, value: 6 }, { caseIndex: 4, value: 60 }] },
      { productId: held, caseSizes: [{ caseIndex: 1, value: 21 }] },
    ]);
    expect(body.data.failedUpdates).toEqual([
      { productId: held, productName: 'Casetest Held Haze 1g', caseSizes: [{ caseIndex: 2, value: 28, currentValue: 14, reason: `Casetest Held Haze 1g: case size 2 (14) is used by batch ${batch.batchNumber} with stock` }] },
    ]);
    expect(await storedSlots(free)).toEqual({ 1: 6, 4: 60 });
    expect(await storedSlots(held)).toEqual({ 1: 21, 2: 14 });
  });

  it('moves a size in use to another slot and swaps two, and audits each product with its slots before and after', async () => {
    const moved = await newProduct('Casetest Moved Mango 1g', { 1: 12, 2: 24 });
    const swapped = await newProduct('Casetest Swapped Skunk 1g', { 1: 12, 2: 24 });
    const unchanged = await newProduct('Casetest Same Sour 1g', { 1: 9 });
    for (const id of [moved, swapped]) {
      await newBatch(id, 12, { active: 24 });
      await newBatch(id, 24, { active: 48 });
    }
    await newBatch(unchanged, 9, { active: 9 });
    const { body } = await save([
      { productId: moved, caseSizes: [{ caseIndex: 1, value: null }, { caseIndex: 5, value: 12 }] },
      { productId: swapped, caseSizes: [{ caseIndex: 1, value: 24 }, { caseIndex: 2, value: 12 }] },
      { productId: unchanged, caseSizes: [{ caseIndex: 1, value: 9 }] },
    ]);
    expect(body.message).toBe(CASE_SIZE_MESSAGES.saved);
    expect(body.data.summary).toEqual({ totalProducts: 3, successfulUpdates: 3, failedUpdates: 0, updatedProductIds: [moved, swapped] });
    expect(await storedSlots(moved)).toEqual({ 2: 24, 5: 12 });
    expect(await storedSlots(swapped)).toEqual({ 1: 24, 2: 12 });

    const audit = await queryRows<{ entity_id: string; actor: string; before: unknown; after: unknown }>(
      api.database.db,
      sql`select a.entity_id, u.name as actor, a.before, a.after from audit_log a join users u on u.id = a.actor_user_id
          where a.entity_type = 'product' and a.action = 'update_case_sizes' and a.entity_id in (${String(moved)}, ${String(swapped)}, ${String(unchanged)})`,
    );
    expect(audit.sort((a, b) => Number(a.entity_id) - Number(b.entity_id))).toEqual([
      { entity_id: String(moved), actor: 'Alex Morgan', before: { caseSizes: { 1: 12, 2: 24, 3: null, 4: null, 5: null } }, after: { caseSizes: { 1: null, 2: 24, 3: null, 4: null, 5: 12 } } },
      { entity_id: String(swapped), actor: 'Alex Morgan', before: { caseSizes: { 1: 12, 2: 24, 3: null, 4: null, 5: null } }, after: { caseSizes: { 1: 24, 2: 12, 3: null, 4: null, 5: null } } },
    ]);
  });
});

// ---- the open import -------------------------------------------------------------------------------------

describe('the import waiting for commit', () => {
  type DetailRow = { batch_id: string; product_name: string; total_quantity: number; case_size: number | null; reason_code: string | null; change: string | null; held_back: boolean };
  let referenceId: string;

  /** Every row of a tab, page by page. */
  const tab = async (name: string): Promise<DetailRow[]> => {
    const rows: DetailRow[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await api.call('njAdmin', { method: 'POST', url: `/api/inventory/import/${referenceId}/details`, market: 'NJ', body: { marketCode: 'NJ', tab: name, pagination: { page, pageSize: 200 } } });
      rows.push(...(body.data as DetailRow[]));
      if (rows.length >= body.pagination.totalRecords) return rows;
    }
  };

  beforeAll(async () => {
    const { body: locations } = await api.call('njAdmin', { method: 'POST', url: '/api/locations/query', market: 'NJ', body: { market: ['NJ'] } });
    const started = await api.call('njAdmin', {
      method: 'POST',
      url: '/api/inventory/import/initiate',
      market: 'NJ',
      body: { market_code: 'NJ', inventory_location_ids: locations.data.map((location: { inventory_location_id: number }) => location.inventory_location_id) },
    });
    expect(started.status).toBe(201);
    referenceId = started.body.data.reference_id;
    const deadline = Date.now() + 25_000;
    for (;;) {
      const { body } = await api.call('njAdmin', { url: '/api/inventory/import/status?marketCode=NJ', market: 'NJ' });
      if (body.data[0]?.import_status === 'FETCH_COMPLETED') break;
      if (Date.now() > deadline) throw new Error(`import still ${body.data[0]?.import_status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('holds a new batch back when no size of its product fits any more, stocks it again once one does, and packs it again when its size changes', async () => {
    const updates = await tab('inventory_updates');
    const row = updates.find((update) => update.change === 'new_batch' && update.total_quantity > 1)!;
    const id = await productId('NJ', row.product_name);
    const slots = await storedSlots(id);
    const fitting = ([1, 2, 3, 4, 5] as const).filter((slot) => slots[slot] !== undefined && row.total_quantity % slots[slot]! === 0);
    expect(fitting.map((slot) => slots[slot])).toContain(row.case_size);
    // Nothing holds the product's sizes any more: its stock has shipped and its orders are complete.
    await api.database.db.execute(sql`update batches set active_units = 0, reserved_units = 0 where product_id = ${id}`);
    await api.database.db.execute(sql`update orders set status = 'Completed' where id in (select oi.order_id from order_items oi join batches b on b.id = oi.batch_id where b.product_id = ${id})`);
    const errorsBefore = await tab('case_size_errors');

    // 1. Every size that fits its quantity removed: back in Case Size Errors, out of Inventory Updates, its 020 gone.
    const removed = await save([{ productId: id, caseSizes: fitting.map((slot) => ({ caseIndex: slot, value: null })) }], 'njAdmin', 'NJ');
    expect(removed.body.data.failedUpdates).toEqual([]);
    const errorsAfter = await tab('case_size_errors');
    expect(removed.body.data.importRecheck).toEqual({ referenceId, fixed: 0, remaining: errorsAfter.length });
    expect(errorsAfter.length).toBeGreaterThan(errorsBefore.length);
    expect(errorsAfter.find((error) => error.batch_id === row.batch_id)).toMatchObject({ total_quantity: row.total_quantity, case_size: null, change: null, held_back: true });
    expect((await tab('inventory_updates')).find((update) => update.batch_id === row.batch_id)).toBeUndefined();
    expect((await tab('item_issues')).filter((issue) => issue.batch_id === row.batch_id).map((issue) => issue.reason_code)).not.toContain('020');

    // 2. Its quantity as a case size: it fits, and moves back to Inventory Updates with its 020.
    const slot = fitting[0]!;
    const added = await save([{ productId: id, caseSizes: [{ caseIndex: slot, value: row.total_quantity }] }], 'njAdmin', 'NJ');
    expect(added.body.data.importRecheck).toMatchObject({ referenceId });
    expect(added.body.data.importRecheck!.fixed).toBeGreaterThanOrEqual(1);
    expect((await tab('case_size_errors')).find((error) => error.batch_id === row.batch_id)).toBeUndefined();
    expect((await tab('inventory_updates')).find((update) => update.batch_id === row.batch_id)).toMatchObject({ change: 'new_batch', case_size: row.total_quantity });
    expect((await tab('item_issues')).filter((issue) => issue.batch_id === row.batch_id).map((issue) => issue.reason_code)).toContain('020');

    // 3. That size changed to 1: the update is packed again in cases of 1, so a commit creates the batch in a size the product has.
    const repacked = await save([{ productId: id, caseSizes: [{ caseIndex: slot, value: 1 }] }], 'njAdmin', 'NJ');
    expect(repacked.body.data.failedUpdates).toEqual([]);
    expect((await tab('inventory_updates')).find((update) => update.batch_id === row.batch_id)).toMatchObject({ change: 'new_batch', case_size: 1 });

    const audit = await queryRows<{ after: { productIds: number[]; fixed: string[]; heldBack: string[]; repacked: { batchNumber: string; to: number }[] } }>(
      api.database.db,
      sql`select after from audit_log where entity_type = 'import' and entity_id = ${referenceId} and action = 'refresh-case-sizes' order by id`,
    );
    expect(audit).toHaveLength(3);
    expect(audit.every((entry) => entry.after.productIds.length === 1 && entry.after.productIds[0] === id)).toBe(true);
    expect(audit[0]!.after.heldBack).toContain(row.batch_id);
    expect(audit[1]!.after.fixed).toContain(row.batch_id);
    expect(audit[2]!.after.repacked).toContainEqual(expect.objectContaining({ batchNumber: row.batch_id, to: 1 }));
  });

  // A save commits and its re-check of the import runs afterwards, in its own transaction: a commit between the
  // two used to create the new batch in the size just removed. The commit now checks its new batches' sizes itself.
  it('a commit made before a save\'s re-check never creates a new batch in a size the save removed', async () => {
    const updates = await tab('inventory_updates');
    const first = updates.find((update) => update.change === 'new_batch' && update.total_quantity > 1)!;
    const firstProduct = await productId('NJ', first.product_name);
    const row = updates.find((update) => update.change === 'new_batch' && update.total_quantity > 1 && update.product_name !== first.product_name)!;
    const id = await productId('NJ', row.product_name);
    expect(id).not.toBe(firstProduct);
    const before = await storedSlots(id);
    const fitting = ([1, 2, 3, 4, 5] as const).filter((slot) => before[slot] !== undefined && row.total_quantity % before[slot]! === 0);
    expect(fitting.map((slot) => before[slot])).toContain(row.case_size);
    // The save's own transaction, committed; its re-check has not run yet.
    await api.database.db.execute(sql`delete from product_case_sizes where product_id = ${id} and case_index = any(${`{${fitting.join(',')}}`}::int[])`);

    const committed = await api.call('njAdmin', { method: 'POST', url: `/api/inventory/import/${referenceId}/action`, market: 'NJ', body: { marketCode: 'NJ', action: 'commit' } });
    expect(committed.status).toBe(200);
    expect(committed.body.data.held_back).toBeGreaterThanOrEqual(1);
    const [batch] = await queryRows<{ caseSize: number }>(api.database.db, sql`select case_size as "caseSize" from batches b join markets m on m.id = b.market_id where m.code = 'NJ' and b.batch_number = ${row.batch_id}`);
    expect(batch).toBeUndefined();
    expect((await tab('case_size_errors')).find((error) => error.batch_id === row.batch_id)).toMatchObject({ case_size: null, held_back: true });
  });

  it('answers no re-check in a market with no import waiting', async () => {
    const id = await newProduct('Casetest No Import Nerds 1g', { 1: 6 });
    const { body } = await save([{ productId: id, caseSizes: [{ caseIndex: 2, value: 12 }] }]);
    expect(body.data.importRecheck).toBeNull();
  });
});

// ---- in parallel --------------------------------------------------------------------------------------------

describe('saves of one product in parallel', () => {
  it('apply one after the other, each on the slots the previous one left', async () => {
    const id = await newProduct('Casetest Parallel Punch 1g', { 1: 12, 2: 24 });
    const values = [36, 48, 60, 72];
    const answers = await Promise.all(values.map((value) => save([{ productId: id, caseSizes: [{ caseIndex: 2, value }] }])));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const audit = await queryRows<{ before: { caseSizes: Record<string, number | null> }; after: { caseSizes: Record<string, number | null> } }>(
      api.database.db,
      sql`select before, after from audit_log where entity_type = 'product' and entity_id = ${String(id)} order by id`,
    );
    expect(audit).toHaveLength(4);
    expect(audit[0]!.before.caseSizes['2']).toBe(24);
    for (let index = 1; index < audit.length; index += 1) expect(audit[index]!.before).toEqual(audit[index - 1]!.after);
    expect((await storedSlots(id))[2]).toBe(audit[3]!.after.caseSizes['2']);
  });

  it('never leave a size in use twice or gone when two saves move it to different slots at once', async () => {
    const id = await newProduct('Casetest Race Rainbow 1g', { 1: 12 });
    await newBatch(id, 12, { active: 24 });
    const answers = await Promise.all([
      save([{ productId: id, caseSizes: [{ caseIndex: 1, value: null }, { caseIndex: 3, value: 12 }] }]),
      save([{ productId: id, caseSizes: [{ caseIndex: 1, value: null }, { caseIndex: 4, value: 12 }] }]),
    ]);
    const slots = await storedSlots(id);
    expect(Object.values(slots).filter((size) => size === 12)).toHaveLength(1);
    expect(slots[1]).toBeUndefined();
    // The second either saw the first's write when checked (400) or under its lock (the slot refused).
    const second = answers.find((answer) => answer.status === 400 || answer.body.data.failedUpdates.length > 0);
    expect(second, JSON.stringify(answers.map((answer) => answer.body))).toBeDefined();
    expect(JSON.stringify(second!.body)).toMatch(/Casetest Race Rainbow 1g: case size [34] \(12\) is the same as case size [34]/);
    const { count } = await one<{ count: number }>(sql`select count(*)::int as count from audit_log where entity_type = 'product' and entity_id = ${String(id)}`);
    expect(count).toBe(1);
  });
});
