import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairSlopes, type SenSlope, senSlope } from '../../src/trends/sen-slope.js';
import { RUNS } from '../helpers/property-runs.js';
import { agrees, naivePairSlopes, naiveSenSlope } from '../helpers/trends-kendall-oracle.js';

const NaN_ = Number.NaN;

function expectAgreement(got: SenSlope, want: SenSlope): void {
  expect(got.n).toBe(want.n);
  for (const key of ['slope', 'lower', 'upper'] as const) {
    expect(agrees(got[key], want[key]), `${key}: ${got[key]} vs ${want[key]}`).toBe(true);
  }
}

const valueArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -4, max: 4 }) },
  {
    weight: 4,
    arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true, noDefaultInfinity: true }),
  },
  { weight: 1, arbitrary: fc.constantFrom(NaN_, Infinity, -Infinity) },
);

describe('senSlope worked examples', () => {
  it('E20: the slope and interval of scipy theilslopes', () => {
    expect(senSlope([1, 3, 2, 5, 5, 4, 6, 8, 7, 9])).toEqual({
      n: 10,
      slope: 0.8,
      lower: 0.5,
      upper: 1,
    });
  });

  it('E21: a missing value keeps its place (steps are array positions)', () => {
    expectAgreement(senSlope([1, 3, NaN_, 2, 5, 5, 4, 6, 8, 7, 9]), {
      n: 10,
      slope: 0.7142857142857143,
      lower: 0.5,
      upper: 1,
    });
  });

  it('E24: the seasonal slope per cycle', () => {
    expectAgreement(senSlope([3, 7, 5, 1, 4, 8, 6, 2, 5, 9, 7, 2, 6, 9, 8, 3], { period: 4 }), {
      n: 16,
      slope: 1,
      lower: 0.6666666666666666,
      upper: 1,
    });
  });

  it('gives NaN without a pair, n still reported', () => {
    const nan = { slope: NaN_, lower: NaN_, upper: NaN_ };
    expect(senSlope([])).toEqual({ n: 0, ...nan });
    expect(senSlope([NaN_, 4, Infinity])).toEqual({ n: 1, ...nan });
    expect(senSlope([1, 2, 3], { period: 3 })).toEqual({ n: 3, ...nan });
  });

  it('clamps the ranks: two values give their one slope as slope, lower and upper', () => {
    expect(senSlope([1, NaN_, 4])).toEqual({ n: 2, slope: 1.5, lower: 1.5, upper: 1.5 });
  });

  it('narrows the interval as alpha grows', () => {
    const values = [1, 3, 2, 5, 5, 4, 6, 8, 7, 9, 8, 11, 10, 12];
    const wide = senSlope(values, { alpha: 0.01 });
    const narrow = senSlope(values, { alpha: 0.5 });
    expect(wide.slope).toBe(narrow.slope);
    expect(wide.lower).toBeLessThanOrEqual(narrow.lower);
    expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper);
  });

  it('pairSlopes lists every pair slope of each season', () => {
    expect([...pairSlopes('senSlope', [1, NaN_, 4], 1)]).toEqual([1.5]);
    expect([...pairSlopes('senSlope', [1, 10, 3, 14, 9], 2)].sort((a, b) => a - b)).toEqual([
      2, 4, 4, 6,
    ]);
  });
});

describe('senSlope misuse', () => {
  it('throws RangeError naming the option and the value', () => {
    expect(() => senSlope([1, 2, 3], { period: 0 })).toThrow(
      new RangeError('senSlope: options.period must be an integer of at least 2, got 0'),
    );
    expect(() => senSlope([1, 2, 3], { period: 12.5 })).toThrow(RangeError);
    expect(() => senSlope([1, 2, 3], { alpha: 1.5 })).toThrow(
      new RangeError('senSlope: options.alpha must be a number in (0, 1), got 1.5'),
    );
    expect(() => senSlope([1, 2, 3], { alpha: NaN_ })).toThrow(RangeError);
  });

  it('throws TypeError for arguments of the wrong type', () => {
    expect(() => senSlope(undefined as unknown as number[])).toThrow(TypeError);
    expect(() => senSlope([1, 2], { alpha: '0.05' as unknown as number })).toThrow(TypeError);
  });
});

describe('senSlope properties', () => {
  it('equals the fully sorted pair slopes, seasonal or not, at several alphas', () => {
    const periodArb = fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined });
    const alphaArb = fc.constantFrom(0.01, 0.05, 0.1, 0.2, 0.5);
    fc.assert(
      fc.property(
        fc.array(valueArb, { maxLength: 70 }),
        periodArb,
        alphaArb,
        (values, period, alpha) => {
          const options = period === undefined ? { alpha } : { period, alpha };
          expectAgreement(senSlope(values, options), naiveSenSlope(values, period ?? 1, alpha));
        },
      ),
      RUNS,
    );
  });

  it('recovers the slope of a linear trend plus small noise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 120 }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n, slope, intercept, seed) => {
          // Noise within ±ε: every pair slope, hence their median, is within 2ε of `slope`.
          const epsilon = 1e-3;
          let state = seed;
          const noise = () => {
            state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
            return (state / 2 ** 32 - 0.5) * 2 * epsilon;
          };
          const values = Array.from({ length: n }, (_, i) => intercept + slope * i + noise());
          const got = senSlope(values);
          const rounding = 1e-9 * (Math.abs(intercept) + Math.abs(slope) * n);
          expect(Math.abs(got.slope - slope)).toBeLessThanOrEqual(2 * epsilon + rounding);
          expect(got.lower).toBeLessThanOrEqual(got.slope);
          expect(got.upper).toBeGreaterThanOrEqual(got.slope);
        },
      ),
      RUNS,
    );
  });

  it('skips missing values in place: the same as a series with those elements absent', () => {
    // Removing a NaN shifts later indices, so the comparison is with the slopes by position.
    fc.assert(
      fc.property(fc.array(valueArb, { maxLength: 50 }), (values) => {
        const got = senSlope(values);
        const slopes = naivePairSlopes(values);
        expect(got.n).toBe(values.filter(Number.isFinite).length);
        if (slopes.length === 0) expect(got.slope).toBeNaN();
        else {
          expect(slopes).toContain(got.lower);
          expect(slopes).toContain(got.upper);
        }
      }),
      RUNS,
    );
  });
});
