// A bulk load into tables with many indexes (orders has 23) spends most of its time keeping each index up to
// date row by row; building an index once over the loaded rows is several times cheaper. So a load may set the
// secondary indexes of its tables aside and build them again afterwards, exactly as they were defined. Primary
// keys and unique indexes stay (constraints and foreign keys rest on them, and they check what is loaded).
// What is set aside is written down (deferred_indexes) in the transaction that drops it, so a load killed half
// way loses nothing: the next load, or restoreDeferredIndexes, builds what is still written there.
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

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Builds every index still set aside, two at a time (a build takes a share lock on its table, which other
 * builds share), each in the transaction that crosses it off. Fails naming those it could not build.
 */
export async function restoreDeferredIndexes(db: Db): Promise<void> {
  const queue = await queryRows<SetAside>(db, sql`select name, definition from deferred_indexes order by name`);
  const failures: { name: string; error: unknown }[] = [];
  const worker = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { name, definition } = index;
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
          await tx.execute(sql.raw(definition));
          await tx.execute(sql`delete from deferred_indexes where name = ${name}`);
        });
      } catch (error) {
        failures.push({ name, error });
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures.length > 0) {
    const names = failures.map((failure) => failure.name).join(', ');
    throw new Error(`${failures.length} index(es) could not be built again (${names}): ${reason(failures[0]!.error)}. They stay listed in deferred_indexes; the next large seed builds them.`, {
      cause: failures[0]!.error,
    });
  }
}

/**
 * Runs `load` with the tables' secondary indexes dropped, then builds them again, also when the load fails (its
 * error is the one thrown; a failed build as well is added to it).
 */
export async function withSecondaryIndexesDeferred<T>(db: Db, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  await restoreDeferredIndexes(db);
  const indexes = await secondaryIndexesOf(db, tables);
  await db.transaction(async (tx) => {
    for (const index of indexes) {
      await tx.execute(sql`insert into deferred_indexes (name, definition) values (${index.name}, ${index.definition})`);
      await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    }
  });
  let result: T;
  try {
    result = await load();
  } catch (error) {
    try {
      await restoreDeferredIndexes(db);
    } catch (buildError) {
      throw new AggregateError([error, buildError], `The load failed (${reason(error)}), and building its indexes again failed too (${reason(buildError)})`, { cause: buildError });
    }
    throw error;
  }
  await restoreDeferredIndexes(db);
  return result;
}
