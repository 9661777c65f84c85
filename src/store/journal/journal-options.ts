// The options and reports of SampleJournal, and the check of its options.

import {
  checkNonEmptyString,
  checkNumberInRange,
  checkObject,
  checkOneOf,
  checkSafeInteger,
} from '../../arguments/argument-checks.js';
import { checkKnownKeys } from '../../arguments/key-spelling.js';

/** When an append resolves; see {@link SampleJournalOptions.fsync}. */
export type FsyncPolicy = 'always' | 'interval';

/** The journal file's name inside {@link SampleJournalOptions.dir}. */
export const JOURNAL_FILE_NAME = 'samples.journal';

const FSYNC_POLICIES: readonly FsyncPolicy[] = Object.freeze(['always', 'interval']);
const OPTION_KEYS = Object.freeze(['dir', 'fsync', 'intervalMs', 'reserveBytes']);
const DEFAULT_INTERVAL_MS = 1000;
const MAX_INTERVAL_MS = 2 ** 31 - 1; // setInterval's limit
/** Default {@link SampleJournalOptions.reserveBytes}: 1 MiB, some 7,600 airRohr pushes of 137 bytes. */
export const DEFAULT_RESERVE_BYTES = 1 << 20;
const MAX_RESERVE_BYTES = 1 << 30;

/** Options of `SampleJournal.open`. */
export interface SampleJournalOptions {
  /** Directory of the journal file and its lock; created when missing. */
  readonly dir: string;
  /**
   * `'always'` (default): an append resolves after fdatasync (group commit), so it survives
   * a power loss. `'interval'`: an append resolves once written to the file (the OS has it, so
   * a killed process loses nothing) and the file is fdatasynced every `intervalMs`: a power
   * loss may lose that last interval.
   */
  readonly fsync?: FsyncPolicy;
  /** Milliseconds between fdatasyncs under `fsync: 'interval'`, in [1, 2³¹ − 1]; default 1000. */
  readonly intervalMs?: number;
  /**
   * Bytes of zeros the journal keeps written ahead of its last record while it is open, an
   * integer in [0, 2³⁰]; default 1 MiB (1,048,576). A commit then overwrites space the file
   * already has, and its sync need not record a new file size as well: on ext4 a quarter less
   * time and a third less CPU per synced write. 0 keeps none (on a copy-on-write file system,
   * btrfs or ZFS, overwriting saves nothing). Close cuts the reserve off.
   */
  readonly reserveBytes?: number;
}

/** What `SampleJournal.replay` read and cut. */
export interface JournalReplayReport {
  /** Whole records replayed (one per append of samples or places, less those compaction emptied). */
  readonly records: number;
  /** Samples in those records. */
  readonly samples: number;
  /** Placed installations in those records (followed places; see `SampleJournal.appendPlaces`). */
  readonly places: number;
  /** Bytes cut from a torn or corrupt tail; 0 when the file was whole. */
  readonly cutBytes: number;
  /** Byte offset where the tail was cut; `undefined` when nothing was cut. */
  readonly cutAtByte: number | undefined;
}

/** Samples kept and removed by `SampleJournal.compact`. */
export interface JournalCompactionReport {
  readonly keptSamples: number;
  readonly removedSamples: number;
}

/**
 * The options with their defaults filled in.
 *
 * @throws TypeError / RangeError naming `SampleJournal.open` and the option
 * @example
 * checkJournalOptions({ dir: 'data/journal' });
 * // { dir: 'data/journal', fsync: 'always', intervalMs: 1000, reserveBytes: 1048576 }
 */
export function checkJournalOptions(options: SampleJournalOptions): Required<SampleJournalOptions> {
  const fn = 'SampleJournal.open';
  checkObject(fn, 'options', options);
  checkKnownKeys(fn, 'options', options, OPTION_KEYS);
  checkNonEmptyString(fn, 'options.dir', options.dir, 'a directory path');
  const fsync = options.fsync ?? 'always';
  checkOneOf(fn, 'options.fsync', fsync, FSYNC_POLICIES);
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  checkNumberInRange(fn, 'options.intervalMs', intervalMs, 1, MAX_INTERVAL_MS);
  const reserveBytes = options.reserveBytes ?? DEFAULT_RESERVE_BYTES;
  checkSafeInteger(fn, 'options.reserveBytes', reserveBytes);
  checkNumberInRange(fn, 'options.reserveBytes', reserveBytes, 0, MAX_RESERVE_BYTES);
  return { dir: options.dir, fsync, intervalMs, reserveBytes };
}
