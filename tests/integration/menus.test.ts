// Menus through the API: the listing (fields per menu type, sellable batches only, row colours, the settings'
// order, markets kept apart), the settings (defaults, merged changes, unknown ids refused whole, parallel saves),
// the export (one workbook per chain opened with exceljs: columns, excluded batches, order, fills, no formula),
// its signed links (tampered or expired: 403), and the round trip of a filled internal menu through the upload.
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LINK_INVALID_MESSAGE } from '../../src/shared/api/exports';
import { menuListingRowSchema, type CategorySettings, type MenuListingRow, type MenuSettings } from '../../src/shared/api/menus';
import { marketDate } from '../../src/shared/market-time';
import { ROW_COLORS, rowColorName } from '../../src/shared/menu-colors';
import { queryRows } from '../../src/server/db/client';
import type { DemoUserKey } from '../../src/server/db/demo-data/demo-users';
import { EXPORT_LINK_KEY_NAME } from '../../src/server/files/export-storage';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
});
afterAll(async () => {
  await api.close();
});

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(api.database.db, query);

type ListAnswer = { data: MenuListingRow[]; pagination: { totalRecords: number; recordsOnPage: number }; metaDetails: { lastImportTime: string | null }; message: string; details?: { field: string }[] };

function list(body: Record<string, unknown>, user: DemoUserKey = 'mnSalesManager', market = 'MN') {
  return api.call<ListAnswer>(user, { method: 'POST', url: '/api/menu/listing', market, body: { marketCode: market, menuType: 'internal', ...body } });
}

function getSettings(user: DemoUserKey = 'mnSalesManager', market = 'MN') {
  return api.call<{ data: MenuSettings; message: string }>(user, { url: `/api/menu/settings?market_code=${market}`, market });
}

function saveSettings(settings: unknown[], user: DemoUserKey = 'mnSalesManager', market = 'MN') {
  return api.call<{ data: MenuSettings; message: string; details?: { field: string; message: string }[] }>(user, { method: 'POST', url: '/api/menu/settings', market, body: { marketCode: market, settings } });
}

function exportMenu(body: Record<string, unknown>, user: DemoUserKey = 'mnSalesManager', market = 'MN') {
  return api.call<{ data: { exports: { presignedUrl: string; msoName: string; fileName: string }[] }; message: string; details?: { field: string; message: string }[] }>(user, {
    method: 'POST',
    url: '/api/menu/export',
    market,
    body: { marketCode: market, ...body },
  });
}

