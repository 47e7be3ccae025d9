// Makes sure one process at a time opens the embedded database folder; PGlite corrupts a folder shared by two.
//
// The lock file names its holder by process id, start time, host and a random token. A process id alone
// is not enough: after a crash the id is given to some other process, which would block start-up for
// ever. The holder counts only while a process with that id runs and started when the holder did.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const LOCK_FILE_NAME = 'server.lock';

export type LockHolder = {
  pid: number;
  /** When the process started, as the system tells it (compared for equality only); null when unknown. */
  started: string | null;
  host: string;
  token: string;
};

export class DataDirLockedError extends Error {
  constructor(dataDir: string, lockPath: string, holder: Pick<LockHolder, 'pid' | 'host'>) {
    const where = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`;
    super(
      `The data folder ${path.resolve(dataDir)} is in use by another server (${where}). ` +
        'Stop that server first, or start this one with a different DATA_DIR. ' +
        `If no server is running on this folder, delete ${path.resolve(lockPath)} and start again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's start as the system records it: boot id and clock ticks on Linux, `ps` elsewhere. */
export async function processStartTime(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; the start time is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const bootId = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
    return `${bootId}:${fields[19]}`;
  } catch {
    // No /proc (macOS, BSD) or the process is gone.
  }
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'lstart=', '-p', String(pid)]);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

// The first line is the process id alone, as earlier versions wrote and read it.
function formatLock(holder: LockHolder): string {
  return `${holder.pid}\n${JSON.stringify({ started: holder.started, host: holder.host, token: holder.token })}\n`;
}

/** The holder a lock file names; an earlier version's file has the process id only (null: unreadable). */
function parseLock(text: string): { pid: number; details: Omit<LockHolder, 'pid'> | null } | null {
  const [first = '', second] = text.split('\n');
  const pid = Number(first);
  if (!/^[1-9]\d*$/.test(first) || !Number.isSafeInteger(pid)) return null;
  if (!second) return { pid, details: null };
  try {
    const details = JSON.parse(second) as Partial<Omit<LockHolder, 'pid'>>;
    if (typeof details.host !== 'string' || typeof details.token !== 'string') return null;
    return { pid, details: { started: typeof details.started === 'string' ? details.started : null, host: details.host, token: details.token } };
  } catch {
    return null;
  }
}

async function isHeld(lock: NonNullable<ReturnType<typeof parseLock>>): Promise<boolean> {
  const { pid, details } = lock;
  // Another machine's processes cannot be looked at (a folder on a network share, a container's volume).
  if (details && details.host !== hostname()) return true;
  if (!isRunning(pid)) return false;
  if (!details) {
    // An earlier version's lock names only a process id: it is ours after a restart in a container, where
    // the server is often process 1 every time; any other live process may be that server.
    return pid !== process.pid;
  }
  const started = await processStartTime(pid);
  // Without a start time to compare, a live process may be the holder.
  return started === null || details.started === null || started === details.started;
}

/** Creates the lock file with its whole content at once, or answers false when there is one already. */
async function createLock(lockPath: string, holder: LockHolder): Promise<boolean> {
  const draft = `${lockPath}.${holder.token}`;
  await writeFile(draft, formatLock(holder), { flag: 'wx' });
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

/**
 * Removes a lock judged stale, unless it changed meanwhile: when two servers start together, the other one
 * may already have replaced it with its own live lock, which must stay. Moving the file aside first makes
 * the check and the removal one step that no one else can interleave with.
 */
export async function removeStaleLock(lockPath: string, staleText: string): Promise<void> {
  const aside = `${lockPath}.${randomUUID()}.stale`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if ((await readFile(aside, 'utf8')) !== staleText) await link(aside, lockPath);
  } finally {
    await rm(aside, { force: true });
  }
}

/** Takes the lock (replacing a stale one) and returns its release, which leaves another holder's lock alone. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockHolder = { pid: process.pid, started: await processStartTime(process.pid), host: hostname(), token: randomUUID() };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await createLock(lockPath, me)) {
      return async () => {
        const text = await readFile(lockPath, 'utf8').catch(() => '');
        if (parseLock(text)?.details?.token === me.token) await rm(lockPath, { force: true });
      };
    }
    const text = await readFile(lockPath, 'utf8').catch(() => null);
    if (text === null) continue;
    const lock = parseLock(text);
    if (lock && (await isHeld(lock))) throw new DataDirLockedError(dataDir, lockPath, { pid: lock.pid, host: lock.details?.host ?? hostname() });
    await removeStaleLock(lockPath, text);
  }
  throw new Error(`Could not lock the data folder ${path.resolve(dataDir)}: other processes keep taking it. Try again.`);
}
