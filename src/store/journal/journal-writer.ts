// Group commit over one file. Appends queue their encoded records; one task at a time holds
// the file, and a commit task takes every record queued for it by the end of the event loop's
// turn in which it got the file: one write, then (policy 'always') one fdatasync, then every
// one of those appends resolves, in queue order. Appends that arrive while a commit runs wait
// in the queue and all go out in the next one, so under load the number of fdatasyncs stays
// near (requests / fdatasync time) rather than one each.
//
// Every task on the file (commits, compaction, the interval's fdatasync, close) runs on one
// promise chain, so they never overlap and a compaction sees every record appended before it.
//
// With policy 'always' and a file that offers `writeDurablyAt` (the real one: an O_DSYNC
// descriptor), the write and the fdatasync of a commit are one call.
//
// The reserve. The file is kept `reserveBytes` of zeros longer than its records, written and
// fdatasynced ahead of them, so that a commit overwrites bytes the file already has instead of
// growing it: the sync of a write that changes the file's size must also commit that size
// through the file system's own journal, one more trip to the disk (on ext4 on a cloud
// machine's virtual disk, 340 against 265 µs and 83 against 50 µs of CPU per 800-byte
// O_DSYNC write). PostgreSQL zero-fills its WAL segments for the same reason. When a commit
// would pass the reserve's end, the reserve is first written again from there; replay reads
// zeros after the last record as the end of the journal, and close cuts the reserve off.
//
// Failures. A write that fails (ENOSPC, EIO) may have written part of its bytes: the file is
// cut back to the last whole record, its appends reject, and later appends may succeed (disk
// space can come back). A durable write that fails for another reason than a full disk counts
// as a failed fdatasync. A failed fdatasync, or a cut that fails, leaves the file in a state
// this process can no longer vouch for (after a failed fdatasync Linux may drop the dirty pages
// and report success next time), so the writer turns broken: every later append rejects with
// the first cause until the journal is opened again, whose replay shows what the disk holds.

import { DependencyUnavailableError } from '../../model/dependency-unavailable.js';
import type { JournalFile } from './journal-file.js';
import type { FsyncPolicy } from './journal-options.js';

interface QueuedRecord {
  readonly bytes: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The error of a failed journal operation, as the adapter answers it (503).
 *
 * @example
 * journalUnavailable('/data/samples.journal', 'write', enospc).message;
 * // 'store unavailable: journal /data/samples.journal: write failed (ENOSPC: no space left on device, write)'
 */
export function journalUnavailable(
  path: string,
  action: string,
  cause: unknown,
): DependencyUnavailableError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DependencyUnavailableError('store', `journal ${path}: ${action} failed (${reason})`, {
    cause,
  });
}

/**
 * Whether an I/O error says the disk (or the quota) is full: a write that failed so wrote
 * nothing the journal cannot take back, and may succeed once there is room.
 *
 * @example
 * isDiskFull(Object.assign(new Error('no space'), { code: 'ENOSPC' })); // true
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Owns the open journal file after replay; see the file comment. */
export class JournalWriter {
  readonly fsync: FsyncPolicy;
  readonly #reserveBytes: number;
  #file: JournalFile;
  #length: number;
  // The file's size: the records' `#length`, then zeros (the reserve) up to here.
  #end: number;
  // The records of the commit that is scheduled but not started; later appends join it.
  #openBatch: QueuedRecord[] | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #broken: DependencyUnavailableError | undefined;
  // Written but not yet fdatasynced (policy 'interval').
  #dirty = false;

  /**
   * @param length - bytes of whole records in `file`; nothing is written before {@link replaceFile}
   *   says where they end (replay) unless `file` holds exactly those
   * @param reserveBytes - zeros kept written ahead of the last record; 0 for none
   */
  constructor(file: JournalFile, length: number, fsync: FsyncPolicy, reserveBytes: number) {
    this.#file = file;
    this.#length = length;
    this.#end = length;
    this.fsync = fsync;
    this.#reserveBytes = reserveBytes;
  }

  /** Bytes of the header and whole records written (the file's size, less the reserve). */
  get length(): number {
    return this.#length;
  }

  /** The first error that made the writer unusable, if any. */
  get broken(): DependencyUnavailableError | undefined {
    return this.#broken;
  }

