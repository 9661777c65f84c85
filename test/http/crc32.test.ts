import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32ShiftOperator, crc32 as jsCrc32 } from '../../src/http/crc32.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('crc32', () => {
  it('gives the check value of the CRC-32 catalogue', () => {
    expect(jsCrc32(bytes('123456789'))).toBe(0xcbf43926);
    expect(jsCrc32(new Uint8Array(0))).toBe(0);
  });

  it("equals zlib's, in one go and continued, for any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        expect(jsCrc32(a)).toBe(crc32(a));
        expect(jsCrc32(b, jsCrc32(a))).toBe(crc32(b, crc32(a)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('crc32Combine', () => {
  it('joins the CRCs of two parts (the examples)', () => {
    const combined = crc32Combine(
      crc32(bytes('1234')),
      crc32(bytes('56789')),
      crc32ShiftOperator(5),
    );
    expect(combined).toBe(0xcbf43926);
    expect(crc32Combine(0, 0x1234abcd, crc32ShiftOperator(77))).toBe(0x1234abcd);
    expect(crc32Combine(0xcbf43926, 0, crc32ShiftOperator(0))).toBe(0xcbf43926);
  });

  it('equals the CRC-32 of the concatenation, for any parts', () => {
    const part = fc.uint8Array({ maxLength: 3000 });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 5 }), (parts) => {
        let combined = 0;
        for (const p of parts)
          combined = crc32Combine(combined, crc32(p), crc32ShiftOperator(p.length));
        expect(combined).toBe(crc32(Buffer.concat(parts)));
      }),
      { numRuns: 1000 },
    );
  });

  it('shifts past lengths far beyond a body (operator arithmetic up to 2^40 bytes)', () => {
    // Shifting by a + b bytes equals shifting by a, then by b.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.nat(),
        (a, b, crc) => {
          const once = crc32Combine(crc, 0, crc32ShiftOperator(a + b));
          const twice = crc32Combine(
            crc32Combine(crc, 0, crc32ShiftOperator(a)),
            0,
            crc32ShiftOperator(b),
          );
          expect(once).toBe(twice);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
