import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimestampTexts } from '../../src/payload/timestamp-texts.js';
import { formatTimestamp, MS_PER_HOUR } from '../../src/time/instant.js';

describe('TimestampTexts', () => {
  it('formats hour bounds and other instants like formatTimestamp (the examples)', () => {
    const texts = new TimestampTexts();
    expect(texts.format(Date.UTC(2026, 10, 21, 9))).toBe('2026-11-21T09:00:00.000Z');
    expect(texts.format(Date.UTC(2026, 10, 21, 9, 27, 5, 40))).toBe('2026-11-21T09:27:05.040Z');
    expect(texts.format(Date.UTC(2026, 10, 21, 9, 59, 59, 999))).toBe('2026-11-21T09:59:59.999Z');
    expect(texts.format(-1)).toBe('1969-12-31T23:59:59.999Z');
    expect(texts.format(8.64e15)).toBe(formatTimestamp(8.64e15));
    expect(texts.format(1.5)).toBe(formatTimestamp(1.5));
  });

  it('always equals formatTimestamp, across many hours and the whole Date range', () => {
    const instant = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.integer({ min: Date.UTC(2026, 0), max: Date.UTC(2026, 1) }),
      fc
        .integer({ min: -3000, max: 3000 })
        .map((hours) => Date.UTC(2026, 10, 21) + hours * MS_PER_HOUR),
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
    );
    const texts = new TimestampTexts(); // shared, so the memo fills, restarts and is reused
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const atMs of instants) expect(texts.format(atMs)).toBe(formatTimestamp(atMs));
      }),
      { numRuns: 1000 },
    );
  });
});
