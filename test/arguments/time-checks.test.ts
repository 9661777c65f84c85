import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInstant } from '../../src/arguments/time-checks.js';

describe('checkInstant', () => {
  it('names function, parameter and value', () => {
    expect(() => checkInstant('f', 'atMs', Number.NaN)).toThrow(
      'f: atMs must be a valid point in time, got NaN',
    );
    expect(() => checkInstant('f', 'atMs', {})).toThrow(TypeError);
    expect(() => checkInstant('f', 'atMs', {})).toThrow(
      'f: atMs must be a Date or epoch milliseconds, got {}',
    );
    expect(() => checkInstant('f', 'now', new Date(Number.NaN))).toThrow(
      'f: now must be a valid point in time, got Date(Invalid)',
    );
    expect(() => checkInstant('f', 'now', 8.64e15 + 1)).toThrow(RangeError);
  });

  it('returns epoch milliseconds for a Date or a number', () => {
    expect(checkInstant('f', 'now', new Date('2026-11-21T09:27:00.000Z'))).toBe(1795253220000);
    expect(checkInstant('f', 'now', -8.64e15)).toBe(-8.64e15);
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(checkInstant('f', 'now', ms)).toBe(ms);
        expect(checkInstant('f', 'now', new Date(ms))).toBe(ms);
      }),
      { numRuns: 1000 },
    );
  });
});
