import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINAL_EMPTY_BLOCK, joinableDeflate } from '../../src/http/joinable-deflate.js';
import { webDeflateRaw } from '../../src/http/json-body.js';
import { RUNS } from '../helpers/property-runs.js';

// Streams compressed independently, each made joinable, then concatenated and closed by the
// empty final block, must inflate to the concatenation of their inputs: whatever the deflater
// (zlib at every level and strategy, the Web CompressionStream) and whatever the bytes (empty,
// text, incompressible, longer than a stored block).

const noise = Uint8Array.from({ length: 80_000 }, (_, i) => (i * i * 31 + (i >> 5)) % 251);
const json = new TextEncoder().encode(
  JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, level: i % 3 ? 'LOW' : 'HIGH' }))),
);

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.constant(json),
  fc.tuple(fc.nat(70_000), fc.nat(5000)).map(([length, at]) => noise.slice(at, at + length)),
  fc.string({ maxLength: 400 }).map((text) => new TextEncoder().encode(text.repeat(3))),
);

type Deflater = (input: Uint8Array) => Promise<Uint8Array>;
const deflater: fc.Arbitrary<Deflater> = fc.oneof(
  fc
    .record({ level: fc.integer({ min: 0, max: 9 }), strategy: fc.integer({ min: 0, max: 4 }) })
    .map(
      ({ level, strategy }) =>
        async (input: Uint8Array) =>
          deflateRawSync(input, { level, strategy }),
    ),
  fc.constant(webDeflateRaw),
);

describe('joinableDeflate', () => {
  it('lets independently compressed streams follow each other in one stream', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(bytes, deflater), { maxLength: 5 }), async (parts) => {
        const streams = await Promise.all(
          parts.map(async ([input, deflate]) => joinableDeflate(await deflate(input))),
        );
        const joined = Buffer.concat([...streams, FINAL_EMPTY_BLOCK]);
        const expected = Buffer.concat(parts.map(([input]) => input));
        expect(Buffer.compare(inflateRawSync(joined), expected)).toBe(0);
      }),
      RUNS,
    );
  });

  it('ends each stream byte-aligned with an empty stored block, as a sync flush does', () => {
    // zlib's own stream of nothing is the empty final block: it becomes a non-final one.
    expect([...joinableDeflate(deflateRawSync(new Uint8Array(0)))]).toEqual([2, 0, 0, 0, 255, 255]);
    const stream = joinableDeflate(deflateRawSync(json, { level: 9 }));
    expect([...stream.subarray(-4)]).toEqual([0, 0, 255, 255]);
    expect(Buffer.compare(inflateRawSync(Buffer.concat([stream, FINAL_EMPTY_BLOCK])), json)).toBe(
      0,
    );
  });

  it('leaves out what follows the final block and keeps the stream it was given', () => {
    const stream = deflateRawSync(json);
    const before = Buffer.from(stream);
    const trailing = Buffer.concat([stream, Buffer.from([0xde, 0xad, 0xbe, 0xef])]);
    expect(Buffer.from(joinableDeflate(trailing))).toEqual(Buffer.from(joinableDeflate(stream)));
    expect(stream).toEqual(before);
  });

  it('refuses a stream cut before its final block, and a block of the reserved type', () => {
    const stream = deflateRawSync(json);
    // Past the end the walk reads zeros: it fails there, or on a code that zeros cannot be.
    expect(() => joinableDeflate(stream.subarray(0, stream.byteLength - 2))).toThrow(
      /joinableDeflate: (the stream ends before its final block|no code matches)/,
    );
    expect(() => joinableDeflate(new Uint8Array(0))).toThrow(/ends before its final block/);
    expect(() => joinableDeflate(Uint8Array.of(0x07, 0x00))).toThrow(/block type 3/);
    // A stored block whose length and complement disagree.
    expect(() => joinableDeflate(Uint8Array.of(0x01, 0x01, 0x00, 0x00, 0x00, 0x41))).toThrow(
      /complement disagree/,
    );
  });
});
