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

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
  const runId = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  project.provide('runId', runId);

  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    await loadDemoData(database.db, { scale: 'demo' });
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
