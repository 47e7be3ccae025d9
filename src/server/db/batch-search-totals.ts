// A search's total over a market's batches (the menu listing's, the order inventory's) from the counts the writes
// keep per product, S2S name and availability (batch_search_counts, migration 0032), instead of reading every batch
// that a common word matches: 'lue' matches the products and S2S names of thousands of the large data set's batches,
// and counting them took 44 ms.
//
// A batch matches a search when its product matches (the list says by which names), its S2S name holds the word, or
// its batch number does. The total is
//   the kept count of the names matched by product or S2S name, in the availability the list shows,
//   less those of them that have expired (expiry is not kept, or every batch would be a key of its own: read
//     through the (market, product, expiry) index, the few expired batches of the matched products),
//   plus the batches matched by their batch number alone (the trigram index of batch numbers; usually none).
// Only for a search holding a trigram (hasTrigram): a shorter one would read every batch number, every time.
import { sql, type SQL } from 'drizzle-orm';
import { writtenInDay, writtenInId } from '../lib/sql-helpers';
import { foldWhenSpread } from './kept-counts';
import { queryRows, type DbOrTx } from './client';

export type BatchSearch = {
  marketId: number;
  /** The market's today (yyyy-MM-dd): a batch expiring today is still listed. */
  today: string;
  /** The contains-pattern (escaped, with its % signs) the list matches names with. */
  pattern: string;
  /** The ids of the market's products whose own names match, as an int[] expression. */
  products: SQL;
  /** 1: some units free (the menu); 2: a whole case free (the order inventory). */
  minAvailability: 1 | 2;
};

/** What availability `minAvailability` means on a batch (alias b), as batch_availability of migration 0032 computes it. */
function available(minAvailability: 1 | 2): SQL {
  return minAvailability === 2 ? sql`b.active_units - b.reserved_units >= b.case_size` : sql`b.active_units - b.reserved_units > 0`;
}

export async function countBatchSearch(db: DbOrTx, search: BatchSearch): Promise<number> {
  const market = writtenInId(search.marketId);
  const today = writtenInDay(search.today);
  // The matched products as a set (hashed where tested), not an array searched entry by entry for each row: with
  // 406 products matching 'lue', testing 7,000 kept rows against the array took 9 ms.
  const byName = sql`(b.product_id in (select id from matched) or b.s2s_product_name ilike ${search.pattern})`;
  // Only batches of the market's own products: the lists join the batch to its product in the market (the menu through
  // the market's ranks), so a batch pointing at another market's product is never listed, and must not be counted.
  const sellable = sql`b.market_id = ${market} and b.status = 'active' and b.lab_status = 'passed' and ${available(search.minAvailability)}
    and exists (select 1 from products bp where bp.id = b.product_id and bp.market_id = ${market})`;
  // The market's rows are counted (to fold them once spread) on one search in FOLD_CHECK_EVERY: reading them all costs
  // more than the search itself.
  const checksFold = (searches.get(search.marketId) ?? 0) % FOLD_CHECK_EVERY === 0;
  searches.set(search.marketId, (searches.get(search.marketId) ?? 0) + 1);
  const [row] = await queryRows<{ total: number; rows: number | null }>(
    db,
    sql`with matched as materialized (select unnest(${search.products}) as id),
             kept as materialized (
               select k.product_id, k.availability, k.n from batch_search_counts k
               where k.market_id = ${market} and (k.product_id in (select id from matched) or k.names like lower(${search.pattern})))
        select ((select coalesce(sum(n), 0) from kept k where k.availability >= ${sql.raw(String(search.minAvailability))}
                   and exists (select 1 from products kp where kp.id = k.product_id and kp.market_id = ${market}))
                - (select count(*) from batches b
                   where b.product_id = any(array(select distinct product_id from kept)) and b.expiry_date < ${today} and ${sellable} and ${byName})
                + (select count(*) from batches b
                   where b.batch_number ilike ${search.pattern} and ${sellable} and coalesce(b.expiry_date, 'infinity'::date) >= ${today} and not ${byName}))::int as total,
               ${checksFold ? sql`(select count(*) from batch_search_counts where market_id = ${market})::int` : sql`null::int`} as rows`,
  );
  if (row?.rows != null) foldWhenSpread(db, 'batch_search_counts', search.marketId, row.rows);
  return row?.total ?? 0;
}

const FOLD_CHECK_EVERY = 50;
const searches = new Map<number, number>();

/**
 * A page deep in a list walked product by product (the menu in its settings' order or sorted by product columns, the
 * order inventory sorted by product columns), found without walking every row before it: reading the 82,400 rows
 * before the menu's middle page in order cost 250 ms on the large data set, and seconds at 32 connections.
 *
 * `groups` lists the market's products with their place in the walk, as (product_id, g): the list's rows are its
 * groups' batches in the order of g (equal g: one group, whose batches the list orders among themselves). The kept
 * counts give each group's rows (less its expired batches, as countBatchSearch takes them), so the group holding row
 * `offset` and the rows of that group before it are found from some thousand kept rows: a subquery of one row
 * (g, skip), or none when the offset is past the last row. The walk then starts at that group and skips `skip` rows.
 *
 * Exact only while the kept counts and the kept free stock (its expired rows) are: writes that bypass the triggers
 * are followed by `select rebuild_status_counts()` and `select rebuild_batch_free_stock()`.
 */
export function walkStart(list: Omit<BatchSearch, 'pattern' | 'products'>, groups: SQL, offset: number): SQL {
  const market = writtenInId(list.marketId);
  const rowsBefore = sql.raw(String(Math.max(0, Math.trunc(offset))));
  return sql`(
    select g, (${rowsBefore} - before)::int as skip
    from (select g, n, sum(n) over (order by g) - n as before
            from (select u.g, sum(c.n) as n
                    from (${groups}) u
                    join (select k.product_id, k.n from batch_search_counts k
                           where k.market_id = ${market} and k.availability >= ${sql.raw(String(list.minAvailability))}
                          union all
                          -- The expired ones, from the kept free stock (the same batches: active, lab-passed, of a
                          -- product of the market) by an index-only scan of its expired rows: read from batches, the
                          -- 8,000 expired rows of MN in the large data set were a heap visit each, most of the walk's 20 ms.
                          select f.product_id, -1 from batch_free_stock f
                           where f.market_id = ${market} and f.expiry_date < ${writtenInDay(list.today)} and f.expiry_date is not null
                             and ${list.minAvailability === 2 ? sql`f.free_cases >= 1` : sql`f.free_units > 0`}) c
                      on c.product_id = u.product_id
                   group by u.g) per_group) placed
    where before + n > ${rowsBefore}
    order by g
    limit 1)`;
}

/** From this many rows in, a page of a list walked by product is found through walkStart: before it, walking is cheaper. */
export const WALK_START_FROM_ROWS = 10_000;
