// The append-only journal that makes live writes to the in-memory store survive a restart or
// a SIGKILL: every batch is appended (and, by default, fdatasynced) before it is acknowledged,
// and the journal is replayed at start. This class keeps the journal's state and the order of
// its steps. The file format is described in journal-format.ts, group commit and I/O failures
// in journal-writer.ts, the lock in journal-lock.ts, taking and giving back the directory in
// journal-directory.ts, replay's cut of a torn tail in journal-recovery.ts, and the rewrites of
// the file (its header's upgrade, compaction) in journal-rewrites.ts.

import {
  checkFunction,
  checkNotNaN,
  checkObject,
  checkOptionalFunction,
} from '../../arguments/argument-checks.js';
import type { Sample } from '../ingest-report.js';
import type { PlacedInstallation } from '../placed-installation.js';
import { releaseJournal, type TakenJournal, takeJournal } from './journal-directory.js';
import { type JournalFiles, NODE_JOURNAL_FILES } from './journal-file.js';
import { JOURNAL_VERSION } from './journal-format.js';
import type { JournalLock } from './journal-lock.js';
import {
  checkJournalOptions,
  type FsyncPolicy,
  type JournalCompactionReport,
  type JournalReplayReport,
  type SampleJournalOptions,
} from './journal-options.js';
import { encodePlacesRecord } from './journal-places.js';
import { encodeRecord } from './journal-records.js';
import { recoverJournal } from './journal-recovery.js';
import { compactInTurn, upgradeHeaderInTurn } from './journal-rewrites.js';
import { JournalWriter } from './journal-writer.js';

export { JOURNAL_FILE_NAME } from './journal-options.js';
export type { FsyncPolicy, JournalCompactionReport, JournalReplayReport, SampleJournalOptions };

type JournalState = 'opened' | 'replaying' | 'ready' | 'closed';

/**
 * An append-only file of sample batches in one directory, held by one process at a time.
 * Open it, {@link replay} it once into the store, then {@link append} each accepted batch
 * before acknowledging it; {@link compact} now and then to drop what retention removed.
 *
 * @example
 * const journal = await SampleJournal.open({ dir: '/var/lib/airq/journal' });
 * const report = await journal.replay((samples) => store.ingest(samples));
 * report; // { records: 120, samples: 36000, cutBytes: 0, cutAtByte: undefined }
 * await journal.append([{ installationId: 1001, name: 'PM25', atMs: Date.now(), value: 12.5 }]);
 * await journal.close();
 */
export class SampleJournal {
  /** The directory given to {@link open}. */
  readonly dir: string;
  /** When an append resolves; see {@link SampleJournalOptions.fsync}. */
  readonly fsync: FsyncPolicy;
  /** Milliseconds between fdatasyncs under `'interval'` (kept under `'always'`, unused). */
  readonly intervalMs: number;
  readonly #path: string;
  readonly #lock: JournalLock;
  readonly #files: JournalFiles;
  readonly #writer: JournalWriter;
  #version: number;
  #state: JournalState = 'opened';
  #timer: ReturnType<typeof setInterval> | undefined;
  #closing: Promise<void> | undefined;

  private constructor(
    options: Required<SampleJournalOptions>,
    files: JournalFiles,
    { lock, file, size, version }: TakenJournal,
  ) {
    this.dir = options.dir;
    this.fsync = options.fsync;
    this.intervalMs = options.intervalMs;
    this.#path = file.path;
    this.#lock = lock;
    this.#files = files;
    this.#writer = new JournalWriter(file, size, options.fsync, options.reserveBytes);
    this.#version = version;
  }

  /**
   * Creates `dir` when missing, takes its lock and opens (or creates) the journal file.
   *
   * @param files - how files are opened and directories synced; default `node:fs`
   *   ({@link NODE_JOURNAL_FILES}). A seam for tests, which wrap it to inject I/O errors.
   * @throws TypeError / RangeError on invalid options; Error naming `dir` and the pid when a
   *   live process holds the lock (a stale lock of a dead process is taken over); Error when
   *   the file is not a journal or of another format version
   * @example
   * const journal = await SampleJournal.open({ dir: 'data/journal', fsync: 'interval', intervalMs: 500 });
   */
  static async open(
    options: SampleJournalOptions,
    files: JournalFiles = NODE_JOURNAL_FILES,
  ): Promise<SampleJournal> {
    const settings = checkJournalOptions(options);
    checkObject('SampleJournal.open', 'files', files);
    return new SampleJournal(settings, files, await takeJournal(settings.dir, files));
  }

  /** The file's format version: 1 while it holds samples only, 2 once it holds places. */
  get version(): number {
    return this.#version;
  }

  /** Bytes of the journal's header and records (the reserve's zeros after them not counted). */
  get byteLength(): number {
    return this.#writer.length;
  }

