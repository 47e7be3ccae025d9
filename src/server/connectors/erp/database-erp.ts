// The ERP as the embedded default reads it: the products, S2S names and aliases and standard case sizes
// that our catalogue tables hold (filled from the ERP; edited in Standard Case Sizes). A real ERP client
// would answer the same ErpProduct shape.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { ErpConnector, ErpProduct } from '../types';

async function productsOf(db: DbOrTx, marketId: number): Promise<ErpProduct[]> {
  const rows = await queryRows<Omit<ErpProduct, 'itemSize'> & { itemSize: string | number | null }>(
    db,
    sql`select p.id as "productId", p.name, c.name as "categoryName", p.is_active as "isActive", p.item_size as "itemSize",
               coalesce((select array_agg(s.case_size order by s.case_index) from product_case_sizes s where s.product_id = p.id), '{}') as "caseSizes",
               coalesce((select array_agg(n.name order by n.id) from product_names n where n.product_id = p.id), '{}') as names
        from products p left join categories c on c.id = p.category_id
        where p.market_id = ${marketId}`,
  );
  return rows.map((row) => ({ ...row, itemSize: row.itemSize === null ? null : Number(row.itemSize) }));
}

export function createDatabaseErp(db: DbOrTx, marketId: number): ErpConnector {
  return { kind: 'database', listProducts: () => productsOf(db, marketId) };
}
