import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime, removeStaleLock } from './data-dir-lock';

/** A live process that is not a server: what a crashed server's process id often belongs to later. */
function unrelatedProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
}

/** Another server process holding the lock on the folder, until killed. */
async function lockingProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '-e', `import('./src/server/db/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked'); setTimeout(() => {}, 30000); });`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the locking process exited with ${code}`)));
  });
  return child;
}

function lockText(pid: number, details: { started: string | null; host: string; token: string }): string {
  return `${pid}\n${JSON.stringify(details)}\n`;
}

describe('lockDataDir', () => {
  let dir: string;
  let lockPath: string;
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    lockPath = path.join(dir, 'server.lock');
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses while another server holds the folder, naming its process and how to recover', async () => {
    const server = await lockingProcess(dir);
    children.push(server);
    const attempt = lockDataDir(dir);
    await expect(attempt).rejects.toThrow(DataDirLockedError);
    await expect(attempt).rejects.toThrow(
      `The data folder ${dir} is in use by another server (process ${server.pid}). Stop that server first, or start this one with a different DATA_DIR. ` +
        `If no server is running on this folder, delete ${lockPath} and start again.`,
    );
  });

  it('takes over a lock whose process id now belongs to another live process', async () => {
    const other = unrelatedProcess();
    children.push(other);
    // The lock of a server that crashed: its id was given to the process above, which started later.
    await writeFile(lockPath, lockText(other.pid!, { started: 'an earlier start', host: os.hostname(), token: 'crashed-server' }));
    const release = await lockDataDir(dir);
    expect((await readFile(lockPath, 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await release();
  });

  it('refuses a lock naming a live process when its start time matches', async () => {
    const other = unrelatedProcess();
    children.push(other);
    await writeFile(lockPath, lockText(other.pid!, { started: await processStartTime(other.pid!), host: os.hostname(), token: 'live-server' }));
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by another server (process ${other.pid})`);
  });

  it("refuses a lock taken on another host, whose processes it cannot see", async () => {
    await writeFile(lockPath, lockText(999_999_999, { started: null, host: 'vault-server-2', token: 'remote' }));
    await expect(lockDataDir(dir)).rejects.toThrow('in use by another server (process 999999999 on host vault-server-2)');
  });

  it("respects an earlier version's lock (a process id only) while that process runs, and takes it over once it has stopped", async () => {
    const other = unrelatedProcess();
    children.push(other);
    await writeFile(lockPath, String(other.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by another server (process ${other.pid})`);

    await writeFile(lockPath, '999999999');
    const release = await lockDataDir(dir);
    await release();
  });

  it('releases its own lock only, and can be taken again after release', async () => {
    const release = await lockDataDir(dir);
    await release();
    await expect(readFile(lockPath, 'utf8')).rejects.toThrow();

    const again = await lockDataDir(dir);
    // Someone deleted the file and another server started: its lock must survive this release.
    await writeFile(lockPath, lockText(process.pid, { started: null, host: os.hostname(), token: 'someone-else' }));
    await again();
    expect(await readFile(lockPath, 'utf8')).toContain('someone-else');
  });

  it('removes a stale lock only if it is still the one judged stale, so that two servers starting together cannot both hold it', async () => {
    const stale = lockText(999_999_999, { started: 'gone', host: os.hostname(), token: 'crashed-server' });
    await writeFile(lockPath, stale);
    await removeStaleLock(lockPath, stale);
    await expect(readFile(lockPath, 'utf8')).rejects.toThrow();

    // The other server replaced the stale lock with its own between this one's look and its removal.
    const fresh = lockText(process.pid, { started: await processStartTime(process.pid), host: os.hostname(), token: 'other-server' });
    await writeFile(lockPath, fresh);
    await removeStaleLock(lockPath, stale);
    expect(await readFile(lockPath, 'utf8')).toBe(fresh);
    expect(await readdir(dir)).toEqual(['server.lock']);
  });
});
