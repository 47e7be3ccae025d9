import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, STOCK_HOLDING_ORDER_STATUSES } from '../../../shared/enums';
import { openDatabase, queryRows, type Database } from '../client';
import { migrateDatabase } from '../migrate';
import { DEMO_USERS } from './demo-users';
import { loadDemoData } from './load';
import { DEMO_MARKETS } from './markets';

const TODAY = new Date('2026-11-20T15:30:00Z');
const MARKET_COUNT = DEMO_MARKETS.length;
const PICKLIST_ORDER_STATUSES = ['Approved', 'Partially Picked', 'Picked', 'Packaged', 'Shipped', 'Delivered', 'Completed'];

async function freshDemoDatabase(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await loadDemoData(database.db, { scale: 'demo', today: TODAY });
  return database;
}

const inList = (values: readonly string[]) => sql.join(
  values.map((value) => sql`${value}`),
  sql`, `,
);

let database: Database;
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

beforeAll(async () => {
  database = await freshDemoDatabase();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('demo data', () => {
  it('gives every market three or four warehouses and products with one to five ascending case sizes', async () => {
    const locations = await rows<{ code: string; n: number }>(
      sql`select m.code, count(l.id)::int as n from markets m left join inventory_locations l on l.market_id = m.id group by m.code`,
    );
    expect(locations).toHaveLength(MARKET_COUNT);
    for (const { n } of locations) expect(n).toBeGreaterThanOrEqual(3);
    for (const { n } of locations) expect(n).toBeLessThanOrEqual(4);

    const [sizes] = await rows<{ products: number; fewest: number; most: number; unordered: number }>(sql`
      with per_product as (
        select p.id, count(c.case_size)::int as n,
               bool_and(c.case_size > coalesce(prev.case_size, 0)) as ascending
        from products p
        left join product_case_sizes c on c.product_id = p.id
        left join product_case_sizes prev on prev.product_id = p.id and prev.case_index = c.case_index - 1
        group by p.id
      )
      select count(*)::int as products, min(n)::int as fewest, max(n)::int as most,
             count(*) filter (where not ascending)::int as unordered
      from per_product`);
    expect(sizes!.products).toBeGreaterThan(0);
    expect(sizes!.fewest).toBeGreaterThanOrEqual(1);
    expect(sizes!.most).toBeLessThanOrEqual(5);
    expect(sizes!.unordered).toBe(0);
  });

  it("uses the spec's product categories, and gives products S2S names and aliases", async () => {
    // The menu spec's category list, with its own border colour each.
    const spec = ['flower', 'vape', 'edible', 'concentrate', 'tincture', 'topical', 'pre-roll', 'beverage', 'capsule', 'wax', 'shatter', 'resin/rosin', 'accessory'];
    const categories = await rows<{ name: string }>(sql`select name from categories order by name`);
    expect(categories.map(({ name }) => name)).toEqual([...spec].sort());
    const [names] = await rows<{ s2s: number; alias: number; without: number }>(sql`
      select count(*) filter (where name_type = 's2s')::int as s2s, count(*) filter (where name_type = 'alias')::int as alias,
             (select count(*)::int from products p where not exists (select 1 from product_names n where n.product_id = p.id and n.name_type = 's2s')) as without
      from product_names`);
    expect(names!.s2s).toBeGreaterThan(0);
    expect(names!.alias).toBeGreaterThan(0);
    expect(names!.without).toBe(0);
  });

  it('gives every market batches with full, missing and failed lab data, and customers of MSO owners', async () => {
    const labs = await rows<{ code: string; passed_with_potency: number; passed_with_terpenes: number; failed: number; missing: number; missing_with_values: number }>(sql`
      select m.code,
             count(*) filter (where b.lab_status = 'passed' and b.thc_value > 0)::int as passed_with_potency,
             count(*) filter (where b.lab_status = 'passed' and jsonb_array_length(coalesce(b.terpenes, '[]'::jsonb)) > 0)::int as passed_with_terpenes,
             count(*) filter (where b.lab_status = 'failed')::int as failed,
             count(*) filter (where b.lab_status = 'missing')::int as missing,
             count(*) filter (where b.lab_status = 'missing' and (b.thc_value is not null or b.terpenes is not null))::int as missing_with_values
      from markets m join batches b on b.market_id = m.id group by m.code`);
    expect(labs).toHaveLength(MARKET_COUNT);
    for (const market of labs) {
      expect(market, market.code).toMatchObject({ missing_with_values: 0 });
      expect(market.passed_with_potency, market.code).toBeGreaterThan(0);
      expect(market.passed_with_terpenes, market.code).toBeGreaterThan(0);
      expect(market.failed, market.code).toBeGreaterThan(0);
      expect(market.missing, market.code).toBeGreaterThan(0);
    }
    const owned = await rows<{ code: string; n: number }>(sql`
      select m.code, count(c.id)::int as n from markets m
      left join customers c on c.market_id = m.id and c.mso_owner_id is not null group by m.code`);
    for (const { code, n } of owned) expect(n, code).toBeGreaterThan(0);
  });

  it('gives every batch tags whose quantities add up to its active units', async () => {
    const perMarket = await rows<{ code: string; batches: number }>(
      sql`select m.code, count(b.id)::int as batches from markets m left join batches b on b.market_id = m.id group by m.code`,
    );
    for (const { batches } of perMarket) expect(batches).toBeGreaterThan(0);
    const [mismatch] = await rows<{ n: number }>(sql`
      select count(*)::int as n from batches b
      where b.active_units is distinct from (select sum(t.quantity) from batch_tags t where t.batch_id = b.id)`);
    expect(mismatch!.n).toBe(0);
  });

  it('shows every order status and both customer groups in every market', async () => {
    const statuses = await rows<{ code: string; statuses: string[] }>(
      sql`select m.code, array_agg(distinct o.status) as statuses from markets m join orders o on o.market_id = m.id group by m.code`,
    );
    expect(statuses).toHaveLength(MARKET_COUNT);
    for (const market of statuses) expect([...market.statuses].sort()).toEqual([...ORDER_STATUSES].sort());

    const groups = await rows<{ code: string; groups: string[] }>(
      sql`select m.code, array_agg(distinct c.customer_group) as groups from markets m join customers c on c.market_id = m.id group by m.code`,
    );
    expect(groups).toHaveLength(MARKET_COUNT);
    for (const market of groups) expect([...market.groups].sort()).toEqual(['EXT', 'INT']);
  });

  it('reserves on each batch exactly what its open orders hold, short cases excepted', async () => {
    const [check] = await rows<{ wrong: number; over: number; full: number }>(sql`
      with held as (
        select i.batch_id, sum((i.no_of_cases - i.short_cases) * i.case_size)::int as units
        from order_items i join orders o on o.id = i.order_id
        where o.status in (${inList(STOCK_HOLDING_ORDER_STATUSES)})
        group by i.batch_id
      )
      select count(*) filter (where b.reserved_units <> coalesce(h.units, 0))::int as wrong,
             count(*) filter (where b.reserved_units > b.active_units)::int as over,
             count(*) filter (where b.reserved_units > 0 and (b.active_units - b.reserved_units) < b.case_size)::int as full
      from batches b left join held h on h.batch_id = b.id`);
    expect(check!.wrong).toBe(0);
    expect(check!.over).toBe(0);
    expect(check!.full).toBeGreaterThan(0);
  });

  it('makes every Action Required order short on at least one line', async () => {
    const [check] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o
      where o.status = 'Action Required'
        and not exists (select 1 from order_items i where i.order_id = o.id and i.short_cases > 0)`);
    expect(check!.n).toBe(0);
  });

  it('gives every approved-and-later order one picklist per warehouse of its items', async () => {
    const [check] = await rows<{ orders: number; wrong: number }>(sql`
      with expected as (
        select o.id, array_agg(distinct b.location_id order by b.location_id) as locations
        from orders o join order_items i on i.order_id = o.id join batches b on b.id = i.batch_id
        where o.status in (${inList(PICKLIST_ORDER_STATUSES)})
        group by o.id
      ), actual as (
        select p.order_id, array_agg(p.location_id order by p.location_id) as locations from picklists p group by p.order_id
      )
      select count(*)::int as orders,
             count(*) filter (where a.locations is distinct from e.locations)::int as wrong
      from expected e left join actual a on a.order_id = e.id`);
    expect(check!.orders).toBeGreaterThan(0);
    expect(check!.wrong).toBe(0);

    const [partly] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o where o.status = 'Partially Picked'
        and not exists (select 1 from picklists p where p.order_id = o.id and p.status <> 'Picked')`);
    expect(partly!.n).toBe(0);
  });

  it('links the selling demo users to sales person rows', async () => {
    const linked = await rows<{ name: string; user_id: string; code: string }>(
      sql`select s.name, s.user_id, m.code from sales_persons s join markets m on m.id = s.market_id where s.user_id is not null order by s.name`,
    );
    expect(linked).toEqual(
      expect.arrayContaining([
        { name: 'Jordan Lee', user_id: DEMO_USERS.mnSalesPerson.id, code: 'MN' },
        { name: 'Sam Rivera', user_id: DEMO_USERS.mnSalesManager.id, code: 'MN' },
        { name: 'Riley Chen', user_id: DEMO_USERS.flSalesPerson.id, code: 'FL' },
      ]),
    );
  });

  it('leaves MN more than 99 open inventory issues, so the badge shows 99+', async () => {
    const issues = await rows<{ code: string; n: number }>(sql`
      select m.code, count(*)::int as n from inventory_issues i join markets m on m.id = i.market_id
      where not i.is_resolved group by m.code`);
    expect(issues).toHaveLength(MARKET_COUNT);
    expect(issues.find((row) => row.code === 'MN')!.n).toBeGreaterThan(99);
  });

  it('yields identical rows when loaded again with the same day', async () => {
    const second = await freshDemoDatabase();
    try {
      const fingerprint = async (db: Database) => ({
        batches: await queryRows(db.db, sql`select batch_number, active_units, reserved_units from batches order by id`),
        orders: await queryRows(db.db, sql`select reference_id, status, total_cases, total_price::text from orders order by id`),
      });
      expect(await fingerprint(second)).toEqual(await fingerprint(database));
    } finally {
      await second.close();
    }
  }, 60_000);
});
