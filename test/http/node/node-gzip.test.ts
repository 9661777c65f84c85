import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEPT_PIECE_MIN_BYTES } from '../../../src/http/chunk-gzip.js';
import { encodeJson } from '../../../src/http/json-body.js';
import { createNodeGzip } from '../../../src/http/node/node-gzip.js';
import { joinChunks } from '../../../src/payload/json-parts.js';

// Bytes that compress differently at each level: repetitive JSON with some noise.
const PAYLOAD = encodeJson(
  Array.from({ length: 300 }, (_, i) => ({ at: i, value: (i * 7919) % 1013, name: `PM${i % 3}` })),
);

describe('createNodeGzip', () => {
  it('compresses per response at level 1 and prepared bodies at level 9 by default', async () => {
    const gzip = createNodeGzip();
    const fast = await gzip(PAYLOAD);
    const alsoFast = await gzip(PAYLOAD, { effort: 'fast' });
    const best = await gzip(PAYLOAD, { effort: 'best' });
    expect(Buffer.from(alsoFast)).toEqual(Buffer.from(fast));
    expect(best.byteLength).toBeLessThan(fast.byteLength);
    for (const bytes of [fast, best]) expect(gunzipSync(bytes)).toEqual(Buffer.from(PAYLOAD));
  });

  it('round-trips any JSON body on the calling thread and on the thread pool alike', async () => {
    const inline = createNodeGzip();
    const pooled = createNodeGzip({ syncMaxBytes: 0, fastLevel: 6 });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, best) => {
        const bytes = encodeJson(value);
        const options = { effort: best ? ('best' as const) : ('fast' as const) };
        for (const gzip of [inline, pooled]) {
          expect(gunzipSync(await gzip(bytes, options))).toEqual(Buffer.from(bytes));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('assembles a chunked body from kept and stored pieces into one valid gzip member', async () => {
    const gzip = createNodeGzip();
    const shared = [PAYLOAD.subarray(0, 5000), PAYLOAD.subarray(5000)];
    const textPiece = fc
      .string({ unit: 'grapheme', maxLength: 300 })
      .map((text) => new TextEncoder().encode(text));
    const noise = Uint8Array.from({ length: 70_000 }, (_, i) => (i * i * 31) % 251);
    const bigPiece = fc
      .tuple(fc.integer({ min: KEPT_PIECE_MIN_BYTES, max: 69_000 }), fc.nat(1000))
      .map(([length, offset]) => noise.slice(offset, offset + length));
    const piece = fc.oneof(textPiece, fc.constantFrom(...shared), bigPiece);
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 2, maxLength: 6 }), async (chunks) => {
        const joined = joinChunks(chunks);
        const compressed = await gzip.gzipChunks(chunks);
        expect(Buffer.compare(gunzipSync(compressed), joined)).toBe(0);
      }),
      { numRuns: 1000 },
    );
    // Shared pieces are compressed once: the body costs about level 9 over those pieces.
    const body = [Uint8Array.of(0x7b), ...shared, Uint8Array.of(0x7d)];
    const spliced = await gzip.gzipChunks(body);
    expect(spliced.byteLength).toBeLessThan((await gzip(joinChunks(body))).byteLength + 64);
  });

  it('with keepPieces: false, compresses the joined pieces as one body', async () => {
    const body = [Uint8Array.of(0x7b), PAYLOAD, Uint8Array.of(0x7d)];
    const joined = joinChunks(body);
    const whole = await createNodeGzip({ keepPieces: false }).gzipChunks(body);
    expect(Buffer.from(whole)).toEqual(Buffer.from(await createNodeGzip()(joined)));
  });

  it('rejects bad options, naming them', () => {
    expect(() => createNodeGzip({ fastLevel: 10 })).toThrow(
      new RangeError('createNodeGzip: options.fastLevel must be an integer in [0, 9], got 10'),
    );
    expect(() => createNodeGzip({ bestLevel: 1.5 })).toThrow(/options\.bestLevel/);
    expect(() => createNodeGzip({ syncMaxBytes: -1 })).toThrow(/options\.syncMaxBytes/);
    expect(() => createNodeGzip({ keepPieces: 'yes' as never })).toThrow(
      new TypeError('createNodeGzip: options.keepPieces must be a boolean, got "yes"'),
    );
  });
});
