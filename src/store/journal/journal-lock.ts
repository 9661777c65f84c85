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
// Taking over a stale lock happens under a second lock file, the takeover guard (created by
// the same hard link), and removes the lock only if it still names the dead process: without
// the guard, an opener that read the lock as stale a moment ago could remove the fresh lock
// another opener had just taken, and two would win. Openers that find the guard held wait a
// moment and look again. A guard left by a process that died during a takeover is stale in
// turn and removed; only then could two takeovers overlap, and each still removes nothing but
// a lock that names a dead process.

import { link, readFile, unlink, writeFile } from 'node:fs/promises';

/** A held lock; {@link JournalLock.release} removes the lock file if it is still ours. */
export interface JournalLock {
  /** Path of the lock file. */
  readonly path: string;
  release(): Promise<void>;
}

// Rounds of linking, and of waiting for another opener's takeover, before giving up: enough
// for any number of openers racing over one stale lock, few enough to fail clearly when
// something else keeps the lock moving.
const LOCK_ATTEMPTS = 100;
const TAKEOVER_WAIT_MS = 5;

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
  const own = `${lockPath}.${process.pid}-${++callSequence}.new`;
  await writeFile(own, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
      if (await linkIfAbsent(own, lockPath)) return heldLock(lockPath);
      const holder = await lockHolder(lockPath);
      if (holder === 'missing') continue; // released in between: try again
      if (holder !== 'unreadable' && isAlive(holder)) throw lockedError(owner, lockPath, holder);
      if (!(await removeStaleLock(lockPath, own, holder))) await sleep(TAKEOVER_WAIT_MS);
    }
    throw new Error(
      `SampleJournal.open: could not take the lock ${lockPath} of ${owner} after ${LOCK_ATTEMPTS} attempts (other processes keep taking it)`,
    );
  } finally {
    await unlink(own).catch(() => undefined);
  }
}

// Under the takeover guard, removes the lock if it still names `staleHolder`. Resolves `false`
// when another opener holds the guard (the caller waits and looks again).
async function removeStaleLock(
  lockPath: string,
  own: string,
  staleHolder: number | 'unreadable',
): Promise<boolean> {
  const guard = `${lockPath}.takeover`;
  if (!(await linkIfAbsent(own, guard))) {
    const taker = await lockHolder(guard);
    if (taker !== 'missing' && (taker === 'unreadable' || !isAlive(taker))) {
      await unlinkIfPresent(guard); // its taker died during the takeover
    }
    return false;
  }
  try {
    if ((await lockHolder(lockPath)) === staleHolder) await unlinkIfPresent(lockPath);
    return true;
  } finally {
    await unlinkIfPresent(guard);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
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
