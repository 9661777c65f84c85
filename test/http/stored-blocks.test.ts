import { gunzipSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GZIP_HEADER,
  MAX_STORED_BLOCK_BYTES,
  storedBlocks,
  writeGzipTrailer,
} from '../../src/http/spliced-gzip.js';
import { joinChunks } from '../../src/payload/json-parts.js';

// An empty final block with fixed Huffman codes (BFINAL 1, BTYPE 01, end-of-block), to close
// a stream of stored blocks.
const FINAL_EMPTY_BLOCK = Uint8Array.of(0x03, 0x00);

function gzipTrailer(crc: number, length: number): Uint8Array {
  const trailer = new Uint8Array(8);
  writeGzipTrailer(trailer, 0, crc, length);
  return trailer;
}

describe('gzip members', () => {
  it('lays out stored blocks and the trailer (the examples)', () => {
    expect([...storedBlocks(Uint8Array.of(0x7b, 0x7d))]).toEqual([0, 2, 0, 253, 255, 123, 125]);
    expect([...storedBlocks(new Uint8Array(0))]).toEqual([0, 0, 0, 255, 255]);
    expect([...gzipTrailer(0xcbf43926, 9)]).toEqual([0x26, 0x39, 0xf4, 0xcb, 9, 0, 0, 0]);
    expect([...gzipTrailer(0, 2 ** 32 + 5)].slice(4)).toEqual([5, 0, 0, 0]);
    // '123456789' has the CRC-32 check value 0xcbf43926.
    const text = new TextEncoder().encode('123456789');
    const member = joinChunks([
      GZIP_HEADER,
      storedBlocks(text),
      FINAL_EMPTY_BLOCK,
      gzipTrailer(0xcbf43926, 9),
    ]);
    expect(gunzipSync(member).toString()).toBe('123456789');
  });

  it('stored blocks hold any bytes, split at the block limit', () => {
    const source = Uint8Array.from(
      { length: 3 * MAX_STORED_BLOCK_BYTES },
      (_, i) => (i * 7) & 0xff,
    );
    const limit = MAX_STORED_BLOCK_BYTES;
    const length = fc.oneof(
      fc.integer({ min: 0, max: 600 }),
      fc.integer({ min: limit - 3, max: limit + 3 }),
      fc.integer({ min: 2 * limit - 2, max: 3 * limit - 1 }),
    );
    fc.assert(
      fc.property(length, fc.nat(255), (size, offset) => {
        const bytes = source.subarray(offset, offset + size);
        const blocks = storedBlocks(bytes);
        expect(blocks.byteLength).toBe(
          bytes.byteLength + 5 * Math.max(1, Math.ceil(bytes.byteLength / limit)),
        );
        const inflated = inflateRawSync(joinChunks([blocks, FINAL_EMPTY_BLOCK]));
        expect(Buffer.compare(inflated, bytes)).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});