  /** Queues a whole encoded record; resolves once it is durable per the policy. */
  append(bytes: Buffer): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let batch = this.#openBatch;
      if (batch === undefined) {
        const scheduled: QueuedRecord[] = [];
        batch = this.#openBatch = scheduled;
        void this.#enqueue(() => this.#commit(scheduled));
      }
      batch.push({ bytes, resolve, reject });
    });
  }

  /**
   * Runs `task` once every task queued before it has finished, with the file to itself:
   * every append made before this call is written before `task` runs, every later one after.
   * `task` may swap the file with {@link replaceFile}.
   */
  exclusive<T>(task: (file: JournalFile, length: number) => Promise<T>): Promise<T> {
    this.#openBatch = undefined; // later appends start a commit queued after `task`
    return this.#enqueue(task);
  }

  #enqueue<T>(task: (file: JournalFile, length: number) => Promise<T>): Promise<T> {
    const run = this.#chain.then(() => task(this.#file, this.#length));
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /**
   * From inside an {@link exclusive} task: the journal is now `file`, whose records end at byte
   * `length` and which holds zeros from there up to `end` (default `length`: no reserve).
   */
  replaceFile(file: JournalFile, length: number, end = length): void {
    this.#file = file;
    this.#length = length;
    this.#end = end;
    this.#dirty = false;
  }

  /**
   * From inside an {@link exclusive} task: cuts the reserve off, so the file holds its records
   * only (closing, the file then reads as it always did). Not synced: the caller syncs.
   */
  async dropReserve(file: JournalFile): Promise<void> {
    if (this.#end === this.#length) return;
    await file.truncate(this.#length);
    this.#end = this.#length;
  }

  /** Makes every later append reject with `error` (kept: the first cause is the telling one). */
  fail(error: DependencyUnavailableError): void {
    this.#broken ??= error;
  }

  /** fdatasync when anything was written since the last one (the interval timer's tick). */
  syncIfDirty(): Promise<void> {
    if (!this.#dirty) return Promise.resolve(); // an idle journal queues nothing
    return this.exclusive(async (file) => {
      if (!this.#dirty || this.#broken !== undefined) return;
      this.#dirty = false;
      try {
        await file.datasync();
      } catch (error) {
        this.fail(journalUnavailable(file.path, 'fdatasync', error));
      }
    });
  }

  async #commit(batch: readonly QueuedRecord[]): Promise<void> {
    // The batch stays open to the end of this turn of the event loop, so the appends of every
    // request read in the same turn share its write. Started at once, a commit took the records
    // queued so far and left those of the turn to the next: with 32 pushing clients the groups
    // grew from 13.5 to 15.9 records, and a push's server CPU fell from 70 to 58–62 µs (in-tree
    // measurement, 2026-12-03; bench/RESULTS.md has the bench's figures).
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#openBatch === batch) this.#openBatch = undefined; // appends from now on wait
    try {
      if (this.#broken !== undefined) throw this.#broken;
      const bytes =
        batch.length === 1 ? batch[0]!.bytes : Buffer.concat(batch.map((record) => record.bytes)); // ≥ 1: scheduled by an append
      await this.#write(bytes);
    } catch (error) {
      for (const record of batch) record.reject(error);
      return;
    }
    for (const record of batch) record.resolve();
  }

  async #write(bytes: Buffer): Promise<void> {
    const file = this.#file;
    const start = this.#length;
    if (start + bytes.length > this.#end && this.#reserveBytes > 0) {
      await this.#reserve(file, start + bytes.length + this.#reserveBytes);
    }
    if (this.fsync === 'always' && file.writeDurablyAt !== undefined) {
      try {
        await file.writeDurablyAt(bytes, start);
      } catch (error) {
        // Only a full disk is known to have left the file sound; anything else may have been
        // the sync half failing, which is as final as a failed fdatasync.
        const full = isDiskFull(error);
        const failure = journalUnavailable(file.path, full ? 'write' : 'durable write', error);
        await this.#cutBack(file, start, failure);
        if (!full) this.fail(failure);
        throw failure;
      }
      this.#wrote(start + bytes.length);
      return;
    }
    try {
      await file.writeAt(bytes, start);
    } catch (error) {
      const failure = journalUnavailable(file.path, 'write', error);
      await this.#cutBack(file, start, failure);
      throw failure;
    }
    if (this.fsync === 'interval') {
      this.#wrote(start + bytes.length);
      this.#dirty = true;
      return;
    }
    try {
      await file.datasync();
    } catch (error) {
      const failure = journalUnavailable(file.path, 'fdatasync', error);
      // Best effort: records nobody was told are durable should not come back at replay.
      await this.#cutBack(file, start, failure);
      this.fail(failure);
      throw failure;
    }
    this.#wrote(start + bytes.length);
  }

  #wrote(length: number): void {
    this.#length = length;
    if (length > this.#end) this.#end = length; // written past the reserve (none, or a failed one)
  }

  // Cuts the file back to `length`, the end of the last whole record; a cut that fails breaks
  // the writer, since the next record would land behind torn bytes.
  async #cutBack(file: JournalFile, length: number, failure: DependencyUnavailableError) {
    try {
      await file.truncate(length);
      this.#end = length; // the reserve goes too; the next commit writes it again
    } catch {
      this.fail(failure);
    }
  }

  // Writes zeros from the reserve's end up to `end` and fdatasyncs them, so that the commit
  // about to be written overwrites allocated bytes. A write that fails is cut back (zeros are
  // no records, but the disk is given back); a failed fdatasync is as final as any other.
  async #reserve(file: JournalFile, end: number): Promise<void> {
    const from = this.#end;
    try {
      await file.writeAt(Buffer.alloc(end - from), from);
    } catch (error) {
      const failure = journalUnavailable(file.path, 'write', error);
      await this.#cutBack(file, this.#length, failure);
      throw failure;
    }
    try {
      await file.datasync();
    } catch (error) {
      const failure = journalUnavailable(file.path, 'fdatasync', error);
      this.fail(failure);
      throw failure;
    }
    this.#end = end;
  }
}
