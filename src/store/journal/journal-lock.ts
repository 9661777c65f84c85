// One process per journal directory. Two processes appending to one file would interleave
// their records and each would cut the other's at replay, so the journal holds a lock file
// naming its process id while it is open.
//
// The lock file is created whole and atomically: the pid is written to a file of our own, then
// hard-linked to the lock path, which fails when a lock file is already there. So a lock file
// never holds half a pid. A lock whose process no longer exists (a process killed with
// SIGKILL, a machine that lost power) is stale and taken over; the pid check is only
// meaningful between processes of one host and pid namespace, which is what the directory of
// a local journal is shared between.
//
// Taking over is done in two steps so that two processes finding the same stale lock cannot
// both win: the stale file is renamed aside (only one rename succeeds on a given file), and
// if what was moved turns out to be a live process's new lock, it is linked back.

import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';

/** A held lock; {@link JournalLock.release} removes the lock file if it is still ours. */
export interface JournalLock {
  /** Path of the lock file. */
  readonly path: string;
  release(): Promise<void>;
}

// A stale lock can be found again after it was moved (another process took over and died in
// between); a few rounds settle any such race, more would mean something else is wrong.
const TAKEOVER_ATTEMPTS = 5;

// Names the temporary files of each call apart, for two opens in one process at once.
let callSequence = 0;

/**
 * Takes the lock file `lockPath` for this process.
 *
 * @param owner - what the lock protects, named in the error (the journal directory)
 * @throws Error naming `owner` and the pid holding the lock when a live process holds it
 *   (this process included: a second journal on the same directory is refused too)
 * @example
 * const lock = await acquireJournalLock('/var/lib/airq/samples.journal.lock', '/var/lib/airq');
 * await lock.release();
 */
export async function acquireJournalLock(lockPath: string, owner: string): Promise<JournalLock> {
  const call = `${process.pid}-${++callSequence}`;
  const own = `${lockPath}.${call}.new`;
  const aside = `${lockPath}.${call}.stale`;
  await writeFile(own, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
      if (await linkIfAbsent(own, lockPath)) return heldLock(lockPath);
      const holder = await lockHolder(lockPath);
      if (holder === 'missing') continue; // released in between: try again
      if (holder !== 'unreadable' && isAlive(holder)) throw lockedError(owner, lockPath, holder);
      try {
        await rename(lockPath, aside);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue; // someone else moved it first
        throw error;
      }
      const moved = await lockHolder(aside);
      if (typeof moved === 'number' && moved !== holder && isAlive(moved)) {
        // We moved a fresh lock of a live process: put it back and give way.
        await linkIfAbsent(aside, lockPath);
        await unlink(aside);
        throw lockedError(owner, lockPath, moved);
      }
      await unlink(aside);
    }
    throw new Error(
      `SampleJournal.open: could not take the lock ${lockPath} of ${owner} after ${TAKEOVER_ATTEMPTS} attempts (other processes keep taking it)`,
    );
  } finally {
    await unlink(own).catch(() => undefined);
  }
}

function heldLock(path: string): JournalLock {
  return Object.freeze({
    path,
    async release(): Promise<void> {
      // Only our own lock is removed: one taken over by another process stays theirs.
      if ((await lockHolder(path)) === process.pid) await unlink(path);
    },
  });
}

async function linkIfAbsent(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

// The pid in a lock file; 'unreadable' for text that is no pid (never written by this code,
// so treated as stale), 'missing' when the file is gone.
async function lockHolder(path: string): Promise<number | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'missing';
    throw error;
  }
  const pid = Number(text.trim());
  return /^\d+$/.test(text.trim()) && Number.isSafeInteger(pid) && pid > 0 ? pid : 'unreadable';
}

// Signal 0 checks that a process exists without touching it: ESRCH means it does not, EPERM
// that it does but belongs to another user.
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function lockedError(owner: string, lockPath: string, pid: number): Error {
  const who = pid === process.pid ? `this process (pid ${pid})` : `process ${pid}`;
  return new Error(
    `SampleJournal.open: the journal directory ${owner} is in use by ${who} (lock file ${lockPath}); stop that process or choose another directory`,
  );
}

/** The `code` of a Node system error, or `undefined`. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
