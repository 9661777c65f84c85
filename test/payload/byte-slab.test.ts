import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ByteSlab,
  MAX_SLAB_TEXT_CHARS,
  SLAB_BYTES,
  utf8Bytes,
} from '../../src/payload/byte-slab.js';
import { RUNS } from '../helpers/property-runs.js';

// The oracle: the UTF-8 of a text byte by byte, written from the code points (RFC 3629), a lone
// surrogate as U+FFFD, as the WHATWG encoder writes it.
function naiveUtf8(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else code = 0xfffd;
    } else if (code >= 0xdc00 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
    }
  }
  return bytes;
}

const textArbitrary = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  // Any UTF-16 code units, lone surrogates included.
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 60,
  }),
  fc.string({ maxLength: MAX_SLAB_TEXT_CHARS + 50 }),
);

describe('utf8Bytes', () => {
  it('encodes as the Web encoder does, in a slab or in a buffer of its own', () => {
    expect([...utf8Bytes('{"a":"ż"}', 'sent')]).toEqual([
      123, 34, 97, 34, 58, 34, 197, 188, 34, 125,
    ]);
    expect([...utf8Bytes('\ud83d', 'sent')]).toEqual([0xef, 0xbf, 0xbd]);
    const sent = utf8Bytes('{"a":1}', 'sent');
    expect(sent.buffer.byteLength).toBe(SLAB_BYTES);
    const kept = utf8Bytes('{"a":1}', 'kept');
    expect(kept.buffer.byteLength).toBe(7);
    const long = utf8Bytes('x'.repeat(MAX_SLAB_TEXT_CHARS + 1), 'sent');
    expect(long.buffer.byteLength).toBe(MAX_SLAB_TEXT_CHARS + 1);
  });

  it('gives every text its exact UTF-8, and never changes bytes it gave before', () => {
    fc.assert(
      fc.property(fc.array(textArbitrary, { minLength: 1, maxLength: 40 }), (texts) => {
        const given = texts.map((text) => utf8Bytes(text, 'sent'));
        // Every view still holds its own text once all the later ones were cut.
        expect(given.map((bytes) => [...bytes])).toEqual(texts.map(naiveUtf8));
      }),
      RUNS,
    );
  });
});

describe('ByteSlab', () => {
  it('cuts zero-filled views front to back, in a new slab when one is full', () => {
    const slab = new ByteSlab(16);
    const a = slab.cut(8);
    const b = slab.cut(8);
    expect(a.buffer).toBe(b.buffer);
    expect([a.byteOffset, b.byteOffset]).toEqual([0, 8]);
    a.fill(1);
    expect([...b]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const c = slab.cut(1);
    expect(c.buffer).not.toBe(a.buffer);
    expect([...a]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('takes only what was used of a room, so the next room starts right after it', () => {
    const slab = new ByteSlab(64);
    slab.room(30).set([7, 7]);
    const taken = slab.take(2);
    expect([...taken]).toEqual([7, 7]);
    expect(slab.room(10).byteOffset).toBe(2);
  });
});
