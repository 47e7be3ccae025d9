// A bulk load into tables with many indexes (orders has 23) spends most of its time keeping each index up to
// date row by row; building an index once over the loaded rows is several times cheaper. So a load may set the
// secondary indexes of its tables aside and build them again afterwards, exactly as they were defined. Primary
// keys and unique indexes stay (constraints and foreign keys rest on them, and they check what is loaded).
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './client';

type SetAside = { name: string; definition: string };

/** The plain (non-unique, non-primary) indexes of these tables, with the statements that make them. */
export async function secondaryIndexesOf(db: Db, tables: readonly string[]): Promise<SetAside[]> {
  return queryRows<SetAside>(
    db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = current_schema() and t.relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )}) and not i.indisunique and not i.indisprimary
        order by t.relname, c.relname`,
  );
}

/**
 * Runs `load` with the tables' secondary indexes dropped, then builds them again (also when the load fails, so
 * the schema is never left without them). The builds get more memory than a request would, for fewer passes.
 */
export async function withSecondaryIndexesDeferred<T>(db: Db, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const indexes = await secondaryIndexesOf(db, tables);
  await db.transaction(async (tx) => {
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  });
  try {
    return await load();
  } finally {
    await buildIndexes(db, indexes);
  }
}

/** Builds on two connections at once: a build takes a share lock on its table, which other builds share. */
async function buildIndexes(db: Db, indexes: readonly SetAside[]): Promise<void> {
  const queue = [...indexes];
  const worker = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { definition } = index;
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql.raw(definition));
      });
    }
  };
  const results = await Promise.allSettled([worker(), worker()]);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
