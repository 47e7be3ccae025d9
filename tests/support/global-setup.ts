// Builds one migrated, demo-loaded template database per run, which every test file copies: a PGlite
// dump file, or a PostgreSQL database used as TEMPLATE. Dropped again when the run ends.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { loadDemoData } from '../../src/server/db/demo-data/load';
import { migrateDatabase } from '../../src/server/db/migrate';
import { sql } from 'drizzle-orm';
import { databaseUrl, dropDatabases, TEST_DATABASE_PREFIX } from './postgres-admin';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
    runId: string;
  }
}

/** The template's WAL: segments past their use are removed rather than kept for reuse (two segments' worth at least). */
const TEMPLATE_SETTINGS = { wal_recycle: 'off', min_wal_size: '32MB' };

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
  const runId = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  project.provide('runId', runId);

  if (kind === 'pglite') {
    // Every test file restores this dump (test-database.ts), so what it holds is paid once per test file. PGlite dumps its
    // data folder as it stands: after the demo load, 64 MB of it were WAL segments kept for reuse (the dump 133 MB
    // unpacked), and its restore replayed the WAL since the last checkpoint. Not recycled, and checkpointed before the
    // dump, the folder keeps one segment (83 MB unpacked) and starts without replaying any.
    const database = await openDatabase({ kind: 'pglite', settings: TEMPLATE_SETTINGS });
    await migrateDatabase(database);
    await loadDemoData(database.db, { scale: 'demo' });
    await database.pglite!.exec('checkpoint');
    const dump = await database.pglite!.dumpDataDir('gzip');
    await database.close();
    const file = path.join(os.tmpdir(), `${runId}.tar.gz`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('templateDump', file);
    project.provide('templateDatabase', '');
    return async () => {
      await rm(file, { force: true });
    };
  }

  const url = process.env.TEST_DATABASE_URL!;
  const template = `${runId}_template`;
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database "${template}"`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template), poolSize: 2 });
  await migrateDatabase(database);
  await loadDemoData(database.db, { scale: 'demo' });
  await database.close();
  project.provide('templateDump', '');
  project.provide('templateDatabase', template);
  return async () => {
    await dropDatabases(admin, runId);
    await admin.close();
  };
}
