// What `SampleJournal.replay` does with the file at start: every sound record is handed on in
// file order, and a torn or corrupt tail (an append cut short by a crash or a power loss) is
// cut at the end of the last sound record and fdatasynced, so the next append lands right
// behind that record and a later replay reads exactly what this one read. Kept apart from the
// class (sample-journal.ts), which sees to it that replay happens once, before any append.

import type { Sample } from '../ingest-report.js';
import type { PlacedInstallation } from '../placed-installation.js';
import type { JournalFile } from './journal-file.js';
import { JOURNAL_HEADER_BYTES } from './journal-format.js';
import type { JournalReplayReport } from './journal-options.js';
import { scanRecords } from './journal-replay.js';
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
  if (scan.goodEnd < size) {
    try {
      await file.truncate(scan.goodEnd);
      await file.datasync();
    } catch (error) {
      throw journalUnavailable(file.path, 'cutting the torn tail', error);
    }
  }
  writer.replaceFile(file, scan.goodEnd);
  const cutBytes = size - scan.goodEnd;
  const cutAtByte = cutBytes > 0 ? scan.goodEnd : undefined;
  const { records, samples, places } = scan;
  return { records, samples, places, cutBytes, cutAtByte };
}
