// Exported workbooks on disk: a file is served by its link until the link expires, and the housekeeping
// forgets it (row and file) an hour after that, leaving every export still in reach alone.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createExportStorage, purgeExpiredExports } from '../../src/server/files/export-storage';
import { createTestDatabase } from '../support/test-database';
import type { Database } from '../../src/server/db/client';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'wbo-exports-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const MINUTE = 60_000;

describe('expired exports', () => {
  it('are forgot an hour after their links expire, files and rows, and nothing younger is touched', async () => {
    const [market] = await queryRows<{ id: number; code: string }>(database.db, sql`select id, code from markets where code = 'MN'`);
    const start = new Date('2026-11-25T10:00:00Z');
    let clock = start;
    const storage = createExportStorage({ db: database.db, dataDir, now: () => clock });
    const save = (fileName: string, validMinutes: number) =>
      storage.save({ market: market!, kind: 'menu', fileName, userId: null, content: Buffer.from(fileName), validMinutes });
    const old = await save('old.xlsx', 15);
    const recent = await save('recent.xlsx', 60);
    const token = (link: string) => link.split('/').pop()!;
    const files = async () => (await readdir(path.join(dataDir, 'exports'))).length;
    expect(await files()).toBe(2);

    // 15 minutes on: the first link has expired, but a download begun just before may still be running.
    clock = new Date(start.getTime() + 16 * MINUTE);
    expect((await storage.open(token(old.downloadUrl))).status).toBe('invalid');
    expect(await purgeExpiredExports(database.db, dataDir, clock)).toBe(0);
    expect(await files()).toBe(2);

    // An hour past its expiry: it goes, row and file; the other, expired for less than an hour, stays.
    clock = new Date(start.getTime() + (15 + 61) * MINUTE);
    expect(await purgeExpiredExports(database.db, dataDir, clock)).toBe(1);
    expect(await files()).toBe(1);
    const rows = await queryRows<{ fileName: string }>(database.db, sql`select file_name as "fileName" from export_files where id in (${old.fileId}, ${recent.fileId})`);
    expect(rows.map((row) => row.fileName)).toEqual(['recent.xlsx']);

    // Run again (another instance): nothing left to do, nothing fails.
    expect(await purgeExpiredExports(database.db, dataDir, clock)).toBe(0);
    clock = new Date(start.getTime() + 3 * 60 * MINUTE);
    expect(await purgeExpiredExports(database.db, dataDir, clock)).toBe(1);
    expect(await files()).toBe(0);
  });
});
