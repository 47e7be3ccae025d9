import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while the first process runs, naming the folder and the process', async () => {
    // Another live process holds the lock: the test runner's parent stands in for it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    await writeFile(path.join(dir, 'server.lock'), String(other.pid));
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by another server (process ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs, and releases it', async () => {
    await writeFile(path.join(dir, 'server.lock'), '999999999');
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});
