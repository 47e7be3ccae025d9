// Exported files: written under the data directory, each with an export_files row, and fetched by a signed
// link. The link's token carries the file's id, its market code and the link's expiry, HMAC-SHA256 signed with
// a key every instance shares through app_secrets, so that whoever has the link may fetch that one file of that
// market until it expires, and nobody can make or stretch a link without the key.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { exportDownloadPath } from '../../shared/api/exports';
import { queryRows, type Db } from '../db/client';
import { detachedFromRequest } from '../lib/request-abort';
import { appSecrets } from '../db/schema';

/** The row of app_secrets that holds the link signing key. */
export const EXPORT_LINK_KEY_NAME = 'export-link-key';

type StoredExport = { fileId: number; fileName: string; downloadUrl: string; expiresAt: Date };

type OpenedExport =
  | { status: 'ok'; fileName: string; content: Buffer }
  /** Signed by someone else, changed, or past its expiry. */
  | { status: 'invalid' }
  /** Not a link this server makes, or its file is no longer kept. */
  | { status: 'missing' };

export type ExportStorage = {
  /** jobId: the background job that wrote the file, for the request waiting on it to find the file's link. */
  save(input: { market: { id: number; code: string }; kind: string; fileName: string; userId: string | null; content: Buffer; validMinutes: number; jobId?: number }): Promise<StoredExport>;
  open(token: string): Promise<OpenedExport>;
  /** The files a job saved, in the order it saved them. */
  filesOfJob(jobId: number): Promise<{ fileId: number; fileName: string; downloadUrl: string }[]>;
  /** Forgets the files an earlier attempt of the job saved, so that another attempt does not add to them. */
  discardFilesOfJob(jobId: number): Promise<void>;
};

type ExportLink = { fileId: number; marketCode: string; expiresAt: Date };

const TOKEN_PATTERN = /^(\d{1,10})-([A-Z]{2,5})-(\d{1,12})-([\w-]{43})$/;

const signatureOf = (key: Uint8Array, fileId: number, marketCode: string, expiresAtSeconds: number) =>
  createHmac('sha256', key).update(`${fileId}.${marketCode}.${expiresAtSeconds}`).digest('base64url');

/** `{fileId}-{marketCode}-{expiry in epoch seconds}-{signature}`. */
function signExportLink(key: Uint8Array, link: ExportLink): string {
  const expiresAtSeconds = Math.floor(link.expiresAt.getTime() / 1000);
  return `${link.fileId}-${link.marketCode}-${expiresAtSeconds}-${signatureOf(key, link.fileId, link.marketCode, expiresAtSeconds)}`;
}

/** The link a token names when its signature holds and it has not expired; 'invalid' or 'malformed' otherwise. */
function verifyExportLink(key: Uint8Array, token: string, now: Date): ExportLink | 'invalid' | 'malformed' {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return 'malformed';
  const [, id, marketCode, expiry, signature] = match as unknown as [string, string, string, string, string];
  const fileId = Number(id);
  const expiresAtSeconds = Number(expiry);
  const expected = Buffer.from(signatureOf(key, fileId, marketCode, expiresAtSeconds));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (expiresAtSeconds * 1000 <= now.getTime()) return 'invalid';
  return { fileId, marketCode, expiresAt: new Date(expiresAtSeconds * 1000) };
}

/** The shared signing key, made by the first instance that needs it. */
async function loadExportLinkKey(db: Db): Promise<Uint8Array> {
  await db
    .insert(appSecrets)
    .values({ name: EXPORT_LINK_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, EXPORT_LINK_KEY_NAME));
  if (!row) throw new Error('The export link key could not be stored');
  return Buffer.from(row.value, 'base64url');
}

export function createExportStorage({ db, dataDir, now = () => new Date() }: { db: Db; dataDir: string; now?: () => Date }): ExportStorage {
  const folder = path.resolve(dataDir, 'exports');
  let key: Promise<Uint8Array> | undefined;
  const signingKey = () => {
    // Loaded once for every request: the first one's client leaving must not cancel it for the others.
    key ??= detachedFromRequest(() => loadExportLinkKey(db)).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    async save(input) {
      // A random name on disk: a file name from the user never becomes a path.
      const storageKey = `${randomBytes(24).toString('base64url')}.xlsx`;
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, storageKey), input.content);
      const expiresAt = new Date(now().getTime() + input.validMinutes * 60_000);
      // The id first, as the token it signs is stored with the row (what the download looks up).
      const [next] = await queryRows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('export_files', 'id'))::int as id`);
      const fileId = next!.id;
      const token = signExportLink(await signingKey(), { fileId, marketCode: input.market.code, expiresAt });
      await db.execute(sql`insert into export_files (id, market_id, kind, file_name, storage_key, token, created_by, expires_at, job_id)
        values (${fileId}, ${input.market.id}, ${input.kind}, ${input.fileName}, ${storageKey}, ${token}, ${input.userId}, ${expiresAt.toISOString()}, ${input.jobId ?? null})`);
      return { fileId, fileName: input.fileName, downloadUrl: exportDownloadPath(token), expiresAt };
    },
    async open(token) {
      const link = verifyExportLink(await signingKey(), token, now());
      if (link === 'malformed') return { status: 'missing' };
      if (link === 'invalid') return { status: 'invalid' };
      const [row] = await queryRows<{ fileName: string; storageKey: string }>(
        db,
        sql`select f.file_name as "fileName", f.storage_key as "storageKey"
            from export_files f join markets m on m.id = f.market_id
            where f.id = ${link.fileId} and m.code = ${link.marketCode} and f.expires_at > ${now().toISOString()}`,
      );
      if (!row) return { status: 'missing' };
      try {
        return { status: 'ok', fileName: row.fileName, content: await readFile(path.join(folder, row.storageKey)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
        throw error;
      }
    },
    async filesOfJob(jobId) {
      const rows = await queryRows<{ fileId: number; fileName: string; token: string }>(
        db,
        sql`select id as "fileId", file_name as "fileName", token from export_files where job_id = ${jobId} order by id`,
      );
      return rows.map((row) => ({ fileId: row.fileId, fileName: row.fileName, downloadUrl: exportDownloadPath(row.token) }));
    },
    async discardFilesOfJob(jobId) {
      const rows = await queryRows<{ storageKey: string }>(db, sql`delete from export_files where job_id = ${jobId} returning storage_key as "storageKey"`);
      await Promise.all(rows.map((row) => rm(path.join(folder, row.storageKey), { force: true })));
    },
  };
}

/** Kept this long past a link's expiry, so that a download begun just before it can finish. */
const PURGE_GRACE_MS = 60 * 60_000;

/**
 * Forgets the exports whose links expired more than an hour ago: their rows and their files. Each run deletes
 * the rows first (one statement, so instances running it at once never remove a file twice) and then the files
 * those rows named; a file left by a crash between the two is harmless and has no link.
 */
export async function purgeExpiredExports(db: Db, dataDir: string, now: Date = new Date()): Promise<number> {
  const folder = path.resolve(dataDir, 'exports');
  const rows = await queryRows<{ storageKey: string }>(
    db,
    sql`delete from export_files where expires_at < ${new Date(now.getTime() - PURGE_GRACE_MS).toISOString()} returning storage_key as "storageKey"`,
  );
  await Promise.all(rows.map((row) => rm(path.join(folder, row.storageKey), { force: true })));
  return rows.length;
}
