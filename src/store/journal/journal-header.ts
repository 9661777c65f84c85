// The journal file's 12-byte header (journal-format.ts): writing it, checking it, and telling
// a creation that was cut short from a file that is not a journal.

import type { JournalFile } from './journal-file.js';
import { JOURNAL_HEADER_BYTES, JOURNAL_MAGIC, JOURNAL_VERSION } from './journal-format.js';

/**
 * The 12 header bytes of a new journal file.
 *
 * @example
 * journalHeader().subarray(0, 8).toString('latin1'); // 'AIRQJRNL'
 */
export function journalHeader(): Buffer {
  const header = Buffer.alloc(JOURNAL_HEADER_BYTES);
  header.write(JOURNAL_MAGIC, 0, 'latin1');
  header.writeUInt32LE(JOURNAL_VERSION, JOURNAL_MAGIC.length);
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
 * Throws an Error naming `path` unless `header` is a version-1 journal header.
 *
 * @example
 * checkJournalHeader(journalHeader(), '/var/lib/airq/samples.journal'); // passes
 */
export function checkJournalHeader(header: Buffer, path: string): void {
  if (header.subarray(0, JOURNAL_MAGIC.length).toString('latin1') !== JOURNAL_MAGIC) {
    throw new Error(
      `SampleJournal.open: ${path} is not an airq sample journal (it does not start with ${JOURNAL_MAGIC}); move it away or choose another directory`,
    );
  }
  const version = header.readUInt32LE(JOURNAL_MAGIC.length);
  if (version !== JOURNAL_VERSION) {
    throw new Error(
      `SampleJournal.open: ${path} is a sample journal of format version ${version}; this airq reads version ${JOURNAL_VERSION}`,
    );
  }
}

/**
 * Checks the header of an open journal file, writing it when the file is new, and returns the
 * file's size in bytes.
 *
 * @throws Error naming the file when it is not a version-1 journal
 * @example
 * await prepareHeader(await openJournalFile(path)); // 12 for a new file
 */
export async function prepareHeader(file: JournalFile): Promise<number> {
  // A file shorter than a header that is the start of one is a creation cut short: it holds
  // no record, and gets its header (anew).
  const size = await file.size();
  const start = Buffer.alloc(Math.min(size, JOURNAL_HEADER_BYTES));
  const read = await file.readAt(start, 0, start.length, 0);
  if (size < JOURNAL_HEADER_BYTES && isHeaderPrefix(start.subarray(0, read))) {
    await file.writeAt(journalHeader(), 0);
    await file.datasync();
    return JOURNAL_HEADER_BYTES;
  }
  checkJournalHeader(Buffer.concat([start, Buffer.alloc(JOURNAL_HEADER_BYTES - read)]), file.path);
  return size;
}
