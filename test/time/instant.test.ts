import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorHourMs, formatTimestamp, parseTimestamp } from '../../src/time/instant.js';

describe('formatTimestamp / parseTimestamp', () => {
  it('prints the spec shape with milliseconds', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 21, 9))).toBe('2026-11-21T09:00:00.000Z');
  });

  it('reads offsets, and reads a zone-less value as UTC', () => {
    expect(parseTimestamp('2026-11-21T10:00:00+01:00')).toBe(Date.UTC(2026, 10, 21, 9));
    expect(parseTimestamp('2026-11-21T09:00:00')).toBe(Date.UTC(2026, 10, 21, 9));
    expect(parseTimestamp('2026-11-21T09:00:00.123Z')).toBe(Date.UTC(2026, 10, 21, 9, 0, 0, 123));
  });

  it.each(['', 'garbage', '2026-13-01T00:00:00Z', '2026-11-31T00:00:00Z', '21/11/2026'])(
    'returns undefined for %j',
    (text) => {
      expect(parseTimestamp(text)).toBeUndefined();
    },
  );

  it.each([123, null, undefined, {}])(
    'returns undefined, not a throw, for the non-string %j',
    (value) => {
      expect(parseTimestamp(value as never)).toBeUndefined();
    },
  );

  it('round-trips every instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        if (ms >= Date.UTC(0, 0, 1) && ms < Date.UTC(10000, 0, 1)) {
          expect(parseTimestamp(formatTimestamp(ms))).toBe(ms);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('floorHourMs', () => {
  it('floors before the epoch too', () => {
    expect(floorHourMs(-1)).toBe(-3_600_000);
    expect(floorHourMs(0)).toBe(0);
  });
});
