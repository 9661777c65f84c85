import { deflateRawSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webDeflateRaw } from '../../src/http/json-body.js';
import { deflateTail, gzipHead, splicedGzip } from '../../src/http/spliced-gzip.js';

const nodeDeflateRaw = async (bytes: Uint8Array) => deflateRawSync(bytes, { level: 6 });
const noise = Uint8Array.from({ length: 80_000 }, (_, i) => (i * i * 31 + (i >> 5)) % 251);
const json = new TextEncoder().encode(
  JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ at: i, value: (i * 7919) % 1013 }))),
);

describe('splicedGzip', () => {
  it("is one gzip member of head and tail, whatever the head, the tail and the tail's deflater", async () => {
    const head = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.nat(70_000).map((length) => noise.slice(0, length)),
    );
    const tail = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.constant(json),
      fc.tuple(fc.nat(70_000), fc.nat(5000)).map(([length, at]) => noise.slice(at, at + length)),
    );
    await fc.assert(
      fc.asyncProperty(head, tail, fc.boolean(), async (headBytes, tailBytes, web) => {
        const kept = await deflateTail(tailBytes, web ? webDeflateRaw : nodeDeflateRaw);
        const member = Buffer.concat(splicedGzip(gzipHead(headBytes), kept));
        expect(Buffer.compare(gunzipSync(member), Buffer.concat([headBytes, tailBytes]))).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives every answer a trailer of its own that later answers never change', async () => {
    const kept = await deflateTail(json, nodeDeflateRaw);
    const heads = Array.from({ length: 3000 }, (_, i) =>
      gzipHead(new TextEncoder().encode(`${i}`)),
    );
    // Over 3,000 answers the trailers come from several slabs; each stays as it was written.
    const copies: Buffer[] = [];
    const members = heads.map((head) => {
      const member = splicedGzip(head, kept);
      copies.push(Buffer.from(member[2]));
      return member;
    });
    for (const [i, [, , trailer]] of members.entries()) {
      expect(trailer.byteLength).toBe(8);
      expect(Buffer.from(trailer)).toEqual(copies[i]);
    }
    for (const [i, member] of members.entries()) {
      expect(gunzipSync(Buffer.concat(member)).toString()).toBe(`${i}${Buffer.from(json)}`);
    }
  });

  it('shares the kept stream and costs the head plus 23 bytes over it', async () => {
    const kept = await deflateTail(json, nodeDeflateRaw);
    const head = new TextEncoder().encode('{"current":{"fromDateTime":"x"');
    const [first, middle, trailer] = splicedGzip(gzipHead(head), kept);
    expect(middle).toBe(kept.deflated);
    expect(first.byteLength + trailer.byteLength).toBe(10 + 5 + head.byteLength + 8);
  });
});
