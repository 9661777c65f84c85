// The journal file's 12-byte header (journal-format.ts): writing it, checking it, and telling
// a creation that was cut short from a file that is not a journal.

import type { JournalFile } from './journal-file.js';
import {
  JOURNAL_HEADER_BYTES,
  JOURNAL_MAGIC,
  JOURNAL_VERSION,
  SAMPLES_ONLY_VERSION,
} from './journal-format.js';

/** What {@link prepareHeader} found: the file's size and format version. */
export interface PreparedHeader {
  readonly size: number;
  readonly version: number;
}

/**
 * The 12 header bytes of a journal file of format `version` (default 1, a new journal's).
 *
 * @example
 * journalHeader().subarray(0, 8).toString('latin1'); // 'AIRQJRNL'
 * journalHeader(2).readUInt32LE(8); // 2
 */
export function journalHeader(version = SAMPLES_ONLY_VERSION): Buffer {
  const header = Buffer.alloc(JOURNAL_HEADER_BYTES);
  header.write(JOURNAL_MAGIC, 0, 'latin1');
  header.writeUInt32LE(version, JOURNAL_MAGIC.length);
  return header;
}

/**
 * Whether `bytes` (a file shorter than a header) could be the start of a header: a journal
 * whose creation was cut short, which holds no record yet and may be written anew.
 */
export function isHeaderPrefix(bytes: Uint8Array): boolean {
  return journalHeader().subarray(0, bytes.length).equals(bytes);
}

/**
 * The format version of a journal header; throws an Error naming `path` unless `header` is
 * the header of a version this code reads (1 or 2).
 *
 * @example
 * checkJournalHeader(journalHeader(), '/var/lib/airq/samples.journal'); // 1
 */
export function checkJournalHeader(header: Buffer, path: string): number {
  if (header.subarray(0, JOURNAL_MAGIC.length).toString('latin1') !== JOURNAL_MAGIC) {
    throw new Error(
      `SampleJournal.open: ${path} is not an airq sample journal (it does not start with ${JOURNAL_MAGIC}); move it away or choose another directory`,
    );
  }
  const version = header.readUInt32LE(JOURNAL_MAGIC.length);
  if (version < SAMPLES_ONLY_VERSION || version > JOURNAL_VERSION) {
    throw new Error(
      `SampleJournal.open: ${path} is a sample journal of format version ${version}; this airq reads versions ${SAMPLES_ONLY_VERSION} to ${JOURNAL_VERSION}`,
    );
  }
  return version;
}

/**
 * Checks the header of an open journal file, writing it (version 1) when the file is new, and
 * returns the file's size in bytes and its format version.
 *
 * @throws Error naming the file when it is not a journal of a version this code reads
 * @example
 * await prepareHeader(await openJournalFile(path)); // { size: 12, version: 1 } for a new file
 */
export async function prepareHeader(file: JournalFile): Promise<PreparedHeader> {
  // A file shorter than a header that is the start of one is a creation cut short: it holds
  // no record, and gets its header (anew).
  const size = await file.size();
  const start = Buffer.alloc(Math.min(size, JOURNAL_HEADER_BYTES));
  const read = await file.readAt(start, 0, start.length, 0);
  if (size < JOURNAL_HEADER_BYTES && isHeaderPrefix(start.subarray(0, read))) {
    await file.writeAt(journalHeader(), 0);
    await file.datasync();
    return { size: JOURNAL_HEADER_BYTES, version: SAMPLES_ONLY_VERSION };
  }
  const header = Buffer.concat([start, Buffer.alloc(JOURNAL_HEADER_BYTES - read)]);
  return { size, version: checkJournalHeader(header, file.path) };
}

/**
 * Rewrites the version in a journal's header to 2 (the version of a journal that holds
 * places) and fdatasyncs, before the first places record is written (journal-format.ts says
 * why). The other 8 bytes stay as they are, so a crash in between leaves a version-1 or a
 * version-2 header, both whole.
 *
 * @example
 * await upgradeHeader(file);
 */
export async function upgradeHeader(file: JournalFile): Promise<void> {
  const version = Buffer.alloc(4);
  version.writeUInt32LE(JOURNAL_VERSION, 0);
  await file.writeAt(version, JOURNAL_MAGIC.length);
  await file.datasync();
}
