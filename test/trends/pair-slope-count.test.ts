// The limits of the pair methods at their boundary, without computing the pair slopes: the
// check itself at exactly its limit and one above, and each public function's refusal, which
// comes before any pair slope is kept. (pair-slope-limit.test.ts also runs the largest series
// each function accepts; this file is the cheap half that the mutation run keeps.)
//
// The limits are written out from the contract (docs and ../shared/reference/trends.md): the
// pair slopes of 5,000 values, 5000 · 4999 / 2 = 12,497,500, for senSlope and mannKendall's
// Hamed–Rao variance; those of 3,000 points, 3000 · 2999 / 2 = 4,498,500, for theilSen.
import { describe, expect, it } from 'vitest';
import { checkPairSlopeCount } from '../../src/trends/kendall-options.js';
import { mannKendall } from '../../src/trends/mann-kendall.js';
import { senSlope } from '../../src/trends/sen-slope.js';
import { theilSen } from '../../src/trends/theil-sen.js';

const DAY_MS = 86_400_000;
const SEN_LIMIT = 12_497_500;
const THEIL_SEN_LIMIT = 4_498_500;

/** n values with NaN at every index that `missing` picks, the others a rising sawtooth. */
function series(n: number, missing: (i: number) => boolean = () => false): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => (missing(i) ? Number.NaN : i % 97));
}

/** The message of a refused series, as the contract words it. */
function refusal(functionName: string, limit: number, pairs: number): RangeError {
  return new RangeError(
    `${functionName}: values must give at most ${limit} pair slopes (summarise a long series first, by day or month), got ${pairs}`,
  );
}

describe('checkPairSlopeCount', () => {
  it('passes exactly the limit and refuses one pair more', () => {
    expect(checkPairSlopeCount('f', 0, 0)).toBeUndefined();
    expect(checkPairSlopeCount('f', 10, 10)).toBeUndefined();
    expect(checkPairSlopeCount('senSlope', SEN_LIMIT, SEN_LIMIT)).toBeUndefined();
    expect(() => checkPairSlopeCount('f', 1, 0)).toThrow(refusal('f', 0, 1));
    expect(() => checkPairSlopeCount('f', 11, 10)).toThrow(refusal('f', 10, 11));
    expect(() => checkPairSlopeCount('senSlope', SEN_LIMIT + 1, SEN_LIMIT)).toThrow(
      refusal('senSlope', SEN_LIMIT, SEN_LIMIT + 1),
    );
  });
});

describe('the pair methods refuse a series one value too long, before any pair slope', () => {
  it('senSlope: 5,001 valid values, counted without the missing ones', () => {
    // 5001 · 5000 / 2 = 12,502,500.
    expect(() => senSlope(series(5_001))).toThrow(refusal('senSlope', SEN_LIMIT, 12_502_500));
    // 6,002 values with NaN at 0, 6, …, 6000 (1,001 of them): 5,001 valid.
    const gappy = series(6_002, (i) => i % 6 === 0);
    expect(() => senSlope(gappy)).toThrow(refusal('senSlope', SEN_LIMIT, 12_502_500));
    // ±Infinity is missing too.
    const infinite = series(5_003, (i) => i === 7 || i === 4_000);
    infinite[4_000] = Number.NEGATIVE_INFINITY;
    infinite[7] = Number.POSITIVE_INFINITY;
    expect(() => senSlope(infinite)).toThrow(refusal('senSlope', SEN_LIMIT, 12_502_500));
  });

  it('senSlope with seasons: the pairs of every season together', () => {
    // Two seasons of 5,001: 2 · 12,502,500.
    expect(() => senSlope(series(10_002), { period: 2 })).toThrow(
      refusal('senSlope', SEN_LIMIT, 25_005_000),
    );
    // Three seasons of 5,001, 5,001 and 5,000 values.
    expect(() => senSlope(series(15_002), { period: 3 })).toThrow(
      refusal('senSlope', SEN_LIMIT, 2 * 12_502_500 + SEN_LIMIT),
    );
    // Two seasons of 3,536: each far below the limit (6,249,880), together above it.
    expect(() => senSlope(series(7_072), { period: 2 })).toThrow(
      refusal('senSlope', SEN_LIMIT, 12_499_760),
    );
  });

  it('mannKendall: the Hamed–Rao variance refuses 5,001 values, the plain test takes them', () => {
    expect(() => mannKendall(series(5_001), { variance: 'hamed-rao' })).toThrow(
      refusal('mannKendall', SEN_LIMIT, 12_502_500),
    );
    const gappy = series(5_003, (i) => i === 0 || i === 5_002);
    expect(() => mannKendall(gappy, { variance: 'hamed-rao', alpha: 0.1 })).toThrow(
      refusal('mannKendall', SEN_LIMIT, 12_502_500),
    );
    expect(mannKendall(series(5_001)).n).toBe(5_001);
  });

  it('theilSen: 3,001 finite values, counted without the missing ones', () => {
    const daily = (values: Float64Array) => ({
      atMs: Float64Array.from(values, (_, i) => i * DAY_MS),
      values,
    });
    // 3001 · 3000 / 2 = 4,501,500.
    expect(() => theilSen(daily(series(3_001)), { nBoot: 1 })).toThrow(
      refusal('theilSen', THEIL_SEN_LIMIT, 4_501_500),
    );
    const gappy = daily(series(3_003, (i) => i === 1 || i === 3_002));
    expect(() => theilSen(gappy, { nBoot: 1 })).toThrow(
      refusal('theilSen', THEIL_SEN_LIMIT, 4_501_500),
    );
  });
});
