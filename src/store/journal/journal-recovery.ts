// What `SampleJournal.replay` does with the file at start: every sound record is handed on in
// file order, and a torn or corrupt tail (an append cut short by a crash or a power loss) is
// cut at the end of the last sound record and fdatasynced, so the next append lands right
// behind that record and a later replay reads exactly what this one read. Zeros from the last
// record to the end of the file are no tail: they are the reserve the writer keeps ahead of
// its records (journal-writer.ts), left by a process that stopped without closing the
// journal, and they stay. Kept apart from the class (sample-journal.ts), which sees to it that
// replay happens once, before any append.

import type { Sample } from '../ingest-report.js';
import type { PlacedInstallation } from '../placed-installation.js';
import type { JournalFile } from './journal-file.js';
import { JOURNAL_HEADER_BYTES } from './journal-format.js';
import type { JournalReplayReport } from './journal-options.js';
import { REPLAY_CHUNK_BYTES, scanRecords } from './journal-replay.js';
import { type JournalWriter, journalUnavailable } from './journal-writer.js';

/**
 * From inside an `exclusive` task of `writer`: reads every sound record of `file` (of format
 * `version`) in order, calling `onBatch` with each samples record's samples and `onPlaces`
 * with each places record's entries, then cuts a torn or corrupt tail, fdatasyncs the file
 * and hands it to `writer`, whose appends go on from the end of the last sound record.
 *
 * @throws DependencyUnavailableError('store', …) when the file cannot be stat'ed or the tail
 *   cannot be cut; whatever a callback throws
 * @example
 * await writer.exclusive((file) => recoverJournal(writer, file, 1, (samples) => store.ingest(samples)));
 * // { records: 3, samples: 7, places: 0, cutBytes: 13, cutAtByte: 221 }
 */
export async function recoverJournal(
  writer: JournalWriter,
  file: JournalFile,
  version: number,
  onBatch: (samples: readonly Sample[]) => void,
  onPlaces?: (entries: readonly PlacedInstallation[]) => void,
): Promise<JournalReplayReport> {
  const size = await file.size().catch((error) => {
    throw journalUnavailable(file.path, 'stat', error);
  });
  const scan = await scanRecords(file, JOURNAL_HEADER_BYTES, size, version, (record) => {
    if (record.kind === 'samples') onBatch(record.samples);
    else onPlaces?.(record.places);
  });
  // Zeros after the last record are the writer's reserve, not a torn tail: kept as they are.
  const zeroTail = scan.goodEnd < size && (await isZeroFrom(file, scan.goodEnd, size));
  if (scan.goodEnd < size && !zeroTail) {
    try {
      await file.truncate(scan.goodEnd);
      await file.datasync();
    } catch (error) {
      throw journalUnavailable(file.path, 'cutting the torn tail', error);
    }
  }
  writer.replaceFile(file, scan.goodEnd, zeroTail ? size : scan.goodEnd);
  const cutBytes = zeroTail ? 0 : size - scan.goodEnd;
  const cutAtByte = cutBytes > 0 ? scan.goodEnd : undefined;
  const { records, samples, places } = scan;
  return { records, samples, places, cutBytes, cutAtByte };
}

// Whether every byte of `file` in [from, to) is zero, read a chunk at a time.
async function isZeroFrom(file: JournalFile, from: number, to: number): Promise<boolean> {
  const chunk = Buffer.alloc(Math.min(REPLAY_CHUNK_BYTES, to - from));
  for (let at = from; at < to; ) {
    const read = await file.readAt(chunk, 0, Math.min(chunk.length, to - at), at).catch((error) => {
      throw journalUnavailable(file.path, 'read', error);
    });
    if (read === 0) return false;
    for (let i = 0; i < read; i++) if (chunk[i] !== 0) return false;
    at += read;
  }
  return true;
}
