// Seeds a database with the demo data set or the large benchmark set:
//   npm run db:seed -- [--scale demo|large] [--reset]
// DATABASE_URL selects PostgreSQL; otherwise the embedded database under DATA_DIR, as the server does.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { EnvError, parseEnv, type Env } from '../env';
import { openDatabase, queryRows, type Database, type Db } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { dataTables, emptyDataTables } from './data-tables';
import { restoreDeferredIndexes } from './deferred-indexes';
import { loadDemoData, type DemoScale } from './demo-data/load';
import { migrateDatabase } from './migrate';

const USAGE = 'Usage: npm run db:seed -- [--scale demo|large] [--reset]';
const SCALES: readonly DemoScale[] = ['demo', 'large'];

type SeedArguments = { scale: DemoScale; reset: boolean };

class UsageError extends Error {}
/** The database is not empty and --reset was not given. */
class RefusalError extends Error {}

function parseArguments(argv: string[]): SeedArguments {
  let values: { scale?: string; reset?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { scale: { type: 'string' }, reset: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const scale = values.scale ?? 'demo';
  if (!(SCALES as readonly string[]).includes(scale)) throw new UsageError(`--scale must be demo or large, not '${scale}'`);
  return { scale: scale as DemoScale, reset: values.reset ?? false };
}

async function openConfiguredDatabase(env: Env): Promise<{ database: Database; release: () => Promise<void>; where: string }> {
  if (env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
    return { database, release: async () => {}, where: 'PostgreSQL (DATABASE_URL)' };
  }
  const dataDir = path.resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  try {
    const folder = path.join(dataDir, 'pglite');
    return { database: await openDatabase({ kind: 'pglite', dataDir: folder }), release, where: `PGlite in ${folder}` };
  } catch (error) {
    await release();
    throw error;
  }
}

async function rowCounts(db: Db, tables: readonly string[]): Promise<{ table: string; rows: number }[]> {
  const counts = [];
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${table}"`));
    counts.push({ table, rows: row?.n ?? 0 });
  }
  return counts;
}

async function tablesHoldingData(db: Db, tables: readonly string[]): Promise<string[]> {
  const holding = [];
  for (const table of tables) {
    const [row] = await queryRows<{ present: boolean }>(db, sql.raw(`select exists (select 1 from "${table}") as present`));
    if (row?.present) holding.push(table);
  }
  return holding;
}

async function seed(database: Database, args: SeedArguments): Promise<void> {
  const { db } = database;
  const say = (message: string) => process.stdout.write(`${message}\n`);
  await database.withStartupLock(async () => {
    await migrateDatabase(database);
    // Indexes a killed large seed still owes: a demo seed (which sets none aside) builds them too.
    await restoreDeferredIndexes(db);
    const tables = await dataTables(db);
    if (args.reset) {
      say(`Emptied ${await emptyDataTables(db)} tables.`);
    } else {
      const holding = await tablesHoldingData(db, tables);
      if (holding.length > 0) {
        throw new RefusalError(
          `The database already holds data (in ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', ...' : ''}). ` +
            'Run again with --reset to empty every table first, or point DATABASE_URL or DATA_DIR at an empty database.',
        );
      }
    }
    const started = Date.now();
    say(`Loading the ${args.scale} data set...`);
    await loadDemoData(db, { scale: args.scale, onProgress: (message) => say(`  ${message}`) });
    const seconds = (Date.now() - started) / 1000;
    const counts = (await rowCounts(db, tables)).filter((count) => count.rows > 0);
    const width = Math.max(...counts.map((count) => count.table.length));
    for (const count of counts) say(`  ${count.table.padEnd(width)}  ${count.rows.toLocaleString('en-US').padStart(11)}`);
    say(`Loaded the ${args.scale} data set in ${seconds.toFixed(1)} s.`);
  });
}

async function main(): Promise<number> {
  let args: SeedArguments;
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }

  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }

  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(env);
  } catch (error) {
    process.stderr.write(error instanceof DataDirLockedError ? `${error.message}\n` : `Could not open the database: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`Seeding ${opened.where}.\n`);
  try {
    await seed(opened.database, args);
    return 0;
  } catch (error) {
    process.stderr.write(error instanceof RefusalError ? `${error.message}\n` : `Seeding failed: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  } finally {
    await opened.database.close();
    await opened.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
