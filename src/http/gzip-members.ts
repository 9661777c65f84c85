// The byte layout of a gzip member (RFC 1952) around a DEFLATE stream (RFC 1951), for bodies
// assembled from pieces: stored blocks are byte-aligned and may precede any DEFLATE stream.
// No I/O and no node: imports; the compression itself is the caller's.

/** ID1 ID2, CM = deflate, no flags, no mtime, no extra flags, OS unknown. */
export const GZIP_HEADER: Uint8Array = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);

/** The most bytes one stored block can hold. */
export const MAX_STORED_BLOCK_BYTES = 0xffff;

/**
 * `bytes` as non-final stored (uncompressed) DEFLATE blocks, for a stream that is byte-aligned
 * at this point (its start, or after another stored block). Each block costs 5 bytes over its
 * data and no compression work, which suits the small per-request pieces of a body.
 *
 * @example
 * storedBlocks(Uint8Array.of(0x7b, 0x7d)); // Uint8Array [0, 2, 0, 253, 255, 123, 125]
 */
export function storedBlocks(bytes: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(bytes.byteLength / MAX_STORED_BLOCK_BYTES));
  const out = new Uint8Array(bytes.byteLength + 5 * blocks);
  let read = 0;
  let write = 0;
  for (let block = 0; block < blocks; block++) {
    const length = Math.min(MAX_STORED_BLOCK_BYTES, bytes.byteLength - read);
    // BFINAL 0, BTYPE 00, then LEN and its one's complement NLEN, little-endian.
    out[write] = 0;
    out[write + 1] = length & 0xff;
    out[write + 2] = length >>> 8;
    out[write + 3] = ~length & 0xff;
    out[write + 4] = (~length >>> 8) & 0xff;
    out.set(bytes.subarray(read, read + length), write + 5);
    read += length;
    write += length + 5;
  }
  return out;
}

/**
 * The 8-byte gzip trailer: CRC-32 of the uncompressed data and its length modulo 2³²,
 * both little-endian.
 *
 * @param crc32 - unsigned CRC-32 of all uncompressed bytes
 * @param length - number of uncompressed bytes
 * @example
 * gzipTrailer(0xcbf43926, 9); // Uint8Array [0x26, 0x39, 0xf4, 0xcb, 9, 0, 0, 0]
 */
export function gzipTrailer(crc32: number, length: number): Uint8Array {
  const trailer = new Uint8Array(8);
  writeGzipTrailer(trailer, 0, crc32, length);
  return trailer;
}

/**
 * Writes the 8-byte gzip trailer into `target` at `offset` (see {@link gzipTrailer}), for a
 * caller that has room for it in a buffer of its own.
 *
 * @example
 * writeGzipTrailer(buffer, buffer.length - 8, crc, length);
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
