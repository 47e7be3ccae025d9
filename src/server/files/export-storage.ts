// Exported files: written under the data directory, each with an export_files row holding an expiry and a
// random token that its download link carries. Whoever has the link may fetch the file until it expires.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { exportDownloadPath } from '../../shared/api/exports';
import { queryRows, type Db } from '../db/client';

type StoredExport = { token: string; fileName: string; downloadUrl: string; expiresAt: Date };

export type ExportStorage = {
  save(input: { marketId: number; kind: string; fileName: string; userId: string | null; content: Buffer; validMinutes: number }): Promise<StoredExport>;
  /** The file of an unexpired token, or null. */
  open(token: string): Promise<{ fileName: string; content: Buffer } | null>;
};

export function createExportStorage({ db, dataDir, now = () => new Date() }: { db: Db; dataDir: string; now?: () => Date }): ExportStorage {
  const folder = path.resolve(dataDir, 'exports');
  return {
    async save(input) {
      const token = randomBytes(24).toString('base64url');
      // The token names the file too: a file name from the user never becomes a path.
      const storageKey = `${token}.xlsx`;
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, storageKey), input.content);
      const expiresAt = new Date(now().getTime() + input.validMinutes * 60_000);
      await db.execute(sql`insert into export_files (market_id, kind, file_name, storage_key, token, created_by, expires_at)
        values (${input.marketId}, ${input.kind}, ${input.fileName}, ${storageKey}, ${token}, ${input.userId}, ${expiresAt.toISOString()})`);
      return { token, fileName: input.fileName, downloadUrl: exportDownloadPath(token), expiresAt };
    },
    async open(token) {
      const [row] = await queryRows<{ fileName: string; storageKey: string }>(
        db,
        sql`select file_name as "fileName", storage_key as "storageKey" from export_files where token = ${token} and expires_at > ${now().toISOString()}`,
      );
      if (!row) return null;
      return { fileName: row.fileName, content: await readFile(path.join(folder, row.storageKey)) };
    },
  };
}
