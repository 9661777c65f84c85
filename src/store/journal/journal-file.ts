// The few file operations the journal needs, behind one small interface: the journal itself
// then never touches node:fs handles, and a test can hand it a file whose writes fail (a real
// ENOSPC from /dev/full, an EIO on fdatasync) to see that an I/O error rejects and never hangs.
// Locking, renaming and removing go to node:fs directly: they are not what such tests break.

import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/**
 * One open journal file, read and written at explicit byte positions.
 *
 * @example
 * const file = await openJournalFile('/var/lib/airq/samples.journal');
 * await file.writeAt(bytes, await file.size());
 * await file.datasync();
 */
export interface JournalFile {
  /** The path the file was opened at, for error messages. */
  readonly path: string;
  /** Current size in bytes. */
  size(): Promise<number>;
  /**
   * Reads up to `length` bytes at byte `position` into `buffer` from `offset`; resolves with
   * the number read (fewer only at the end of the file).
   */
  readAt(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  /** Writes all of `bytes` at byte `position` (partial writes are continued), or rejects. */
  writeAt(bytes: Uint8Array, position: number): Promise<void>;
  /** fdatasync: the written bytes and the size reach the disk. */
  datasync(): Promise<void>;
  /**
   * Optional: {@link writeAt} and {@link datasync} in one step (one system call where the
   * platform has synchronous-data writes). A rejection cannot tell a failed write from a
   * failed sync, so the journal treats it as a failed fdatasync unless the disk was full.
   */
  writeDurablyAt?(bytes: Uint8Array, position: number): Promise<void>;
  /** Cuts the file to `length` bytes. */
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * How the journal opens files and makes directory entries durable: {@link NODE_JOURNAL_FILES}
 * unless a test hands it another.
 */
export interface JournalFiles {
  /**
   * Opens (creating when missing, mode 0o644) a file for reading and writing: the journal's
   * own file, and the new file of a compaction.
   */
  openFile(path: string): Promise<JournalFile>;
  /** fsync of a directory, so that a file created or renamed in it survives a power loss. */
  syncDirectory(dir: string): Promise<void>;
}

/**
 * Opens a journal file with `node:fs/promises` and `O_RDWR | O_CREAT`, and a second
 * descriptor with `O_WRONLY | O_DSYNC` for {@link JournalFile.writeDurablyAt}: a group commit
 * is then one `pwrite` that returns once the bytes are on disk, where a write and an
 * `fdatasync` are two system calls and two trips through libuv's thread pool (on the virtual
 * disks of cloud machines a sync costs hundreds of microseconds of CPU). Not `O_APPEND`: with
 * positional writes the journal knows where each write starts, so after a failed or partial
 * write it can cut the file back to the last whole record, where an appending descriptor
 * would leave the torn bytes in front of every later record.
 *
 * @example
 * const file = await openJournalFile(join(dir, 'samples.journal'));
 */
export async function openJournalFile(path: string): Promise<JournalFile> {
  const handle = await open(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  try {
    const durable = await open(path, constants.O_WRONLY | constants.O_DSYNC);
    return new NodeJournalFile(path, handle, durable);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

class NodeJournalFile implements JournalFile {
  readonly path: string;
  readonly #handle: FileHandle;
  readonly #durable: FileHandle;

  constructor(path: string, handle: FileHandle, durable: FileHandle) {
    this.path = path;
    this.#handle = handle;
    this.#durable = durable;
  }

  async size(): Promise<number> {
    return (await this.#handle.stat()).size;
  }

  async readAt(buffer: Uint8Array, offset: number, length: number, position: number) {
    return (await this.#handle.read(buffer, offset, length, position)).bytesRead;
  }

  writeAt(bytes: Uint8Array, position: number): Promise<void> {
    return writeWhole(this.path, this.#handle, bytes, position);
  }

  writeDurablyAt(bytes: Uint8Array, position: number): Promise<void> {
    return writeWhole(this.path, this.#durable, bytes, position);
  }

  datasync(): Promise<void> {
    return this.#handle.datasync();
  }

  truncate(length: number): Promise<void> {
    return this.#handle.truncate(length);
  }

  async close(): Promise<void> {
    try {
      await this.#durable.close();
    } finally {
      await this.#handle.close();
    }
  }
}

async function writeWhole(path: string, handle: FileHandle, bytes: Uint8Array, position: number) {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(
      bytes,
      written,
      bytes.length - written,
      position + written,
    );
    // A write that makes no progress would loop for ever; the OS reports errors instead,
    // but a zero is treated as one.
    if (bytesWritten === 0) throw new Error(`no progress writing ${path}`);
    written += bytesWritten;
  }
}

/**
 * fsync of a directory, so that a file created or renamed in it survives a power loss.
 *
 * @example
 * await syncDirectory('/var/lib/airq');
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The journal's files on the real file system: {@link openJournalFile}, {@link syncDirectory}. */
export const NODE_JOURNAL_FILES: JournalFiles = Object.freeze({
  openFile: openJournalFile,
  syncDirectory,
});
