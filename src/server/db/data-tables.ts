// The tables that hold the product's data, as the seed empties and counts them. deferred_indexes is not one of them:
// its rows are indexes a killed bulk load still owes the schema (deferred-indexes.ts), and emptying it with the data
// (`db:seed --reset` after a killed large seed) would lose them for good, every list then reading whole tables.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

const NOT_DATA = ['deferred_indexes'];

export async function dataTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((row) => row.name).filter((name) => !NOT_DATA.includes(name));
}

/** Empties every data table (identities restarted); answers how many. */
export async function emptyDataTables(db: Db): Promise<number> {
  const tables = await dataTables(db);
  await db.execute(sql.raw(`truncate ${tables.map((table) => `"${table}"`).join(', ')} restart identity cascade`));
  return tables.length;
}
