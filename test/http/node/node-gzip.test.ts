import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeJson } from '../../../src/http/json-body.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../../src/http/node/node-gzip.js';

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

  it('gives the adapter a raw DEFLATE at the same levels', async () => {
    const deflateRaw = createNodeDeflateRaw();
    const fast = await deflateRaw(PAYLOAD);
    const best = await deflateRaw(PAYLOAD, { effort: 'best' });
    expect(best.byteLength).toBeLessThan(fast.byteLength);
    for (const bytes of [fast, best]) expect(inflateRawSync(bytes)).toEqual(Buffer.from(PAYLOAD));
    expect(() => createNodeDeflateRaw({ bestLevel: -1 })).toThrow(
      'createNodeDeflateRaw: options.bestLevel must be an integer in [0, 9], got -1',
    );
    expect(() => createNodeDeflateRaw({ syncMaxBytes: 0.5 })).toThrow(
      new RangeError(
        'createNodeDeflateRaw: options.syncMaxBytes must be a non-negative integer, got 0.5',
      ),
    );
  });

  it('deflates on the thread pool what the calling thread would not, to the same bytes', async () => {
    const inline = createNodeDeflateRaw();
    const pooled = createNodeDeflateRaw({ syncMaxBytes: 0 });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, best) => {
        const bytes = encodeJson(value);
        const options = { effort: best ? ('best' as const) : ('fast' as const) };
        const [a, b] = [await inline(bytes, options), await pooled(bytes, options)];
        expect(Buffer.from(b)).toEqual(Buffer.from(a));
        expect(inflateRawSync(b)).toEqual(Buffer.from(bytes));
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects bad options, naming them', () => {
    expect(() => createNodeGzip({ fastLevel: 10 })).toThrow(
      new RangeError('createNodeGzip: options.fastLevel must be an integer in [0, 9], got 10'),
    );
    expect(() => createNodeGzip({ bestLevel: 1.5 })).toThrow(/options\.bestLevel/);
    expect(() => createNodeGzip({ syncMaxBytes: -1 })).toThrow(/options\.syncMaxBytes/);
  });
});

describe('the Node shell on Node 20.0', () => {
  it('needs no process.getBuiltinModule (Node 20.16) to compress', async () => {
    const host = process as { getBuiltinModule?: unknown };
    const saved = host.getBuiltinModule;
    host.getBuiltinModule = undefined;
    try {
      const gzip = createNodeGzip();
      const body = new TextEncoder().encode('{"a":1}');
      expect(gunzipSync(await gzip(body)).toString()).toBe('{"a":1}');
    } finally {
      host.getBuiltinModule = saved;
    }
  });

  it('neither calls an API newer than Node 20.0 nor names an unexported function', () => {
    const folder = 'src/http/node';
    for (const file of readdirSync(folder)) {
      const source = readFileSync(`${folder}/${file}`, 'utf8');
      expect(source, file).not.toMatch(/getBuiltinModule|zlib\.crc32|webGzip/);
    }
  });
});
