import type { GzipOptions } from './core-request.js';
import { crc32, crc32Combine, crc32ShiftOperator } from './crc32.js';
import {
  GZIP_HEADER,
  MAX_STORED_BLOCK_BYTES,
  storedBlocks,
  writeGzipTrailer,
} from './gzip-members.js';

// gzip of a body whose long tail is shared by many responses and whose few first bytes are
// the request's own (the bounds of a payload's `current`). The tail is deflated once into a
// complete raw DEFLATE stream and kept with its CRC-32; each response is then the gzip header
// and its own bytes as stored (uncompressed, byte-aligned, non-final) blocks, the kept stream,
// and a trailer whose CRC is combined from the two parts. Stored blocks may precede any DEFLATE
// stream, and the tail's back-references never reach before its own start, so the result is
// one valid gzip member, and a response costs a copy of its own few bytes.

/**
 * Raw DEFLATE (RFC 1951, no zlib or gzip wrapper) of `bytes`, ending with a final block: what
 * `createApi({ deflateRaw })` compresses the shared part of Measurements bodies with.
 */
export type DeflateRaw = (bytes: Uint8Array, options?: GzipOptions) => Promise<Uint8Array>;

/** A shared tail, deflated once, with what the trailer of each response needs. */
export interface DeflatedTail {
  readonly deflated: Uint8Array;
  /** CRC-32 of the uncompressed tail. */
  readonly crc: number;
  /** `crc32ShiftOperator` of the tail's length. */
  readonly shift: number;
  readonly length: number;
}

/**
 * Deflates a shared tail once.
 *
 * @example
 * const tail = await deflateTail(bytes, webDeflateRaw);
 * tail.length === bytes.byteLength; // true
 */
export async function deflateTail(
  tail: Uint8Array,
  deflateRaw: DeflateRaw,
  options?: GzipOptions,
): Promise<DeflatedTail> {
  const deflated = await deflateRaw(tail, options);
  return Object.freeze({
    deflated,
    crc: crc32(tail),
    shift: crc32ShiftOperator(tail.byteLength),
    length: tail.byteLength,
  });
}

/**
 * One gzip member of `head ‖ tail` as three pieces to send in order: the gzip header with
 * `head` as stored blocks, the tail's kept DEFLATE stream (shared: never modify it), and the
 * 8-byte trailer. The first and last pieces are views of one small allocation.
 *
 * @example
 * zlib.gunzipSync(Buffer.concat(splicedGzip(head, await deflateTail(tail, deflateRaw)))); // head ‖ tail
 */
export function splicedGzip(
  head: Uint8Array,
  tail: DeflatedTail,
): readonly [Uint8Array, Uint8Array, Uint8Array] {
  // Per request: one allocation, no DataView, the stored block header written in place.
  const stored =
    head.byteLength === 0
      ? EMPTY
      : head.byteLength <= MAX_STORED_BLOCK_BYTES
        ? undefined
        : storedBlocks(head);
  const storedBytes =
    stored === undefined ? STORED_HEADER_BYTES + head.byteLength : stored.byteLength;
  const firstBytes = GZIP_HEADER.byteLength + storedBytes;
  const buffer = new Uint8Array(firstBytes + TRAILER_BYTES);
  buffer.set(GZIP_HEADER, 0);
  if (stored === undefined) {
    const at = GZIP_HEADER.byteLength;
    const length = head.byteLength;
    // BFINAL 0, BTYPE 00, then LEN and its one's complement NLEN, little-endian.
    buffer[at + 1] = length & 0xff;
    buffer[at + 2] = length >>> 8;
    buffer[at + 3] = ~length & 0xff;
    buffer[at + 4] = (~length >>> 8) & 0xff;
    buffer.set(head, at + STORED_HEADER_BYTES);
  } else buffer.set(stored, GZIP_HEADER.byteLength);
  const crc = crc32Combine(crc32(head), tail.crc, tail.shift);
  writeGzipTrailer(buffer, firstBytes, crc, head.byteLength + tail.length);
  return [buffer.subarray(0, firstBytes), tail.deflated, buffer.subarray(firstBytes)];
}

const EMPTY = new Uint8Array(0);
const STORED_HEADER_BYTES = 5;
const TRAILER_BYTES = 8;
