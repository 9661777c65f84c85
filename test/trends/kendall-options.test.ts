import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkKendallArguments,
  roundHalfEven,
  seasonValues,
} from '../../src/trends/kendall-options.js';
import { RUNS } from '../helpers/property-runs.js';
import { roundHalfToEven } from '../helpers/trends-kendall-oracle.js';

describe('checkKendallArguments', () => {
  it('returns the number of seasons, 1 without a period', () => {
    expect(checkKendallArguments('f', [1], undefined)).toBe(1);
    expect(checkKendallArguments('f', [1], {})).toBe(1);
    expect(checkKendallArguments('f', new Float64Array(3), { period: 12, alpha: 0.1 })).toBe(12);
  });

  it('throws naming the function, the option and the value', () => {
    expect(() => checkKendallArguments('f', [1], { period: -3 })).toThrow(
      new RangeError('f: options.period must be an integer of at least 2, got -3'),
    );
    expect(() => checkKendallArguments('f', [1], { alpha: -0.1 })).toThrow(
      new RangeError('f: options.alpha must be a number in (0, 1), got -0.1'),
    );
    expect(() => checkKendallArguments('f', 5, undefined)).toThrow(TypeError);
    expect(() => checkKendallArguments('f', [1], null as unknown as undefined)).toThrow(TypeError);
  });
});

describe('roundHalfEven', () => {
  it('rounds exact halves to the even neighbour', () => {
    expect([0.5, 1.5, 2.5, 3.5, -1.5, -2.5, 11.5, 12.5].map(roundHalfEven)).toEqual([
      0, 2, 2, 4, -2, -2, 12, 12,
    ]);
    expect(roundHalfEven(2.4999999999999996)).toBe(2);
    expect(roundHalfEven(2.5000000000000004)).toBe(3);
  });

  it('agrees with the oracle on halves and on any double in a wide range', () => {
    const halves = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((k) => k + 0.5);
    const any = fc.double({ min: -1e9, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(halves, any), (x) => {
        // + 0: both may give −0 for small negative numbers; §2 counts 0 == −0.
        expect(roundHalfEven(x) + 0).toBe(roundHalfToEven(x) + 0);
      }),
      RUNS,
    );
  });
});

describe('seasonValues', () => {
  it('collects the finite values of one season with their cycle numbers', () => {
    const out = new Float64Array(3);
    const cycles = new Float64Array(3);
    expect(seasonValues([1, 5, Number.NaN, 6, 3], 2, 1, out, cycles)).toBe(2);
    expect([...out.subarray(0, 2)]).toEqual([5, 6]);
    expect([...cycles.subarray(0, 2)]).toEqual([0, 1]);
    expect(seasonValues([1, 5, Number.NaN, 6, 3], 2, 0, out, cycles)).toBe(2);
    expect([...out.subarray(0, 2)]).toEqual([1, 3]);
    expect([...cycles.subarray(0, 2)]).toEqual([0, 2]);
  });
});
