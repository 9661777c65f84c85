// The 'sd' statistic of aggregatePeriods (reference §4.3: the sample standard deviation, two
// passes, sqrt(Σ(x − mean)² / (n − 1)), NaN below two values) where the random properties seldom
// look: a period followed by another whose values must not leak into its sum of squares,
// missing values inside the period, and values far from zero whose spread is small, where only
// the two-pass form keeps its digits. Expected values are worked out by hand and checked with
// the brute-force oracle (test/helpers/trends-periods-oracle.ts).
import { describe, expect, it } from 'vitest';
import { aggregatePeriods } from '../../src/trends/aggregate-periods.js';
import { naiveAggregate } from '../helpers/trends-periods-oracle.js';

const H = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;
const at = (hours: number[]) => hours.map((h) => H + h * HOUR);

function dailySd(hours: number[], values: number[]): number[] {
  const atMs = at(hours);
  const got = [...aggregatePeriods({ atMs, values }, { period: 'day', statistic: 'sd' }).values];
  const want = naiveAggregate(atMs, values, { period: 'day', statistic: 'sd' }).values;
  expect(got).toEqual(want);
  return got;
}

describe("aggregatePeriods' sample standard deviation", () => {
  it('uses the values of its own period only', () => {
    // Day 1: 1, 2, 3 (mean 2, squares 2, sd 1); day 2: 100 alone (NaN) and then 7, 9 (sd √2).
    expect(dailySd([0, 1, 2, 24], [1, 2, 3, 100])).toEqual([1, Number.NaN]);
    expect(dailySd([0, 1, 2, 24, 25], [1, 2, 3, 7, 9])).toEqual([1, Math.SQRT2]);
    // The next period's first value would move the sum of squares a long way.
    expect(dailySd([0, 1, 2, 3, 24], [4, 4, 4, 4, 1e6])).toEqual([0, Number.NaN]);
  });

  it('skips missing values in the sums of squares', () => {
    const missing = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const gap of missing) {
      // 1, 3 valid: mean 2, squares 2, sd √2.
      expect(dailySd([0, 1, 2, 3], [1, gap, 3, gap])).toEqual([Math.SQRT2]);
    }
  });

  it('keeps the digits of a small spread far from zero (two passes, not Σx² − n·mean²)', () => {
    // 1e8 + 0.1, 0.2, 0.3: the deviations are about ±0.1; their squares are sixteen orders
    // below the squares of the values, which a one-pass formula would have to subtract.
    const [sd] = dailySd([0, 1, 2], [1e8 + 0.1, 1e8 + 0.2, 1e8 + 0.3]);
    expect(sd).toBeCloseTo(0.1, 7);
    const [far] = dailySd([0, 1, 2, 3], [-5e9 + 1.5, -5e9 + 0.5, -5e9 + 2.5, -5e9 + 3.5]);
    // Dyadic deviations ±0.5, ±1.5 from −5e9 + 2: exact, √(5/3).
    expect(far).toBe(Math.sqrt(5 / 3));
  });
});
