import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeJson, jsonResponse, prepareJson, webGzip } from '../../src/http/json-body.js';
import { freezeAsJsonPart } from '../../src/payload/json-parts.js';

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

describe('jsonResponse', () => {
  it('keeps shared parts as chunks and joins them into body on first read', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        (current, history) => {
          const value = { current, history: freezeAsJsonPart(history), tail: 1 };
          const response = jsonResponse(200, {}, value);
          const expected = Buffer.from(JSON.stringify(value));
          expect(response.bodyChunks).toHaveLength(3);
          expect(Buffer.concat(response.bodyChunks ?? [])).toEqual(expected);
          expect(Buffer.from(response.body ?? [])).toEqual(expected);
          expect(response.body).toBe(response.body); // joined once
        },
      ),
      { numRuns: 1000 },
    );
    const plain = jsonResponse(404, {}, { errorCode: 'NOT_FOUND' });
    expect(plain.bodyChunks).toBeUndefined();
    expect(new TextDecoder().decode(plain.body ?? undefined)).toBe('{"errorCode":"NOT_FOUND"}');
  });
});
