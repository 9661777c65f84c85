// Percentiles by nearest rank (the EU and WHO statistics) and the k-th highest value (the US
// rank tables). The rank is computed in integers so no rounding of P·n/100 can move it.

import {
  checkArrayLike,
  checkNumberInRange,
  checkSafeInteger,
} from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

/**
 * The 1-based nearest rank of the `percent`-th percentile of `count` values sorted ascending:
 * `ceil(percent·count/100)`, clamped to 1…count. `percent` may have up to three decimals.
 *
 * @example
 * nearestRank(365, 90.4); // 330 (the 36th highest)
 * nearestRank(366, 99); // 363 (the 4th highest)
 */
export function nearestRank(count: number, percent: number): number {
  checkSafeInteger('nearestRank', 'count', count);
  if (count < 1) {
    throw argumentError(RangeError, 'nearestRank', 'count', 'must be at least 1', count);
  }
  const milli = checkPercent('nearestRank', percent);
  // ceil(milli·count / 100000) in integers (exact below 2^53).
  const rank = Math.floor((milli * count + 99_999) / 100_000);
  return Math.min(Math.max(rank, 1), count);
}

/**
 * The `percent`-th percentile by nearest rank of the finite values in `values` (others are
 * skipped as missing): the {@link nearestRank}-th smallest.
 *
 * @param values - numbers; NaN and ±Infinity are ignored
 * @param percent - in (0, 100], at most three decimals, e.g. `90.4` or `99`
 * @returns the percentile, or `undefined` when no value is finite
 * @example
 * nearestRankPercentile([5, 1, 4, 2, 3, Number.NaN], 50); // 3
 */
export function nearestRankPercentile(
  values: ArrayLike<number>,
  percent: number,
): number | undefined {
  checkArrayLike('nearestRankPercentile', 'values', values);
  checkPercent('nearestRankPercentile', percent);
  const sorted = finiteSorted(values);
  if (sorted.length === 0) return undefined;
  return sorted[nearestRank(sorted.length, percent) - 1];
}

/**
 * The `k`-th highest of the finite values in `values` (equal values count separately).
 *
 * @param values - numbers; NaN and ±Infinity are ignored
 * @param k - 1 for the highest, a whole number ≥ 1
 * @returns the value, or `undefined` when fewer than `k` values are finite
 * @example
 * kthHighest([40, 39, 38, 8, 8], 4); // 8
 */
export function kthHighest(values: ArrayLike<number>, k: number): number | undefined {
  checkArrayLike('kthHighest', 'values', values);
  checkSafeInteger('kthHighest', 'k', k);
  if (k < 1) throw argumentError(RangeError, 'kthHighest', 'k', 'must be at least 1', k);
  const sorted = finiteSorted(values);
  return sorted[sorted.length - k];
}

/** The finite values, sorted ascending, in a new array; internal. */
export function finiteSorted(values: ArrayLike<number>): Float64Array {
  const finite: number[] = Array.prototype.filter.call(values, (v) => Number.isFinite(v));
  return Float64Array.from(finite).sort();
}

// Checks a percent in (0, 100] with at most three decimals; returns it in thousandths.
function checkPercent(functionName: string, percent: unknown): number {
  checkNumberInRange(functionName, 'percent', percent, 0, 100);
  const milli = Math.round(percent * 1000);
  if (milli === 0 || Math.abs(percent * 1000 - milli) > 1e-6) {
    const expectation = 'must be above 0 with at most three decimals';
    throw argumentError(RangeError, functionName, 'percent', expectation, percent);
  }
  return milli;
}