async function download(url: string): Promise<ExcelJS.Worksheet> {
  const response = await api.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** A worksheet's rows from the header on, as plain cell values (row 1 is the title). */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number >= 2) out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

async function msoOwner(market: string, group: 'INT' | 'EXT'): Promise<{ id: number; name: string }> {
  const [owner] = await rows<{ id: number; name: string }>(sql`
    select o.id, o.name from mso_owners o join markets m on m.id = o.market_id
    where m.code = ${market} and exists (select 1 from customers c where c.mso_owner_id = o.id and c.is_active and c.customer_group = ${group})
    order by o.id limit 1`);
  return owner!;
}

describe('the listing', () => {
  it('answers every field of an internal row, only sellable batches of the market, with row colours', async () => {
    const answer = await list({ pagination: { page: 1, pageSize: 100 } });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const { data, pagination, metaDetails } = answer.body;
    expect(data).toHaveLength(100);
    for (const row of data) expect(menuListingRowSchema.strict().parse(row)).toEqual(row);
    expect(Object.keys(data[0]!)).toEqual(expect.arrayContaining(['case_size', 'available_case_size']));
    expect(data[0]).not.toHaveProperty('standard_case_size');
    expect(data[0]).not.toHaveProperty('total_available_quantity');
    expect(metaDetails).toHaveProperty('lastImportTime');

    const [expected] = await rows<{ n: number }>(sql`
      select count(*)::int as n from batches b join markets m on m.id = b.market_id
      where m.code = 'MN' and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date)
        and b.active_units - b.reserved_units > 0`);
    expect(pagination.totalRecords).toBe(expected!.n);
    for (const row of data) {
      expect(row.batch_number.startsWith('MN-')).toBe(true);
      expect(row.thc_a).toBeNull();
      expect(row.top_terpenes.length).toBeLessThanOrEqual(3);
      expect(row.top_terpenes.map((t) => t.percentage)).toEqual([...row.top_terpenes.map((t) => t.percentage)].sort((a, b) => b - a));
      if (row.available_case_size === 0) expect(row.row_color).toBe('unavailable');
    }
    // Each row's names and numbers are its batch's and its product's.
    const truth = await rows<Record<string, unknown>>(sql`
      select b.id as batch_id, p.id as product_id, p.name as product_name, c.name as category_name, sc.name as subcategory_name, br.name as brand_name,
             s.name as strain_name, s.strain_type, l.s2s_location_name, b.case_size, greatest(0, (b.active_units - b.reserved_units) / b.case_size) as available_case_size,
             p.base_price::float8 as base_price, to_char(b.expiry_date, 'YYYY-MM-DD') as expired_date
      from batches b join products p on p.id = b.product_id join categories c on c.id = p.category_id left join subcategories sc on sc.id = p.subcategory_id
        left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id join inventory_locations l on l.id = b.location_id
      where b.id = any(${`{${data.map((row) => row.batch_id).join(',')}}`}::int[]) order by b.id`);
    const sent = [...data].sort((a, b) => a.batch_id - b.batch_id).map((row) => Object.fromEntries(Object.keys(truth[0]!).map((key) => [key, row[key as keyof typeof row]])));
    expect(sent).toEqual(truth);
  });

  it('colours rows: unavailable when no whole case is free, else the batch hex', async () => {
    const [short] = await rows<{ batch_number: string }>(sql`
      select b.batch_number from batches b join markets m on m.id = b.market_id
      where m.code = 'MN' and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date)
        and b.active_units - b.reserved_units between 1 and b.case_size - 1 limit 1`);
    const [coloured] = await rows<{ batch_number: string; row_color: string }>(sql`
      select b.batch_number, b.row_color from batches b join markets m on m.id = b.market_id
      where m.code = 'MN' and b.row_color is not null and b.status = 'active' and b.lab_status = 'passed'
        and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date) and b.active_units - b.reserved_units >= b.case_size limit 1`);
    for (const [batch, colour] of [
      [short!.batch_number, 'unavailable'],
      [coloured!.batch_number, coloured!.row_color],
    ] as const) {
      const answer = await list({ columnFilter: [{ column: 'batch_number', type: 'select', value: [batch] }] });
      expect(answer.body.data.map((row) => row.row_color)).toEqual([colour]);
    }
  });

  it('answers external rows with the standard case size and the free units', async () => {
    const [batch] = await rows<{ batch_number: string; free: number; standard: number }>(sql`
      select b.batch_number, b.active_units - b.reserved_units as free, s.case_size as standard
      from batches b join markets m on m.id = b.market_id join product_case_sizes s on s.product_id = b.product_id and s.case_index = 1
      where m.code = 'MN' and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date)
        and b.active_units - b.reserved_units > 0 limit 1`);
    const answer = await list({ menuType: 'external', search: batch!.batch_number });
    const row = answer.body.data.find((one) => one.batch_number === batch!.batch_number)!;
    expect(row).toMatchObject({ standard_case_size: batch!.standard, total_available_quantity: batch!.free });
    expect(row).not.toHaveProperty('case_size');
    expect(row).not.toHaveProperty('available_case_size');
  });

  it('sorts by each column of the product, and by batch number, S2S name and expiry, both ways as an independent ordering of the sellable batches does, with a batch filter too', async () => {
    const keys: Record<string, string> = {
      batch_number: 'b.batch_number',
      s2s_product_name: 'b.s2s_product_name',
      expired_date: 'b.expiry_date',
      category_name: 'c.name',
      subcategory_name: 'sc.name',
      brand_name: 'br.name',
      strain_name: 's.name',
      strain_type: 's.strain_type',
      item_size: 'p.item_size',
      product_name: 'p.name',
      base_price: 'p.base_price',
    };
    const today = marketDate('MN');
    // Every MN sellable batch in the spec's order for the sort: the column (empty last), then the settings' rank, batch number and id.
    const reference = (key: string, order: string, caseSize?: number) =>
      rows<{ id: number }>(sql`
        select b.id from batches b
          join markets m on m.id = b.market_id and m.code = 'MN'
          join menu_product_ranks r on r.market_id = b.market_id and r.product_id = b.product_id
          join products p on p.id = b.product_id join categories c on c.id = p.category_id
          left join subcategories sc on sc.id = p.subcategory_id left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id
         where b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${today}::date)
           and b.active_units - b.reserved_units > 0 ${caseSize === undefined ? sql`` : sql`and b.case_size = ${caseSize}`}
         order by ${sql.raw(`${key} ${order} nulls last`)}, r.rank, b.batch_number, b.id`);
    // Ranked as the listing ranks: the first page does it when the ranks are behind.
    expect((await list({ pagination: { page: 1, pageSize: 1 } })).status).toBe(200);
    const pageSize = 40;
    for (const [column, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = (await reference(key, order)).map((row) => row.id);
        const read: number[] = [];
        for (const page of [1, 2, 3]) read.push(...(await list({ sort: { column, order }, pagination: { page, pageSize } })).body.data.map((row) => row.batch_id));
        expect(read, `${column} ${order}`).toEqual(expected.slice(0, 3 * pageSize));
        const last = Math.ceil(expected.length / pageSize);
        const lastPage = await list({ sort: { column, order }, pagination: { page: last, pageSize } });
        expect(lastPage.body.data.map((row) => row.batch_id), `${column} ${order} last page`).toEqual(expected.slice((last - 1) * pageSize));
        expect(lastPage.body.pagination.totalRecords).toBe(expected.length);
      }
    }
    const filtered = (await reference('br.name', 'desc', 12)).map((row) => row.id);
    expect(filtered.length).toBeGreaterThan(0);
    const answer = await list({ sort: { column: 'brand_name', order: 'desc' }, columnFilter: [{ column: 'case_size', type: 'text', value: '12' }], pagination: { page: 1, pageSize: 100 } });
    expect(answer.body.data.map((row) => row.batch_id)).toEqual(filtered.slice(0, 100));
  });

  it('sorts a search by a column of the product as an independent ordering of its matches does', async () => {
    const matches: number[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await list({ search: 'an', pagination: { page, pageSize: 100 } });
      matches.push(...answer.body.data.map((row) => row.batch_id));
      if (answer.body.data.length < 100) break;
    }
    expect(matches.length).toBeGreaterThan(100);
    const expected = (
      await rows<{ id: number }>(sql`
        select b.id from batches b
          join menu_product_ranks r on r.market_id = b.market_id and r.product_id = b.product_id
          join products p on p.id = b.product_id left join brands br on br.id = p.brand_id
         where b.id = any(${`{${matches.join(',')}}`}::int[])
         order by br.name desc nulls last, r.rank, b.batch_number, b.id`)
    ).map((row) => row.id);
    const sorted = await list({ search: 'an', sort: { column: 'brand_name', order: 'desc' }, pagination: { page: 2, pageSize: 50 } });
    expect(sorted.body.pagination.totalRecords).toBe(matches.length);
    expect(sorted.body.data.map((row) => row.batch_id)).toEqual(expected.slice(50, 100));
  });

  it('pages a search in the settings’ order, and sorted by brand, as an independent match of each sellable batch does, for every kind of word', async () => {
    const [words] = await rows<{ product: string; strain: string; category: string; batch: string; s2s: string }>(sql`
      select (select split_part(name, ' ', 1) from products where market_id = 1 order by id desc limit 1) as product,
             (select name from strains order by id limit 1) as strain,
             (select name from categories order by id limit 1) as category,
             (select batch_number from batches where market_id = 1 order by id desc limit 1) as batch,
             (select s2s_product_name from batches where market_id = 1 order by id limit 1) as s2s`);
    const today = marketDate('MN');
    // Ranked as the listing ranks: the first page does it when the ranks are behind.
    expect((await list({ pagination: { page: 1, pageSize: 1 } })).status).toBe(200);
    const orders = [
      { sort: undefined, order: 'r.rank, b.batch_number, b.id' },
      { sort: { column: 'brand_name', order: 'desc' }, order: 'br.name desc nulls last, r.rank, b.batch_number, b.id' },
    ];
    for (const { sort, order } of orders) {
      for (const search of [words!.product, words!.strain.toUpperCase(), words!.category, words!.batch.slice(-5), words!.s2s.slice(3, 10), 'an', 'zz-none', 'Co.', 'N-B', '- 1']) {
        const pattern = `%${search.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
        const expected = (
          await rows<{ id: number }>(sql`
            select b.id from batches b
              join menu_product_ranks r on r.market_id = b.market_id and r.product_id = b.product_id
              join products p on p.id = b.product_id join categories c on c.id = p.category_id
              left join brands br on br.id = p.brand_id left join strains s on s.id = p.strain_id
             where b.market_id = 1 and b.status = 'active' and b.lab_status = 'passed' and (b.expiry_date is null or b.expiry_date >= ${today}::date)
               and b.active_units - b.reserved_units > 0
               and (p.name ilike ${pattern} or br.name ilike ${pattern} or s.name ilike ${pattern} or c.name ilike ${pattern}
                    or b.batch_number ilike ${pattern} or b.s2s_product_name ilike ${pattern})
             order by ${sql.raw(order)}`)
        ).map((row) => row.id);
        for (const page of [1, 2]) {
          const answer = await list({ search, ...(sort ? { sort } : {}), pagination: { page, pageSize: 40 } });
          expect(answer.body.pagination.totalRecords, search).toBe(expected.length);
          expect(answer.body.data.map((row) => row.batch_id), `${search} ${order} page ${page}`).toEqual(expected.slice((page - 1) * 40, page * 40));
        }
      }
    }
  });

  it('sorts and filters by the allowed columns', async () => {
    const sorted = await list({ sort: { column: 'base_price', order: 'desc' }, pagination: { page: 1, pageSize: 50 } });
    const prices = sorted.body.data.map((row) => row.base_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const flower = await list({ columnFilter: [{ column: 'category_name', type: 'text', value: 'flow' }] });
    expect(new Set(flower.body.data.map((row) => row.category_name))).toEqual(new Set(['flower']));
  });

  it('refuses a bad query with the field to fix', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: { column: 'password', order: 'asc' } }, 'sort[0].column'],
      [{ menuType: 'wholesale' }, 'menuType'],
      [{ columnFilter: [{ column: 'base_price', type: 'text', value: 'cheap' }] }, 'columnFilter[0].value'],
      [{ columnFilter: [{ column: 'expired_date', type: 'text', value: '2025' }] }, 'columnFilter[0].type'],
    ];
    for (const [body, field] of cases) {
      const answer = await list(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.details?.map((detail) => detail.field)).toContain(field);
    }
  });

  it('keeps each market to its own batches, and refuses roles without create_menu', async () => {
    const nv = await list({ pagination: { page: 1, pageSize: 100 } }, 'nvAdmin', 'NV');
    expect(nv.status).toBe(200);
    expect(nv.body.data.every((row) => row.batch_number.startsWith('NV-'))).toBe(true);
    expect((await list({}, 'mnFulfilment')).status).toBe(403);
    expect((await list({}, 'mnSalesPerson')).status).toBe(200);
    expect((await list({}, 'mnSalesManager', 'NV')).status).toBe(403);
  });
});

describe('the settings', () => {
  let flower: CategorySettings;

  it('answers every category of the market with its brands and subcategories, defaults filled in', async () => {
    const answer = await getSettings();
    expect(answer.status).toBe(200);
    const { settings, marketCode } = answer.body.data;
    expect(marketCode).toBe('MN');
    expect(settings.map((category) => category.categoryOrder)).toEqual(settings.map((_, index) => index + 1));
    flower = settings.find((category) => category.categoryName === 'flower')!;
    expect(settings[0]!.categoryName).toBe('flower');
    expect(flower.brandOrder.length).toBeGreaterThan(2);
    expect(flower.brandOrder.map((brand) => brand.brandName)).toEqual([...flower.brandOrder.map((brand) => brand.brandName)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(flower.sortFields).toEqual([
      { field: 'packagingSize', direction: 'asc', sortOrder: 1 },
      { field: 'dominance', direction: 'asc', sortOrder: 2 },
      { field: 'strain', direction: 'asc', sortOrder: 3 },
    ]);
    const [brands] = await rows<{ n: number }>(sql`
      select count(distinct p.brand_id)::int as n from products p join markets m on m.id = p.market_id join categories c on c.id = p.category_id
      where m.code = 'MN' and c.name = 'flower'`);
    expect(flower.brandOrder).toHaveLength(brands!.n);
    expect((await getSettings('mnSalesPerson')).status).toBe(403);
  });

  it("merges a category's new brand order, moves it first, and the listing follows", async () => {
    const current = (await getSettings()).body.data.settings;
    const vape = current.find((category) => category.categoryName === 'vape')!;
    const reversed = [...vape.brandOrder].reverse();
    const saved = await saveSettings([
      { categoryId: vape.categoryId, categoryOrder: 1, brandOrder: reversed.slice(0, 2).map((brand, index) => ({ brandId: brand.brandId, brandName: brand.brandName, brandOrder: index + 1 })) },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Menu settings saved successfully');
    const after = saved.body.data.settings;
    expect(after[0]!.categoryName).toBe('vape');
    expect(after[1]!.categoryName).toBe('flower');
    const vapeAfter = after[0]!;
    expect(vapeAfter.brandOrder.slice(0, 2).map((brand) => brand.brandId)).toEqual(reversed.slice(0, 2).map((brand) => brand.brandId));
    // The rest follow by name.
    const rest = vapeAfter.brandOrder.slice(2).map((brand) => brand.brandName);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await getSettings()).body.data).toEqual(saved.body.data);

    const listing = await list({ pagination: { page: 1, pageSize: 100 } });
    expect(listing.body.data[0]!.category_name).toBe('vape');
    const vapeRows = (await list({ columnFilter: [{ column: 'category_name', type: 'select', value: ['vape'] }], pagination: { page: 1, pageSize: 100 } })).body.data;
    const rank = new Map(vapeAfter.brandOrder.map((brand) => [brand.brandId, brand.brandOrder]));
    const ranks = vapeRows.map((row) => rank.get(row.brand_id!) ?? Number.MAX_SAFE_INTEGER);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(vapeRows[0]!.brand_id).toBe(reversed[0]!.brandId);
  });

  it('orders rows of one brand and subcategory by the sort fields', async () => {
    const current = (await getSettings()).body.data.settings;
    const vape = current.find((category) => category.categoryName === 'vape')!;
    const saved = await saveSettings([{ categoryId: vape.categoryId, sortFields: [{ field: 'strain', direction: 'desc', sortOrder: 1 }] }]);
    expect(saved.body.data.settings.find((category) => category.categoryId === vape.categoryId)!.sortFields.map((one) => `${one.field}:${one.direction}`)).toEqual([
      'strain:desc',
      'packagingSize:asc',
      'dominance:asc',
    ]);
    const brand = vape.brandOrder[0]!;
    const rowsOfBrand = (
      await list({ columnFilter: [{ column: 'brand_name', type: 'select', value: [brand.brandName] }, { column: 'category_name', type: 'select', value: ['vape'] }], pagination: { page: 1, pageSize: 100 } })
    ).body.data;
    const firstSub = rowsOfBrand[0]?.subcategory_id;
    const strains = rowsOfBrand.filter((row) => row.subcategory_id === firstSub).map((row) => row.strain_name ?? '');
    expect(strains).toEqual([...strains].sort().reverse());
  });

  it('ranks a product written after the ranks were kept before answering: its batches appear in their place', async () => {
    const first = await list({ pagination: { page: 1, pageSize: 100 } });
    expect(first.status).toBe(200);
    // Written straight to the tables, as a catalogue writer would: a product named to sort first in the first
    // category and brand of the menu, with one sellable batch.
    const top = first.body.data[0]!;
    const [product] = await rows<{ id: number }>(sql`
      insert into products (market_id, erp_code, name, category_id, subcategory_id, brand_id, strain_id, item_size, item_size_uom, base_price)
      select p.market_id, 'RANK-TEST-1', '  Aardvark Rank Test', p.category_id, p.subcategory_id, p.brand_id, p.strain_id, p.item_size, p.item_size_uom, p.base_price
      from products p where p.id = ${top.product_id} returning id`);
    await rows(sql`
      insert into batches (market_id, batch_number, product_id, location_id, s2s_product_name, expiry_date, case_size, active_units, lab_status)
      select b.market_id, 'RANK-TEST-B1', ${product!.id}, b.location_id, 'Aardvark Rank Test', null, 1, 50, 'passed' from batches b where b.id = ${top.batch_id} returning id`);
    try {
      const after = await list({ pagination: { page: 1, pageSize: 100 } });
      expect(after.body.pagination.totalRecords).toBe(first.body.pagination.totalRecords + 1);
      const position = after.body.data.findIndex((row) => row.batch_number === 'RANK-TEST-B1');
      expect(position).toBeGreaterThanOrEqual(0);
      // Sorted among its category, brand and subcategory by the sort fields and then its name: ahead of the row it was copied from.
      expect(position).toBeLessThanOrEqual(after.body.data.findIndex((row) => row.batch_id === top.batch_id));
      expect((await list({ search: 'aardvark rank', pagination: { page: 1, pageSize: 10 } })).body.data.map((row) => row.batch_number)).toEqual(['RANK-TEST-B1']);
    } finally {
      await rows(sql`delete from batches where batch_number = 'RANK-TEST-B1'`);
      await rows(sql`delete from products where id = ${product!.id}`);
    }
    expect((await list({ pagination: { page: 1, pageSize: 100 } })).body.pagination.totalRecords).toBe(first.body.pagination.totalRecords);
  });

  it('refuses unknown ids and empty changes, naming the entry, and saves nothing', async () => {
    const before = (await getSettings()).body.data;
    const flowerId = before.settings.find((category) => category.categoryName === 'flower')!.categoryId;
    const unknownBrand = await saveSettings([{ categoryId: flowerId, categoryOrder: 3, brandOrder: [{ brandId: before.settings[0]!.brandOrder[0]!.brandId, brandOrder: 1 }, { brandId: 999_999, brandOrder: 2 }] }]);
    expect(unknownBrand.status).toBe(400);
    expect(unknownBrand.body.details).toContainEqual(expect.objectContaining({ field: 'settings[0].brandOrder[1].brandId', message: '999999 is not a brand of flower in this market' }));
    const unknownCategory = await saveSettings([{ categoryId: 999_999, categoryOrder: 1 }]);
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.details?.[0]?.field).toBe('settings[0].categoryId');
    const empty = await saveSettings([]);
    expect(empty.status).toBe(400);
    expect(empty.body.details?.[0]).toMatchObject({ field: 'settings', message: 'No changes to save' });
    expect((await getSettings()).body.data).toEqual(before);
  });

  it('lands two saves made at once, each merged into the other, and never touches another market', async () => {
    const nvBefore = (await getSettings('nvAdmin', 'NV')).body.data;
    const current = (await getSettings()).body.data.settings;
    const [first, second] = [current.find((c) => c.categoryName === 'edible')!, current.find((c) => c.categoryName === 'concentrate')!];
    const answers = await Promise.all([
      saveSettings([{ categoryId: first.categoryId, sortFields: [{ field: 'dominance', direction: 'desc', sortOrder: 1 }] }]),
      saveSettings([{ categoryId: second.categoryId, brandOrder: [{ brandId: second.brandOrder.at(-1)!.brandId, brandOrder: 1 }] }], 'mnAdmin'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const after = (await getSettings()).body.data.settings;
    expect(after.find((c) => c.categoryId === first.categoryId)!.sortFields[0]).toEqual({ field: 'dominance', direction: 'desc', sortOrder: 1 });
    expect(after.find((c) => c.categoryId === second.categoryId)!.brandOrder[0]!.brandId).toBe(second.brandOrder.at(-1)!.brandId);
    expect((await getSettings('nvAdmin', 'NV')).body.data).toEqual(nvBefore);
    const audits = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where entity_type = 'menu_settings' and entity_id = 'MN'`);
    expect(audits[0]!.n).toBeGreaterThanOrEqual(4);
  });
});

describe('the export', () => {
  const columns = [
    { index: 0, field: 'product_name', label: 'ERP Product Name' },
    { index: 1, field: 'brand_name', label: 'Brand' },
    { index: 2, field: 'base_price', label: 'Price per unit' },
    { index: 3, field: 'expired_date', label: 'Expiry' },
  ];

  it('writes one external workbook per chain: the columns chosen, excluded batches absent, in order, coloured, no formula', async () => {
    const [a, b] = await rows<{ id: number; name: string }>(sql`select o.id, o.name from mso_owners o join markets m on m.id = o.market_id where m.code = 'MN' order by o.id limit 2`);
    // A product name that a spreadsheet would run as a formula.
    const [target] = await rows<{ id: number; product_id: number }>(sql`
      select b.id, b.product_id from batches b join markets m on m.id = b.market_id join categories c on c.id = (select category_id from products where id = b.product_id)
      where m.code = 'MN' and c.name = 'vape' and b.status = 'active' and b.lab_status = 'passed' and b.active_units - b.reserved_units >= b.case_size
        and (b.expiry_date is null or b.expiry_date >= ${marketDate('MN')}::date) order by b.id limit 1`);
    await api.database.db.execute(sql`update products set name = '=HYPERLINK("http://evil","x")' where id = ${target!.product_id}`);

    const [{ brand }] = (await rows<{ brand: string }>(sql`select br.name as brand from products p join brands br on br.id = p.brand_id where p.id = ${target!.product_id}`)) as [{ brand: string }];
    const search = brand;
    const columnFilter = [{ column: 'category_name', type: 'select', value: ['vape'] }];
    const page = (await list({ menuType: 'external', search, columnFilter, pagination: { page: 1, pageSize: 100 } })).body;
    expect(page.pagination.totalRecords).toBeLessThan(100);
    const listing = page.data;
    expect(listing.map((row) => row.batch_id)).toContain(target!.id);
    const excluded = listing.filter((row) => row.batch_id !== target!.id).slice(0, 3).map((row) => row.batch_id);
    const answer = await exportMenu({
      menuType: 'external',
      selectedColumns: columns,
      salesPersonIdORName: 'Morgan Export',
      msoDetails: [
        { id: b!.id, name: b!.name },
        { id: a!.id, name: a!.name },
      ],
      excludedBatches: excluded,
      search,
      columnFilter,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { exports } = answer.body.data;
    expect(exports.map((one) => one.msoName)).toEqual([b!.name, a!.name]);
    for (const one of exports) {
      expect(one.presignedUrl).toMatch(/^\/api\/exports\/\d+-MN-\d+-[\w-]{43}$/);
      expect(one.fileName).toMatch(new RegExp(`^MN_${one.msoName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/\./g, '\\.')}_External_\\d{4}_\\d{2}_\\d{2}_\\d{4}\\.xlsx$`));
    }

    const expected = listing.filter((row) => !excluded.includes(row.batch_id));
    for (const one of exports) {
      const sheet = await download(one.presignedUrl);
      expect(String(sheet.getRow(1).getCell(1).value)).toContain(`Buyer: ${one.msoName}`);
      expect(String(sheet.getRow(1).getCell(1).value)).toContain('Sales Person: Morgan Export');
      const [header, ...body] = sheetRows(sheet);
      expect(header).toEqual(['ERP Product Name', 'Brand', 'Price per unit', 'Expiry']);
      expect(sheet.getRow(2).getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
      expect(body).toHaveLength(expected.length);
      expect(body.map((cells) => cells[0])).toEqual(expected.map((row) => (row.product_name.startsWith('=') ? `'${row.product_name}` : row.product_name)));
      expect(body.map((cells) => cells[0])).toContain(`'=HYPERLINK("http://evil","x")`);
      expect(body.map((cells) => cells[2])).toEqual(expected.map((row) => row.base_price));
      expect(sheet.getRow(3).getCell(3).numFmt).toContain('0.00');
      const withExpiry = expected.findIndex((row) => row.expired_date !== null);
      const expiryCell = sheet.getRow(3 + withExpiry).getCell(4);
      expect(expiryCell.value).toEqual(new Date(`${expected[withExpiry]!.expired_date}T00:00:00.000Z`));
      expect(expiryCell.numFmt).toBe('mm/dd/yyyy');
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        }),
      );
      expected.forEach((row, index) => {
        const colour = rowColorName(row.row_color);
        const fill = sheet.getRow(3 + index).getCell(2).fill as ExcelJS.FillPattern | undefined;
        expect(fill?.fgColor?.argb ?? null).toBe(colour ? `FF${ROW_COLORS[colour].fill.slice(1).toUpperCase()}` : null);
      });
      expect(sheet.getRow(3).getCell(1).border?.left?.style).toBe('thick');
    }
  });

  it('refuses another market\'s chain, an unknown column, a blank list of columns and a sales person of another market', async () => {
    const nvOwner = await msoOwner('NV', 'EXT');
    const base = { menuType: 'external', selectedColumns: columns, msoDetails: [{ id: nvOwner.id, name: nvOwner.name }] };
    const other = await exportMenu(base);
    expect(other.status).toBe(400);
    expect(other.body.details?.[0]?.field).toBe('msoDetails[0].id');
    const mnOwner = await msoOwner('MN', 'EXT');
    const mso = [{ id: mnOwner.id, name: mnOwner.name }];
    const badColumn = await exportMenu({ ...base, msoDetails: mso, selectedColumns: [{ index: 0, field: 'total_available_quantity', label: 'Qty' }] });
    expect(badColumn.status).toBe(400);
    expect(badColumn.body.details?.[0]?.field).toBe('selectedColumns.0.field');
    const none = await exportMenu({ ...base, msoDetails: mso, selectedColumns: [] });
    expect(none.status).toBe(400);
    expect(none.body.details?.[0]?.message).toBe('Please select at least one column to export.');
    const [nvSeller] = await rows<{ id: number }>(sql`select s.id from sales_persons s join markets m on m.id = s.market_id where m.code = 'NV' limit 1`);
    const seller = await exportMenu({ ...base, msoDetails: mso, salesPersonIdORName: String(nvSeller!.id) });
    expect(seller.status).toBe(400);
    expect(seller.body.details?.[0]?.field).toBe('salesPersonIdORName');
    expect((await exportMenu({ ...base, msoDetails: mso }, 'mnFulfilment')).status).toBe(403);
  });

  it('answers 403 to a tampered or expired link and 404 to a link of a file no longer kept', async () => {
    const owner = await msoOwner('MN', 'EXT');
    const answer = await exportMenu({ menuType: 'external', selectedColumns: columns.slice(0, 1), msoDetails: [{ id: owner.id, name: owner.name }], search: 'zz-no-such-product' });
    expect(answer.status).toBe(200);
    const url = answer.body.data.exports[0]!.presignedUrl;
    const [, fileId, market, expiry, signature] = /^(\d+)-([A-Z]{2})-(\d+)-([\w-]{43})$/.exec(url.split('/').pop()!)! as unknown as [string, string, string, string, string];
    const refused = async (token: string) => {
      const response = await api.app.inject({ method: 'GET', url: `/api/exports/${token}` });
      expect(response.statusCode, token).toBe(403);
      expect(response.json().message).toBe(EXPORT_LINK_INVALID_MESSAGE);
    };
    await refused(`${Number(fileId) - 1}-${market}-${expiry}-${signature}`);
    await refused(`${fileId}-NV-${expiry}-${signature}`);
    await refused(`${fileId}-${market}-${Number(expiry) + 3600}-${signature}`);
    await refused(`${fileId}-${market}-${expiry}-${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);

    // Signed with the server's key but past its expiry.
    const [secret] = await rows<{ value: string }>(sql`select value from app_secrets where name = ${EXPORT_LINK_KEY_NAME}`);
    const key = Buffer.from(secret!.value, 'base64url');
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${fileId}-${market}-${past}-${createHmac('sha256', key).update(`${fileId}.${market}.${past}`).digest('base64url')}`;
    await refused(expired);

    // A valid link whose file is gone.
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await api.database.db.execute(sql`delete from export_files where id = ${Number(fileId)}`);
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('the round trip', () => {
  it('exports an internal menu, a rep fills Cases on two rows, and the upload reads it back as drafts', async () => {
    const owner = await msoOwner('MN', 'INT');
    const dispensaries = await rows<{ name: string }>(sql`select name from customers where mso_owner_id = ${owner.id} and is_active and customer_group = 'INT' order by name, id`);
    const selected = [
      { index: 0, field: 'product_name', label: 'ERP Product Name' },
      { index: 1, field: 'case_size', label: 'Units per Case' },
      { index: 2, field: 'available_case_size', label: 'Cases Available' },
    ];
    const answer = await exportMenu({ menuType: 'internal', selectedColumns: selected, salesPersonIdORName: '', msoDetails: [{ id: owner.id, name: owner.name }], excludedBatches: [1, 2, 3] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [file] = answer.body.data.exports;
    expect(file!.fileName).toContain('_Internal_');
    const response = await api.app.inject({ method: 'GET', url: file!.presignedUrl });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header).toEqual(['ERP Product Name', 'Case Size', 'Cases Available', 'Batch#', 'Dispensary Location(s)', 'Cases']);
    const total = (await list({ pagination: { page: 1, pageSize: 1 } })).body.pagination.totalRecords;
    expect(sheet.rowCount - 2).toBe(total);
    expect(sheet.getRow(3).getCell(5).value).toBe(dispensaries.map((one) => one.name).join(', '));

    // Two rows with whole cases free, filled in.
    const filled: { batch: string; cases: number }[] = [];
    for (let number = 3; number <= sheet.rowCount && filled.length < 2; number += 1) {
      const row = sheet.getRow(number);
      if (Number(row.getCell(3).value) >= 2) {
        row.getCell(6).value = filled.length + 1;
        filled.push({ batch: String(row.getCell(4).value), cases: filled.length + 1 });
      }
    }
    expect(filled).toHaveLength(2);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await api.call('mnSalesPerson', {
      method: 'POST',
      url: '/api/order/upload/create',
      market: 'MN',
      body: { marketCode: 'MN', menuType: 'internal', fileName: file!.fileName, file: bytes.toString('base64') },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body).slice(0, 500)).toBe(200);
    const drafts = uploaded.body.data.customers.result as { customer_name: string; line_count: number; total_cases: number; menu_upload_status: string }[];
    expect(drafts.map((draft) => draft.customer_name).sort()).toEqual(dispensaries.map((one) => one.name).sort());
    for (const draft of drafts) expect(draft).toMatchObject({ line_count: 2, total_cases: 3, menu_upload_status: 'IN-PROGRESS' });
    const lines = await rows<{ lines: { batchNumber: string; noOfCases: number }[] }>(sql`
      select u.lines from upload_customers u join upload_batches b on b.id = u.upload_batch_id where b.reference_id = ${uploaded.body.data.customers.referenceId} order by u.position limit 1`);
    expect(lines[0]!.lines.map((line) => [line.batchNumber, line.noOfCases])).toEqual(filled.map((one) => [one.batch, one.cases]));
  });
});
