// Percentiles by nearest rank and the k-th highest value of airq/assessment: examples written
// out by hand, a property at 1,000 cases against the rank counted out, and the errors of bad
// arguments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kthHighest, nearestRank, nearestRankPercentile } from '../../src/assessment/index.js';
import { RUNS } from '../helpers/property-runs.js';

describe('percentiles by nearest rank', () => {
  it('gives the 36th highest of a year for P 90.4 and the 4th highest for P 99', () => {
    expect(nearestRank(365, 90.4)).toBe(330);
    expect(nearestRank(366, 90.4)).toBe(331);
    expect(nearestRank(365, 99)).toBe(362);
    expect(nearestRank(366, 99)).toBe(363);
    expect(nearestRank(1, 0.001)).toBe(1);
    expect(nearestRank(1000, 90.4)).toBe(904);
    expect(nearestRank(100, 100)).toBe(100);
    expect(nearestRankPercentile([5, 1, 4, 2, 3, Number.NaN], 50)).toBe(3);
    expect(nearestRankPercentile([Number.NaN, Number.POSITIVE_INFINITY], 50)).toBeUndefined();
    expect(kthHighest([40, 39, 38, 8, 8], 4)).toBe(8);
    expect(kthHighest([40, 8], 3)).toBeUndefined();
  });

  it('equals the k-th highest with k = n + 1 − ceil(P·n/100)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -50, max: 500 }), fc.constant(Number.NaN)), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.oneof(
          fc.constantFrom(90.4, 99, 98, 50, 100),
          fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000),
        ),
        (values, percent) => {
          const finite = values.filter((v) => Number.isFinite(v));
          fc.pre(finite.length > 0);
          const n = finite.length;
          // ceil(P·n/100) counted from below, by counting: the least k with 100·k ≥ P·n.
          let k = 1;
          while (100_000 * k < Math.round(percent * 1000) * n) k++;
          const descending = [...finite].sort((a, b) => b - a);
          expect(nearestRankPercentile(values, percent)).toBe(descending[n - k]);
          expect(kthHighest(values, n + 1 - k)).toBe(descending[n - k]);
          expect(nearestRank(n, percent)).toBe(k);
        },
      ),
      RUNS,
    );
  });

  it('rejects bad counts, percents and ranks', () => {
    expect(() => nearestRank(0, 50)).toThrow(
      new RangeError('nearestRank: count must be at least 1, got 0'),
    );
    expect(() => nearestRank(10, 0)).toThrow(
      new RangeError('nearestRank: percent must be above 0 with at most three decimals, got 0'),
    );
    expect(() => nearestRank(10, 90.4001)).toThrow(RangeError);
    expect(() => nearestRank(10, 101)).toThrow(
      new RangeError('nearestRank: percent must be a finite number in [0, 100], got 101'),
    );
    expect(() => nearestRankPercentile([1], Number.NaN)).toThrow(RangeError);
    expect(() => nearestRankPercentile(5 as never, 50)).toThrow(TypeError);
    expect(() => kthHighest([1], 0)).toThrow(
      new RangeError('kthHighest: k must be at least 1, got 0'),
    );
    expect(() => kthHighest([1], 1.5)).toThrow(RangeError);
  });
});
