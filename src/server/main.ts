// Starts the server: reads the settings, opens and migrates the database, loads demo data into an
// empty one, listens, and closes everything cleanly on SIGINT or SIGTERM.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from './app';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { isDatabaseEmpty, loadDemoData } from './db/demo-data/load';
import { migrateDatabase } from './db/migrate';
import { EnvError, parseEnv, type Env } from './env';
import { startMaintenance } from './maintenance';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function openConfiguredDatabase(env: Env): Promise<{ database: Database; release: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    return {
      database: await openDatabase({
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        prepare: env.DATABASE_PREPARE,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      }),
      release: async () => {},
    };
  }
  const dataDir = path.resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  try {
    return { database: await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), queueLimit: env.PGLITE_QUEUE_LIMIT }), release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Migrations, and the demo data on a new database: once, under the start-up lock, whichever instance comes first. */
async function prepareDatabase(env: Env, database: Database): Promise<void> {
  await database.withStartupLock(async () => {
    await migrateDatabase(database);
    if (env.SEED_DEMO_DATA && (await isDatabaseEmpty(database.db))) {
      process.stdout.write('Loading demo data into the new database...\n');
      await loadDemoData(database.db, { scale: 'demo' });
    }
  });
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Could not open the database: ${(error as Error).message}`);
  }
  const { database, release } = opened;

  if (env.DATABASE_URL) {
    // Migrations and the first demo load run on connections of their own, without the requests' statement
    // timeout: a migration building an index on a large table may rightly take longer than any request.
    const setup = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2, prepare: env.DATABASE_PREPARE });
    try {
      await prepareDatabase(env, setup);
    } finally {
      await setup.close();
    }
  } else {
    await prepareDatabase(env, database);
  }

  const app = await createApp({
    env,
    database,
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.authorization'] },
  });

  const stopMaintenance = startMaintenance(database, app.log, env.DATA_DIR);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await stopMaintenance();
      await app.close();
      await database.close();
      await release();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const mode = env.AUTH_MODE === 'demo' ? 'demo sign-in' : 'Microsoft Entra ID sign-in';
  app.log.info(`Wholesale back office on http://localhost:${env.PORT} (${database.kind}, ${mode})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`The server could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