  /**
   * Reads every whole record in order, calling `onBatch` with each samples record's samples
   * and `onPlaces` with each places record's entries (unchecked: the store that takes them
   * checks them), a chunk of the file at a time (memory stays bounded by the largest record).
   * A torn or corrupt tail is cut at the end of the last sound record: the file is truncated
   * there and fdatasynced. Call it once, before the first append.
   *
   * @param onPlaces - optional; without it places records are read and passed over
   * @throws Error when called twice or after close; whatever a callback throws (the journal
   *   then takes no appends)
   * @example
   * await journal.replay((samples) => store.ingest(samples), (entries) => store.preparePlaces(entries).apply());
   * // { records: 3, samples: 7, places: 1, cutBytes: 13, cutAtByte: 221 }
   */
  async replay(
    onBatch: (samples: readonly Sample[]) => void,
    onPlaces?: (entries: readonly PlacedInstallation[]) => void,
  ): Promise<JournalReplayReport> {
    checkFunction('SampleJournal.replay', 'onBatch', onBatch);
    checkOptionalFunction('SampleJournal.replay', 'onPlaces', onPlaces);
    if (this.#state !== 'opened') {
      throw new Error(`SampleJournal.replay: ${this.#path} was already replayed (or closed)`);
    }
    this.#state = 'replaying';
    const report = await this.#writer.exclusive((file) =>
      recoverJournal(this.#writer, file, this.#version, onBatch, onPlaces),
    );
    this.#state = 'ready';
    if (this.fsync === 'interval') {
      this.#timer = setInterval(() => void this.#writer.syncIfDirty(), this.intervalMs);
      this.#timer.unref(); // the journal alone must not keep a process alive
    }
    return Object.freeze(report);
  }

  /**
   * Appends one record holding `samples` (validated by the caller; only what the format
   * cannot hold is refused) and resolves once it is durable per {@link fsync}. Appends
   * resolve in the order they were called; concurrent ones share one write and one
   * fdatasync.
   *
   * @throws (rejects) DependencyUnavailableError('store', …) on an I/O error: the batch is not
   *   durable; TypeError on a sample the format cannot hold; Error before replay or after close
   * @example
   * await journal.append([{ installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9), value: 41.3 }]);
   */
  async append(samples: readonly Sample[]): Promise<void> {
    this.#checkReady('SampleJournal.append');
    const record = encodeRecord('SampleJournal.append', samples);
    return this.#writer.append(record);
  }

  /**
   * Appends one places record holding `entries` (checked by the caller: the store's
   * `preparePlaces`) and resolves once it is durable per {@link fsync}, in order with the
   * appends of samples. The first one turns a version-1 file into version 2 first (its header
   * rewritten and fdatasynced; journal-format.ts says why).
   *
   * @throws (rejects) DependencyUnavailableError('store', …) on an I/O error: the entries are
   *   not durable; TypeError when `entries` is not an array; Error before replay or after close
   * @example
   * await journal.appendPlaces([{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]);
   */
  async appendPlaces(entries: readonly PlacedInstallation[]): Promise<void> {
    this.#checkReady('SampleJournal.appendPlaces');
    const record = encodePlacesRecord('SampleJournal.appendPlaces', entries);
    if (this.#version < JOURNAL_VERSION) {
      // Queued before the record, so the record lands in a version-2 file or not at all.
      await this.#writer.exclusive(async (file) => {
        if (this.#version >= JOURNAL_VERSION) return;
        await upgradeHeaderInTurn(this.#writer, file);
        this.#version = JOURNAL_VERSION;
      });
    }
    return this.#writer.append(record);
  }

  /**
   * Rewrites the journal keeping only samples with `atMs >= keepFromMs` (the retention
   * horizon): a new file is written and fdatasynced, renamed over the old one, and the
   * directory synced. Appends made meanwhile wait and then go to the new file.
   *
   * @param keepFromMs - epoch ms; not NaN (−Infinity keeps everything)
   * @throws (rejects) DependencyUnavailableError('store', …) on an I/O error (the old journal
   *   stays in use unless the error came after the rename)
   * @example
   * await journal.compact(Date.now() - 72 * 3_600_000); // { keptSamples: 4100, removedSamples: 950 }
   */
  async compact(keepFromMs: number): Promise<JournalCompactionReport> {
    checkNotNaN('SampleJournal.compact', 'keepFromMs', keepFromMs);
    this.#checkReady('SampleJournal.compact');
    return this.#writer.exclusive((source, sourceLength) =>
      compactInTurn(this.#writer, {
        source,
        sourceLength,
        journalPath: this.#path,
        dir: this.dir,
        files: this.#files,
        keepFromMs,
        version: this.#version, // as of this turn: an upgrade queued before changes it
      }),
    );
  }

  /**
   * Waits for queued appends, fdatasyncs, closes the file and releases the lock. Calling it
   * again returns the same promise.
   *
   * @throws (rejects) DependencyUnavailableError when the final fdatasync fails (the file is
   *   closed and the lock released all the same)
   * @example
   * await journal.close();
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    const wasOpen = this.#state;
    this.#state = 'closed';
    await this.#writer.exclusive((file) => {
      const sync = wasOpen === 'ready' && this.#writer.broken === undefined;
      return releaseJournal(file, this.#lock, sync ? this.#writer : undefined);
    });
  }

  #checkReady(functionName: string): void {
    if (this.#state === 'ready') return;
    const why =
      this.#state === 'closed'
        ? 'is closed'
        : this.#state === 'replaying'
          ? 'is being replayed, or its replay failed'
          : 'must be replayed first (call replay() once)';
    throw new Error(`${functionName}: the journal ${this.#path} ${why}`);
  }
}
