// Compaction rewrites the journal without the samples older than the retention horizon, so the
// file (and the time to replay it) stays proportional to what the store keeps, not to
// everything ever written. The new file is written beside the old one, made durable, and
// renamed over it; the directory is then synced so the rename itself survives a power loss.
// Until the rename the old file is untouched, so a crash or an error at any earlier point
// leaves the journal as it was (a leftover new file is removed at the next open).

import { rename, rm } from 'node:fs/promises';
import type { JournalFile, JournalFiles } from './journal-file.js';
import { JOURNAL_HEADER_BYTES } from './journal-format.js';
import { journalHeader } from './journal-header.js';
import { encodePlacesRecord } from './journal-places.js';
import { encodeRecord } from './journal-records.js';
import { REPLAY_CHUNK_BYTES, scanRecords } from './journal-replay.js';

/** What one compaction works on. */
export interface CompactionJob {
  /** The open journal file, read from its header to `sourceLength`. */
  readonly source: JournalFile;
  /** Bytes of whole records in `source` (the journal's length). */
  readonly sourceLength: number;
  /** Where the new file is written before it replaces the journal. */
  readonly tempPath: string;
  /** The journal's path, which the new file is renamed to. */
  readonly journalPath: string;
  /** The directory of both, synced after the rename. */
  readonly dir: string;
  readonly files: JournalFiles;
  /** Samples with `atMs >= keepFromMs` are kept (epoch ms). */
  readonly keepFromMs: number;
  /** The journal's format version, which the new file keeps. */
  readonly version: number;
  /**
   * Called right after the rename with the new file (open, positioned by its length): from
   * then on it is the journal, even if the directory sync that follows fails.
   */
  readonly onReplaced: (file: JournalFile, length: number) => void;
}

/** Samples kept and removed by a compaction. */
export interface CompactionCounts {
  readonly keptSamples: number;
  readonly removedSamples: number;
}

/**
 * Rewrites the journal keeping only samples from `keepFromMs` on; a samples record left
 * without samples is dropped, every other keeps its place and the order of its samples. Places
 * records are all kept, in their place: each comes before the samples of its installations,
 * as replay needs, and there is one per new or changed place, never one per sample.
 *
 * @throws Error on an I/O error or when the old file does not read whole up to
 *   `sourceLength` (it was damaged after replay; nothing is replaced then)
 * @example
 * await compactJournal({ source, sourceLength, tempPath, journalPath, dir, files, keepFromMs, onReplaced });
 * // { keptSamples: 1200, removedSamples: 300 }
 */
export async function compactJournal(job: CompactionJob): Promise<CompactionCounts> {
  const { source, sourceLength, tempPath, journalPath, keepFromMs } = job;
  await rm(tempPath, { force: true });
  const target = await job.files.openFile(tempPath);
  let keptSamples = 0;
  let removedSamples = 0;
  let length = 0;
  let chunks: Buffer[] = [journalHeader(job.version)];
  let chunkBytes = JOURNAL_HEADER_BYTES;
  const flush = async () => {
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, chunkBytes); // ≥ 1 chunk
    await target.writeAt(bytes, length);
    length += bytes.length;
    chunks = [];
    chunkBytes = 0;
  };
  try {
    const scan = await scanRecords(
      source,
      JOURNAL_HEADER_BYTES,
      sourceLength,
      job.version,
      async (read) => {
        let record: Buffer;
        if (read.kind === 'places') {
          record = encodePlacesRecord('SampleJournal.compact', read.places);
        } else {
          const kept = read.samples.filter((sample) => sample.atMs >= keepFromMs);
          keptSamples += kept.length;
          removedSamples += read.samples.length - kept.length;
          if (kept.length === 0) return;
          record = encodeRecord('SampleJournal.compact', kept);
        }
        chunks.push(record);
        chunkBytes += record.length;
        if (chunkBytes >= REPLAY_CHUNK_BYTES) await flush();
      },
    );
    if (scan.goodEnd !== sourceLength) {
      throw new Error(
        `${journalPath} is damaged at byte ${scan.goodEnd} (it read whole at replay); nothing was compacted`,
      );
    }
    if (chunkBytes > 0) await flush();
    await target.datasync();
    await rename(tempPath, journalPath);
  } catch (error) {
    await target.close().catch(() => undefined);
    await rm(tempPath, { force: true }).catch(() => undefined);
    throw error;
  }
  job.onReplaced(target, length);
  await job.files.syncDirectory(job.dir);
  return Object.freeze({ keptSamples, removedSamples });
}
