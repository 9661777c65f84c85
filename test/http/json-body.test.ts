import { gunzipSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeJson,
  piecedResponse,
  prepareJson,
  webDeflateRaw,
  webGzip,
} from '../../src/http/json-body.js';

describe('webGzip', () => {
  it('produces gzip that node:zlib reads back, for any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const bytes = encodeJson(value);
        expect(Buffer.from(gunzipSync(await webGzip(bytes)))).toEqual(Buffer.from(bytes));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('webDeflateRaw', () => {
  it('produces raw DEFLATE that node:zlib inflates back, for any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const bytes = encodeJson(value);
        expect(Buffer.from(inflateRawSync(await webDeflateRaw(bytes)))).toEqual(Buffer.from(bytes));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('prepareJson', () => {
  it('serialises once and compresses once, even for simultaneous first requests', async () => {
    let calls = 0;
    const prepared = prepareJson({ a: 'ą' }, (bytes) => {
      calls += 1;
      return webGzip(bytes);
    });
    expect(new TextDecoder().decode(prepared.identity)).toBe('{"a":"ą"}');
    const [first, second] = await Promise.all([prepared.gzipped(), prepared.gzipped()]);
    expect(first).toBe(second);
    expect(calls).toBe(1);
  });

  it('retries after a failed compression instead of caching the failure', async () => {
    let fail = true;
    const prepared = prepareJson([1], (bytes) =>
      fail ? Promise.reject(new Error('boom')) : webGzip(bytes),
    );
    await expect(prepared.gzipped()).rejects.toThrow('boom');
    fail = false;
    expect(gunzipSync(await prepared.gzipped()).toString()).toBe('[1]');
  });
});
describe('piecedResponse', () => {
  it('keeps the pieces and joins them into body once, on first read', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array(), { minLength: 2, maxLength: 4 }), (pieces) => {
        const response = piecedResponse(200, {}, pieces);
        const expected = Buffer.concat(pieces);
        expect(response.bodyChunks).toEqual(pieces);
        expect(Buffer.from(response.body ?? [])).toEqual(expected);
        expect(response.body).toBe(response.body); // joined once
      }),
      { numRuns: 1000 },
    );
    const single = Uint8Array.of(1, 2);
    const plain = piecedResponse(404, {}, [single]);
    expect(plain.bodyChunks).toBeUndefined();
    expect(plain.body).toBe(single);
  });
});
