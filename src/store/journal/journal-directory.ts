// A journal holds its directory from open to close. Taking it (`SampleJournal.open`): the
// directory is created when missing, locked for this process, cleared of a compaction that
// never finished, and the file opened with its header checked (or written, for a new file);
// when a step fails, the lock and the file taken before it are given back, so a failed open
// leaves neither behind. Giving it back (`SampleJournal.close`): a last fdatasync, then the
// file closed and the lock released even when that fdatasync failed, so this process or
// another can open the directory again (the lock refuses a live process, this one included).
// Kept apart from the class (sample-journal.ts), which owns what was taken while it is open.

import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { JournalFile, JournalFiles } from './journal-file.js';
import { prepareHeader } from './journal-header.js';
import { acquireJournalLock, type JournalLock } from './journal-lock.js';
import { JOURNAL_FILE_NAME } from './journal-options.js';
import { compactionPath } from './journal-rewrites.js';
import { type JournalWriter, journalUnavailable } from './journal-writer.js';

/**
 * A journal directory taken by {@link takeJournal}: locked, its file open.
 *
 * @example
 * const { lock, file } = await takeJournal('data/journal', NODE_JOURNAL_FILES);
 * lock.path; // 'data/journal/samples.journal.lock'
 */
export interface TakenJournal {
  /** The directory's lock, held by this process. */
  readonly lock: JournalLock;
  /** The journal file, open, its header checked. */
  readonly file: JournalFile;
  /** The file's size in bytes: header and records, a torn tail included. */
  readonly size: number;
  /** The file's format version (journal-format.ts). */
  readonly version: number;
}

/**
 * Creates `dir` when missing (its parent synced), takes its lock, removes a leftover
 * compaction file and opens (or creates) the journal file, syncing `dir` after.
 *
 * @param files - how files are opened and directories synced
 * @throws Error naming `dir` and the pid when a live process holds the lock; Error when the
 *   file is not a journal or of another format version; the file system's errors
 * @example
 * const { file, size, version } = await takeJournal('data/journal', NODE_JOURNAL_FILES);
 * [file.path, size, version]; // ['data/journal/samples.journal', 12, 1] for a new journal
 */
export async function takeJournal(dir: string, files: JournalFiles): Promise<TakenJournal> {
  const created = await mkdir(dir, { recursive: true });
  // A directory made here must itself survive a power loss: its parent's entry is synced.
  if (created !== undefined) await files.syncDirectory(dirname(created));
  const path = join(dir, JOURNAL_FILE_NAME);
  const lock = await acquireJournalLock(`${path}.lock`, dir);
  try {
    await rm(compactionPath(path), { force: true }); // a compaction that never finished
    const file = await files.openFile(path);
    try {
      const { size, version } = await prepareHeader(file);
      await files.syncDirectory(dir); // the file may be new
      return { lock, file, size, version };
    } catch (error) {
      await file.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    await lock.release().catch(() => undefined);
    throw error;
  }
}

/**
 * Gives back a directory taken by {@link takeJournal}: when `writer` is given (the file holds
 * appends this process can still vouch for), cuts its reserve off and fdatasyncs `file`; then
 * closes it and releases `lock`, the last two whatever the cut and the fdatasync did.
 *
 * @param writer - the journal's writer, or `undefined` to close without touching the file
 * @throws (rejects) DependencyUnavailableError('store', …) when the cut or the fdatasync fails
 * @example
 * await releaseJournal(file, lock, writer);
 */
export async function releaseJournal(
  file: JournalFile,
  lock: JournalLock,
  writer: Pick<JournalWriter, 'dropReserve'> | undefined,
): Promise<void> {
  let failure: unknown;
  if (writer !== undefined) {
    await writer.dropReserve(file).catch((error) => {
      failure = journalUnavailable(file.path, 'cutting the reserve', error);
    });
    if (failure === undefined) {
      await file.datasync().catch((error) => {
        failure = journalUnavailable(file.path, 'fdatasync', error);
      });
    }
  }
  await file.close().catch(() => undefined);
  await lock.release();
  if (failure !== undefined) throw failure;
}
