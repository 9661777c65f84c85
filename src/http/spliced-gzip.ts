import { ByteSlab } from '../payload/byte-slab.js';
import type { GzipOptions } from './core-request.js';
import { crc32, crc32Combine, crc32ShiftOperator } from './crc32.js';
import { FINAL_EMPTY_BLOCK } from './joinable-deflate.js';

// gzip of a body whose long tail is shared by many responses and whose few first bytes are the
// request's own (the bounds of a payload's `current`). The tail is deflated once into a complete
// raw DEFLATE stream (RFC 1951) and kept with its CRC-32; each response is then the gzip header
// (RFC 1952), its own bytes as stored (uncompressed, byte-aligned, non-final) blocks, the kept
// stream, and a trailer whose CRC is combined from the two parts. Stored blocks may precede any
// DEFLATE stream, and the tail's back-references never reach before its own start, so the result
// is one valid gzip member, and a response costs its 8-byte trailer (its opening, `gzipHead`,
// is shared by every answer with the same first bytes).

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

/** ID1 ID2, CM = deflate, no flags, no mtime, no extra flags, OS unknown. */
export const GZIP_HEADER: Uint8Array = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);

/** The most bytes one stored block can hold. */
export const MAX_STORED_BLOCK_BYTES = 0xffff;

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
  const length = tail.byteLength;
  return Object.freeze({ deflated, crc: crc32(tail), shift: crc32ShiftOperator(length), length });
}

/** The request's own first bytes, ready to open a gzip member: built once, spliced onto many tails. */
export interface GzipHead {
  /** The gzip header, then the head's bytes as stored blocks. */
  readonly opening: Uint8Array;
  /** CRC-32 of the head's bytes. */
  readonly crc: number;
  /** Length of the head's bytes (before the stored blocks' framing). */
  readonly length: number;
}

/**
 * The gzip header with `head` as stored blocks, and its CRC, for {@link splicedGzip}. Every
 * answer in the same millisecond has the same bounds of `current`, so one is built per instant.
 *
 * @example
 * gzipHead(new Uint8Array(0)).opening.byteLength; // 10: the gzip header alone
 */
export function gzipHead(head: Uint8Array): GzipHead {
  const stored = head.byteLength === 0 ? new Uint8Array(0) : storedBlocks(head);
  const opening = new Uint8Array(GZIP_HEADER.byteLength + stored.byteLength);
  opening.set(GZIP_HEADER, 0);
  opening.set(stored, GZIP_HEADER.byteLength);
  return { opening, crc: crc32(head), length: head.byteLength };
}

/**
 * One gzip member of `head ‖ tail` as three pieces to send in order: the head's opening, the
 * tail's kept DEFLATE stream (both shared: never modify them), and the 8-byte trailer.
 *
 * @example
 * zlib.gunzipSync(Buffer.concat(splicedGzip(gzipHead(head), await deflateTail(tail, deflateRaw)))); // head ‖ tail
 */
export function splicedGzip(
  head: GzipHead,
  tail: DeflatedTail,
): readonly [Uint8Array, Uint8Array, Uint8Array] {
  const trailer = TRAILER_SLAB.cut(TRAILER_BYTES);
  const crc = crc32Combine(head.crc, tail.crc, tail.shift);
  writeGzipTrailer(trailer, 0, crc, head.length + tail.length);
  return [head.opening, tail.deflated, trailer];
}

/**
 * One gzip member, joined into one array, of streams made joinable (joinable-deflate.ts) that
 * hold consecutive parts of a body: the header, the streams, an empty final block and the
 * trailer of the body's CRC-32 and length.
 *
 * @param crc - CRC-32 of the whole body (the parts' CRCs combined with `crc32Combine`)
 * @param length - the body's length in bytes
 * @example
 * zlib.gunzipSync(joinedGzip([joinableDeflate(deflateRawSync(a)), joinableDeflate(deflateRawSync(b))], crc, length)); // a ‖ b
 */
export function joinedGzip(
  streams: readonly Uint8Array[],
  crc: number,
  length: number,
): Uint8Array {
  let size = GZIP_HEADER.byteLength + FINAL_EMPTY_BLOCK.byteLength + TRAILER_BYTES;
  for (const stream of streams) size += stream.byteLength;
  const member = new Uint8Array(size);
  member.set(GZIP_HEADER, 0);
  let offset = GZIP_HEADER.byteLength;
  for (const stream of streams) {
    member.set(stream, offset);
    offset += stream.byteLength;
  }
  member.set(FINAL_EMPTY_BLOCK, offset);
  writeGzipTrailer(member, offset + FINAL_EMPTY_BLOCK.byteLength, crc, length);
  return member;
}

// Each trailer is 8 bytes of a shared slab rather than an array of its own (byte-slab.ts says
// why): a trailer still waiting in a socket's queue keeps its slab alive and unchanged.
const TRAILER_BYTES = 8;
const TRAILER_SLAB = new ByteSlab(8192);

/**
 * `bytes` as non-final stored (uncompressed) DEFLATE blocks, for a stream that is byte-aligned
 * at this point (its start, or after another stored block): 5 bytes per block over the data.
 *
 * @example
 * storedBlocks(Uint8Array.of(0x7b, 0x7d)); // Uint8Array [0, 2, 0, 253, 255, 123, 125]
 */
export function storedBlocks(bytes: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(bytes.byteLength / MAX_STORED_BLOCK_BYTES));
  const out = new Uint8Array(bytes.byteLength + 5 * blocks);
  for (let block = 0, read = 0, write = 0; block < blocks; block++) {
    const length = Math.min(MAX_STORED_BLOCK_BYTES, bytes.byteLength - read);
    // BFINAL 0, BTYPE 00, then LEN and its one's complement NLEN, little-endian.
    out.set([0, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff], write);
    out.set(bytes.subarray(read, read + length), write + 5);
    read += length;
    write += length + 5;
  }
  return out;
}

/**
 * Writes the 8-byte gzip trailer into `target` at `offset`: the CRC-32 of the uncompressed data
 * and its length modulo 2³², both little-endian.
 *
 * @example
 * writeGzipTrailer(trailer, 0, 0xcbf43926, 9); // trailer: [0x26, 0x39, 0xf4, 0xcb, 9, 0, 0, 0]
 */
export function writeGzipTrailer(
  target: Uint8Array,
  offset: number,
  crc32: number,
  length: number,
): void {
  const lengthMod = length % 0x1_0000_0000;
  for (let i = 0; i < 4; i++) {
    target[offset + i] = (crc32 >>> (8 * i)) & 0xff;
    target[offset + 4 + i] = Math.floor(lengthMod / 2 ** (8 * i)) & 0xff;
  }
}
