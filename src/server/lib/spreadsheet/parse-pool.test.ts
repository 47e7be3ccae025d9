// The warm worker pool with real worker threads: reuse after a clean parse, a fresh worker after a failed
// one, a deadline that starts when the worker has the file, and fair sharing between uploaders.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createParsePool, parseWorkerEntry, type ParseJob, type ParsePool } from './parse-pool';
import { SpreadsheetError } from './spreadsheet-error';

function csvJob(rows: number, owner = 'a', timeoutMs = 60_000): ParseJob {
  const lines = ['Batch#,Dispensary Location(s),Case Size'];
  for (let index = 0; index < rows; index += 1) lines.push(`MN-B${index},Store ${index},${(index % 9) + 1}`);
  return { request: { bytes: new TextEncoder().encode(lines.join('\n')), kind: 'csv', maxRows: 1_000_000, maxColumns: 10, maxCellLength: 100 }, timeoutMs, owner };
}

const damagedXls: ParseJob = (() => {
  const bytes = new Uint8Array(4096).map((_, index) => (index * 131 + 17) % 256);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return { request: { bytes, kind: 'xls', maxRows: 100, maxColumns: 10, maxCellLength: 100 }, timeoutMs: 60_000, owner: 'a' };
})();

async function problemOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.problem;
    throw error;
  }
  throw new Error('the file was read');
}

let pool: ParsePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the parse pool', () => {
  it('serves files one after another from the same warm worker', async () => {
    pool = createParsePool();
    const first = await pool.parse(csvJob(3));
    const second = await pool.parse(csvJob(5));
    expect(first.response).toMatchObject({ ok: true, truncated: false });
    expect(second.response.ok && second.response.rows).toHaveLength(6);
    expect(second.threadId).toBe(first.threadId);
  });

  it('replaces the worker after a file that timed out or could not be read, and the next file parses', async () => {
    pool = createParsePool();
    const warm = await pool.parse(csvJob(3));
    expect(await problemOf(pool.parse(csvJob(300_000, 'a', 20)))).toBe('timeout');
    const afterTimeout = await pool.parse(csvJob(3));
    expect(afterTimeout.response.ok).toBe(true);
    expect(afterTimeout.threadId).not.toBe(warm.threadId);

    const unreadable = await pool.parse(damagedXls);
    expect(unreadable.response).toEqual({ ok: false, reason: 'unreadable' });
    const afterUnreadable = await pool.parse(csvJob(3));
    expect(afterUnreadable.response.ok).toBe(true);
    expect(afterUnreadable.threadId).not.toBe(unreadable.threadId);
  });

  it('replaces a worker that ran out of memory', async () => {
    pool = createParsePool({ maxOldGenerationSizeMb: 32 });
    expect(await problemOf(pool.parse(csvJob(200_000)))).toBe('out-of-memory');
    expect((await pool.parse(csvJob(3))).response.ok).toBe(true);
  });

  it('counts the deadline from when a ready worker has the file, not from a slow start', async () => {
    pool = createParsePool({ startDelayMs: 1_500 });
    const outcome = await pool.parse(csvJob(3, 'a', 500));
    expect(outcome.response.ok && outcome.response.rows).toHaveLength(4);
  });

  it("keeps a worker free for others: one uploader's slow files do not hold up another's", async () => {
    pool = createParsePool({ size: 2 });
    // Both workers warm first, so that only the sharing decides who finishes first.
    await Promise.all([pool.parse(csvJob(3, 'a')), pool.parse(csvJob(3, 'b'))]);
    const finished: string[] = [];
    const track = (name: string, job: ParseJob) => pool!.parse(job).finally(() => finished.push(name));
    const slow = [track('a1', csvJob(250_000, 'a')), track('a2', csvJob(250_000, 'a'))];
    await track('b', csvJob(3, 'b'));
    expect(finished).toEqual(['b']);
    await Promise.all(slow);
    expect(finished).toEqual(['b', 'a1', 'a2']);
  });

  it('refuses files once closed', async () => {
    pool = createParsePool();
    await pool.parse(csvJob(3));
    await pool.close();
    expect(await problemOf(pool.parse(csvJob(3)))).toBe('busy');
  });

  it('does not keep the process alive once its files are read', () => {
    const module = fileURLToPath(new URL('./parse-pool.ts', import.meta.url));
    const script = `
      import { createParsePool } from ${JSON.stringify(module)};
      const pool = createParsePool();
      const { response } = await pool.parse({ request: { bytes: new TextEncoder().encode('a,b\\n1,2'), kind: 'csv', maxRows: 10, maxColumns: 10, maxCellLength: 10 }, timeoutMs: 60000, owner: 'x' });
      console.log(JSON.stringify(response));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({ ok: true, rows: [{ row: 1, cells: ['a', 'b'] }, { row: 2, cells: ['1', '2'] }], truncated: false });
  });

  it('starts the compiled parse-worker.js when one sits beside the module, and the TypeScript file through tsx otherwise', () => {
    expect(parseWorkerEntry(import.meta.url)).toMatchObject({ eval: true, filename: expect.stringContaining(`require(${JSON.stringify(fileURLToPath(new URL('./parse-worker.ts', import.meta.url)))})`) });
    const dist = mkdtempSync(path.join(os.tmpdir(), 'dist-server-'));
    try {
      writeFileSync(path.join(dist, 'parse-worker.js'), '');
      const main = pathToFileURL(path.join(dist, 'main.js')).href;
      expect(parseWorkerEntry(main)).toEqual({ filename: new URL('./parse-worker.js', main), eval: false });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
