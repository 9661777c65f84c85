// Reads the records of a journal file in order, a chunk at a time: the buffer holds one chunk
// or, for a record larger than a chunk, that record, so memory stays bounded by the largest
// record whatever the size of the file. Reading stops at the first record that is not whole
// and sound (journal-format.ts says when); the caller decides what to do with the tail.

import type { JournalFile } from './journal-file.js';
import { RECORD_HEADER_BYTES } from './journal-format.js';
import { decodeJournalRecord, isRecordLength, type JournalRecord } from './journal-records.js';

/** Bytes read from the file at a time (1 MiB: about 42,000 samples). */
export const REPLAY_CHUNK_BYTES = 1 << 20;

/** What {@link scanRecords} found. */
export interface RecordScan {
  /** Whole, sound records read. */
  readonly records: number;
  /** Samples in those records. */
  readonly samples: number;
  /** Placed installations in those records. */
  readonly places: number;
  /** Byte offset just past the last sound record: where a torn or corrupt tail starts. */
  readonly goodEnd: number;
}

/**
 * Calls `onRecord` with each sound record from byte `fromByte` up to `endByte`, in file order,
 * awaiting it when it returns a promise (compaction writes as it reads).
 *
 * @param endByte - the file's size when the scan starts; nothing after it is read
 * @param version - the file's format version (places records exist from version 2 on)
 * @example
 * const scan = await scanRecords(file, JOURNAL_HEADER_BYTES, await file.size(), 1, (record) => {
 *   if (record.kind === 'samples') store.ingest(record.samples);
 * });
 * scan.goodEnd; // the file size when nothing was torn
 */
export async function scanRecords(
  file: JournalFile,
  fromByte: number,
  endByte: number,
  version: number,
  onRecord: (record: JournalRecord) => void | Promise<void>,
): Promise<RecordScan> {
  const reader = new ChunkReader(file, fromByte, endByte);
  let records = 0;
  let samples = 0;
  let places = 0;
  let at = fromByte;
  while (endByte - at >= RECORD_HEADER_BYTES) {
    const header = await reader.bytes(at, RECORD_HEADER_BYTES);
    if (header === undefined) break;
    const payloadLength = header.readUInt32LE(0);
    const storedCrc = header.readUInt32LE(4);
    // Checked before anything is read or allocated: a corrupt length can name gigabytes.
    const recordBytes = RECORD_HEADER_BYTES + payloadLength;
    if (!isRecordLength(payloadLength, version) || recordBytes > endByte - at) break;
    const record = await reader.bytes(at, recordBytes);
    if (record === undefined) break;
    const payload = record.subarray(RECORD_HEADER_BYTES);
    const decoded = decodeJournalRecord(payload, storedCrc, version);
    if (decoded === undefined) break;
    const pending = onRecord(decoded);
    if (pending !== undefined) await pending;
    records++;
    if (decoded.kind === 'samples') samples += decoded.samples.length;
    else places += decoded.places.length;
    at += recordBytes;
  }
  return Object.freeze({ records, samples, places, goodEnd: at });
}

// A window over the file: `buffer[0 … filled)` holds the bytes from `start`. Reads move
// forward only; what lies before the requested position is dropped.
class ChunkReader {
  readonly #file: JournalFile;
  readonly #endByte: number;
  #buffer: Buffer;
  #start: number;
  #filled = 0;

  constructor(file: JournalFile, fromByte: number, endByte: number) {
    this.#file = file;
    this.#endByte = endByte;
    this.#start = fromByte;
    this.#buffer = Buffer.allocUnsafe(
      Math.max(0, Math.min(REPLAY_CHUNK_BYTES, endByte - fromByte)),
    );
  }

  /** A view of the `length` bytes at file offset `at`, or `undefined` when the file ends first. */
  async bytes(at: number, length: number): Promise<Buffer | undefined> {
    if (at + length > this.#start + this.#filled) {
      this.#moveTo(at, length);
      while (this.#filled < length) {
        const position = this.#start + this.#filled;
        const room = Math.min(this.#buffer.length - this.#filled, this.#endByte - position);
        if (room <= 0) return undefined;
        const read = await this.#file.readAt(this.#buffer, this.#filled, room, position);
        if (read === 0) return undefined; // the file is shorter than it was: a short read
        this.#filled += read;
      }
    }
    const offset = at - this.#start;
    return this.#buffer.subarray(offset, offset + length);
  }

  // Keeps the bytes from `at` on at the front of a buffer that can hold `length` bytes.
  #moveTo(at: number, length: number): void {
    const keepFrom = at - this.#start;
    const kept = Math.max(0, this.#filled - keepFrom);
    const target =
      length > this.#buffer.length
        ? Buffer.allocUnsafe(Math.max(length, REPLAY_CHUNK_BYTES))
        : this.#buffer;
    if (kept > 0) this.#buffer.copy(target, 0, keepFrom, keepFrom + kept);
    this.#buffer = target;
    this.#start = at;
    this.#filled = kept;
  }
}
