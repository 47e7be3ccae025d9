// PostgreSQL's autovacuum for the embedded database, which has none: PGlite is one backend, without the
// launcher and workers that vacuum and analyze a server's tables as they change. A data directory made by
// `npm start` therefore never had planner statistics (pg_stats stayed empty after the demo load, and every
// table was planned from default estimates) and its visibility map never caught up, so the counts read
// from indexes visited the heap. Measured by hand on the demo data, one caller, the same folder before and
// after ANALYZE: order inventory page 1 46 -> 22 ms, order list 10 -> 4.6, picklist register 20 -> 15.
//
// It decides as autovacuum does with PostgreSQL's default settings, from the counters PGlite keeps like any
// server (pg_stat_user_tables): analyze a table once more than 50 + 10% of its rows changed since the last
// analyze, vacuum it once more than 50 + 20% are dead or 1,000 + 20% were inserted since the last vacuum.
// Those counters start again from zero after an unclean stop, so a table holding rows that was never
// analyzed (pg_class keeps reltuples at -1 until then) is due too.
//
// PGlite runs on the server's one thread: each statement here holds the connection and the event loop, as
// any query on PGlite does. Each table is one statement through the connection's queue, so requests wait
// for one table at a time, never for the whole pass (the demo data's largest took ~50 ms; the caller logs
// a slower one).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

type AutovacuumAction = { table: string; vacuum: boolean; analyze: boolean };
export type AutovacuumDone = AutovacuumAction & { ms: number };

/** The tables due now and what each needs, by autovacuum's default thresholds. */
async function dueTables(db: Db): Promise<AutovacuumAction[]> {
  // The backend sends its counters to the statistics at most once a second; this one statement's end sends them now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  return queryRows<AutovacuumAction>(
    db,
    sql`
      with due as (
        select format('%I.%I', s.schemaname, s.relname) as "table",
          (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
            or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)) as "vacuum",
          (s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
            or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)) as "analyze"
        from pg_stat_user_tables s
        join pg_class c on c.oid = s.relid
      )
      select * from due where "vacuum" or "analyze" order by "table"`,
  );
}

/**
 * Vacuums and analyzes the tables that are due, one statement each; answers what it did. `stopping` is asked
 * before each table: a server shutting down stops between two tables instead of running the rest of the pass.
 */
export async function autovacuumEmbedded(db: Db, stopping: () => boolean = () => false): Promise<AutovacuumDone[]> {
  const done: AutovacuumDone[] = [];
  for (const action of await dueTables(db)) {
    if (stopping()) break;
    const { table, vacuum, analyze } = action;
    // VACUUM cannot be a parameter's target nor run in a transaction: the name comes quoted from format('%I').
    const statement = vacuum ? `vacuum${analyze ? ' (analyze)' : ''} ${table}` : `analyze ${table}`;
    const started = performance.now();
    await db.execute(sql.raw(statement));
    done.push({ ...action, ms: Math.round(performance.now() - started) });
  }
  return done;
}
