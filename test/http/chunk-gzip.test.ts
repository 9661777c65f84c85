import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkGzip, KEPT_PIECE_MIN_BYTES } from '../../src/http/chunk-gzip.js';
import { joinChunks } from '../../src/payload/json-parts.js';

function countingCompressor() {
  const counts = { deflated: 0 };
  return {
    counts,
    compressor: {
      deflateRawFlushed(bytes: Uint8Array) {
        counts.deflated++;
        return deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
      },
      crc32: (bytes: Uint8Array, crc: number) => crc32(bytes, crc),
    },
  };
}

const shared = new TextEncoder().encode(
  JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i }))),
);

describe('ChunkGzip', () => {
  it('deflates a shared piece once and stores small ones as they are', () => {
    const { compressor, counts } = countingCompressor();
    const chunkGzip = new ChunkGzip(compressor);
    expect(shared.byteLength).toBeGreaterThanOrEqual(KEPT_PIECE_MIN_BYTES);
    for (const head of ['{"current":1,"history":', '{"current":22,"history":']) {
      const pieces = [new TextEncoder().encode(head), shared, new TextEncoder().encode('}')];
      expect(gunzipSync(chunkGzip.gzip(pieces)).toString()).toBe(
        `${head}${new TextDecoder().decode(shared)}}`,
      );
    }
    expect(counts.deflated).toBe(1);
  });

  it('gives one valid gzip member of the joined pieces, whatever their sizes and repeats', () => {
    const { compressor } = countingCompressor();
    const chunkGzip = new ChunkGzip(compressor);
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 1200 }),
      fc.constant(shared),
      fc.constant(new Uint8Array(0)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const member = chunkGzip.gzip(pieces);
        expect(Buffer.compare(gunzipSync(member), joinChunks([new Uint8Array(0), ...pieces]))).toBe(
          0,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
